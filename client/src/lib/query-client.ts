import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { CACHE_MS } from '@common/constants';
import { ApiError, apiRequest, withQuery } from './api-client';

// Spec §7/§9: queries retry up to 3 times except 401/403/404; mutations never retry; a 401 on a
// default query yields null; stale 5 min, kept 10 min, no focus refetch, no polling by default.

const NO_RETRY_STATUSES = new Set([401, 403, 404]);
export const MAX_QUERY_RETRIES = 3;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && NO_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query function, over apiRequest: queryKey[0] is the URL, an optional queryKey[1] object becomes the
 * query string. With on401 'returnNull' an unauthenticated answer is data (null), not an error.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [url, params] = queryKey as [string, Record<string, string | number | undefined>?];
    try {
      return await apiRequest<T>('GET', withQuery(url, params), undefined, { signal });
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'returnNull' }),
        retry: shouldRetryQuery,
        staleTime: CACHE_MS.defaultStale,
        gcTime: CACHE_MS.defaultGc,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
