import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE } from '@common/rules/notifications';
import { getNotificationUnreadCount, listNotifications } from '@endpoints/notifications';
import { call } from '@/lib/api-client';
import { notificationKeys } from './keys';

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
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) =>
      call(listNotifications, { query: { limit: NOTIFICATIONS_PAGE } }, { signal }).catch(logAndRethrow('Failed to fetch notifications')),
  });

/** /notifications (issue 18): every notification, a page of 50 at a time, older pages on request. */
export const getNotificationPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages,
    queryFn: ({ pageParam, signal }) =>
      call(listNotifications, { query: { limit: NOTIFICATIONS_PAGE, ...(pageParam ? { before: pageParam } : {}) } }, { signal }).catch(
        logAndRethrow('Failed to fetch notifications'),
      ),
    initialPageParam: null as string | null,
    // A full page may have older ones behind it: the next asks for those before its oldest.
    getNextPageParam: (last) => (last.length === NOTIFICATIONS_PAGE ? String(last[last.length - 1]!.id) : null),
  });

/** The bell's number; the socket keeps it current, a reconnect refetches it. */
export const getUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => call(getNotificationUnreadCount, undefined, { signal }).catch(logAndRethrow('Failed to fetch notifications')),
  });
