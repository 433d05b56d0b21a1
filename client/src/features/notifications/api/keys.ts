import { NOTIFICATIONS_PAGE } from '@common/rules/notifications';
import { listNotifications } from '@endpoints/notifications';

/**
 * Every notification query key. They start with the list's path, under '/api/forum/', so the forum's
 * prefix refresh (an admin's moderation) reaches them too.
 */
export const notificationKeys = {
  /** Every notification query: invalidate or remove it to reach them all. */
  all: [listNotifications.path] as const,
  /** The newest page, the one the panel shows. */
  list: [listNotifications.path, { limit: NOTIFICATIONS_PAGE }] as const,
  unreadCount: [listNotifications.path, 'unread-count'] as const,
  /** Every page loaded on /notifications (issue 18). */
  pages: [listNotifications.path, 'pages'] as const,
};
