import { useCallback, useSyncExternalStore } from 'react';

// Spec §3 Bulletin: dismissed ids are kept in the browser. Strictly necessary storage under UK PECR:
// the reader asked for it by dismissing, so it needs no consent. Key 'dismissedBulletins', a JSON
// array of ids; the newest DISMISSED_MAX are kept.

export const DISMISSED_KEY = 'dismissedBulletins';
const DISMISSED_MAX = 200;

const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: ReadonlySet<number> } | undefined;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** Used only when storage is blocked: dismissals then last for the page's life. */
let fallback: ReadonlySet<number> | null = null;
const EMPTY: ReadonlySet<number> = new Set();

export function getDismissedBulletins(): ReadonlySet<number> {
  const raw = readRaw();
  if (raw === null && fallback) return fallback;
  if (cached && cached.raw === raw) return cached.ids;
  cached = { raw, ids: new Set(parse(raw)) };
  return cached.ids;
}

export function dismissBulletin(id: number): void {
  const next = [...getDismissedBulletins()].filter((x) => x !== id);
  next.push(id);
  const kept = next.slice(-DISMISSED_MAX);
  try {
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(kept));
    fallback = null;
  } catch {
    fallback = new Set(kept);
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === DISMISSED_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The dismissed ids (this tab's and other tabs' dismissals), and how to dismiss one. */
export function useDismissedBulletins() {
  const dismissed = useSyncExternalStore(subscribe, getDismissedBulletins, () => EMPTY);
  const dismiss = useCallback((id: number) => dismissBulletin(id), []);
  return { dismissed, dismiss };
}
