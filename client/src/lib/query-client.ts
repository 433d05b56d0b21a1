import { QueryClient } from '@tanstack/react-query';
import { CACHE_MS } from '@common/rules/site';
import { ApiError } from './api-client';

// Spec §7/§9: queries retry up to 3 times except 401/403/404; mutations never retry; stale 5 min,
// kept 10 min, no focus refetch, no polling by default. Every query names its own queryFn (a call of
// its endpoint); the signed-in user's query reads a 401 as a guest (lib/auth.ts).

const NO_RETRY_STATUSES = new Set([401, 403, 404]);
export const MAX_QUERY_RETRIES = 3;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && NO_RETRY_STATUSES.has(error.status)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
