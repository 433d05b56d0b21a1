import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/idle';
import { ErrorBoundary } from './error-boundary';

// Spec §9: one toast visible at a time, 5000 ms, swipe right past 50 px to dismiss, F8 to focus
// the toast region (Radix's default hotkey). `toast()` works from anywhere, even outside React.
// The Radix view is its own chunk, fetched when the browser is idle or with the first toast.

export type ToastVariant = 'default' | 'success' | 'destructive';
/** One button in the toast (e.g. 'Sign In' after the session ended); pressing it also closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number; action?: ToastAction };
type ToastItem = ToastInput & { id: number; open: boolean };

const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted so its exit can play. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

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
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
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
