import { LANDING_TITLE_MAX } from '@common/constants';

const HOUR_MS = 3_600_000;

/**
 * Spec §2 landing: age in hours under 24 h, otherwise in days. Under an hour reads
 * 'less than an hour ago' rather than '0 hours ago'; a date in the future (clock skew) too.
 */
export function formatAge(date: string | number | Date, now: number = Date.now()): string {
  const t = new Date(date).getTime();
  if (Number.isNaN(t)) return '';
  const hours = Math.floor((now - t) / HOUR_MS);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Cuts a title to `max` characters and marks the cut with '…'. */
export function truncateTitle(title: string, max: number = LANDING_TITLE_MAX): string {
  if (title.length <= max) return title;
  return `${title.slice(0, max).trimEnd()}…`;
}

/** '1 reply', '2 replies'. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export function formatMonthYear(date: string | Date): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : monthYear.format(d);
}
