import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminMemberDetail,
  ZAdminMemberList,
  ZAdminMembersQuery,
  ZAdminMessage,
  ZAdminReasonBody,
  ZMemberIdParams,
  type TAdminMemberDetail,
} from '../../../common/contracts/admin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createMemberAdminService } from './admin-service.ts';

/**
 * Member administration (docs/API.md "Admin: dashboard, members, audit log"). Every
 * route is for admins: requireAdmin runs at preValidation, so a guest hears 401 and anyone else 403
 * before their input is looked at. Every action writes its audit row in its own transaction.
 */
export const adminMemberRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer; events: Events }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const members = createMemberAdminService(opts);
  const actorId = (req: { user: { id: number } | null }) => req.user!.id;

  // Members' addresses and account states: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const idRoute = { params: ZMemberIdParams, response: { 200: ZAdminMemberDetail } };

  /** After commit: the member's open pages hear of their chat access at once (chat owns the frame). */
  const chatAccessChanged = (member: TAdminMemberDetail) =>
    opts.events.publish('member.chat_access_changed', { userId: member.id, chatSuspended: member.chatSuspended, verified: member.verified });

  app.get(
    '/api/admin/members',
    { preValidation: requireAdmin, schema: { querystring: ZAdminMembersQuery, response: { 200: ZAdminMemberList } } },
    async (req) => members.list(req.query),
  );

  app.get('/api/admin/members/:id', { preValidation: requireAdmin, schema: idRoute }, async (req) => members.detail(req.params.id));

  app.post('/api/admin/members/:id/chat-suspension', { preValidation: requireAdmin, schema: { ...idRoute, body: ZAdminReasonBody } }, async (req) => {
    const detail = await members.suspendChat(actorId(req), req.params.id, req.body?.reason || undefined);
    // Spec §4: an open page shows 'Chat Feature Suspended' at once.
    await chatAccessChanged(detail);
    return detail;
  });

  app.delete('/api/admin/members/:id/chat-suspension', { preValidation: requireAdmin, schema: idRoute }, async (req) => {
    const detail = await members.liftChatSuspension(actorId(req), req.params.id);
    await chatAccessChanged(detail);
    return detail;
  });

  // A suspended or deleted account's sessions ended in the action's transaction; after commit their
  // open sockets close at once in every process with 4401 (the session.ended subscriber).
  const disconnect = (userId: number) => opts.events.publish('session.ended', { userId });

  app.post('/api/admin/members/:id/suspension', { preValidation: requireAdmin, schema: { ...idRoute, body: ZAdminReasonBody } }, async (req) => {
    const detail = await members.suspend(actorId(req), req.params.id, req.body?.reason || undefined);
    await disconnect(req.params.id);
    return detail;
  });

  app.delete('/api/admin/members/:id/suspension', { preValidation: requireAdmin, schema: idRoute }, async (req) =>
    members.unsuspend(actorId(req), req.params.id),
  );

  app.post('/api/admin/members/:id/admin', { preValidation: requireAdmin, schema: idRoute }, async (req) => members.makeAdmin(actorId(req), req.params.id));

  app.delete('/api/admin/members/:id/admin', { preValidation: requireAdmin, schema: idRoute }, async (req) =>
    members.removeAdmin(actorId(req), req.params.id),
  );

  app.post(
    '/api/admin/members/:id/resend-verification',
    { preValidation: requireAdmin, schema: { params: ZMemberIdParams, response: { 200: ZAdminMessage } } },
    async (req) => members.resendVerification(actorId(req), req.params.id),
  );

  app.delete(
    '/api/admin/members/:id',
    { preValidation: requireAdmin, schema: { params: ZMemberIdParams, response: { 200: ZAdminMessage } } },
    async (req) => {
      const result = await members.remove(actorId(req), req.params.id);
      await disconnect(req.params.id);
      return result;
    },
  );
};
