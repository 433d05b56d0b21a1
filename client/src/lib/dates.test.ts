import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatAge,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatDay,
  formatDayMonth,
  formatMonthYear,
  formatShortAge,
  formatShortMonthYear,
  formatTime,
  formatTimeOrDate,
  LONDON_FORMS_FOR_TEST,
  todayInLondon,
} from './dates';

const H = 3_600_000;
const MINUTE = 60_000;
const HOUR = H;
const DAY = 24 * H;

describe('London formatters', () => {
  // 08:05:03 UTC is 09:05:03 in London summer time, and 18:05 UTC in winter is 18:05 in London.
  const summer = '2025-06-01T08:05:03Z';
  const winter = '2024-12-01T18:05:03Z';

  it('write UK dates and times on a London clock', () => {
    expect(formatDateTime(summer)).toBe('1 Jun 2025, 09:05');
    expect(formatDateTime(winter)).toBe('1 Dec 2024, 18:05');
    expect(formatDateTimeShort(summer)).toBe('01/06/2025, 09:05');
    expect(formatTime(summer)).toBe('09:05');
    expect(formatTime(winter)).toBe('18:05');
    expect(formatDate(summer)).toBe('1 Jun 2025');
    expect(formatDayMonth(Date.parse(summer))).toBe('1 Jun');
    expect(formatMonthYear(summer)).toBe('June 2025');
    expect(formatShortMonthYear('2025-01-15T12:00:00Z')).toBe('Jan 2025');
  });

  it('match what Date#toLocaleString writes for the same options', () => {
    const d = new Date(summer);
    expect(formatDateTime(summer)).toBe(d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }));
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
  const M = 60_000;

  it('says just now under a minute, and for a date ahead of this clock', () => {
    expect(formatAge(ago(0), NOW)).toBe('just now');
    expect(formatAge(ago(59_999), NOW)).toBe('just now');
    expect(formatAge(ago(-5 * M), NOW)).toBe('just now');
  });

  it('counts minutes under an hour', () => {
    expect(formatAge(ago(M), NOW)).toBe('1 minute ago');
    expect(formatAge(ago(2 * M), NOW)).toBe('2 minutes ago');
    expect(formatAge(ago(59 * M + 59_000), NOW)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(formatAge(ago(H), NOW)).toBe('1 hour ago');
    expect(formatAge(ago(5 * H + 30 * M), NOW)).toBe('5 hours ago');
    expect(formatAge(ago(23 * H + 59 * M), NOW)).toBe('23 hours ago');
  });

  it('gives the London date from a day: without the year this year, with it before', () => {
    expect(formatAge(ago(24 * H), NOW)).toBe('31 May');
    expect(formatAge('2025-03-12T10:00:00Z', NOW)).toBe('12 Mar');
    expect(formatAge('2024-03-12T10:00:00Z', NOW)).toBe('12 Mar 2024');
    expect(formatAge('2023-06-01T12:00:00Z', NOW)).toBe('1 Jun 2023'); // never '730 days ago'
  });

  it('reads the day on a London clock, in summer time and in winter', () => {
    // 23:30 UTC on 30 Mar 2025 is 00:30 BST on 31 Mar; 23:30 UTC on 26 Oct is 23:30 GMT, the same day.
    const later = Date.parse('2025-11-20T12:00:00Z');
    expect(formatAge('2025-03-30T23:30:00Z', later)).toBe('31 Mar');
    expect(formatAge('2025-10-26T23:30:00Z', later)).toBe('26 Oct');
    // The year turns in London: 23:30 UTC on 31 Dec 2024 is still 2024 there (GMT).
    expect(formatAge('2024-12-31T23:30:00Z', Date.parse('2025-02-01T12:00:00Z'))).toBe('31 Dec 2024');
    // A summer night: 23:30 UTC on 30 Jun is 00:30 on 1 Jul in London.
    expect(formatAge('2025-06-30T23:30:00Z', later)).toBe('1 Jul');
  });

  it('counts in elapsed time across a clock change (an hour is an hour)', () => {
    // Clocks went back at 02:00 BST on 26 Oct 2025: 01:30 BST to 01:30 GMT is two hours.
    expect(formatAge('2025-10-26T00:30:00Z', Date.parse('2025-10-26T02:30:00Z'))).toBe('2 hours ago');
  });

  it('is empty for an invalid date', () => {
    expect(formatAge('not a date', NOW)).toBe('');
  });
});

describe('formatShortAge', () => {
  const NOW = Date.parse('2025-06-01T12:00:00Z');
  it.each([
    [NOW - 20_000, 'now'],
    [NOW + 60_000, 'now'],
    [NOW - 5 * 60_000, '5m'],
    [NOW - 59 * 60_000, '59m'],
    [NOW - H, '1h'],
    [NOW - 23 * H - 59 * 60_000, '23h'],
    [NOW - 24 * H, '31 May'],
    [Date.parse('2024-03-12T10:00:00Z'), 'Mar 2024'],
  ])('%s → %s', (t, expected) => {
    expect(formatShortAge(new Date(t).toISOString(), NOW)).toBe(expected);
  });
  it('is empty for a date that does not read as one', () => {
    expect(formatShortAge('not a date', NOW)).toBe('');
  });
});

describe('formatTimeOrDate', () => {
  it('gives the clock time for today in London, else the date', () => {
    // 00:30 BST on 1 Jun is 23:30 UTC on 31 May: already today in London.
    const now = Date.parse('2025-06-01T20:00:00Z');
    expect(formatTimeOrDate('2025-05-31T23:30:00Z', now)).toBe('00:30');
    expect(formatTimeOrDate('2025-06-01T13:05:00Z', now)).toBe('14:05');
    expect(formatTimeOrDate('2025-05-31T22:59:00Z', now)).toBe('31 May');
    expect(formatTimeOrDate('2024-12-25T09:00:00Z', now)).toBe('25 Dec 2024');
    expect(formatTimeOrDate(null)).toBe('');
  });

  it('in winter London is on GMT', () => {
    const now = Date.parse('2025-01-15T23:50:00Z');
    expect(formatTimeOrDate('2025-01-15T00:10:00Z', now)).toBe('00:10');
    expect(formatTimeOrDate('2025-01-14T23:59:00Z', now)).toBe('14 Jan');
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

describe('the hand-written London forms are Intl en-GB, Europe/London (issue 31)', () => {
  const intl: Record<keyof typeof LONDON_FORMS_FOR_TEST, Intl.DateTimeFormat> = {
    dateTime: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }),
    dateTimeShort: new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/London' }),
    date: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' }),
    dayMonth: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' }),
    monthYear: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }),
    shortMonthYear: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'Europe/London' }),
    time: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }),
    year: new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }),
    isoDay: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/London' }),
  };
  const forms = Object.keys(intl) as Array<keyof typeof intl>;

  // Every clock change from 2020 to 2040, a minute and an hour either side, and 3,000 instants spread over the years.
  const instants: number[] = [];
  for (let year = 2020; year <= 2040; year++) {
    for (const month of [2, 9]) {
      const last = new Date(Date.UTC(year, month + 1, 0));
      const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
      for (const delta of [-HOUR - 1, -HOUR, -MINUTE, -1, 0, 1, MINUTE, HOUR - 1, HOUR, HOUR + MINUTE]) instants.push(change + delta);
    }
    for (const [m, d] of [[0, 1], [11, 31], [1, 29], [8, 30]]) for (const h of [0, 23]) instants.push(Date.UTC(year, m, d, h, 59, 59));
  }
  let seed = 31;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 3000; i++) instants.push(Date.UTC(2020, 0, 1) + Math.floor(next() * 21 * 365 * DAY));

  it.each(forms)('%s matches at every instant', (form) => {
    const wrong = instants.map((t) => new Date(t)).filter((d) => LONDON_FORMS_FOR_TEST[form](d) !== intl[form].format(d));
    expect(wrong.map((d) => `${d.toISOString()}: ${LONDON_FORMS_FOR_TEST[form](d)} vs ${intl[form].format(d)}`)).toEqual([]);
  });
});
