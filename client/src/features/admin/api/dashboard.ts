import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDashboard } from '@common/contracts/admin';
import { api } from '@/lib/api-client';

// Admin dashboard (docs/API.md "Admin: dashboard, members, audit log").

export const DASHBOARD_KEY = ['/api/admin/dashboard'] as const;

export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => api.get<TDashboard>(DASHBOARD_KEY[0], { signal }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export type TMaintenanceInput = { maintenanceMode: boolean; message: string };

/** The maintenance switch and message (PUT /api/admin/maintenance, docs/API.md "Maintenance"). */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMaintenanceInput) => api.put<TMaintenanceInput>('/api/admin/maintenance', input),
    onSuccess: (_res, input) => {
      queryClient.setQueryData(DASHBOARD_KEY, (d: TDashboard | undefined) => (d ? { ...d, maintenance: input } : d));
      // The site-wide banner polls /api/maintenance/status; show the new state at once.
      void queryClient.invalidateQueries({ queryKey: ['/api/maintenance/status'] });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}
