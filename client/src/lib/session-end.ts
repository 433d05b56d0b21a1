import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import { toast } from '@/components/ui/toast';
import { getUserQueryOptions, USER_QUERY_KEY } from './auth';
import { openAuthDialog } from './auth-dialog';
import { forgetMemberReads } from './service-worker';
import type { SocketClient } from './socket-client';
import { deviceMember, dropUnscopedDrafts, forgetMemberStorage, setDeviceMember } from './storage';

export const SIGNED_OUT_TOAST = {
  title: 'You have been signed out',
  description: 'Your session ended. Sign in again to carry on.',
  action: 'Sign In',
} as const;

/** A second 4401 this soon after reconnecting on a fresh session is believed without asking again. */
const RECHECK_GAP_MS = 10_000;

/**
 * Shared phones (issue 18): what `userId` left on this device goes — their drafts and the chat's
 * unsent messages (localStorage), the posts and comments kept to send later (IndexedDB), and the posts
 * and photos the service worker kept from their reading (issue 28: another member seen here empties
 * them even when the worker did not see that member sign in). Every way
 * a session ends leads here: the sign-out link (app/layout/logout-link.tsx) and the user turning into
 * a guest (followDeviceMember: a session ended by the server, "sign out everywhere" from another
 * device, account deletion, expiry). The device's member is let go last, so a page left before the
 * IndexedDB part is done (the sign-out link navigates at once) finishes it on the next page.
 */
export async function forgetMember(userId: number): Promise<void> {
  forgetMemberStorage(userId);
  void forgetMemberReads();
  // Its own chunk, as where the writes are kept and sent (app/layout/member-device.tsx): rarely needed.
  const { offlineWrites } = await import('./offline-writes');
  await offlineWrites.forget(userId);
  if (deviceMember() === userId) setDeviceMember(null);
}

/**
 * Keeps the device's member (lib/storage.ts: whose drafts are read and kept) in step with the user
 * query, and forgets a member once their session is over:
 * - a member seen (in the server's page, a fetch or a sign-in) becomes the device's; the things of
 *   another member still kept here go;
 * - a guest answered live (GET /api/auth/user said 401, or the app set it on learning the session
 *   ended) forgets the device's member;
 * - a guest in the page's own state is not believed alone: offline, the service worker serves a
 *   guest's copy of the page (sw.ts guestCopiesOnly) to a member whose writes wait for a signal. The
 *   server is asked once, and only its 401 forgets.
 * Drafts kept before they were per member are dropped: whose they were is unknown. Returns the stop.
 */
export function followDeviceMember(queryClient: QueryClient): () => void {
  dropUnscopedDrafts();
  const seen = (user: TUser | null | undefined, live: boolean) => {
    const kept = deviceMember();
    if (user) {
      if (kept === user.id) return;
      if (kept !== null) void forgetMember(kept);
      setDeviceMember(user.id);
    } else if (user === null && kept !== null) {
      if (live) void forgetMember(kept);
      else void queryClient.fetchQuery({ ...getUserQueryOptions(), staleTime: 0 }).catch(() => undefined);
    }
  };
  seen(queryClient.getQueryData<TUser | null>(USER_QUERY_KEY), false);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== USER_QUERY_KEY[0] || event.type !== 'updated') return;
    const user = event.query.state.data as TUser | null | undefined;
    // 'success': fetched, or set by the app (setQueryData); 'setState': restored from the page's state.
    if (event.action.type === 'success') seen(user, true);
    else if (event.action.type === 'setState') seen(user, false);
  });
}

/**
 * The tab shows the signed-out state at once instead of failing call by call: the user becomes a
 * guest (the header offers Sign In; a member-only page sends them home and remembers where they
 * were), what was cached as the member is refetched as a guest when next shown, and a toast says what
 * happened with a Sign In button. Their drafts and unsent writes go with them (followDeviceMember
 * hears the user turn null).
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
