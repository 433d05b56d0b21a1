import type { QueryClient } from '@tanstack/react-query';
import { isForumQuery } from '@/lib/query-keys';

// Cached forum data comes in a few shapes: lists ({posts}), a post page (a post with {comments}) and
// comment pages ({comments}). These patch one post or comment wherever it appears, returning the
// same object when nothing changed so unrelated queries do not re-render.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

function patchItems(list: unknown, id: number, patch: Obj): unknown[] | undefined {
  if (!Array.isArray(list)) return undefined;
  let changed = false;
  const next = list.map((item) => {
    if (isObj(item) && item.id === id) {
      changed = true;
      return { ...item, ...patch };
    }
    return item;
  });
  return changed ? next : undefined;
}

/** A post (by id) patched in a list, a search result or the post page's data. */
export function patchPostIn<T>(data: T, postId: number, patch: Obj): T {
  if (!isObj(data)) return data;
  const posts = patchItems(data.posts, postId, patch);
  if (posts) return { ...data, posts } as T;
  // The post page: a post of its own (it has a slug), possibly with its comments.
  if (data.id === postId && typeof data.slug === 'string') return { ...data, ...patch } as T;
  return data;
}

/** A comment (by id) patched in the post page's data or a page of comments. */
export function patchCommentIn<T>(data: T, commentId: number, patch: Obj): T {
  if (!isObj(data)) return data;
  const comments = patchItems(data.comments, commentId, patch);
  return comments ? ({ ...data, comments } as T) : data;
}

/**
 * Applies `patch` to the data of every forum query, writing only those it changed: writing a query
 * (even with the same data) would mark it fresh and keep it from refetching when it should.
 */
export function patchForumQueries(queryClient: QueryClient, patch: (data: unknown) => unknown): void {
  for (const query of queryClient.getQueryCache().findAll({ predicate: isForumQuery })) {
    const before = query.state.data;
    const after = patch(before);
    if (after !== before) queryClient.setQueryData(query.queryKey, after);
  }
}
