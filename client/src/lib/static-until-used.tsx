import { createElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { isHydrating } from './hydration-slices';

// Issue 31, ADR 0018: a list row or a comment the server rendered is static markup
// that the browser keeps as it is and never hydrates: hydrating twenty rows with their buttons and
// queries was most of a list page's blocking time on a phone. The part comes alive (its components
// render, replacing the server's markup with the same markup) when it is used: a tap or a click on
// one of its controls, which is then handed to the same control in the live markup; a press on a
// time (its long press, ADR 0008); or when the data it shows changes (`watch`).

/** What a reader can use in a part: the control a click lands on is found again by its place among these. */
const USABLE = 'a,button,input,select,textarea,summary,label,time,[tabindex]';

type Replay = { index: number; event: 'click' | 'pointerdown'; init: PointerEventInit; focus: number };

type Props = {
  /** The element the part is (one element, the server's and the browser's alike). */
  as: 'li';
  className?: string;
  id?: string;
  /** What the part shows: when one of these is no longer the same, the part comes alive to show it. */
  watch: readonly unknown[];
  children: ReactNode;
};

const sameAs = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

export function StaticUntilUsed({ as, className, id, watch, children }: Props) {
  // Only in the first hydration is there server markup to keep; a part rendered later is live at once.
  const [used, setUsed] = useState(() => !isHydrating());
  const first = useRef(watch);
  const element = useRef<HTMLElement>(null);
  const replay = useRef<Replay | null>(null);
  const live = used || !sameAs(first.current, watch);
  const wasLive = useRef(live);
  if (live && !wasLive.current) {
    wasLive.current = true;
    // Come alive by a change: the focus (a comment opened from its link has it) moves to the same place.
    const focus = element.current ? [...element.current.querySelectorAll(USABLE)].indexOf(document.activeElement as Element) : -1;
    if (!replay.current && focus >= 0) replay.current = { index: -1, event: 'click', init: {}, focus };
  }

  useLayoutEffect(() => {
    const pending = replay.current;
    const root = element.current;
    if (!live || !pending || !root) return;
    replay.current = null;
    const usable = root.querySelectorAll<HTMLElement>(USABLE);
    if (pending.focus >= 0) usable[pending.focus]?.focus({ preventScroll: true });
    const target = usable[pending.index];
    if (!target) return;
    if (pending.event === 'click') target.click();
    else target.dispatchEvent(new (typeof PointerEvent === 'function' ? PointerEvent : MouseEvent)('pointerdown', { ...pending.init, bubbles: true, cancelable: true }));
  }, [live]);

  if (live) return createElement(as, { ref: element, className, id }, children);

  const wake = (event: MouseEvent | PointerEvent, kind: Replay['event']) => {
    const root = element.current;
    const control = (event.target as Element | null)?.closest?.(USABLE);
    if (!root || !control || !root.contains(control)) return;
    if (kind === 'pointerdown' && control.localName !== 'time') return;
    // A link clicked with a modifier or another button (a new tab, a menu) is the browser's own: the link is real.
    const browsers = event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (kind === 'click' && control.localName === 'a' && browsers) return;
    const usable = [...root.querySelectorAll(USABLE)];
    const pointer = event as PointerEvent;
    replay.current = {
      index: usable.indexOf(control),
      event: kind,
      init: { pointerId: pointer.pointerId, pointerType: pointer.pointerType, isPrimary: pointer.isPrimary, clientX: pointer.clientX, clientY: pointer.clientY },
      focus: usable.indexOf(document.activeElement as Element),
    };
    if (kind === 'click') {
      event.preventDefault();
      event.stopPropagation();
    }
    setUsed(true);
  };

  // While hydrating, markup set this way is not applied: the server's stays, and is never diffed.
  return createElement(as, {
    ref: element,
    className,
    id,
    dangerouslySetInnerHTML: KEEP,
    onClickCapture: (event: unknown) => wake(event as MouseEvent, 'click'),
    onPointerDownCapture: (event: unknown) => wake(event as PointerEvent, 'pointerdown'),
  });
}

/** One object for every render, so Preact never writes it after hydrating (it compares them). */
const KEEP = { __html: '' };
