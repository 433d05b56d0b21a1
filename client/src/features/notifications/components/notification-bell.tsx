import type { ComponentProps } from 'react';
import { Bell } from 'lucide-react';
import { badge } from '@common/rules/site';
import { cn } from '@/lib/cn';

type Props = ComponentProps<'button'> & { count: number; busy?: boolean };

/** 'Notifications', or 'Notifications, 3 unread' (99+ above 99, spec §9). */
export const bellLabel = (count: number) => (count > 0 ? `Notifications, ${badge(count)} unread` : 'Notifications');

/**
 * The header's bell with its unread badge. Spreads its props on the button so a popover trigger
 * (Radix asChild) can own it.
 */
export function NotificationBell({ count, busy, className, ...rest }: Props) {
  return (
    <button
      type="button"
      aria-label={bellLabel(count)}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={busy || undefined}
      className={cn(
        'relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-white hover:bg-white/10 data-[state=open]:bg-white/15',
        className,
      )}
      {...rest}
    >
      <Bell aria-hidden="true" className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-400 px-1 text-xs leading-none font-bold text-on-accent ring-2 ring-bar"
        >
          {badge(count)}
        </span>
      )}
    </button>
  );
}
