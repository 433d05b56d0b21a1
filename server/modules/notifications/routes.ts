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
import { attachNotificationPush, listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

/**
 * Notifications (docs/API.md "Notifications"): every call is the signed-in member's own (a guest, or
 * a suspended or deleted account, hears 401). Registered after the realtime plugin, whose gateway
 * pushes new notifications and reads to the member's sockets.
 */
export const notificationRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  if (base.hasDecorator('gateway')) {
    const detach = attachNotificationPush(db, { sendToUser: (userId, frame) => base.gateway.sendToUser(userId, frame), log: base.log });
    base.addHook('onClose', async () => detach());
  }

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
    async (req) => markAllRead(db, req.user!.id),
  );

  app.post(
    '/api/forum/notifications/:id/read',
    { preValidation: requireUser, schema: { params: ZTargetParams, response: { 200: ZNotificationReadResponse } } },
    async (req) => markRead(db, req.user!.id, req.params.id),
  );
};
