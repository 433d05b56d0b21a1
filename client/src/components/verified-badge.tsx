import { CircleCheck } from 'lucide-react';
import type { TVerifiedBadge } from '@common/contracts/courier';
import { verifiedBadgeText, verifiedSinceText } from '@common/rules/courier';
import { cn } from '@/lib/cn';

/**
 * Issue 32 item 2: "Verified Evri courier" with a check mark, beside an author on a post's page and its
 * comments, on a public profile and a directory card (never on the list's cards). The month it was
 * given is in its title for a pointer and said to a screen reader ("…, since November 2026").
 * Nothing when the member has no badge.
 */
export function VerifiedBadge({ badge, className }: { badge: TVerifiedBadge | undefined; className?: string }) {
  if (!badge) return null;
  const text = verifiedBadgeText(badge.network);
  const since = verifiedSinceText(badge.since);
  return (
    <span
      title={`${text}, ${since}`}
      className={cn('inline-flex max-w-full items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900', className)}
    >
      <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="min-w-0 break-words">
        {text}
        <span className="sr-only">, {since}</span>
      </span>
    </span>
  );
}
