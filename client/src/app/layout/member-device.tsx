import { Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { useLocation } from '@/lib/router';
import { PAGE_OFFER_SLOT } from './page-offer-slot';

// What a signed-in member's device does in the background (issue 16), each part its own chunk loaded
// after the first screen: posts and comments kept while offline are sent, the push subscription
// follows the server's key, and the push offer shows after a meaningful action: in the page's flow
// under the header, never over what the member is reading or typing (issue 30). A message sent in
// the inbox waits for the next page outside it: at the top of a full-height chat it would push the
// message box off the screen.
const OfflineWritesSync = lazyNamed(() => import('@/features/forum/components/offline-writes-sync'), 'OfflineWritesSync');
const PushPrompt = lazyNamed(() => import('@/components/push-prompt'), 'PushPrompt');

export function MemberDevice({ userId }: { userId: number }) {
  const [prompt, setPrompt] = useState(false);
  const inChat = useLocation().pathname.startsWith('/inbox');
  const slot = prompt && !inChat ? document.getElementById(PAGE_OFFER_SLOT) : null;

  useEffect(() => {
    let stop = () => {};
    let live = true;
    const cancel = whenIdle(() => {
      void import('@/lib/push-subscription').then((push) => {
        if (!live) return;
        stop = push.onPushPromptWanted(() => setPrompt(true));
        void push.refreshPushSubscription().catch(() => undefined);
      });
    });
    return () => {
      live = false;
      cancel();
      stop();
    };
  }, [userId]);

  return (
    <>
      <ErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <OfflineWritesSync userId={userId} />
        </Suspense>
      </ErrorBoundary>
      {/* Outside the header (its landmark and colours): the offer is the page's, not the header's. */}
      {slot &&
        createPortal(
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <PushPrompt onClose={() => setPrompt(false)} />
            </Suspense>
          </ErrorBoundary>,
          slot,
        )}
    </>
  );
}
