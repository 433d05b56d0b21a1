import { queryOptions } from '@tanstack/react-query';
import { AD_FETCH_FAILED, type TAdDevice } from '@common/ads';
import type { TAdSlot } from '@common/contracts/ads';
import { CACHE_MS } from '@common/constants';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/**
 * GET /api/ads/slots?location=…&device=… (spec §7, §9: cached 5 min). A failure throws 'Failed to
 * fetch ad slots' (spec §8); the slot that asked only logs it. Every slot of one location on a page
 * shares this one request.
 */
export const getAdSlotsQueryOptions = (location: string, device: TAdDevice) =>
  queryOptions({
    queryKey: [...sharedKeys.adSlots, { location, device }],
    queryFn: async ({ signal }): Promise<TAdSlot[]> => {
      const url = `/api/ads/slots?${new URLSearchParams({ location, device })}`;
      const body = await api.get<unknown>(url, { signal }).catch(() => {
        throw new Error(AD_FETCH_FAILED);
      });
      if (!Array.isArray(body)) throw new Error(AD_FETCH_FAILED);
      return body as TAdSlot[];
    },
    staleTime: CACHE_MS.adSlots,
    // An ad is not worth three retries on a weak signal.
    retry: 1,
  });
