import { useQuery } from '@tanstack/react-query';
import { BellOff, List, Settings } from 'lucide-react';
import { Link } from '@/lib/router';
import type { TNotification } from '@common/contracts/notifications';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

type Props = {
  headingId: string;
  newIds: ReadonlySet<number>;
  /** Called as an item's link is followed (the panel closes). */
  onNavigate: () => void;
};

/** Spec §2/§4: the newest 50 notifications, newest first; the rest on /notifications (issue 18). */
export function NotificationPanel({ headingId, newIds, onNavigate }: Props) {
  const list = useQuery(getNotificationsQueryOptions());
  const markRead = useMarkRead();

  const onOpen = (n: TNotification) => {
    if (!n.isRead) markRead.mutate(n.id);
    onNavigate();
  };

  return (
    <>
      <h2 id={headingId} className="border-b border-line px-4 py-3 text-lg font-bold">
        Notifications
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.data ? (
          list.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-muted">
              <BellOff aria-hidden="true" className="size-8" />
              <p>No notifications yet</p>
            </div>
          ) : (
            <ul aria-labelledby={headingId} className="divide-y divide-line">
              {list.data.map((n) => (
                <NotificationItem key={n.id} notification={n} isNew={newIds.has(n.id)} onOpen={onOpen} />
              ))}
            </ul>
          )
        ) : list.isError ? (
          <div className="px-4 py-8 text-center text-muted">
            <p>Notifications didn't load.</p>
            <button type="button" className="link mt-2 inline-flex min-h-11 items-center" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status" className="px-4 py-10 text-center text-muted">
            Loading notifications…
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-stretch justify-between border-t border-line">
        <Link to="/notifications" onClick={onNavigate} className="flex min-h-11 items-center gap-2 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          <List aria-hidden="true" className="size-4" />
          See all notifications
        </Link>
        <Link
          to="/settings/notifications"
          onClick={onNavigate}
          className="flex min-h-11 items-center gap-2 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </div>
    </>
  );
}
