import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CACHE_MS, LANDING_PREVIEWS, POLL_MS } from '@common/rules/site';
import type { ListSortBy, TopPeriod } from '@common/rules/forum';
import { listPosts } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { shouldRetryQuery } from '@/lib/query-client';
import { forumKeys } from './keys';

export type PostsParams = {
  page: number;
  limit: number;
  sortBy: ListSortBy;
  /** With sortBy 'top' (issue 18); absent: the server's choice. */
  period?: TopPeriod;
  /** Only posts without comments (issue 18). */
  unanswered?: boolean;
  /** Issue 33: true, only posts with an accepted answer; false, only Q&A posts without one; absent, every post. */
  solved?: boolean;
  category?: string;
  /** Issue 32: a tag's slug (an unknown one is a 404) and a postcode area ('LS'). */
  tag?: string;
  area?: string;
  /** false: pinned posts by their date like any other (absent: on top, as the forum list shows them). */
  pinnedFirst?: boolean;
};

/**
 * Spec §8: a failed list load throws 'Failed to fetch posts' (a search, 'Search failed'). The call's
 * own error stays as `cause`, so the retry rule (no retry on 401/403/404) and the page can read it.
 */
export function rethrowAs(message: string) {
  return (err: unknown): never => {
    if (typeof err === 'object' && err !== null && 'name' in err && err.name === 'AbortError') throw err;
    throw new Error(message, { cause: err });
  };
}

export const retryListQuery = (failureCount: number, error: unknown) =>
  shouldRetryQuery(failureCount, error instanceof Error && error.cause !== undefined ? error.cause : error);

export const getPostsQueryOptions = (params: PostsParams) =>
  queryOptions({
    queryKey: forumKeys.postList(params),
    queryFn: ({ signal }) => call(listPosts, { query: params }, { signal }).catch(rethrowAs('Failed to fetch posts')),
    staleTime: CACHE_MS.postsStale,
    gcTime: CACHE_MS.postsGc,
    retry: retryListQuery,
    // The old page stays on screen while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });

/**
 * Spec §2/§7: the landing preview, the 3 newest posts, polled every 30 s. By date only: a pinned post
 * is there when it is among the newest, not because it is pinned (issue 18).
 */
export const getLatestPostsQueryOptions = () =>
  queryOptions({
    ...getPostsQueryOptions({ page: 1, limit: LANDING_PREVIEWS, sortBy: 'newest', pinnedFirst: false }),
    placeholderData: undefined,
    refetchInterval: POLL_MS.landingPosts,
  });
