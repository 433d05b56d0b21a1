import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { THeldAnswer, THeldItem } from '@common/contracts/forum';
import type { TOwnHeldList } from '@common/contracts/review';
import { listOwnHeld } from '@endpoints/review';
import { call } from '@/lib/api-client';
import { updatePostDetail } from './get-post';
import { forumKeys } from './keys';

// A member's own posts and comments held for a moderator (issue 28, the review queue): not posts or
// comments yet, shown to them alone and marked "Awaiting approval" (docs/API.md "Review queue").

/** GET /api/forum/held: the reader's items awaiting approval, newest first. */
export const getOwnHeldQueryOptions = () =>
  queryOptions({
    queryKey: forumKeys.ownHeld,
    queryFn: ({ signal }) => call(listOwnHeld, {}, { signal }),
    staleTime: 60_000,
  });

/** A write answered 202: the held item, not a post or comment. */
export const isHeld = (result: unknown): result is THeldAnswer => !!result && typeof result === 'object' && (result as { held?: unknown }).held === true;

/**
 * A write the queue holds joins what its author sees at once: their list of held items and, for a
 * comment, the thread of its post (heldComments), without a refetch on a weak signal.
 */
export function applyHeldItem(queryClient: QueryClient, item: THeldItem) {
  queryClient.setQueryData<TOwnHeldList>(forumKeys.ownHeld, (data) =>
    data ? { items: [item, ...data.items.filter((i) => i.id !== item.id)] } : data,
  );
  void queryClient.invalidateQueries({ queryKey: forumKeys.ownHeld });
  if (item.kind === 'comment' && item.post) {
    updatePostDetail(queryClient, item.post.id, (p) => ({
      ...p,
      heldComments: [...(p.heldComments ?? []).filter((h) => h.id !== item.id), item],
    }));
  }
}
