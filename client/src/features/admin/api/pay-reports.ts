import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePayReport, getPayIndex, listAdminPayReports } from '@endpoints/pay';
import { call } from '@/lib/api-client';

// Pay reports for the admin (docs/API.md "Courier Pay Index"): every report, outliers included; an
// admin removes one through the members' own DELETE /api/pay-reports/:id.

const ADMIN_PAY_REPORTS = [listAdminPayReports.path] as const;

export const getAdminPayReportsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_PAY_REPORTS, queryFn: ({ signal }) => call(listAdminPayReports, {}, { signal }), staleTime: 15_000 });

export function useRemovePayReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deletePayReport, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_PAY_REPORTS });
      void queryClient.invalidateQueries({ queryKey: [getPayIndex.path] });
    },
  });
}
