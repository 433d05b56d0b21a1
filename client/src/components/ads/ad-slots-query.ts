import { queryOptions } from '@tanstack/react-query';
import { CACHE_MS } from '@common/rules/site';
import { AD_MSG, type TAdDevice } from '@common/rules/ads';
import { listAdSlots } from '@endpoints/ads';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/**
 * GET /api/ads/slots?location=…&device=… (spec §7, §9: cached 5 min). A failure throws 'Failed to
 * fetch ad slots' (spec §8); the slot that asked only logs it. Every slot of one location on a page
 * shares this one request.
 */
export const getAdSlotsQueryOptions = (location: string, device: TAdDevice) =>
  queryOptions({
    queryKey: [...sharedKeys.adSlots, { location, device }],
    queryFn: ({ signal }) =>
      call(listAdSlots, { query: { location, device } }, { signal }).catch(() => {
        throw new Error(AD_MSG.fetchFailed);
      }),
    staleTime: CACHE_MS.adSlots,
    // An ad is not worth three retries on a weak signal.
    retry: 1,
  });
