import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextVoteState, type VoteState } from './vote-transition';

const s = (upvotes: number, downvotes: number, userVote: VoteState['userVote']): VoteState => ({ upvotes, downvotes, userVote });

describe('nextVoteState (spec §4 Vote)', () => {
  it('adds a new vote', () => {
    expect(nextVoteState(s(3, 1, null), 'upvote')).toEqual(s(4, 1, 'upvote'));
    expect(nextVoteState(s(3, 1, null), 'downvote')).toEqual(s(3, 2, 'downvote'));
  });

  it('removes the vote when the same vote comes again', () => {
    expect(nextVoteState(s(4, 1, 'upvote'), 'upvote')).toEqual(s(3, 1, null));
    expect(nextVoteState(s(3, 2, 'downvote'), 'downvote')).toEqual(s(3, 1, null));
  });

  it('moves one count across when switching', () => {
    expect(nextVoteState(s(4, 1, 'upvote'), 'downvote')).toEqual(s(3, 2, 'downvote'));
    expect(nextVoteState(s(3, 2, 'downvote'), 'upvote')).toEqual(s(4, 1, 'upvote'));
  });

  it('never goes below 0, even from counts that disagree with the vote', () => {
    expect(nextVoteState(s(0, 0, 'upvote'), 'upvote')).toEqual(s(0, 0, null));
    expect(nextVoteState(s(0, 0, 'downvote'), 'upvote')).toEqual(s(1, 0, 'upvote'));
    expect(nextVoteState(s(-2, -1, null), 'downvote')).toEqual(s(0, 1, 'downvote'));
  });

  it('voting twice the same way is back where it started (from a consistent state)', () => {
    const vote = fc.constantFrom('upvote' as const, 'downvote' as const);
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), vote, fc.array(vote, { maxLength: 20 }), (up, down, first, more) => {
        let st = s(up, down, null);
        for (const v of [first, ...more]) {
          st = nextVoteState(st, v);
          expect(st.upvotes).toBeGreaterThanOrEqual(0);
          expect(st.downvotes).toBeGreaterThanOrEqual(0);
        }
        // The total moves by at most one from the start, and the reader holds at most one vote.
        const held = st.userVote ? 1 : 0;
        expect(st.upvotes + st.downvotes).toBe(up + down + held);
      }),
    );
  });
});
