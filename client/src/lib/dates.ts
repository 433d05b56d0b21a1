// Every date and time a person reads, in one place: UK words and UK clocks (en-GB, Europe/London),
// whatever the device's own time zone.
//
// Written by hand rather than with Intl.DateTimeFormat (issue 31): a browser's first Intl object loads
// its locale data, 100–160 ms with the CPU slowed 4× (Lighthouse's phone), and every page with a date in
// its first render (the landing's previews, a post) paid it while hydrating. London's clocks follow one
// rule (the Summer Time Order 2002: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
// last Sunday of October), and en-GB's forms are few; dates.test holds each form to Intl's own output
// over years of instants and every clock change, so the server's and the browser's words stay the same.

export const LONDON = 'Europe/London';

type DateInput = string | number | Date;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 01:00 UTC on the last Sunday of a month (0-based) of a year: when London's clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The London wall clock of an instant, read from a Date's UTC fields. */
function londonClock(d: Date): Date {
  const t = d.getTime();
  const year = d.getUTCFullYear();
  const summer = t >= lastSundayAtOne(year, 2) && t < lastSundayAtOne(year, 9);
  return new Date(summer ? t + HOUR_MS : t);
}

const two = (n: number) => String(n).padStart(2, '0');

function london(form: (c: Date) => string): (d: Date) => string {
  return (d) => form(londonClock(d));
}

const clock = (c: Date) => `${two(c.getUTCHours())}:${two(c.getUTCMinutes())}`;
const dayMonthYear = (c: Date) => `${c.getUTCDate()} ${SHORT_MONTHS[c.getUTCMonth()]} ${c.getUTCFullYear()}`;

const formats = {
  dateTime: london((c) => `${dayMonthYear(c)}, ${clock(c)}`),
  dateTimeShort: london((c) => `${two(c.getUTCDate())}/${two(c.getUTCMonth() + 1)}/${c.getUTCFullYear()}, ${clock(c)}`),
  date: london(dayMonthYear),
  dayMonth: london((c) => `${c.getUTCDate()} ${SHORT_MONTHS[c.getUTCMonth()]}`),
  monthYear: london((c) => `${LONG_MONTHS[c.getUTCMonth()]} ${c.getUTCFullYear()}`),
  shortMonthYear: london((c) => `${SHORT_MONTHS[c.getUTCMonth()]} ${c.getUTCFullYear()}`),
  time: london(clock),
  year: london((c) => String(c.getUTCFullYear())),
  /** 'YYYY-MM-DD' */
  isoDay: london((c) => `${c.getUTCFullYear()}-${two(c.getUTCMonth() + 1)}-${two(c.getUTCDate())}`),
};

/** Each form by name, for dates.test to hold against Intl. */
export const LONDON_FORMS_FOR_TEST = formats;

/** The date, or null when it does not read as one (nothing is shown rather than 'Invalid Date'). */
function toDate(date: DateInput | null | undefined): Date | null {
  if (date === null || date === undefined) return null;
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? null : d;
}

const show = (format: (d: Date) => string) => (date: DateInput | null | undefined, ifNone = '') => {
  const d = toDate(date);
  return d ? format(d) : ifNone;
};

/** '1 Jun 2025, 09:05': when something happened, in lists and details, and a <Time>'s exact time. */
export const formatDateTime = show(formats.dateTime);
/** '01/06/2025, 09:05': the same, narrow enough for a table cell. */
export const formatDateTimeShort = show(formats.dateTimeShort);
/** '1 Jun 2025'. */
export const formatDate = show(formats.date);
/** '1 Jun': a chart's axis. */
export const formatDayMonth = show(formats.dayMonth);
/** 'June 2025': member since (spec §2). */
export const formatMonthYear = show(formats.monthYear);
/** 'Jun 2025': the directory card's member-since (spec §2: month/year). */
export const formatShortMonthYear = show(formats.shortMonthYear);

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

const sameLondonYear = (a: Date, b: Date) => formats.year(a) === formats.year(b);

/**
 * How long ago, as people say it (issue 18, ADR 0008): 'just now' under a minute (and for a date
 * ahead of this clock), '5 minutes ago', '3 hours ago' under a day, then the London date: '12 Mar'
 * this year, '12 Mar 2025' before. The server renders it at request time and the browser again as
 * it hydrates, each with its own clock: only the text can differ, and Preact puts the browser's in.
 */
export function formatAge(date: DateInput, now: number = Date.now()): string {
  const d = toDate(date);
  if (!d) return '';
  const ms = now - d.getTime();
  if (ms < MINUTE_MS) return 'just now';
  if (ms < HOUR_MS) return ago(Math.floor(ms / MINUTE_MS), 'minute');
  if (ms < DAY_MS) return ago(Math.floor(ms / HOUR_MS), 'hour');
  return sameLondonYear(d, new Date(now)) ? formats.dayMonth(d) : formats.date(d);
}

/** formatAge in a phone row's few characters: 'now', '5m', '3h', '12 Mar', 'Mar 2025'. */
export function formatShortAge(date: DateInput, now: number = Date.now()): string {
  const d = toDate(date);
  if (!d) return '';
  const ms = now - d.getTime();
  if (ms < MINUTE_MS) return 'now';
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)}m`;
  if (ms < DAY_MS) return `${Math.floor(ms / HOUR_MS)}h`;
  return sameLondonYear(d, new Date(now)) ? formats.dayMonth(d) : formats.shortMonthYear(d);
}

/** '14:05': a chat message's clock time. */
export const formatTime = show(formats.time);

/** A chat list's time: the clock time today (London), else the date ('12 Mar', '12 Mar 2025'). */
export function formatTimeOrDate(date: DateInput | null | undefined, now: number = Date.now()): string {
  const d = toDate(date);
  if (!d) return '';
  const today = new Date(now);
  if (formats.date(d) === formats.date(today)) return formats.time(d);
  return sameLondonYear(d, today) ? formats.dayMonth(d) : formats.date(d);
}

// Calendar days ('YYYY-MM-DD') are London days already; their arithmetic runs in UTC so that no
// clock change moves them.

/** Today in Europe/London as 'YYYY-MM-DD' (the server counts London days too). */
export const todayInLondon = (now: Date = new Date()): string => formats.isoDay(now);

/** '2024-03-30' + 2 → '2024-04-01'. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-03-30' → 'Sat 30 Mar 2024' (built by hand: browsers' en-GB differ on the comma). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
