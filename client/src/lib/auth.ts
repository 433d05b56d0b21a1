import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import { CACHE_MS } from '@common/rules/site';
import { matchRoute } from '@common/routes';
import { getCurrentUser } from '@endpoints/auth';
import { ApiError, call } from './api-client';
import { rememberReturnTo, sessionStore } from './storage';

// Spec §6: the authentication signal is GET /api/auth/user returning a user; 401 means a guest.
export const USER_QUERY_KEY = [getCurrentUser.path] as const;

/** The signed-in user, or null for a guest (a 401 is an answer here, not an error). */
async function fetchUser(signal: AbortSignal): Promise<TUser | null> {
  try {
    return await call(getCurrentUser, {}, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchUser(signal),
    retry: false,
    staleTime: CACHE_MS.userStale,
    gcTime: CACHE_MS.userGc,
    refetchOnWindowFocus: false,
  });

/**
 * The signed-in user: undefined while loading, null for a guest. If the check itself fails (offline,
 * server error) the visitor is treated as a guest rather than left waiting on a spinner.
 */
export function useUser() {
  const q = useQuery(getUserQueryOptions());
  const user = q.data !== undefined ? q.data : q.isError ? null : undefined;
  return { user, isLoading: user === undefined, query: q };
}

/**
 * Makes `user` the signed-in user and takes them to `to`. On a guest-only page the page's own
 * guard does the redirect (to the remembered path) the moment the user appears; navigating here
 * as well would race it. Elsewhere we navigate ourselves.
 */
export function completeSignIn(opts: {
  queryClient: QueryClient;
  user: TUser;
  to: string;
  pathname: string;
  navigate: (to: string, options: { replace: boolean }) => unknown;
}): void {
  const { queryClient, user, to, pathname, navigate } = opts;
  const onGuestPage = matchRoute(pathname)?.access === 'guest';
  if (onGuestPage) rememberReturnTo(to);
  else sessionStore.remove('returnTo');
  queryClient.setQueryData(USER_QUERY_KEY, user);
  // Everything cached as a guest (votes, reactions, the user itself) is refreshed.
  void queryClient.invalidateQueries();
  if (!onGuestPage) navigate(to, { replace: true });
}
