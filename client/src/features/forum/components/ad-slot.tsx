import { Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAdSlotsQueryOptions } from '@/components/ads/ad-slots-query';
import { LARGE_SCREEN_QUERY, useAdDevice, useMediaQuery } from '@/components/ads/use-media-query';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { cn } from '@/lib/cn';
import { usePageSettled } from '@/lib/hydration-slices';
import { lazyNamed } from '@/lib/lazy';

export type AdLocation = 'forum-header' | 'forum-sidebar' | 'post-content';

// The renderer (frames, cards, AdSense) is fetched only when a slot has an ad to show.
const AdList = lazyNamed(() => import('@/components/ads/ad-frame'), 'AdList');

// Slots of one location share one query and so one error: it is logged once.
const logged = new WeakSet<Error>();

function SlotAds({ location }: { location: AdLocation }) {
  const device = useAdDevice();
  const { data, error } = useQuery(getAdSlotsQueryOptions(location, device));
  useEffect(() => {
    // Spec §8: ad load errors are logged, never shown.
    if (!error || logged.has(error)) return;
    logged.add(error);
    console.error(`Ad slot ${location}:`, error.message);
  }, [error, location]);
  if (!data?.length) return null;
  return (
    <Suspense fallback={null}>
      <AdList ads={data} />
    </Suspense>
  );
}

/**
 * Asks a location's ads before any of its slots renders (the answer is theirs): the list's in-feed slots
 * appear only once the list has. Like the slots, it asks once the page is settled. It re-renders nothing
 * when the answer comes.
 */
export function useAdSlotsAskedEarly(location: AdLocation) {
  const device = useAdDevice();
  const settled = usePageSettled();
  useQuery({ ...getAdSlotsQueryOptions(location, device), enabled: settled, notifyOnChangeProps: [] });
}

/**
 * A place for ads (spec §2, §3 Ad slot): GET /api/ads/slots?location=… after the page has rendered,
 * shared by every slot of the location (the in-content ad after every third post repeats the one
 * post-content ad: its maximum is 1 per request). The server renders the slot empty, and the browser
 * fills it once the page is settled (usePageSettled): nothing of a slot runs while the page hydrates.
 * `largeOnly` slots ask nothing below 1024 px. A failing ad never breaks the page, and an empty slot
 * takes no space.
 */
export function AdSlot({
  location,
  as: Tag = 'div',
  className,
  largeOnly = false,
}: {
  location: AdLocation;
  as?: 'div' | 'li';
  className?: string;
  largeOnly?: boolean;
}) {
  const settled = usePageSettled();
  return (
    <Tag data-ad-slot={location} className={cn('grid gap-3 empty:hidden', className)}>
      {settled && <SettledSlot location={location} largeOnly={largeOnly} />}
    </Tag>
  );
}

function SettledSlot({ location, largeOnly }: { location: AdLocation; largeOnly: boolean }) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  if (largeOnly && !large) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <SlotAds location={location} />
    </ErrorBoundary>
  );
}
