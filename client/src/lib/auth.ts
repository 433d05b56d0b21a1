import { useEffect, useSyncExternalStore } from 'react';
import { notifyManager, QueryObserver, queryOptions, useQueryClient, type NotifyOnChangeProps, type QueryClient, type QueryObserverResult } from '@tanstack/react-query';
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
 * server error) the visitor is treated as a guest rather than left waiting on a spinner. `query` is
 * the query's result (its error state, for the header).
 */
export function useUser() {
  const shared = sharedUserObserver(useQueryClient());
  const q = useSyncExternalStore(shared.subscribe, shared.result, shared.result);
  // After a render, the observer moves to the user query the cache holds now, if it changed.
  useEffect(() => shared.follow());
  const user = q.data !== undefined ? q.data : q.isError ? null : undefined;
  return { user, isLoading: user === undefined, query: q };
}

/**
 * One observer of the user query per query client, which every useUser reads (fifteen of them as the
 * forum list hydrates), instead of a useQuery each: each useQuery made an observer of its own, hashed
 * its options and built an optimistic result, ~1.7 ms of the hydration each with the CPU slowed 4×
 * (issue 31). It fetches as they did: the first reader fetches the user unless it is fresh, and a later
 * reader finding it stale (or never fetched, after an error) fetches it again.
 */
const sharedObservers = new WeakMap<QueryClient, ReturnType<typeof makeSharedObserver>>();

function sharedUserObserver(client: QueryClient) {
  let shared = sharedObservers.get(client);
  if (!shared) sharedObservers.set(client, (shared = makeSharedObserver(client)));
  return shared;
}

function makeSharedObserver(client: QueryClient) {
  // Its readers re-render when the user or the error changes, not when a check starts or ends.
  const options = { ...getUserQueryOptions(), notifyOnChangeProps: ['data', 'isError'] satisfies NotifyOnChangeProps };
  const observer = new QueryObserver(client, options);
  const cache = client.getQueryCache();
  const hash = observer.getCurrentQuery().queryHash;
  /** Whether the observed query is no longer the cache's user query (replaced, or gone). */
  const moved = () => cache.get(hash) !== (observer.getCurrentQuery() as unknown);
  // Sign-out and account deletion empty the cache and set the user to null in a new query (and a query
  // nobody read for its gcTime leaves it). As with each useQuery, nobody is told: a reader that renders
  // shows the cache's query, and the observer moves to it once rendered. Telling every reader to render
  // would render the page again, and each of its queries just dropped would ask again with the session
  // still alive.
  let shown: { state: unknown; result: QueryObserverResult<TUser | null> } | undefined;
  return {
    subscribe: (onChange: () => void) => {
      const first = !observer.hasListeners();
      if (first && moved()) observer.setOptions(options);
      const unsubscribe = observer.subscribe(notifyManager.batchCalls(onChange));
      const query = observer.getCurrentQuery();
      if (!first && (query.state.data === undefined || query.isStaleByTime(CACHE_MS.userStale))) {
        void observer.refetch({ cancelRefetch: false });
      }
      return unsubscribe;
    },
    result: () => {
      if (!moved()) return observer.getCurrentResult();
      const held = cache.get(hash);
      // The same result while the cache's query and its state stay the same (useSyncExternalStore compares
      // them); with none, the optimistic result puts an empty one in the cache, as useQuery's render does.
      if (!held || shown?.state !== held.state) {
        const result = observer.getOptimisticResult(client.defaultQueryOptions(options));
        shown = { state: cache.get(hash)?.state, result };
      }
      return shown.result;
    },
    follow: () => {
      if (moved()) observer.setOptions(options);
    },
  };
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
