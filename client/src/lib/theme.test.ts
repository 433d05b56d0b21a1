import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { THEME_KEY, THEME_SCRIPT } from '@common/theme';
import { getThemeChoice, setThemeChoice, useColourScheme, useThemeChoice } from './theme';

const root = document.documentElement;

/** The device's setting as matchMedia reports it; `flip` changes it as the phone's night mode would. */
function deviceScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal('matchMedia', (q: string) => (q === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    flip(next: boolean) {
      dark = next;
      listeners.forEach((l) => l());
    },
  };
}

afterEach(() => {
  root.removeAttribute('data-theme');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the theme store', () => {
  it('reads the choice stored on the device', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    expect(getThemeChoice()).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    expect(getThemeChoice()).toBe('light');
  });

  it('falls back to System for nothing stored, a value it does not know, or storage it cannot read', () => {
    expect(getThemeChoice()).toBe('system');
    for (const bad of ['Dark', 'blue', '', '"dark"', 'system ']) {
      localStorage.setItem(THEME_KEY, bad);
      expect(getThemeChoice(), JSON.stringify(bad)).toBe('system');
    }
    localStorage.setItem(THEME_KEY, 'dark');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(getThemeChoice()).toBe('system');
  });

  it('stores Light or Dark and applies it to <html> at once; System forgets it and follows the device', () => {
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    setThemeChoice('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(root.getAttribute('data-theme')).toBe('light');
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('still applies a choice for this page when storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    setThemeChoice('dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it('tells its readers of a change made here or in another tab, and applies the other tab’s choice', () => {
    const { result } = renderHook(() => useThemeChoice());
    expect(result.current).toBe('system');
    act(() => setThemeChoice('dark'));
    expect(result.current).toBe('dark');
    act(() => {
      localStorage.setItem(THEME_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'light' }));
    });
    expect(result.current).toBe('light');
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('resolves System to the device’s scheme and follows it when it changes; a choice overrides it', () => {
    const device = deviceScheme(true);
    const { result } = renderHook(() => useColourScheme());
    expect(result.current).toBe('dark');
    act(() => device.flip(false));
    expect(result.current).toBe('light');
    act(() => setThemeChoice('dark'));
    expect(result.current).toBe('dark');
    act(() => setThemeChoice('light'));
    act(() => device.flip(true));
    expect(result.current).toBe('light');
  });
});

describe('the script in <head>', () => {
  const run = () => new Function(THEME_SCRIPT)();

  it('applies a stored Light or Dark before the app runs', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    run();
    expect(root.getAttribute('data-theme')).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    run();
    expect(root.getAttribute('data-theme')).toBe('light');
  });

  it('leaves System, and anything it does not know, to the CSS', () => {
    for (const stored of [null, 'system', 'purple', '<script>']) {
      if (stored === null) localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, stored);
      run();
      expect(root.hasAttribute('data-theme'), String(stored)).toBe(false);
    }
  });

  it('does not throw when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(run).not.toThrow();
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
