import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TPostDetail, TPostList } from '@common/contracts/forum';
import { api } from '@/lib/api-client';
import { POSTS_QUERY_ROOT } from './get-posts';

/**
 * The post page's key. Not under POSTS_QUERY_ROOT: list refreshes leave an open post alone, and the
 * list code never meets this shape. It still starts with '/api/forum/', so votes and shares patched
 * into forum queries (lib/cache-patch.ts) reach it.
 */
export const POST_DETAIL_KEY = '/api/forum/posts/detail';
export const postDetailKey = (slug: string) => [POST_DETAIL_KEY, slug.toLowerCase()] as const;

/** GET /api/forum/posts/:idOrSlug: the post with its first comments (404 'Post not found'). */
export const getPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: postDetailKey(slug),
    queryFn: ({ signal }) => api.get<TPostDetail>(`/api/forum/posts/${encodeURIComponent(slug)}`, { signal }),
    // A post page changes as people reply: fresher than the lists' 5 minutes.
    staleTime: 30_000,
  });

/**
 * A post page built from a cached list entry, to show while the whole post loads on a weak signal
 * (title, author, excerpt); the page renders it as incomplete (isPlaceholderData).
 */
export function placeholderFromLists(queryClient: QueryClient, slug: string): TPostDetail | undefined {
  const wanted = slug.toLowerCase();
  const post = queryClient
    .getQueriesData<TPostList>({ queryKey: POSTS_QUERY_ROOT })
    .flatMap(([, data]) => (data && Array.isArray(data.posts) ? data.posts : []))
    .find((p) => p.slug === wanted);
  if (!post) return undefined;
  return {
    ...post,
    contentHtml: '',
    editedAt: null,
    canEdit: false,
    canModerate: false,
    reactions: {},
    userReactions: { postReactions: [], commentReactions: {} },
    comments: [],
    hasMoreComments: false,
  };
}

/** Changes the cached post page(s) of post `postId`, whatever slug they were opened by. */
export function updatePostDetail(queryClient: QueryClient, postId: number, update: (post: TPostDetail) => TPostDetail): void {
  queryClient.setQueriesData<TPostDetail>({ queryKey: [POST_DETAIL_KEY] }, (data) => (data && data.id === postId ? update(data) : data));
}

export const getCachedPostDetail = (queryClient: QueryClient, postId: number): TPostDetail | undefined =>
  queryClient
    .getQueriesData<TPostDetail>({ queryKey: [POST_DETAIL_KEY] })
    .map(([, d]) => d)
    .find((d) => d?.id === postId);
