import { cn } from '@/lib/cn';

export type AdLocation = 'forum-header' | 'forum-sidebar' | 'post-content';

/**
 * A place for an ad (spec §2, §3 Ad slot). Empty for now: the ads issue fills it from
 * GET /api/ads/slots?location=… (found by its data-ad-slot). An empty slot takes no space.
 */
export function AdSlot({ location, as: Tag = 'div', className }: { location: AdLocation; as?: 'div' | 'li'; className?: string }) {
  return <Tag data-ad-slot={location} className={cn('empty:hidden', className)} />;
}
