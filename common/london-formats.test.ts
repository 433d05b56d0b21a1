import { afterEach, describe, expect, it, vi } from 'vitest';

const RealFormat = Intl.DateTimeFormat;
let made = 0;
/** Intl.DateTimeFormat, counting what is made. */
class CountingFormat extends RealFormat {
  constructor(...args: ConstructorParameters<typeof RealFormat>) {
    super(...args);
    made++;
  }
}

// Issue 31: a browser's first Intl.DateTimeFormat costs 100-160 ms on Lighthouse's slowed phone, so no module a
// page loads may make one when it is imported; a formatter is made on its first use, once.
describe('London date formatters are made on first use, once', () => {
  afterEach(() => {
    Intl.DateTimeFormat = RealFormat;
  });

  it('importing the modules that format London dates makes none; the first call makes one, later calls reuse it', async () => {
    vi.resetModules();
    made = 0;
    Intl.DateTimeFormat = CountingFormat as typeof Intl.DateTimeFormat;
    const day = await import('./london-day.ts');
    const trust = await import('./rules/trust.ts');
    const roles = await import('./rules/roles.ts');
    const courier = await import('./rules/courier.ts');
    const pay = await import('./pay-estimator.ts');
    const dates = await import('../client/src/lib/dates.ts');
    expect(made).toBe(0);

    const at = new Date('2026-07-03T13:04:32Z');
    expect(day.londonDate(at)).toBe('2026-07-03');
    expect(pay.ukToday(at)).toBe('2026-07-03');
    expect(made).toBe(1); // the same formatter for both
    expect(roles.londonDateTime(at)).toBe('3 Jul 2026, 14:04');
    expect(roles.londonDateTime(new Date('2026-12-03T13:04:32Z'))).toBe('3 Dec 2026, 13:04');
    expect(made).toBe(2);
    expect(courier.verifiedSinceText('2026-11-01T00:30:00Z')).toBe('since November 2026');
    expect(trust.whenAgain(new Date('2026-07-03T13:04:32Z'), new Date('2026-07-03T09:00:00Z'))).toBe('at 14:05');
    expect(dates.formatDateTime(at)).toBe('3 Jul 2026, 14:04');
    const count = made;
    roles.londonDateTime(at);
    dates.formatDateTime(at);
    expect(made).toBe(count);
  });
});
