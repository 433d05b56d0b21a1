import { useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatAge, formatDateTime } from '@/lib/dates';

/** How long a finger rests on a time before it shows the exact one (about a browser's own long-press). */
export const LONG_PRESS_MS = 450;

type Props = {
  date: string | number | Date;
  /** What to show instead of formatAge (a phone row's short form, a chat's clock time). */
  children?: ReactNode;
  className?: string;
};

/**
 * A time as people say it ('just now', '3 hours ago', '12 Mar'; issue 18, ADR 0008), with the exact
 * London time in its title for a pointer that hovers. A touch screen has no hover: there a long
 * press swaps the text for the exact time, and another swaps it back. Inside a link, that press
 * opens no menu and follows no link. Screen readers read the text.
 */
export function Time({ date, children, className }: Props) {
  const [exact, setExact] = useState(false);
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; fired: boolean }>({ timer: undefined, fired: false });
  const full = formatDateTime(date);
  if (!full) return null;

  const toggle = () => {
    clearTimeout(press.current.timer);
    press.current = { timer: undefined, fired: true };
    setExact((v) => !v);
  };
  const cancel = () => {
    clearTimeout(press.current.timer);
    press.current.timer = undefined;
  };

  return (
    <time
      dateTime={new Date(date).toISOString()}
      title={full}
      className={cn('press-time', className)}
      onPointerDown={(e) => {
        cancel();
        press.current.fired = false;
        if (e.pointerType === 'touch') press.current.timer = setTimeout(toggle, LONG_PRESS_MS);
      }}
      onPointerUp={cancel}
      onPointerCancel={cancel}
      onPointerLeave={cancel}
      // Android opens its menu on a long press, sometimes before our timer: the press is ours.
      onContextMenu={(e) => {
        if (press.current.timer === undefined && !press.current.fired) return;
        e.preventDefault();
        if (!press.current.fired) toggle();
      }}
      onClickCapture={(e) => {
        if (!press.current.fired) return;
        press.current.fired = false;
        e.preventDefault();
        e.stopPropagation();
      }}
    >
      {exact ? full : (children ?? formatAge(date))}
    </time>
  );
}
