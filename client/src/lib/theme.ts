import { useSyncExternalStore } from 'react';
import { parseThemeChoice, THEME_KEY, type ThemeChoice } from '@common/theme';
import { storage } from './storage';

// The reader's choice of colours (issue 30, item 1): System, Light or Dark, kept on this device. The
// page already wears it before the app runs (common/theme.ts THEME_SCRIPT sets <html data-theme>);
// this store reads and changes it afterwards, and tells the switches and the charts.

export type { ThemeChoice } from '@common/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

/** The stored choice; System when none is stored or it is not one the site knows. */
export function getThemeChoice(): ThemeChoice {
  return parseThemeChoice(storage.get(THEME_KEY));
}

/** Light and Dark set <html data-theme>; System removes it, and the CSS follows the device. */
function apply(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Stores the choice (System is the absence of one) and applies it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') storage.remove(THEME_KEY);
  else storage.set(THEME_KEY, choice);
  apply(choice);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it: this one follows, so the site never shows two themes at once.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_KEY && e.key !== null) return;
    apply(getThemeChoice());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The current choice. The server renders System (it cannot know), and so does hydration; the
 * stored choice follows at once after it, changing only which option is ticked.
 */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system');
}

function deviceIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function subscribeDevice(listener: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The colours the page shows now, for what CSS cannot reach (a chart drawn on a canvas): the choice,
 * or for System the device's setting, following either as it changes.
 */
export function useColourScheme(): 'light' | 'dark' {
  const choice = useThemeChoice();
  const deviceDark = useSyncExternalStore(subscribeDevice, deviceIsDark, () => false);
  if (choice !== 'system') return choice;
  return deviceDark ? 'dark' : 'light';
}
