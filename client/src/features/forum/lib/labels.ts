import type { TPostAlert } from '@common/contracts/forum';
import { ALERT_KIND_LABELS } from '@common/rules/labels';
import { formatDate, formatDayMonth, formatTime } from '@/lib/dates';

// Issue 32: the addresses of tags and postcode areas, and an alert's words.

/** /tags/evri */
export const tagPath = (slug: string) => `/tags/${encodeURIComponent(slug)}`;

/** /areas/LS: always in capitals (the canonical address; any case opens it). */
export const areaPath = (code: string) => `/areas/${encodeURIComponent(code.toUpperCase())}`;

/** "Van theft alert": an alert's badge. */
export const alertBadge = (kind: TPostAlert['kind']) => `${ALERT_KIND_LABELS[kind]} alert`;

/**
 * When an alert stops showing, as its reader needs it: 'Expired' once past, 'until 14:05' today
 * (London), else 'until 12 Mar, 14:05'.
 */
export function alertUntil(expiresAt: string, now: number = Date.now()): { expired: boolean; text: string } {
  const end = new Date(expiresAt);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now) return { expired: true, text: 'Expired' };
  const today = formatDate(end) === formatDate(now);
  return { expired: false, text: today ? `until ${formatTime(end)}` : `until ${formatDayMonth(end)}, ${formatTime(end)}` };
}
