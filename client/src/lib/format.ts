import { LANDING_TITLE_MAX } from '@common/rules/site';

/** Cuts a title to `max` characters and marks the cut with '…'. */
export function truncateTitle(title: string, max: number = LANDING_TITLE_MAX): string {
  if (title.length <= max) return title;
  return `${title.slice(0, max).trimEnd()}…`;
}

/** '1 reply', '2 replies'. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}
