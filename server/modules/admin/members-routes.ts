import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminMemberDetail,
  ZAdminMemberList,
  ZAdminMembersQuery,
  ZAdminMessage,
  ZAdminReasonBody,
  ZAuditPage,
  ZAuditQuery,
  ZDashboard,
  ZMemberIdParams,
  type TAdminMemberDetail,
} from '../../../common/contracts/admin.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { listAudit } from './audit-service.ts';
import { buildDashboard } from './dashboard-service.ts';
import { createMemberAdminService } from './member-admin-service.ts';

/**
 * Admin dashboard, members and audit log (docs/API.md "Admin: dashboard, members, audit log"). Every
 * route is for admins: requireAdmin runs at preValidation, so a guest hears 401 and anyone else 403
 * before their input is looked at. Every action writes its audit row in its own transaction.
 */
export const adminMemberRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const members = createMemberAdminService(opts);
  const actorId = (req: { user: { id: number } | null }) => req.user!.id;

  // Members' addresses and account states: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  const idRoute = { params: ZMemberIdParams, response: { 200: ZAdminMemberDetail } };

  /** The member's open pages hear of their chat access after a suspension or its lifting at once (a failed push is only logged). */
  const pushChatAccess = async (log: FastifyBaseLogger, member: TAdminMemberDetail) => {
    if (!fastify.hasDecorator('gateway')) return;
    const reason = member.chatSuspended ? 'suspended' : member.verified ? undefined : 'verification';
    const frame: ServerFrame<'chat_access'> = reason ? { type: 'chat_access', allowed: false, reason } : { type: 'chat_access', allowed: true };
    await fastify.gateway.sendToUser(member.id, frame).catch((err: unknown) => log.warn({ err }, 'chat access push failed'));
  };

  app.get('/api/admin/dashboard', { preValidation: requireAdmin, schema: { response: { 200: ZDashboard } } }, async () => buildDashboard(db));

  app.get(
    '/api/admin/members',
    { preValidation: requireAdmin, schema: { querystring: ZAdminMembersQuery, response: { 200: ZAdminMemberList } } },
    async (req) => members.list(req.query),
  );

  app.get('/api/admin/members/:id', { preValidation: requireAdmin, schema: idRoute }, async (req) => members.detail(req.params.id));

  app.post('/api/admin/members/:id/chat-suspension', { preValidation: requireAdmin, schema: { ...idRoute, body: ZAdminReasonBody } }, async (req) => {
    const detail = await members.suspendChat(actorId(req), req.params.id, req.body?.reason || undefined);
    // Spec §4: an open page shows 'Chat Feature Suspended' at once.
    await pushChatAccess(req.log, detail);
    return detail;
  });

  app.delete('/api/admin/members/:id/chat-suspension', { preValidation: requireAdmin, schema: idRoute }, async (req) => {
    const detail = await members.liftChatSuspension(actorId(req), req.params.id);
    await pushChatAccess(req.log, detail);
    return detail;
  });

  // A suspended or deleted account's open sockets close at once in every process with 4401 (its
  // sessions ended in the action's transaction; closeEndedSessions logs rather than throws).
  const disconnect = async (userId: number) => {
    if (fastify.hasDecorator('gateway')) await fastify.gateway.closeEndedSessions(userId);
  };

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

  app.get(
    '/api/admin/audit-log',
    { preValidation: requireAdmin, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } },
    async (req) => listAudit(db, req.query),
  );
};
