import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminBulletin, TBulletinCreateRequest, TBulletinUpdateRequest } from '@common/contracts/bulletins';
import { api } from '@/lib/api-client';

// Bulletins for the admin (docs/API.md "Bulletins").

export const ADMIN_BULLETINS_KEY = ['/api/admin/bulletins'] as const;
/** The forum's bulletin queries (one per reader), refreshed after every change. */
const PUBLIC_BULLETINS_KEY = ['/api/bulletins'] as const;

export const getAdminBulletinsQueryOptions = () =>
  queryOptions({
    queryKey: ADMIN_BULLETINS_KEY,
    queryFn: ({ signal }) => api.get<TAdminBulletin[]>(ADMIN_BULLETINS_KEY[0], { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_BULLETINS_KEY });
    void queryClient.invalidateQueries({ queryKey: PUBLIC_BULLETINS_KEY });
  };
}

export function useCreateBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TBulletinCreateRequest) => api.post<TAdminBulletin>(ADMIN_BULLETINS_KEY[0], input),
    onSuccess: refresh,
  });
}

export function useUpdateBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TBulletinUpdateRequest & { id: number }) => api.patch<TAdminBulletin>(`/api/admin/bulletins/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteBulletin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/admin/bulletins/${id}`),
    onSuccess: refresh,
  });
}
