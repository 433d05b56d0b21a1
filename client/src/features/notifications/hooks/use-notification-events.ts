import { useQueryClient } from '@tanstack/react-query';
import { getSocketClient, useSocketEvent, useSocketReconnected, type SocketClient } from '@/lib/socket-client';
import { notificationKeys } from '../api/keys';
import { addNotificationToCache, markReadInCache } from '../lib/notification-cache';

/**
 * Spec §4: real-time events add a notification on top and raise the count, or mark the given ids
 * read (empty: all). After a reconnect both are fetched again, so nothing sent meanwhile is missed.
 */
export function useNotificationEvents(client: SocketClient = getSocketClient()): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification:new', (frame) => addNotificationToCache(queryClient, frame.notification), client);
  useSocketEvent('notification:markRead', (frame) => markReadInCache(queryClient, Array.isArray(frame.ids) ? frame.ids : []), client);
  useSocketReconnected(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }), client);
}
