import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// In the entry chunk, so kept to this: the bell, the socket and the queries load as their own chunk,
// and only once the user query says a member is signed in. Guests never fetch any of it.
const NotificationCenter = lazyNamed(() => import('./notification-center'), 'NotificationCenter');

/** The header's notifications for a signed-in member. */
export function NotificationsSlot({ userId }: { userId: number }) {
  // The space the bell will take, so nothing in the header moves when it arrives.
  const space = <span aria-hidden="true" className="inline-block size-11 shrink-0" />;
  return (
    <ErrorBoundary fallback={() => space}>
      <Suspense fallback={space}>
        <NotificationCenter userId={userId} />
      </Suspense>
    </ErrorBoundary>
  );
}
