import { useRef } from 'react';
import { Popover } from 'radix-ui';
import { NotificationBell } from './notification-bell';
import { NotificationPanel } from './notification-panel';

type Props = {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  newIds: ReadonlySet<number>;
};

/** The bell and its panel: under the bell on a wide screen, the width of the screen on a phone. */
export function NotificationPopover({ count, open, onOpenChange, newIds }: Props) {
  // Following a link moves focus to the new page (and the comment): not back to the bell.
  const navigated = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <NotificationBell count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby="notifications-heading"
          onCloseAutoFocus={(e) => {
            if (navigated.current) e.preventDefault();
            navigated.current = false;
          }}
          className="z-40 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-line bg-card text-ink shadow-2xl"
        >
          <NotificationPanel
            headingId="notifications-heading"
            newIds={newIds}
            onNavigate={() => {
              navigated.current = true;
              onOpenChange(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
