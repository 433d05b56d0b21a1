// Every date and time a person reads, in one place: UK words and UK clocks (en-GB, Europe/London),
// whatever the device's own time zone. Formatters are built on first use: most pages need one or two.

export const LONDON = 'Europe/London';

type DateInput = string | number | Date;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function london(options: Intl.DateTimeFormatOptions): (d: Date) => string {
  let f: Intl.DateTimeFormat | undefined;
  return (d) => (f ??= new Intl.DateTimeFormat('en-GB', { ...options, timeZone: LONDON })).format(d);
}

const formats = {
  dateTime: london({ dateStyle: 'medium', timeStyle: 'short' }),
  dateTimeShort: london({ dateStyle: 'short', timeStyle: 'short' }),
  // What Date#toLocaleString writes when given no fields: every numeric part, seconds included.
  dateTimeSeconds: london({ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }),
  date: london({ dateStyle: 'medium' }),
  dayMonth: london({ day: 'numeric', month: 'short' }),
  monthYear: london({ month: 'long', year: 'numeric' }),
  shortMonthYear: london({ month: 'short', year: 'numeric' }),
};

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

/** '1 Jun 2025, 09:05': when something happened, in lists and details. */
export const formatDateTime = show(formats.dateTime);
/** '01/06/2025, 09:05': the same, narrow enough for a table cell. */
export const formatDateTimeShort = show(formats.dateTimeShort);
/** '01/06/2025, 09:05:03': the exact moment, for a tooltip. */
export const formatDateTimeSeconds = show(formats.dateTimeSeconds);
/** '1 Jun 2025'. */
export const formatDate = show(formats.date);
/** '1 Jun': a chart's axis. */
export const formatDayMonth = show(formats.dayMonth);
/** 'June 2025': member since (spec §2). */
export const formatMonthYear = show(formats.monthYear);
/** 'Jun 2025': the directory card's member-since (spec §2: month/year). */
export const formatShortMonthYear = show(formats.shortMonthYear);

/**
 * Spec §2 landing: age in hours under 24 h, otherwise in days. Under an hour reads
 * 'less than an hour ago' rather than '0 hours ago'; a date in the future (clock skew) too.
 */
export function formatAge(date: DateInput, now: number = Date.now()): string {
  const t = new Date(date).getTime();
  if (Number.isNaN(t)) return '';
  const hours = Math.floor((now - t) / HOUR_MS);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** A notification's age: 'just now', '5 minutes ago', '3 hours ago', '2 days ago', then the date. */
export function relativeAge(date: DateInput, now: number = Date.now()): string {
  const t = new Date(date).getTime();
  if (Number.isNaN(t)) return '';
  const ms = now - t;
  if (ms < MINUTE_MS) return 'just now'; // a clock a little ahead of the server's too
  if (ms < HOUR_MS) return ago(Math.floor(ms / MINUTE_MS), 'minute');
  if (ms < DAY_MS) return ago(Math.floor(ms / HOUR_MS), 'hour');
  if (ms < 7 * DAY_MS) return ago(Math.floor(ms / DAY_MS), 'day');
  const sameYear = new Date(t).getFullYear() === new Date(now).getFullYear();
  return sameYear ? formats.dayMonth(new Date(t)) : formats.date(new Date(t));
}

// Calendar days ('YYYY-MM-DD') are London days already; their arithmetic runs in UTC so that no
// clock change moves them.

/** Today in Europe/London as 'YYYY-MM-DD' (the server counts London days too). */
export function todayInLondon(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LONDON, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

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
