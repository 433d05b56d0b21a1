import { useState } from 'react';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';

const current = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

export const NOTIFICATION_TEXT = {
  turnOn: 'Turn on notifications',
  on: 'Message notifications are on.',
  blocked: 'Notifications are blocked in your browser settings.',
} as const;

/**
 * Spec §2/§4 browser notification, asked politely: the browser's prompt appears only when the member
 * presses this control (never on page load). Once granted, a message that arrives while the page is
 * hidden shows a notification that closes after 5 s (chat-center.tsx).
 */
export function NotificationToggle({ className }: { className?: string }) {
  const [permission, setPermission] = useState<Permission>(current);
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <p className={className ?? 'flex items-center gap-1 text-sm text-slate-600'}>
        <Bell aria-hidden="true" className="size-4" /> {NOTIFICATION_TEXT.on}
      </p>
    );
  if (permission === 'denied')
    return (
      <p className={className ?? 'flex items-center gap-1 text-sm text-slate-600'}>
        <BellOff aria-hidden="true" className="size-4" /> {NOTIFICATION_TEXT.blocked}
      </p>
    );
  const ask = async () => {
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(current());
    }
  };
  return (
    <Button variant="secondary" size="sm" className={className} onClick={() => void ask()}>
      <Bell aria-hidden="true" className="size-4" /> {NOTIFICATION_TEXT.turnOn}
    </Button>
  );
}
