import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, Settings } from 'lucide-react';
import type { TNotification } from '@common/contracts/notifications';
import { Link } from '@/lib/router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { getNotificationPagesQueryOptions } from '../api/get-notifications';
import { notificationKeys } from '../api/keys';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { NotificationItem } from '../components/notification-item';

/**
 * /notifications (issue 18, members only): every notification, newest first, 50 at a time with "Load
 * older" (the list call's `before` cursor). As with the bell's panel, arriving here marks them all read,
 * and the ones that were unread stay highlighted as new while the page is open.
 */
export function NotificationsPage() {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(getNotificationPagesQueryOptions());
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(() => new Set());
  const marked = useRef(false);

  // Once, when the newest page has arrived: what was unread is remembered as new, then all is read.
  const first = pages.data?.pages[0];
  useEffect(() => {
    if (!first || marked.current) return;
    marked.current = true;
    const unread = first.filter((n) => !n.isRead);
    setNewIds(new Set(unread.map((n) => n.id)));
    const count = queryClient.getQueryData<{ count: number }>(notificationKeys.unreadCount)?.count ?? 0;
    if (unread.length > 0 || count > 0) markAll.mutate();
  }, [first, queryClient, markAll]);

  const onOpen = (n: TNotification) => {
    if (!n.isRead) markRead.mutate(n.id);
  };
  const all = pages.data?.pages.flat() ?? [];

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 content-start gap-3 px-4 py-4 sm:gap-5 sm:py-6">
      <Head title="Notifications" noindex />
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Notifications</h1>
        <Link to="/settings/notifications" className="link inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold">
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </header>

      {pages.isPending ? (
        <p role="status" className="py-10 text-center text-muted">
          Loading notifications…
        </p>
      ) : pages.isError && !pages.data ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border border-line bg-card p-5">
          <p>Your notifications didn't load.</p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border-2 border-dashed border-line bg-card px-4 py-12 text-center">
          <BellOff aria-hidden="true" className="size-10 text-muted" />
          <h2 className="text-xl font-bold">No notifications yet</h2>
          <p className="text-muted">Replies to you, comments on your posts and mentions of you will show here.</p>
          <Link to="/forum" className={buttonClasses('primary')}>
            Browse the forum
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label="All notifications" className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-card">
            {all.map((n) => (
              <NotificationItem key={n.id} notification={n} isNew={newIds.has(n.id)} onOpen={onOpen} />
            ))}
          </ul>
          {pages.hasNextPage ? (
            <div className="grid justify-items-center gap-2">
              <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? 'Loading…' : 'Load older'}
              </Button>
              {pages.isFetchNextPageError && (
                <p role="alert" className="text-sm font-semibold text-red-800">
                  Older notifications didn't load. Try again.
                </p>
              )}
            </div>
          ) : (
            all.length > 10 && <p className="text-center text-sm text-muted">That's all your notifications.</p>
          )}
        </>
      )}
    </div>
  );
}
