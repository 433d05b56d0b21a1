import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminBulletin, TBulletinCreateRequest, TBulletinUpdateRequest } from '@common/contracts/bulletins';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { bulletinPath, bulletinsPath } from './endpoints';
import { adminKeys } from './keys';

// Bulletins for the admin (docs/API.md "Bulletins").

export const getAdminBulletinsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.bulletins,
    queryFn: ({ signal }) => api.get<TAdminBulletin[]>(bulletinsPath, { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.bulletins });
    // The forum's bulletin queries (one per reader) show the change too.
    void queryClient.invalidateQueries({ queryKey: sharedKeys.bulletins });
  };
}

export function useCreateBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TBulletinCreateRequest) => api.post<TAdminBulletin>(bulletinsPath, input),
    onSuccess: refresh,
  });
}

export function useUpdateBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TBulletinUpdateRequest & { id: number }) => api.patch<TAdminBulletin>(bulletinPath(id), input),
    onSuccess: refresh,
  });
}

export function useDeleteBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(bulletinPath(id)),
    onSuccess: refresh,
  });
}
