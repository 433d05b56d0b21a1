import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CACHE_MS } from '@common/rules/site';
import type { Sort } from '@common/rules/forum';
import { searchPosts } from '@endpoints/forum-search';
import { call } from '@/lib/api-client';
import { rethrowAs, retryListQuery, type PostsParams } from './get-posts';
import { forumKeys } from './keys';

/** Spec §7 GET /api/forum/search?page&limit&sortBy&q&profession[&category]; q or profession is set. */
export type SearchPostsParams = Omit<PostsParams, 'sortBy' | 'period' | 'unanswered' | 'solved'> & { sortBy?: Sort; q?: string; profession?: string };

export const getSearchPostsQueryOptions = (params: SearchPostsParams) =>
  queryOptions({
    // Under the posts root, so refreshing "all post lists" refreshes search results too.
    queryKey: forumKeys.search(params),
    queryFn: ({ signal }) => call(searchPosts, { query: params }, { signal }).catch(rethrowAs('Search failed')),
    staleTime: CACHE_MS.postsStale,
    gcTime: CACHE_MS.postsGc,
    retry: retryListQuery,
    placeholderData: keepPreviousData,
  });
