import { queryOptions } from '@tanstack/react-query';
import type { TNotificationList, TUnreadCount } from '@common/contracts/notifications';
import { NOTIFICATIONS_PAGE } from '@common/constants';
import { api, withQuery } from '@/lib/api-client';

export const NOTIFICATIONS_URL = '/api/forum/notifications';
export const UNREAD_COUNT_URL = '/api/forum/notifications/unread-count';

/** Every notification query starts with this key: invalidate or remove it to reach them all. */
export const NOTIFICATIONS_ROOT = [NOTIFICATIONS_URL] as const;
export const NOTIFICATIONS_LIST_KEY = [NOTIFICATIONS_URL, { limit: NOTIFICATIONS_PAGE }] as const;
export const UNREAD_COUNT_KEY = [NOTIFICATIONS_URL, 'unread-count'] as const;

/** Spec §8: failures are only logged; the badge and panel keep what they had. */
function logAndRethrow(message: string) {
  return (err: unknown): never => {
    if (!(err instanceof Error && err.name === 'AbortError')) console.error(message, err);
    throw err;
  };
}

/** Spec §7/§9: the newest 50, newest first. */
export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_LIST_KEY,
    queryFn: ({ signal }) =>
      api
        .get<TNotificationList>(withQuery(NOTIFICATIONS_URL, { limit: NOTIFICATIONS_PAGE }), { signal })
        .catch(logAndRethrow('Failed to fetch notifications')),
  });

/** The bell's number; the socket keeps it current, a reconnect refetches it. */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => api.get<TUnreadCount>(UNREAD_COUNT_URL, { signal }).catch(logAndRethrow('Failed to fetch notifications')),
  });
