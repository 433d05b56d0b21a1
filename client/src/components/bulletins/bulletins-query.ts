import { queryOptions } from '@tanstack/react-query';
import type { TBulletin } from '@common/contracts/bulletins';
import { POLL_MS } from '@common/constants';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/**
 * GET /api/bulletins, polled every 60 s (spec §7, §9). Keyed by the reader: members-only bulletins
 * come and go with signing in and out.
 */
export const getBulletinsQueryOptions = (viewerId: number | null) =>
  queryOptions({
    queryKey: [...sharedKeys.bulletins, { viewer: viewerId }],
    queryFn: async ({ signal }) => {
      const list = await api.get<unknown>('/api/bulletins', { signal });
      return (Array.isArray(list) ? list : []) as TBulletin[];
    },
    refetchInterval: POLL_MS.bulletins,
  });
