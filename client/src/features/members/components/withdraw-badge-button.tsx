import { Suspense, useState } from 'react';
import type { TVerifiedBadge } from '@common/contracts/courier';
import { verifiedBadgeText } from '@common/rules/courier';
import { lazyNamed } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// The dialog (Radix Dialog and the form) is fetched the first time a moderator opens it, not with every profile.
const WithdrawBadgeDialog = lazyNamed(() => import('./withdraw-badge-dialog'), 'WithdrawBadgeDialog');

/**
 * Issue 32 item 2: "Withdraw badge" on the public profile of a member with a verified courier badge,
 * for moderators and admins (the caller decides); it asks the reason the member is told.
 */
export function WithdrawBadgeButton({ member, badge }: { member: { id: number; username: string }; badge: TVerifiedBadge }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Withdraw badge
      </Button>
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <WithdrawBadgeDialog open={open} onOpenChange={setOpen} member={member} badgeText={verifiedBadgeText(badge.network)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
