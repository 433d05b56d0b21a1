import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TPoll } from '@common/contracts/polls';
import { closePoll, votePoll } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { updatePostDetail } from './get-post';

/** The cached post page's poll replaced by the server's answer (it is the whole poll, as this reader sees it). */
export function setCachedPoll(queryClient: QueryClient, postId: number, poll: TPoll): void {
  updatePostDetail(queryClient, postId, (p) => ({ ...p, poll }));
}

/**
 * Issue 33: PUT /api/forum/posts/:id/poll/vote with the reader's whole choice: a first vote, a changed
 * one, or (an empty list) their vote withdrawn. 403 for a new account, 409 once closed, 429 over the
 * day's votes: the server's words say which.
 */
export function useVotePoll(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optionIds: number[]) => call(votePoll, { params: { id: postId }, body: { optionIds } }),
    onSuccess: (poll) => setCachedPoll(queryClient, postId, poll),
  });
}

/** POST /api/forum/posts/:id/poll/close: its author or a moderator closes it now. */
export function useClosePoll(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(closePoll, { params: { id: postId } }),
    onSuccess: (poll) => setCachedPoll(queryClient, postId, poll),
  });
}
