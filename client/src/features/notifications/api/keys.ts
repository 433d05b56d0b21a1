import { NOTIFICATIONS_PAGE } from '@common/constants';

// Under '/api/forum/', so the forum's prefix refresh (an admin's moderation) reaches them too.
const NOTIFICATIONS = '/api/forum/notifications';

/** Every notification query key. */
export const notificationKeys = {
  /** Every notification query: invalidate or remove it to reach them all. */
  all: [NOTIFICATIONS] as const,
  /** The newest page, the one the panel shows. */
  list: [NOTIFICATIONS, { limit: NOTIFICATIONS_PAGE }] as const,
  unreadCount: [NOTIFICATIONS, 'unread-count'] as const,
};
