import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatAge,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDateTimeShort,
  formatDay,
  formatDayMonth,
  formatMonthYear,
  formatShortMonthYear,
  relativeAge,
  todayInLondon,
} from './dates';

const H = 3_600_000;

describe('London formatters', () => {
  // 08:05:03 UTC is 09:05:03 in London summer time, and 18:05 UTC in winter is 18:05 in London.
  const summer = '2025-06-01T08:05:03Z';
  const winter = '2024-12-01T18:05:03Z';

  it('write UK dates and times on a London clock', () => {
    expect(formatDateTime(summer)).toBe('1 Jun 2025, 09:05');
    expect(formatDateTime(winter)).toBe('1 Dec 2024, 18:05');
    expect(formatDateTimeShort(summer)).toBe('01/06/2025, 09:05');
    expect(formatDateTimeSeconds(summer)).toBe('01/06/2025, 09:05:03');
    expect(formatDate(summer)).toBe('1 Jun 2025');
    expect(formatDayMonth(Date.parse(summer))).toBe('1 Jun');
    expect(formatMonthYear(summer)).toBe('June 2025');
    expect(formatShortMonthYear('2025-01-15T12:00:00Z')).toBe('Jan 2025');
  });

  it('match what Date#toLocaleString writes for the same options', () => {
    const d = new Date(summer);
    expect(formatDateTime(summer)).toBe(d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }));
    expect(formatDateTimeSeconds(summer)).toBe(d.toLocaleString('en-GB', { timeZone: 'Europe/London' }));
  });

  it('say the given word, else nothing, for a missing or unreadable date', () => {
    expect(formatDateTime(null, '—')).toBe('—');
    expect(formatDateTimeShort(undefined, '—')).toBe('—');
    expect(formatDate('nonsense')).toBe('');
    expect(formatMonthYear('nonsense')).toBe('');
    expect(formatShortMonthYear('nonsense')).toBe('');
  });
});

describe('formatAge', () => {
  const NOW = Date.parse('2025-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(NOW - ms).toISOString();

  it('says less than an hour under one hour (and for clock skew)', () => {
    expect(formatAge(ago(0), NOW)).toBe('less than an hour ago');
    expect(formatAge(ago(59 * 60_000), NOW)).toBe('less than an hour ago');
    expect(formatAge(ago(-5 * 60_000), NOW)).toBe('less than an hour ago');
  });

  it('counts hours under 24 h', () => {
    expect(formatAge(ago(H), NOW)).toBe('1 hour ago');
    expect(formatAge(ago(5 * H + 30 * 60_000), NOW)).toBe('5 hours ago');
    expect(formatAge(ago(23 * H + 59 * 60_000), NOW)).toBe('23 hours ago');
  });

  it('counts days from 24 h', () => {
    expect(formatAge(ago(24 * H), NOW)).toBe('1 day ago');
    expect(formatAge(ago(47 * H), NOW)).toBe('1 day ago');
    expect(formatAge(ago(4 * 24 * H), NOW)).toBe('4 days ago');
  });

  it('is empty for an invalid date', () => {
    expect(formatAge('not a date', NOW)).toBe('');
  });
});

describe('relativeAge', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const before = (ms: number) => new Date(now - ms).toISOString();

  it('reads like a person would say it', () => {
    expect(relativeAge(before(20_000), now)).toBe('just now');
    expect(relativeAge(before(-60_000), now)).toBe('just now');
    expect(relativeAge(before(60_000), now)).toBe('1 minute ago');
    expect(relativeAge(before(59 * 60_000), now)).toBe('59 minutes ago');
    expect(relativeAge(before(H), now)).toBe('1 hour ago');
    expect(relativeAge(before(5 * H), now)).toBe('5 hours ago');
    expect(relativeAge(before(2 * 86_400_000), now)).toBe('2 days ago');
    expect(relativeAge('2026-03-01T10:00:00Z', now)).toBe('1 Mar');
    expect(relativeAge('2025-12-24T10:00:00Z', now)).toBe('24 Dec 2025');
    expect(relativeAge('nonsense', now)).toBe('');
  });
});

describe('calendar days', () => {
  it("knows London's today either side of midnight UTC in summer time", () => {
    expect(todayInLondon(new Date('2025-06-01T22:59:59Z'))).toBe('2025-06-01');
    expect(todayInLondon(new Date('2025-06-01T23:00:00Z'))).toBe('2025-06-02');
    expect(todayInLondon(new Date('2025-01-01T23:30:00Z'))).toBe('2025-01-01');
  });

  it('adds days across a clock change and a month end', () => {
    expect(addDays('2024-03-30', 2)).toBe('2024-04-01');
    expect(addDays('2024-10-27', -29)).toBe('2024-09-28');
  });

  it('writes a day the same in every browser', () => {
    expect(formatDay('2024-03-30')).toBe('Sat 30 Mar 2024');
  });
});
