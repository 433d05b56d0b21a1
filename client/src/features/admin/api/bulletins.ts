import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulletinCreateRequest, TBulletinUpdateRequest } from '@common/contracts/bulletins';
import { createBulletin, deleteBulletin, listAdminBulletins, updateBulletin } from '@endpoints/bulletins';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

// Bulletins for the admin (docs/API.md "Bulletins").

export const getAdminBulletinsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.bulletins,
    queryFn: ({ signal }) => call(listAdminBulletins, undefined, { signal }),
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
    mutationFn: (input: TBulletinCreateRequest) => call(createBulletin, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TBulletinUpdateRequest & { id: number }) => call(updateBulletin, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(deleteBulletin, { params: { id } }),
    onSuccess: refresh,
  });
}
