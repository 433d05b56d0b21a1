import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminAdSlot, TAdSlotCreateRequest, TAdSlotUpdateRequest } from '@common/contracts/ads';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adPath, adsPath } from './endpoints';
import { adminKeys } from './keys';

// Ad slots for the admin (docs/API.md "Ad slots"). Members' browsers keep their slots up to 5 min
// (spec §9); this browser's are refreshed after every change.

export const getAdminAdsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.ads,
    queryFn: ({ signal }) => api.get<TAdminAdSlot[]>(adsPath, { signal }),
    staleTime: 15_000,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.ads });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.adSlots });
  };
}

export function useCreateAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TAdSlotCreateRequest) => api.post<TAdminAdSlot>(adsPath, input),
    onSuccess: refresh,
  });
}

export function useUpdateAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TAdSlotUpdateRequest & { id: number }) => api.patch<TAdminAdSlot>(adPath(id), input),
    onSuccess: refresh,
  });
}

export function useDeleteAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(adPath(id)),
    onSuccess: refresh,
  });
}
