import { z } from 'zod';
import { AVATAR_KEYS } from '../avatars.ts';
import { SEARCH_MIN } from '../constants.ts';
import { ZListPostsQuery, ZSort } from './forum.ts';

// GET /api/forum/search (spec §7, §5 "Search: at least 2 characters after trimming"). The answer is the
// list's shape, ZPostList of ./forum.ts.

export const SEARCH_MAX = 200;
/**
 * The most posts one search reaches. A search text ranks only the newest SEARCH_MAX_RESULTS matching posts,
 * so a word that is in half the forum costs what a rarer one does; totalCount is then at most this
 * (docs/API.md "Search").
 */
export const SEARCH_MAX_RESULTS = 1000;

export const SEARCH_MSG = {
  tooShort: `Search must be at least ${SEARCH_MIN} characters`,
  tooLong: `Search must be at most ${SEARCH_MAX} characters`,
  unknownProfession: 'Unknown profession',
} as const;

/** Trimmed; blank (or only spaces) counts as absent. */
const searchText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().min(SEARCH_MIN, SEARCH_MSG.tooShort).max(SEARCH_MAX, SEARCH_MSG.tooLong).optional(),
);

/**
 * A search needs a text of at least 2 characters, a profession (an avatar key: the posts of members who
 * picked it), or both. Without sortBy, a text search is ordered by relevance and a profession-only one
 * by newest; page, limit and category work as in GET /api/forum/posts.
 */
export const ZSearchQuery = z
  .object({
    q: searchText,
    profession: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AVATAR_KEYS, { error: SEARCH_MSG.unknownProfession }).optional()),
    page: ZListPostsQuery.shape.page,
    limit: ZListPostsQuery.shape.limit,
    sortBy: z.preprocess((v) => (v === '' ? undefined : v), ZSort.optional()),
    category: ZListPostsQuery.shape.category,
  })
  .refine((v) => v.q !== undefined || v.profession !== undefined, { message: SEARCH_MSG.tooShort, path: ['q'] });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;
