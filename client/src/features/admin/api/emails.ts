import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAnnouncement, TAnnouncementCreate, TAnnouncementList, TAnnouncementPreview, TEmailStatus, TOutboxEmail, TOutboxList } from '@common/contracts/admin-emails';
import { api, withQuery } from '@/lib/api-client';
import { announcementPreviewPath, announcementSendPath, announcementsPath, outboxPath, retryEmailPath } from './endpoints';
import { adminKeys } from './keys';

// Admin outbox and announcements (docs/API.md "Admin: emails and announcements").

export const getOutboxQueryOptions = (status: TEmailStatus | undefined, cursor: number | undefined) =>
  queryOptions({
    queryKey: adminKeys.outbox.list(status, cursor),
    queryFn: ({ signal }) => api.get<TOutboxList>(withQuery(outboxPath, { status, cursor }), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TOutboxEmail>(retryEmailPath(id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.outbox.all }),
  });
}

/** Polled every 5 s while an announcement is being sent, so its progress moves on screen. */
export const getAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.announcements.all,
    queryFn: ({ signal }) => api.get<TAnnouncementList>(announcementsPath, { signal }),
    refetchInterval: (q) => (q.state.data?.announcements.some((a) => a.status === 'sending') ? 5000 : false),
  });

export const getAnnouncementPreviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.announcements.preview(id),
    queryFn: ({ signal }) => api.get<TAnnouncementPreview>(announcementPreviewPath(id), { signal }),
    staleTime: 0,
  });

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAnnouncementCreate) => api.post<TAnnouncement>(announcementsPath, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.announcements.all }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TAnnouncement>(announcementSendPath(id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.announcements.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox.all });
    },
  });
}
