import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '@/lib/auth';
import { getSocketClient, retainSocket, type SocketClient } from '@/lib/socket-client';
import { removeNotificationQueries } from '../lib/notification-cache';

/**
 * Spec §4: notifications load on sign-in and are cleared on sign-out. Mounted (lazily) only for a
 * member: it connects the socket as them. It lets go when the member is gone: the header stops
 * rendering it when the user turns null, and the sign-out link drops the whole cache before the
 * page leaves, which closes the socket on purpose at once.
 */
export function useNotificationsSession(userId: number, client: SocketClient = getSocketClient()): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = retainSocket(userId, client);
    const stopWatching = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && event.query.queryKey[0] === USER_QUERY_KEY[0]) {
        client.close();
        removeNotificationQueries(queryClient);
      }
    });
    return () => {
      stopWatching();
      release();
      if (!queryClient.getQueryData(USER_QUERY_KEY)) removeNotificationQueries(queryClient);
    };
  }, [userId, client, queryClient]);
}
