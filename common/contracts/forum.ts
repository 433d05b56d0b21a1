import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX, SORTS } from '../constants.ts';

// Forum read contracts (spec §3 Post/Category, §7 GET /api/forum/posts and /api/forum/categories).

/** Spec §3 Category, plus the number of (not deleted) posts in it. */
export const ZCategory = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  postCount: z.number(),
});
export type TCategory = z.infer<typeof ZCategory>;

/** The category as embedded in a post (spec §3 lists exactly these fields). */
export const ZPostCategory = ZCategory.pick({ id: true, name: true, slug: true, color: true, description: true });
export type TPostCategory = z.infer<typeof ZPostCategory>;

export const ZPostAuthor = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string(),
  statusText: z.string(),
});
export type TPostAuthor = z.infer<typeof ZPostAuthor>;

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export const ZVoteType = z.enum(VOTE_TYPES);
export type TVoteType = z.infer<typeof ZVoteType>;

/** Spec §3 Post. `author` is null once the author deleted their account (shown as 'Anonymous'). */
export const ZPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Markdown source. In lists it is the excerpt-sized text (see the list endpoint); the post page has it all. */
  content: z.string(),
  createdAt: z.string(), // ISO 8601
  viewCount: z.number(),
  commentCount: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  shareCount: z.number(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  /** The signed-in reader's vote on the post; null for guests and for no vote. */
  userVote: ZVoteType.nullable(),
  category: ZPostCategory,
  author: ZPostAuthor.nullable(),
});
export type TPost = z.infer<typeof ZPost>;

/** Spec §3 List response. */
export const ZPostList = z.object({
  posts: z.array(ZPost),
  totalCount: z.number(),
  hasMore: z.boolean(),
});
export type TPostList = z.infer<typeof ZPostList>;

export const ZSort = z.enum(SORTS, { error: `Sort must be one of ${SORTS.join(', ')}` });

// Query strings arrive as strings; an empty value (`?category=`) means the parameter is absent.
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const intParam = (message: string) => z.coerce.number({ error: message }).int(message).max(1_000_000, message);

/** GET /api/forum/posts query. Page below 1 is page 1 (spec §5); limit is clamped to 1…PAGE_SIZE_MAX. */
export const ZListPostsQuery = z.object({
  page: z.preprocess(emptyToUndefined, intParam('Page must be a whole number').default(1)).transform((p) => Math.max(1, p)),
  limit: z
    .preprocess(emptyToUndefined, intParam('Limit must be a whole number').default(PAGE_SIZE))
    .transform((l) => Math.min(PAGE_SIZE_MAX, Math.max(1, l))),
  sortBy: z.preprocess(emptyToUndefined, ZSort.default('newest')),
  /** A category slug or numeric id. */
  category: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).optional()),
});
export type TListPostsQuery = z.infer<typeof ZListPostsQuery>;

export const ZCategoryList = z.array(ZCategory);
