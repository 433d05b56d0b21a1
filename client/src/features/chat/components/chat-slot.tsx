import { Suspense } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// In the entry chunk, so kept to this: the chat (badge, toast, windows, socket frames) loads as its
// own chunk, only for a signed-in member. Guests never fetch any of it.
const ChatCenter = lazyNamed(() => import('./chat-center'), 'ChatCenter');

/** The header's chat for a signed-in member: inbox icon with the unread badge, toasts, windows. */
export function ChatSlot({ userId }: { userId: number }) {
  const space = <span aria-hidden="true" className="inline-block size-11 shrink-0" />;
  return (
    <ErrorBoundary fallback={() => space}>
      <Suspense fallback={space}>
        <ChatCenter userId={userId} />
      </Suspense>
    </ErrorBoundary>
  );
}
