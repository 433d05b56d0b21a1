import type { FastifyPluginAsync } from 'fastify';
import {
  deleteMember,
  getMember,
  grantAdmin,
  liftMemberChatSuspension,
  listMembers,
  resendMemberVerification,
  revokeAdmin,
  suspendMember,
  suspendMemberChat,
  unsuspendMember,
  type TAdminMemberDetail,
} from '../../../common/contracts/admin.ts';
import type { Events } from '../../events.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { MemberAdminService } from './admin-service.ts';

/**
 * Member administration (docs/API.md "Admin: dashboard, members, audit log"). Every
 * route is for admins: requireAdmin runs at preValidation, so a guest hears 401 and anyone else 403
 * before their input is looked at. Every action writes its audit row in its own transaction.
 */
export const adminMemberRoutes: FastifyPluginAsync<{ events: Events; memberAdmin: MemberAdminService }> = async (app, { events, memberAdmin }) => {
  const actorId = (req: { user: { id: number } | null }) => req.user!.id;
  const admins = { preValidation: requireAdmin };

  // Members' addresses and account states: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  /** After commit: the member's open pages hear of their chat access at once (chat owns the frame). */
  const chatAccessChanged = (member: TAdminMemberDetail) =>
    events.publish('member.chat_access_changed', { userId: member.id, chatSuspended: member.chatSuspended, verified: member.verified });

  route(app, listMembers, admins, async (req) => memberAdmin.list(req.query));

  route(app, getMember, admins, async (req) => memberAdmin.detail(req.params.id));

  route(app, suspendMemberChat, admins, async (req) => {
    const detail = await memberAdmin.suspendChat(actorId(req), req.params.id, req.body?.reason || undefined);
    // Spec §4: an open page shows 'Chat Feature Suspended' at once.
    await chatAccessChanged(detail);
    return detail;
  });

  route(app, liftMemberChatSuspension, admins, async (req) => {
    const detail = await memberAdmin.liftChatSuspension(actorId(req), req.params.id);
    await chatAccessChanged(detail);
    return detail;
  });

  // A suspended or deleted account's sessions ended in the action's transaction; after commit their
  // open sockets close at once in every process with 4401 (the session.ended subscriber).
  const disconnect = (userId: number) => events.publish('session.ended', { userId });

  route(app, suspendMember, admins, async (req) => {
    const detail = await memberAdmin.suspend(actorId(req), req.params.id, req.body?.reason || undefined);
    await disconnect(req.params.id);
    return detail;
  });

  route(app, unsuspendMember, admins, async (req) => memberAdmin.unsuspend(actorId(req), req.params.id));

  route(app, grantAdmin, admins, async (req) => memberAdmin.makeAdmin(actorId(req), req.params.id));

  route(app, revokeAdmin, admins, async (req) => memberAdmin.removeAdmin(actorId(req), req.params.id));

  route(app, resendMemberVerification, admins, async (req) => memberAdmin.resendVerification(actorId(req), req.params.id));

  route(app, deleteMember, admins, async (req) => {
    const result = await memberAdmin.remove(actorId(req), req.params.id);
    await disconnect(req.params.id);
    return result;
  });
};
