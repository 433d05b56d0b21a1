import { TriangleAlert } from 'lucide-react';
import { Link } from '@/lib/router';
import type { TNotification } from '@common/contracts/notifications';
import { cn } from '@/lib/cn';
import { Time } from '@/components/ui/time';
import { notificationHref } from '../lib/notification-cache';

type Props = {
  notification: TNotification;
  /** Unread when the panel opened (the panel marks everything read as it opens). */
  isNew: boolean;
  onOpen: (notification: TNotification) => void;
};

/** One row of the panel: a link to the comment it is about (spec §2). */
export function NotificationItem({ notification: n, isNew, onOpen }: Props) {
  const unread = !n.isRead || isNew;
  return (
    <li>
      <Link
        to={notificationHref(n)}
        onClick={() => onOpen(n)}
        data-unread={!n.isRead || undefined}
        className={cn(
          'flex gap-3 px-4 py-3 text-ink hover:bg-brand-50 focus-visible:bg-brand-50',
          unread && 'bg-accent-100/60',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        />
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">Unread: </span>}
          {/* Issue 32: an alert in an area the member follows stands out from the followed posts around it. */}
          {n.type === 'area_alert' && (
            <span className="mb-1 inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-bold text-ink">
              <TriangleAlert aria-hidden="true" className="size-3.5" />
              Local alert<span className="sr-only">: </span>
            </span>
          )}
          <span className={cn('block leading-snug', unread ? 'font-bold' : 'font-semibold')}>{n.title}</span>
          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-muted">{n.message}</span>
          <Time date={n.createdAt} className="mt-1 block text-xs text-muted" />
        </span>
      </Link>
    </li>
  );
}
