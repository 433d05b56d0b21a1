import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList, TUnreadCount } from '@common/contracts/notifications';
import { NOTIFICATIONS_PAGE } from '@common/rules/notifications';
import { notificationKeys } from '../api/keys';

// Spec §4: a new notification goes on top and adds one; reading takes one off (never below 0) or
// all. These keep the cached list and count in step, whoever changed them: this tab optimistically,
// or the socket telling of another tab or device.

/** The list with `n` on top (at most 50); the same list when it already holds `n`. */
export function prependNotification(list: TNotificationList, n: TNotification): TNotificationList {
  if (list.some((x) => x.id === n.id)) return list;
  return [n, ...list].slice(0, NOTIFICATIONS_PAGE);
}

/**
 * Marks `ids` read (an empty list: all). `changed` counts the unread ones that became read;
 * `missing` the ids not in the list (older than the newest 50).
 */
export function markRead(list: TNotificationList, ids: readonly number[]): { list: TNotificationList; changed: number; missing: number } {
  const all = ids.length === 0;
  const wanted = new Set(ids);
  let changed = 0;
  const next = list.map((n) => {
    if (!all && !wanted.has(n.id)) return n;
    wanted.delete(n.id);
    if (n.isRead) return n;
    changed += 1;
    return { ...n, isRead: true };
  });
  return { list: changed ? next : list, changed, missing: all ? 0 : wanted.size };
}

const setCount = (queryClient: QueryClient, fn: (count: number) => number) =>
  queryClient.setQueryData<TUnreadCount>(notificationKeys.unreadCount, (old) => (old ? { count: Math.max(0, fn(old.count)) } : old));

type Pages = InfiniteData<TNotificationList, string | null>;

/** The pages /notifications has loaded, changed page by page (issue 18); nothing when it never opened. */
const updatePages = (queryClient: QueryClient, fn: (list: TNotificationList, index: number) => TNotificationList) =>
  queryClient.setQueryData<Pages>(notificationKeys.pages, (old) =>
    old ? { ...old, pages: old.pages.map((p, i) => fn(p, i)) } : old,
  );

/** notification:new: on top of the list, count +1, once per id. */
export function addNotificationToCache(queryClient: QueryClient, n: TNotification): void {
  updatePages(queryClient, (list, i) => (i === 0 && !list.some((x) => x.id === n.id) ? [n, ...list] : list));
  const list = queryClient.getQueryData<TNotificationList>(notificationKeys.list);
  if (list?.some((x) => x.id === n.id)) return;
  if (list) queryClient.setQueryData<TNotificationList>(notificationKeys.list, prependNotification(list, n));
  if (!n.isRead) setCount(queryClient, (c) => c + 1);
}

/**
 * notification:markRead, and this tab's own reads: the count drops by the unread ones that turned
 * read, or to 0 for all. An id the list does not hold may have been unread: the count is refetched.
 */
export function markReadInCache(queryClient: QueryClient, ids: readonly number[]): void {
  updatePages(queryClient, (page) => markRead(page, ids).list);
  const list = queryClient.getQueryData<TNotificationList>(notificationKeys.list);
  if (ids.length === 0) {
    if (list) queryClient.setQueryData<TNotificationList>(notificationKeys.list, markRead(list, []).list);
    setCount(queryClient, () => 0);
    return;
  }
  if (!list) {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
    return;
  }
  const result = markRead(list, ids);
  if (result.changed) {
    queryClient.setQueryData<TNotificationList>(notificationKeys.list, result.list);
    setCount(queryClient, (c) => c - result.changed);
  }
  if (result.missing) void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

/** Sign-out: nothing of the member's stays in memory. */
export function removeNotificationQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: notificationKeys.all });
}

/** Where a notification goes (spec §2): its comment, its post, or the forum when the post is gone. */
export function notificationHref(n: Pick<TNotification, 'postSlug' | 'commentId'>): string {
  if (!n.postSlug) return '/forum';
  const post = `/forum/posts/${encodeURIComponent(n.postSlug)}`;
  return n.commentId === null ? post : `${post}#comment-${n.commentId}`;
}
