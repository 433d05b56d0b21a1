import { formatNumber } from '@/lib/format';
/**
 * Spec §2 'Showing X of Y verified members'. X is the number of member cards on screen now (it
 * grows with 'Load more' and shrinks with a search); Y is every verified member the directory lists.
 */
export function showingText(shown: number, verifiedCount: number): string {
  const total = Math.max(verifiedCount, shown);
  return `Showing ${formatNumber(shown)} of ${formatNumber(total)} verified members`;
}
