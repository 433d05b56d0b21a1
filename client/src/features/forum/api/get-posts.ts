import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TPostList } from '@common/contracts/forum';
import { CACHE_MS, LANDING_PREVIEWS, POLL_MS, type Sort } from '@common/constants';
import { api, withQuery } from '@/lib/api-client';

export const POSTS_URL = '/api/forum/posts';
/** Every post-list query starts with this key: invalidate it to refresh all lists. */
export const POSTS_QUERY_ROOT = [POSTS_URL] as const;

export type PostsParams = { page: number; limit: number; sortBy: Sort; category?: string };

export const getPostsQueryOptions = (params: PostsParams) =>
  queryOptions({
    queryKey: [POSTS_URL, params] as const,
    queryFn: ({ signal }) => api.get<TPostList>(withQuery(POSTS_URL, params), { signal }),
    staleTime: CACHE_MS.postsStale,
    gcTime: CACHE_MS.postsGc,
    placeholderData: keepPreviousData,
  });

/** Spec §2/§7: the landing preview, the 3 newest posts, polled every 30 s. */
export const getLatestPostsQueryOptions = () =>
  queryOptions({
    ...getPostsQueryOptions({ page: 1, limit: LANDING_PREVIEWS, sortBy: 'newest' }),
    placeholderData: undefined,
    refetchInterval: POLL_MS.landingPosts,
  });

