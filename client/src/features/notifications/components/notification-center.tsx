import { Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationList } from '@common/contracts/notifications';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { getNotificationsQueryOptions, getUnreadCountQueryOptions } from '../api/get-notifications';
import { notificationKeys } from '../api/keys';
import { useMarkAllRead } from '../api/mark-read';
import { useNotificationEvents } from '../hooks/use-notification-events';
import { useNotificationsSession } from '../hooks/use-notifications-session';
import { NotificationBell } from './notification-bell';

// The popover (Radix, positioning) is its own chunk: the bell shows at once and the panel is
// fetched when the browser is idle, or on the first hover, focus or tap of the bell.
const NotificationPopover = lazyNamed(() => import('./notification-popover'), 'NotificationPopover');
const preloadPopover = () => void NotificationPopover.preload();

/**
 * A member's notifications (loaded lazily by the header, never for guests): the socket, the cached
 * list and count, and the bell that opens the panel.
 */
export function NotificationCenter({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  useNotificationsSession(userId);
  useNotificationEvents();
  const count = useQuery(getUnreadCountQueryOptions()).data?.count ?? 0;
  // Spec §4: loaded on sign-in, so the panel opens full.
  useQuery(getNotificationsQueryOptions());
  const markAll = useMarkAllRead();

  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  /** The items unread when the panel opened: still marked as new while it stays open. */
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(() => whenIdle(preloadPopover), []);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const list = queryClient.getQueryData<TNotificationList>(notificationKeys.list) ?? [];
    const unread = list.filter((n) => !n.isRead);
    setNewIds(new Set(unread.map((n) => n.id)));
    // Spec §4: opening the panel marks all read if any are unread.
    if (count > 0 || unread.length > 0) markAll.mutate();
  };

  const bell = (busy?: boolean) => (
    <NotificationBell
      count={count}
      busy={busy}
      onPointerEnter={preloadPopover}
      onFocus={preloadPopover}
      onClick={() => {
        setActive(true);
        onOpenChange(true);
      }}
    />
  );

  if (!active) return bell();
  return (
    // Offline before the panel arrived: the bell stays, and a tap after a reload tries again.
    <ErrorBoundary fallback={() => bell()}>
      <Suspense fallback={bell(true)}>
        <NotificationPopover count={count} open={open} onOpenChange={onOpenChange} newIds={newIds} />
      </Suspense>
    </ErrorBoundary>
  );
}
