// Every London day boundary in one tested function (issue 29: the dashboard's "today" lost posts on
// the clock-change days). The server counts days as a person in the UK reads a calendar: a day begins
// at 00:00 on London clocks, which is 00:00 UTC in winter (GMT) and 23:00 UTC the evening before in
// summer (BST). The clocks change at 01:00 UTC, never at midnight, so a day's start has one offset —
// the one in force at its own midnight, not the one in force now.

/**
 * A formatter of London clock time, made on its first use and then kept (one made per call leaks native
 * memory, issue 14). Not when its module loads: a browser's first Intl.DateTimeFormat loads the locale's
 * and the time zone's data, 100–160 ms with the CPU slowed 4× (Lighthouse's phone), and a module that
 * made one at import charged it to every page that loads the module, most of which never show a date
 * before the reader does something (issue 31).
 */
export function londonFormat(locale: 'en-GB' | 'en-CA', options: Intl.DateTimeFormatOptions): (at: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  // Made once per formatter, on its first call, and kept: the leak issue 14's rule guards against is one per call.
  // eslint-disable-next-line no-restricted-syntax
  return (at) => (format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/London' })).format(at);
}

const LONDON_HOUR = londonFormat('en-GB', { hour: '2-digit', hourCycle: 'h23' });

const HOUR_MS = 60 * 60 * 1000;

/** The London calendar date of an instant, as 'YYYY-MM-DD'. */
export const londonDate = londonFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The instant a London calendar date ('YYYY-MM-DD') began. */
export function londonDateStart(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Summer's midnight is 23:00 UTC the day before; winter's is 00:00 UTC. Whichever reads 00 in London.
  const summer = new Date(utcMidnight - HOUR_MS);
  return LONDON_HOUR(summer) === '00' && londonDate(summer) === date ? summer : new Date(utcMidnight);
}

/** The instant the London day holding `at` began. */
export const londonDayStart = (at: Date): Date => londonDateStart(londonDate(at));

/** The instant the London day after the one holding `at` begins (a day is 23 or 25 hours twice a year). */
export function nextLondonDayStart(at: Date): Date {
  const [y, m, d] = londonDate(at).split('-').map(Number);
  return londonDateStart(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10));
}
