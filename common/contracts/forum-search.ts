import { z } from 'zod';
import { AVATAR_KEYS } from '../avatars.ts';
import { SEARCH_MAX, SEARCH_MIN, SEARCH_MSG } from '../rules/forum.ts';
import { endpoint } from './endpoint.ts';
import { ZListPostsQuery, ZPostList, ZSort } from './forum.ts';

// GET /api/forum/search (spec §7, §5 "Search: at least 2 characters after trimming"). The answer is the
// list's shape, ZPostList of ./forum.ts; limits and messages are in common/rules/forum.ts.

/** Trimmed; blank (or only spaces) counts as absent. */
const searchText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().min(SEARCH_MIN, SEARCH_MSG.tooShort).max(SEARCH_MAX, SEARCH_MSG.tooLong).optional(),
);

/**
 * A search needs a text of at least 2 characters, a profession (an avatar key: the posts of members who
 * picked it), or both. Without sortBy, a text search is ordered by relevance and a profession-only one
 * by newest; page, limit, category, tag and area work as in GET /api/forum/posts.
 */
export const ZSearchQuery = z
  .object({
    q: searchText,
    profession: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AVATAR_KEYS, { error: SEARCH_MSG.unknownProfession }).optional()),
    page: ZListPostsQuery.shape.page,
    limit: ZListPostsQuery.shape.limit,
    sortBy: z.preprocess((v) => (v === '' ? undefined : v), ZSort.optional()),
    category: ZListPostsQuery.shape.category,
    /** Issue 32: only posts with this tag (slug; unknown: 404) or about this postcode area. */
    tag: ZListPostsQuery.shape.tag,
    area: ZListPostsQuery.shape.area,
  })
  .refine((v) => v.q !== undefined || v.profession !== undefined, { message: SEARCH_MSG.tooShort, path: ['q'] });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** Full-text search and the profession filter; anyone may search (a member also gets userVote). */
export const searchPosts = endpoint({
  method: 'GET',
  path: '/api/forum/search',
  query: ZSearchQuery,
  responses: { 200: ZPostList },
  errors: [400, 404],
});
