import { useSyncExternalStore } from 'react';

// Spec §3 Cookie preferences and §4 Consent (UK PECR): nothing optional runs before a choice is
// stored. Keys and values exactly as the spec names them: cookie_consent = 'true' once a choice is
// made, cookie_preferences = JSON {necessary, analytics, marketing, functional}.
export type CookiePreferences = { necessary: true; analytics: boolean; marketing: boolean; functional: boolean };

export const CONSENT_KEY = 'cookie_consent';
export const PREFERENCES_KEY = 'cookie_preferences';

export const ACCEPT_ALL: CookiePreferences = { necessary: true, analytics: true, marketing: true, functional: true };
export const ESSENTIAL_ONLY: CookiePreferences = { necessary: true, analytics: false, marketing: false, functional: false };

const listeners = new Set<() => void>();
let cached: { raw: string | null; given: string | null; value: CookiePreferences | null } | undefined;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored choice, or null when none is stored (or it cannot be read: then, with a warning, no consent). */
export function getConsent(): CookiePreferences | null {
  const given = read(CONSENT_KEY);
  const raw = read(PREFERENCES_KEY);
  if (cached && cached.raw === raw && cached.given === given) return cached.value;
  let value: CookiePreferences | null = null;
  if (given === 'true' && raw !== null) {
    try {
      const p = JSON.parse(raw) as Partial<Record<keyof CookiePreferences, unknown>>;
      if (typeof p !== 'object' || p === null) throw new Error('not an object');
      value = { necessary: true, analytics: p.analytics === true, marketing: p.marketing === true, functional: p.functional === true };
    } catch (err) {
      console.warn('Ignoring unreadable cookie preferences', err);
      value = null;
    }
  }
  cached = { raw, given, value };
  return value;
}

/** Stores a choice and applies it at once (every subscriber hears of it). */
export function saveConsent(prefs: Omit<CookiePreferences, 'necessary'> & { necessary?: boolean }): void {
  const value: CookiePreferences = { necessary: true, analytics: prefs.analytics, marketing: prefs.marketing, functional: prefs.functional };
  try {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify(value));
    window.localStorage.setItem(CONSENT_KEY, 'true');
  } catch {
    // Storage blocked: the choice still applies for this page's life.
  }
  cached = { raw: read(PREFERENCES_KEY), given: read(CONSENT_KEY), value };
  listeners.forEach((l) => l());
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CONSENT_KEY || e.key === PREFERENCES_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice (null before any), re-rendering when it changes in this tab or another. */
export function useConsent(): CookiePreferences | null {
  return useSyncExternalStore(subscribeConsent, getConsent, () => null);
}
