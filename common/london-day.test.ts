import { describe, expect, it } from 'vitest';
import { londonDate, londonDateStart, londonDayStart, nextLondonDayStart } from './london-day.ts';

// The EU rule London follows: summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
// last Sunday of October.
const CLOCK_CHANGES: Record<number, { spring: string; autumn: string }> = {
  2026: { spring: '2026-03-29', autumn: '2026-10-25' },
  2027: { spring: '2027-03-28', autumn: '2027-10-31' },
  2028: { spring: '2028-03-26', autumn: '2028-10-29' },
  2029: { spring: '2029-03-25', autumn: '2029-10-28' },
  2030: { spring: '2030-03-31', autumn: '2030-10-27' },
};

const iso = (d: Date) => d.toISOString();
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('London days (issue 29, item 7)', () => {
  it('reproduces the two findings: the clock-change days begin at their own midnight', () => {
    expect(iso(londonDayStart(new Date('2026-03-29T01:30:00Z')))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(londonDayStart(new Date('2026-10-25T01:30:00Z')))).toBe('2026-10-24T23:00:00.000Z');
  });

  for (const [year, { spring, autumn }] of Object.entries(CLOCK_CHANGES)) {
    describe(year, () => {
      it(`spring forward on ${spring}: a 23-hour day that begins at 00:00 UTC`, () => {
        const start = `${spring}T00:00:00.000Z`;
        // Every instant of the day, on either side of the 01:00 UTC change, belongs to it.
        for (const t of ['T00:00:00Z', 'T00:59:59Z', 'T01:00:00Z', 'T01:30:00Z', 'T12:00:00Z', 'T22:59:59Z']) {
          expect(iso(londonDayStart(new Date(spring + t)))).toBe(start);
          expect(londonDate(new Date(spring + t))).toBe(spring);
        }
        // 23:00 UTC is already the next day (BST).
        expect(londonDate(new Date(`${spring}T23:00:00Z`))).not.toBe(spring);
        expect(iso(nextLondonDayStart(new Date(`${spring}T12:00:00Z`)))).toBe(`${spring}T23:00:00.000Z`);
        // The evening before still belongs to the day before (GMT).
        expect(londonDate(new Date(`${dayBefore(spring)}T23:30:00Z`))).toBe(dayBefore(spring));
      });

      it(`fall back on ${autumn}: a 25-hour day that begins at 23:00 UTC the evening before`, () => {
        const start = `${dayBefore(autumn)}T23:00:00.000Z`;
        for (const t of [`${dayBefore(autumn)}T23:00:00Z`, `${autumn}T00:59:59Z`, `${autumn}T01:00:00Z`, `${autumn}T01:30:00Z`, `${autumn}T23:59:59Z`]) {
          expect(iso(londonDayStart(new Date(t)))).toBe(start);
          expect(londonDate(new Date(t))).toBe(autumn);
        }
        expect(iso(nextLondonDayStart(new Date(`${autumn}T12:00:00Z`)))).toBe(`${dayAfter(autumn)}T00:00:00.000Z`);
        expect(nextLondonDayStart(new Date(`${autumn}T12:00:00Z`)).getTime() - londonDateStart(autumn).getTime()).toBe(25 * 3_600_000);
      });
    });
  }

  it('an ordinary winter and summer day', () => {
    expect(iso(londonDayStart(new Date('2026-01-15T10:00:00Z')))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(londonDayStart(new Date('2026-07-15T10:00:00Z')))).toBe('2026-07-14T23:00:00.000Z');
    expect(iso(londonDayStart(new Date('2026-07-15T23:30:00Z')))).toBe('2026-07-15T23:00:00.000Z');
    expect(londonDate(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('every day of 2026–2030 starts where the day before ended, 24 hours apart but on the two change days', () => {
    let start = londonDateStart('2026-01-01');
    for (let i = 0; i < 365 * 5; i++) {
      const next = nextLondonDayStart(start);
      const hours = (next.getTime() - start.getTime()) / 3_600_000;
      const date = londonDate(start);
      const year = Number(date.slice(0, 4));
      const expected = date === CLOCK_CHANGES[year].spring ? 23 : date === CLOCK_CHANGES[year].autumn ? 25 : 24;
      expect([date, hours]).toEqual([date, expected]);
      expect(londonDayStart(new Date(next.getTime() - 1)).getTime()).toBe(start.getTime());
      start = next;
    }
  });
});
