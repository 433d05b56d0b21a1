import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/idle';
import { useLocation } from '@/lib/router';
import { ErrorBoundary } from './error-boundary';

// Spec §9: one toast visible at a time, 5000 ms, swipe right past 50 px to dismiss, F8 to focus
// the toast region (Radix's default hotkey). `toast()` works from anywhere, even outside React.
// The Radix view is its own chunk, fetched when the browser is idle or with the first toast.

export type ToastVariant = 'default' | 'success' | 'destructive';
/** One button in the toast (e.g. 'Sign In' after the session ended); pressing it also closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number; action?: ToastAction };
/** Which edge of the screen the toast sits at: the one away from the control just used. */
export type ToastSide = 'top' | 'bottom';
type ToastItem = ToastInput & { id: number; open: boolean; side: ToastSide; createdAt: number };

const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted so its exit can play. */
const REMOVE_DELAY_MS = 300;
/**
 * A toast that announces a move ('Post published', then the post's page) is shown just before it; a
 * navigation more than this after a toast is the reader going elsewhere, and takes the toast away.
 */
export const NAVIGATION_GRACE_MS = 1000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

// Where the reader last touched, clicked or typed: a toast is the answer to that control, so it goes
// to the other half of the screen rather than over it (on a phone, the vote buttons or the reply box).
let lastPointer: { y: number; at: number } | null = null;
let lastKeyAt = 0;
if (typeof window !== 'undefined') {
  const opts = { capture: true, passive: true } as const;
  window.addEventListener('pointerdown', (e) => (lastPointer = { y: e.clientY, at: performance.now() }), opts);
  window.addEventListener('keydown', () => (lastKeyAt = performance.now()), opts);
}

/** The control in use: the field being typed in, else the last tap (Safari does not focus a tapped button), else the focus. */
function controlY(): number | null {
  const el = document.activeElement;
  const focused = el instanceof HTMLElement && el !== document.body ? el : null;
  const typing = !!focused && (focused.matches('input, textarea, select') || focused.isContentEditable);
  if (lastPointer && !typing && lastPointer.at >= lastKeyAt) return lastPointer.y;
  if (focused) {
    const r = focused.getBoundingClientRect();
    if (r.height > 0) return r.top + r.height / 2;
  }
  return lastPointer?.y ?? null;
}

/** The edge clear of the control in use: the top when it is in the lower half of the screen. */
export function toastSide(y: number | null = typeof document === 'undefined' ? null : controlY()): ToastSide {
  if (y === null || typeof window === 'undefined') return 'bottom';
  const height = window.visualViewport?.height ?? window.innerHeight;
  return y > height / 2 ? 'top' : 'bottom';
}

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true, side: toastSide(), createdAt: Date.now() }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** A new page: toasts about the last one go (a 'Verification failed' has no place on the welcome screen). */
export function dismissStaleToasts(now = Date.now()): void {
  for (const t of toasts) if (t.open && now - t.createdAt > NAVIGATION_GRACE_MS) dismissToast(t.id);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToast() {
  const list = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return { toasts: list, toast, dismiss: dismissToast };
}

const ToasterView = lazy(() => import('./toaster-view').then((m) => ({ default: m.ToasterView })));

/** The toast provider and viewport; mounted once by the app. */
export function Toaster() {
  const { toasts: list } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    dismissStaleToasts();
  }, [pathname]);
  if (list.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    // Offline before the view arrived: toasts are lost, the page is not.
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <ToasterView />
      </Suspense>
    </ErrorBoundary>
  );
}
