import { z } from 'zod';
import { NOTIFICATION_MSG, NOTIFICATION_TYPES, NOTIFICATIONS_PAGE } from '../rules/notifications.ts';
import { endpoint } from './endpoint.ts';
import { ZTargetParams } from './forum.ts';

// Forum notifications (spec §3 Notification, §4 Notifications, §7; docs/API.md "Notifications").
// Server and client validate with the same schemas; limits and messages are in
// common/rules/notifications.ts.

export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

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

/** Newest first (the panel's cache holds one page of them). */
export const ZNotificationList = z.array(ZNotification);
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE).catch(NOTIFICATIONS_PAGE).default(NOTIFICATIONS_PAGE),
  /** The id of the oldest notification shown: the page older than it. Absent: the newest page. */
  before: z
    .string({ error: NOTIFICATION_MSG.badCursor })
    .regex(/^[1-9][0-9]{0,9}$/, NOTIFICATION_MSG.badCursor)
    .transform(Number)
    // An id is a PostgreSQL integer: anything larger could not be one (and the database would refuse it).
    .refine((n) => n <= 2_147_483_647, NOTIFICATION_MSG.badCursor)
    .optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** GET /api/forum/notifications/unread-count; also the answer of read-all ({count: 0}). */
export const ZUnreadCount = z.object({ count: z.number() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** POST /api/forum/notifications/:id/read. */
export const ZNotificationReadResponse = z.object({ id: z.number(), isRead: z.literal(true) });
export type TNotificationReadResponse = z.infer<typeof ZNotificationReadResponse>;

// ---- Endpoints ----
// Every call is the signed-in member's own: a guest, or a suspended or deleted account, hears 401.
// Each answers 400 to text the database cannot store, even in a query it ignores (storable-text plugin).

/** A page of notifications (at most NOTIFICATIONS_PAGE), newest first; `before` pages back past the newest. */
export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/forum/notifications',
  query: ZNotificationListQuery,
  responses: { 200: ZNotificationList },
  errors: [400, 401],
});

/** The bell's number. */
export const getNotificationUnreadCount = endpoint({
  method: 'GET',
  path: '/api/forum/notifications/unread-count',
  responses: { 200: ZUnreadCount },
  errors: [400, 401],
});

/** Marks every notification read; answers {count: 0}. */
export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/forum/notifications/read-all',
  responses: { 200: ZUnreadCount },
  errors: [400, 401],
});

/** Marks one of the caller's notifications read (again is fine); anyone else's is 404. */
export const markNotificationRead = endpoint({
  method: 'POST',
  path: '/api/forum/notifications/:id/read',
  params: ZTargetParams,
  responses: { 200: ZNotificationReadResponse },
  errors: [400, 401, 404],
});
