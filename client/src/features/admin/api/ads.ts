import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminAdSlot, TAdSlotCreateRequest, TAdSlotUpdateRequest } from '@common/contracts/ads';
import { api } from '@/lib/api-client';

// Ad slots for the admin (docs/API.md "Ad slots"). Members' browsers keep their slots up to 5 min
// (spec §9); this browser's are refreshed after every change.

export const ADMIN_ADS_KEY = ['/api/admin/ads'] as const;
const PUBLIC_ADS_KEY = ['/api/ads/slots'] as const;

export const getAdminAdsQueryOptions = () =>
  queryOptions({
    queryKey: ADMIN_ADS_KEY,
    queryFn: ({ signal }) => api.get<TAdminAdSlot[]>(ADMIN_ADS_KEY[0], { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_ADS_KEY });
    void queryClient.invalidateQueries({ queryKey: PUBLIC_ADS_KEY });
  };
}

export function useCreateAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TAdSlotCreateRequest) => api.post<TAdminAdSlot>(ADMIN_ADS_KEY[0], input),
    onSuccess: refresh,
  });
}

export function useUpdateAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TAdSlotUpdateRequest & { id: number }) => api.patch<TAdminAdSlot>(`/api/admin/ads/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/admin/ads/${id}`),
    onSuccess: refresh,
  });
}
