import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAnnouncementCreate, TEmailStatus } from '@common/contracts/admin-emails';
import { createAnnouncement, listAnnouncements, listOutbox, previewAnnouncement, retryEmail, sendAnnouncement } from '@endpoints/admin-emails';
import { call } from '@/lib/api-client';
import { adminKeys } from './keys';

// Admin outbox and announcements (docs/API.md "Admin: emails and announcements").

export const getOutboxQueryOptions = (status: TEmailStatus | undefined, cursor: number | undefined) =>
  queryOptions({
    queryKey: adminKeys.outbox.list(status, cursor),
    queryFn: ({ signal }) => call(listOutbox, { query: { status, cursor } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(retryEmail, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.outbox.all }),
  });
}

/** Polled every 5 s while an announcement is being sent, so its progress moves on screen. */
export const getAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.announcements.all,
    queryFn: ({ signal }) => call(listAnnouncements, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.announcements.some((a) => a.status === 'sending') ? 5000 : false),
  });

export const getAnnouncementPreviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.announcements.preview(id),
    queryFn: ({ signal }) => call(previewAnnouncement, { params: { id } }, { signal }),
    staleTime: 0,
  });

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAnnouncementCreate) => call(createAnnouncement, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.announcements.all }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(sendAnnouncement, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.announcements.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox.all });
    },
  });
}
