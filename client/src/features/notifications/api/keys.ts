import { NOTIFICATIONS_PAGE } from '@common/constants';
import { notificationsPath } from './endpoints';

/** Every notification query key. */
export const notificationKeys = {
  /** Every notification query: invalidate or remove it to reach them all. */
  all: [notificationsPath] as const,
  /** The newest page, the one the panel shows. */
  list: [notificationsPath, { limit: NOTIFICATIONS_PAGE }] as const,
  unreadCount: [notificationsPath, 'unread-count'] as const,
};
