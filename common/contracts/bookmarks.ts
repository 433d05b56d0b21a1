import { z } from 'zod';
import { ZListPostsQuery, ZPostList, ZTargetParams } from './forum.ts';
import { endpoint } from './endpoint.ts';

// Bookmarks (issue 18; docs/API.md "Bookmarks"): a member's saved posts, private to them. Any signed-in
// member may save posts (verified or not: saving is reading, nobody else sees it).

export const ZBookmarkState = z.object({ bookmarked: z.boolean() });
export type TBookmarkState = z.infer<typeof ZBookmarkState>;

export const ZListBookmarksQuery = ZListPostsQuery.pick({ page: true, limit: true });
export type TListBookmarksQuery = z.infer<typeof ZListBookmarksQuery>;

/** Saves a live post (again is fine); 404 for a missing or deleted one. */
export const bookmarkPost = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/bookmark',
  params: ZTargetParams,
  responses: { 200: ZBookmarkState },
  errors: [401, 404],
});

/** Removes the caller's bookmark (not saved is fine); 404 for a missing or deleted post. */
export const unbookmarkPost = endpoint({
  method: 'DELETE',
  path: '/api/forum/posts/:id/bookmark',
  params: ZTargetParams,
  responses: { 200: ZBookmarkState },
  errors: [401, 404],
});

/** The caller's saved posts, newest saved first; deleted posts are left out. */
export const listBookmarks = endpoint({
  method: 'GET',
  path: '/api/bookmarks',
  query: ZListBookmarksQuery,
  responses: { 200: ZPostList },
  errors: [400, 401],
});
