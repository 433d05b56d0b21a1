import { describe, expect, it } from 'vitest';
import { isFiltered, isSearchableDirectoryQuery, nextDirectoryParams, parseDirectoryState } from './directory-url-state';
import { formatShortMonthYear } from '@/lib/dates';
import { showingText } from './format';

describe('directory address state', () => {
  const none = { network: '', area: '', vehicle: '' };

  it('reads q and sort, with username A-Z by default', () => {
    expect(parseDirectoryState(new URLSearchParams('q=%20leeds%20%20depot%20&sort=joined'))).toEqual({ q: 'leeds depot', sort: 'joined', ...none });
    expect(parseDirectoryState(new URLSearchParams('sort=nonsense'))).toEqual({ q: '', sort: 'username', ...none });
  });

  it("reads the courier filters, dropping any the server would refuse", () => {
    const s = parseDirectoryState(new URLSearchParams('network=evri&area=ls&vehicle=van'));
    expect(s).toEqual({ q: '', sort: 'username', network: 'evri', area: 'LS', vehicle: 'van' });
    expect(isFiltered(s)).toBe(true);
    // Not a courier network (the Pay Index's catch-alls are not), not a postcode area, not a vehicle.
    const bad = parseDirectoryState(new URLSearchParams('network=other&area=LS1&vehicle=lorry'));
    expect(bad).toEqual({ q: '', sort: 'username', ...none });
    expect(isFiltered(bad)).toBe(false);
  });

  it('puts a filter in the address, and takes it out for any', () => {
    const p = nextDirectoryParams(new URLSearchParams('q=van&sort=joined'), { area: 'M', network: 'dpd' });
    expect(p.toString()).toBe('q=van&sort=joined&network=dpd&area=M');
    expect(nextDirectoryParams(p, { network: '', area: '', vehicle: 'ev' }).toString()).toBe('q=van&sort=joined&vehicle=ev');
  });

  it("never sends a search the server refuses (no letter or digit first, no three in a row)", () => {
    expect(isSearchableDirectoryQuery('hgv')).toBe(true);
    expect(isSearchableDirectoryQuery('jo')).toBe(true);
    expect(isSearchableDirectoryQuery('-van')).toBe(true);
    expect(isSearchableDirectoryQuery('-')).toBe(false);
    expect(isSearchableDirectoryQuery('.x')).toBe(false);
    expect(parseDirectoryState(new URLSearchParams('q=--'))).toEqual({ q: '', sort: 'username', network: '', area: '', vehicle: '' });
  });

  it('leaves no parameter for an empty search or the default sort, keeping others', () => {
    const p = nextDirectoryParams(new URLSearchParams('q=van&sort=joined&utm_source=x'), { q: ' ', sort: 'username' });
    expect(p.toString()).toBe('utm_source=x');
    expect(nextDirectoryParams(new URLSearchParams(), { q: 'Van', sort: 'joined' }).toString()).toBe('q=Van&sort=joined');
  });
});

describe('directory words', () => {
  it("says 'Showing X of Y verified members'", () => {
    expect(showingText(20, 1234)).toBe('Showing 20 of 1,234 verified members');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 verified members');
    // A count that lags (cached up to a minute) never reads as fewer than shown.
    expect(showingText(3, 2)).toBe('Showing 3 of 3 verified members');
  });

  it('shows member-since as month and year', () => {
    expect(formatShortMonthYear('2025-01-15T12:00:00Z')).toBe('Jan 2025');
    expect(formatShortMonthYear('nonsense')).toBe('');
  });
});
