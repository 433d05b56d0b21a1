import { queryOptions } from '@tanstack/react-query';
import { POLL_MS } from '@common/constants';
import type { TMaintenanceStatus } from '@common/contracts/maintenance';
import { sharedKeys } from '@/lib/query-keys';

export type MaintenanceStatus = TMaintenanceStatus;

/**
 * Spec §7: polled every 30 s; uses the default query function (queryKey = [url]). The key is shared:
 * the admin's maintenance switch refreshes it.
 */
export const getMaintenanceStatusQueryOptions = () =>
  queryOptions<MaintenanceStatus | null>({
    queryKey: sharedKeys.maintenance,
    refetchInterval: POLL_MS.maintenance,
  });
