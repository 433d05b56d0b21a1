import { queryOptions } from '@tanstack/react-query';
import { POLL_MS } from '@common/rules/site';
import { getMaintenanceStatus } from '@endpoints/maintenance';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';

/** Spec §7: polled every 30 s. The key is shared: the admin's maintenance switch refreshes it. */
export const getMaintenanceStatusQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.maintenance,
    queryFn: ({ signal }) => call(getMaintenanceStatus, {}, { signal }),
    refetchInterval: POLL_MS.maintenance,
  });
