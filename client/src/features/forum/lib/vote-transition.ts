import type { TVoteType } from '@common/contracts/forum';

/** What a vote control shows: the counts and the reader's own vote. */
export type VoteState = { upvotes: number; downvotes: number; userVote: TVoteType | null };

const atLeastZero = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * Spec §4 Vote, as the server applies it, so the control can show the answer before it arrives:
 * the same vote again removes it, the other vote moves one count across, and no count goes below 0.
 */
export function nextVoteState(current: VoteState, voteType: TVoteType): VoteState {
  let upvotes = atLeastZero(current.upvotes);
  let downvotes = atLeastZero(current.downvotes);
  const take = (type: TVoteType) => {
    if (type === 'upvote') upvotes = Math.max(0, upvotes - 1);
    else downvotes = Math.max(0, downvotes - 1);
  };

  if (current.userVote === voteType) {
    take(voteType);
    return { upvotes, downvotes, userVote: null };
  }
  if (current.userVote) take(current.userVote);
  if (voteType === 'upvote') upvotes += 1;
  else downvotes += 1;
  return { upvotes, downvotes, userVote: voteType };
}
