import { getAnonymousVoice } from '@endpoints/anonymous';
import { listPosts } from '@endpoints/forum';
import { getArea, getTag, listAreas } from '@endpoints/labels';
import { getPostFollow, listCategoryFollows } from '@endpoints/notification-preferences';
import { getPayIndex } from '@endpoints/pay';
import { listOwnHeld } from '@endpoints/review';
import { sharedKeys } from '@/lib/query-keys';
import type { PostsParams } from './get-posts';
import type { SearchPostsParams } from './search-posts';

/**
 * The post page's root. Not under `posts`: list refreshes leave an open post alone, and the list code
 * never meets this shape. It still starts with '/api/forum/', so votes and shares patched into forum
 * queries (lib/cache-patch.ts) reach it.
 */
const POST_DETAIL = `${listPosts.path}/detail`;

/** Every forum query key. */
export const forumKeys = {
  /** Every post list, search results included: invalidate it to refresh all lists. */
  posts: sharedKeys.posts,
  postList: (params: PostsParams) => [...sharedKeys.posts, params] as const,
  search: (params: SearchPostsParams) => [...sharedKeys.posts, 'search', params] as const,
  postPages: [POST_DETAIL] as const,
  /** A post page by slug, whatever case it was opened with. */
  postPage: (slug: string) => [POST_DETAIL, slug.toLowerCase()] as const,
  categories: sharedKeys.categories,
  /** Every tag (issue 32), for the editor's picker. */
  tags: sharedKeys.tags,
  /** A tag's page head (issue 32), by slug whatever case it was opened with. */
  tag: (slug: string) => [getTag.path, slug.toLowerCase()] as const,
  /** The postcode areas with recent posts, and an area's page (its alerts, its members: they differ for a member). */
  areas: [listAreas.path] as const,
  area: (code: string) => [getArea.path, code.toUpperCase()] as const,
  /** The tags and areas the reader follows. */
  labelFollows: sharedKeys.labelFollows,
  /** A region's Pay Index figures, as an area's page sums them up (the pay pages' own key: one cache for both). */
  regionPay: (region: string) => [getPayIndex.path, { region }] as const,
  /** The reader's follow level for a post (follow, mute, none). */
  postFollow: (postId: number) => [getPostFollow.path, postId] as const,
  /** The ids of the categories the reader follows. */
  categoryFollows: [listCategoryFollows.path] as const,
  /** The reader's own posts and comments awaiting approval (issue 28). */
  ownHeld: [listOwnHeld.path] as const,
  /** Whether the member may write anonymously, and what their label can show (issue 32): per member. */
  anonymousVoice: (userId: number) => [getAnonymousVoice.path, userId] as const,
};
