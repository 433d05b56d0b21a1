import { z } from 'zod';

// Forum notifications (spec §3 Notification, §4 Notifications, §7; docs/API.md "Notifications").
// Server and client validate with the same schemas.

export const NOTIFICATION_TYPES = ['comment', 'reply', 'mention'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Spec §9: the panel shows the newest 50; the list call never answers more. */
export const NOTIFICATIONS_PAGE = 50;

export const NOTIFICATION_MSG = {
  notFound: 'Notification not found',
} as const;

/**
 * One notification. A click goes to /forum/posts/{postSlug}#comment-{commentId}, or /forum when
 * `postSlug` is null (the post is gone).
 */
export const ZNotification = z.object({
  id: z.number(),
  type: ZNotificationType,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  postId: z.number().nullable(),
  commentId: z.number().nullable(),
  postSlug: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/forum/notifications?limit=50: newest first. */
export const ZNotificationList = z.array(ZNotification);
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE).catch(NOTIFICATIONS_PAGE).default(NOTIFICATIONS_PAGE),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** GET /api/forum/notifications/unread-count; also the answer of read-all ({count: 0}). */
export const ZUnreadCount = z.object({ count: z.number() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** POST /api/forum/notifications/:id/read. */
export const ZNotificationReadResponse = z.object({ id: z.number(), isRead: z.literal(true) });
export type TNotificationReadResponse = z.infer<typeof ZNotificationReadResponse>;
