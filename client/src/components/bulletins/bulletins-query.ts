import { queryOptions } from '@tanstack/react-query';
import { POLL_MS } from '@common/rules/site';
import { listBulletins } from '@endpoints/bulletins';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/**
 * GET /api/bulletins, polled every 60 s (spec §7, §9). Keyed by the reader: members-only bulletins
 * come and go with signing in and out.
 */
export const getBulletinsQueryOptions = (viewerId: number | null) =>
  queryOptions({
    queryKey: [...sharedKeys.bulletins, { viewer: viewerId }],
    queryFn: ({ signal }) => call(listBulletins, undefined, { signal }),
    refetchInterval: POLL_MS.bulletins,
  });
