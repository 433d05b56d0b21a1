import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboard } from '@common/contracts/admin';
import type { TMaintenanceStatus } from '@common/contracts/maintenance';
import { getDashboard } from '@endpoints/admin';
import { setMaintenanceMode } from '@endpoints/maintenance';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

// Admin dashboard (docs/API.md "Admin: dashboard, members, audit log").

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard,
    queryFn: ({ signal }) => call(getDashboard, {}, { signal }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

/** The maintenance switch and message (PUT /api/admin/maintenance, docs/API.md "Maintenance"). */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMaintenanceStatus) => call(setMaintenanceMode, { body: input }),
    onSuccess: (_res, input) => {
      queryClient.setQueryData(adminKeys.dashboard, (d: TDashboard | undefined) => (d ? { ...d, maintenance: input } : d));
      // The site-wide banner polls /api/maintenance/status; show the new state at once.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.maintenance });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
