const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** A notification's age: 'just now', '5 minutes ago', '3 hours ago', '2 days ago', then the date. */
export function relativeAge(date: string | Date, now: number = Date.now()): string {
  const t = new Date(date).getTime();
  if (Number.isNaN(t)) return '';
  const ms = now - t;
  if (ms < MINUTE) return 'just now'; // a clock a little ahead of the server's too
  if (ms < HOUR) return ago(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return ago(Math.floor(ms / HOUR), 'hour');
  if (ms < 7 * DAY) return ago(Math.floor(ms / DAY), 'day');
  const sameYear = new Date(t).getFullYear() === new Date(now).getFullYear();
  return (sameYear ? dayMonth : dayMonthYear).format(t);
}

/** The full date and time, for the tooltip. */
export const fullDate = (date: string | Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(date));
