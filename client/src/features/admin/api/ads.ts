import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdSlotCreateRequest, TAdSlotUpdateRequest } from '@common/contracts/ads';
import { createAdSlot, deleteAdSlot, listAdminAdSlots, updateAdSlot } from '@endpoints/ads';
import { call } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

// Ad slots for the admin (docs/API.md "Ad slots"). Members' browsers keep their slots up to 5 min
// (spec §9); this browser's are refreshed after every change.

export const getAdminAdsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.ads,
    queryFn: ({ signal }) => call(listAdminAdSlots, undefined, { signal }),
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
    mutationFn: (input: TAdSlotCreateRequest) => call(createAdSlot, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: TAdSlotUpdateRequest & { id: number }) => call(updateAdSlot, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteAd() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(deleteAdSlot, { params: { id } }),
    onSuccess: refresh,
  });
}
