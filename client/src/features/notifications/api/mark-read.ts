import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNotificationsRead, markNotificationRead } from '@endpoints/notifications';
import { call } from '@/lib/api-client';
import { markReadInCache } from '../lib/notification-cache';
import { notificationKeys } from './keys';

export const markAllRead = () => call(markAllNotificationsRead);
export const markOneRead = (id: number) => call(markNotificationRead, { params: { id } });

/**
 * Spec §4: opening the panel marks all read, at once on screen (count 0, every item read). A failure
 * is only logged (spec §8) and the real state is fetched again.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount });
      markReadInCache(queryClient, []);
    },
    // A list that was loading when the panel opened may have landed with unread items.
    onSuccess: () => markReadInCache(queryClient, []),
    onError: (err) => {
      console.error('Failed to mark all as read', err);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** Spec §4: clicking an unread item marks it read; the count drops by one, never below 0. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOneRead,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount });
      markReadInCache(queryClient, [id]);
    },
    onError: (err) => {
      console.error('Failed to mark as read', err);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
