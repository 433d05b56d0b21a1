import { LANDING_TITLE_MAX } from '@common/rules/site';

/** Cuts a title to `max` characters and marks the cut with '…'. */
export function truncateTitle(title: string, max: number = LANDING_TITLE_MAX): string {
  if (title.length <= max) return title;
  return `${title.slice(0, max).trimEnd()}…`;
}

/**
 * 12,345 and 2.5 as the site writes numbers (en-GB: commas between thousands, at most three
 * decimals), written here rather than by Intl.NumberFormat: the first formatter of a page loads the
 * locale's data, ~12 ms of a throttled phone's hydration of the forum list (issue 15).
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '0', fraction] = Math.abs(Math.round(n * 1000) / 1000).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 && Math.round(n * 1000) !== 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** '1 reply', '2 replies'. */
export function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
