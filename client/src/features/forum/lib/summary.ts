import { avatarLabel } from '@common/avatars';
import { plural } from '@/lib/format';

/** Spec §2: 'Found N result(s) for "q"' or, for none, 'No results found for "q"'. */
export function searchSummary(total: number, q: string): string {
  if (total <= 0) return `No results found for "${q}"`;
  return `Found ${plural(total, 'result', 'results')} for "${q}"`;
}

/**
 * The profession's name in lists and summaries. The short label set reads naturally before
 * 'professionals' ('Van Delivery professionals'), so the forum uses it everywhere.
 */
export const professionLabel = (key: string) => avatarLabel(key);

/** Spec §2: 'N post(s) from {profession} professionals'. */
export function professionSummary(total: number, professionKey: string): string {
  const n = Math.max(0, total);
  return `${plural(n, 'post', 'posts')} from ${professionLabel(professionKey)} professionals`;
}
