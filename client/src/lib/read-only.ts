import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAINTENANCE_MSG } from '@common/rules/maintenance';
import { POLL_MS } from '@common/rules/site';
import { getMaintenanceStatus } from '@endpoints/maintenance';
import { call } from './api-client';
import { useUser } from './auth';
import { PRODUCT_NAME } from './config';
import { sharedKeys } from './query-keys';

// Whether this reader may write now (issue 18). Maintenance pauses every write but an admin's on the
// server (a 503); the interface says so before anyone types. Here, below the features, because every
// feature with a write control asks it, and the banner (features/maintenance) shows the same status.

/** Spec §7: polled every 30 s. The key is shared: the admin's maintenance switch refreshes it. */
export const getMaintenanceStatusQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.maintenance,
    queryFn: ({ signal }) => call(getMaintenanceStatus, {}, { signal }),
    refetchInterval: POLL_MS.maintenance,
  });

/**
 * Why this reader's writes are paused, to show beside a disabled write control, or null when they
 * may write: the reason while maintenance is on, except for admins, whose writes the server lets
 * through (server/modules/maintenance). Unknown status (loading, failed) is not a pause: the server
 * still answers a write with the maintenance message.
 */
export function useReadOnly(): string | null {
  const { data } = useQuery(getMaintenanceStatusQueryOptions());
  const { user } = useUser();
  return data?.maintenanceMode && !user?.isAdmin ? MAINTENANCE_MSG.readOnly(PRODUCT_NAME) : null;
}
