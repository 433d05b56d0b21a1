import { queryOptions } from '@tanstack/react-query';
import { POLL_MS } from '@common/constants';
import type { TMaintenanceStatus } from '@common/contracts/maintenance';

export type MaintenanceStatus = TMaintenanceStatus;

/** Spec §7: polled every 30 s; uses the default query function (queryKey = [url]). */
export const getMaintenanceStatusQueryOptions = () =>
  queryOptions<MaintenanceStatus | null>({
    queryKey: ['/api/maintenance/status'],
    refetchInterval: POLL_MS.maintenance,
  });
