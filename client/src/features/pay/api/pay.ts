import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayIndexQuery, TPayReportRequest, TPayReportUpdateRequest } from '@common/contracts/pay';
import { createPayReport, deletePayReport, getPayIndex, listAdminPayReports, listMyPayReports, updatePayReport } from '@endpoints/pay';
import { call } from '@/lib/api-client';

// The Courier Pay Index (docs/API.md "Courier Pay Index"): the public aggregates, a member's own
// reports, and the admin's list. Every key starts with its endpoint's path.

export const payKeys = {
  index: (q: TPayIndexQuery) => [getPayIndex.path, q] as const,
  indexAll: [getPayIndex.path] as const,
  mine: [listMyPayReports.path] as const,
  admin: [listAdminPayReports.path] as const,
};

export const getPayIndexQueryOptions = (q: TPayIndexQuery) =>
  queryOptions({
    queryKey: payKeys.index(q),
    queryFn: ({ signal }) => call(getPayIndex, { query: q }, { signal }),
    staleTime: 60_000,
  });

export const getMyPayReportsQueryOptions = () =>
  queryOptions({ queryKey: payKeys.mine, queryFn: ({ signal }) => call(listMyPayReports, {}, { signal }) });

/** After any write: my reports and the admin's list (the index is a daily snapshot: a write shows there a day later). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [payKeys.mine, payKeys.admin]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useCreatePayReport() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: TPayReportRequest) => call(createPayReport, { body }), onSuccess: refresh });
}

export function useUpdatePayReport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TPayReportUpdateRequest }) => call(updatePayReport, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useDeletePayReport() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(deletePayReport, { params: { id } }), onSuccess: refresh });
}
