import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTargetParams } from '../../../common/contracts/forum-engagement.ts';
import {
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationReadResponse,
  ZUnreadCount,
} from '../../../common/contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../identity/index.ts';
import type { Events } from '../../events.ts';
import { listNotifications, markAllRead, markRead, notifyNewComment, notifyNewPost, unreadCount, type NotificationPush } from './service.ts';

/**
 * Notifications (docs/API.md "Notifications"): every call is the signed-in member's own (a guest, or
 * a suspended or deleted account, hears 401); created on post.created and comment.created. Registered after the realtime plugin, whose gateway
 * pushes new notifications and reads to the member's sockets.
 */
export const notificationRoutes: FastifyPluginAsync<{ db: Db; events: Events }> = async (base, { db, events }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // New notifications and reads reach the member's sockets in every process (without a gateway they are only stored).
  const push: NotificationPush = {
    sendToUser: (userId, frame) => (base.hasDecorator('gateway') ? base.gateway.sendToUser(userId, frame) : Promise.resolve()),
    log: base.log,
  };
  // Once per post or comment, in the process that wrote it (after its commit); never fails the write.
  events.on('post.created', (event) => notifyNewPost(db, push, event));
  events.on('comment.created', (event) => notifyNewComment(db, push, event));

  app.get(
    '/api/forum/notifications',
    { preValidation: requireUser, schema: { querystring: ZNotificationListQuery, response: { 200: ZNotificationList } } },
    async (req) => listNotifications(db, req.user!.id, req.query.limit),
  );

  app.get(
    '/api/forum/notifications/unread-count',
    { preValidation: requireUser, schema: { response: { 200: ZUnreadCount } } },
    async (req) => ({ count: await unreadCount(db, req.user!.id) }),
  );

  app.post(
    '/api/forum/notifications/read-all',
    { preValidation: requireUser, schema: { response: { 200: ZUnreadCount } } },
    async (req) => markAllRead(db, push, req.user!.id),
  );

  app.post(
    '/api/forum/notifications/:id/read',
    { preValidation: requireUser, schema: { params: ZTargetParams, response: { 200: ZNotificationReadResponse } } },
    async (req) => markRead(db, push, req.user!.id, req.params.id),
  );
};
