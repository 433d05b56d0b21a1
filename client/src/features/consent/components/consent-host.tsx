import { Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { useConsent } from '@/lib/consent';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { startAnalyticsOnConsent } from '@/lib/track';

/** Spec §9: the banner appears this long after load when no choice is stored. */
export const BANNER_DELAY_MS = 2000;

const ConsentBanner = lazyNamed(() => import('./consent-banner'), 'ConsentBanner');

/**
 * Always mounted and tiny: applies the stored choice (analytics only with consent, loaded lazily)
 * and shows the lazily loaded banner 2 s after load while no choice is stored.
 */
export function ConsentHost() {
  const consent = useConsent();
  const [due, setDue] = useState(false);

  useEffect(() => startAnalyticsOnConsent(), []);

  useEffect(() => {
    if (consent) return;
    const cancelPreload = whenIdle(() => void ConsentBanner.preload());
    const timer = window.setTimeout(() => setDue(true), BANNER_DELAY_MS);
    return () => {
      cancelPreload();
      window.clearTimeout(timer);
    };
  }, [consent]);

  if (consent || !due) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <ConsentBanner />
      </Suspense>
    </ErrorBoundary>
  );
}
