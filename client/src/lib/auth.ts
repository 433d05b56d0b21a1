import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import { CACHE_MS } from '@common/constants';
import { matchRoute } from '@common/routes';
import { getQueryFn } from './query-client';
import { rememberReturnTo, sessionStore } from './storage';

// Spec §6: the authentication signal is GET /api/auth/user returning a user; 401 means a guest.
export const USER_QUERY_KEY = ['/api/auth/user'] as const;

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<TUser>({ on401: 'returnNull' }) as () => Promise<TUser | null>,
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
