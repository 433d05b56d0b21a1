import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TVoteType } from '@common/contracts/forum';
import type { TVoteResponse } from '@common/contracts/forum-engagement';
import { voteComment, votePost } from '@endpoints/forum-engagement';
import { call } from '@/lib/api-client';
import { trackAction } from '@/lib/track';
import { patchCommentIn, patchForumQueries, patchPostIn } from '../lib/cache-patch';

export type VoteTargetType = 'post' | 'comment';

export const postVote = (targetType: VoteTargetType, id: number, voteType: TVoteType) =>
  call(targetType === 'post' ? votePost : voteComment, { params: { id }, body: { voteType } });

/** Puts the server's counts into every cached list, search result and post page holding the target. */
export function applyVoteToCache(queryClient: QueryClient, targetType: VoteTargetType, id: number, result: TVoteResponse) {
  const patch = { upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.userVote };
  patchForumQueries(queryClient, (data) => (targetType === 'post' ? patchPostIn(data, id, patch) : patchCommentIn(data, id, patch)));
}

/** The vote mutation of one post or comment (mutations never retry, spec §7). */
export function useVote(targetType: VoteTargetType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voteType: TVoteType) => postVote(targetType, id, voteType),
    onSuccess: (result, voteType) => {
      applyVoteToCache(queryClient, targetType, id, result);
      trackAction('vote', targetType, { entityId: id, voteType });
    },
  });
}
