import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL, CONSENT_KEY, ESSENTIAL_ONLY, getConsent, PREFERENCES_KEY, saveConsent, subscribeConsent } from '@/lib/consent';

// lib/consent.ts: spec §3 storage keys and values, spec §4 "unreadable stored preferences are ignored
// (warning) and treated as no analytics consent".

afterEach(() => vi.restoreAllMocks());

describe('stored consent', () => {
  it('is absent until a choice is stored', () => {
    expect(getConsent()).toBeNull();
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(ACCEPT_ALL));
    expect(getConsent(), 'preferences without the consent flag').toBeNull();
  });

  it('stores exactly the spec keys and values', () => {
    saveConsent({ analytics: true, marketing: false, functional: true });
    expect(localStorage.getItem(CONSENT_KEY)).toBe('true');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '')).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
    expect(getConsent()).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
  });

  it('keeps Essential on whatever is stored', () => {
    localStorage.setItem(CONSENT_KEY, 'true');
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ necessary: false, analytics: true }));
    expect(getConsent()).toEqual({ necessary: true, analytics: true, marketing: false, functional: false });
  });

  it.each(['{not json', '"a string"', 'null', '42'])('ignores unreadable preferences %s with a warning: no analytics consent', (raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(CONSENT_KEY, 'true');
    localStorage.setItem(PREFERENCES_KEY, raw);
    expect(getConsent()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Ignoring unreadable cookie preferences', expect.anything());
  });

  it('tells every subscriber of a new choice at once', () => {
    const heard = vi.fn();
    const off = subscribeConsent(heard);
    saveConsent(ESSENTIAL_ONLY);
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    saveConsent(ACCEPT_ALL);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
