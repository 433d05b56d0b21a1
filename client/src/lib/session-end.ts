import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import { toast } from '@/components/ui/toast';
import { getUserQueryOptions, USER_QUERY_KEY } from './auth';
import { openAuthDialog } from './auth-dialog';
import { forgetMemberReads } from './service-worker';
import type { SocketClient } from './socket-client';

export const SIGNED_OUT_TOAST = {
  title: 'You have been signed out',
  description: 'Your session ended. Sign in again to carry on.',
  action: 'Sign In',
} as const;

/** A second 4401 this soon after reconnecting on a fresh session is believed without asking again. */
const RECHECK_GAP_MS = 10_000;

/**
 * The tab shows the signed-out state at once instead of failing call by call: the user becomes a
 * guest (the header offers Sign In; a member-only page sends them home and remembers where they
 * were), what was cached as the member is refetched as a guest when next shown, and a toast says what
 * happened with a Sign In button.
 */
export function showSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(USER_QUERY_KEY, null);
  // The posts kept for reading offline were kept as this member (lib/service-worker.ts).
  void forgetMemberReads();
  // Not refetched now: the member-only pages still mounted would only hear 401s while they unmount.
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0], refetchType: 'none' });
  toast({
    title: SIGNED_OUT_TOAST.title,
    description: SIGNED_OUT_TOAST.description,
    action: { label: SIGNED_OUT_TOAST.action, onClick: () => openAuthDialog('signin') },
  });
}

/**
 * When the server closes `client`'s socket with 4401 its session has ended (signed out on another
 * device or everywhere, password changed, suspended). One look at /api/auth/user tells that apart from
 * the socket's session having been replaced by a newer one of this browser (verifying the email, or
 * signing in again, starts a new session): then the socket reconnects on it and nothing else changes.
 * Returns the unsubscribe.
 */
export function watchSessionEnd(client: SocketClient, queryClient: QueryClient): () => void {
  let checking = false;
  let revivedAt = 0;
  return client.onSessionEnded(() => {
    // Already a guest in this tab (signed out here), or a check under way: nothing to tell.
    if (checking || !queryClient.getQueryData(USER_QUERY_KEY)) return;
    if (Date.now() - revivedAt < RECHECK_GAP_MS) return showSignedOut(queryClient);
    checking = true;
    void queryClient
      .fetchQuery({ ...getUserQueryOptions(), staleTime: 0 })
      .catch((): TUser | null => null) // unreachable: the socket's word stands
      .then((user) => {
        checking = false;
        if (user) {
          revivedAt = Date.now();
          client.connect(user.id);
        } else showSignedOut(queryClient);
      });
  });
}
