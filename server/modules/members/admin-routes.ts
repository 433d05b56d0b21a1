import type { FastifyPluginAsync } from 'fastify';
import {
  deleteMember,
  getMember,
  grantAdmin,
  liftMemberChatSuspension,
  listMembers,
  resendMemberVerification,
  revokeAdmin,
  setMemberRole,
  suspendMember,
  suspendMemberChat,
  unsuspendMember,
  type TAdminMemberDetail,
} from '../../../common/contracts/admin.ts';
import { isAdmin } from '../../../common/rules/roles.ts';
import type { Events } from '../../events.ts';
import { requireAdmin, requireModerator } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { MemberAdminService } from './admin-service.ts';
import { maskEmail } from './service.ts';

/** A moderator changes chat access, not accounts: the answer keeps the account's address and names to admins. */
const forActor = (actor: Parameters<typeof isAdmin>[0], detail: TAdminMemberDetail): TAdminMemberDetail =>
  isAdmin(actor) ? detail : { ...detail, email: maskEmail(detail.email), firstName: '', lastName: '' };

/**
 * Member administration (docs/API.md "Admin: dashboard, members, audit log"). Every
 * route is for admins: requireAdmin runs at preValidation, so a guest hears 401 and anyone else 403
 * before their input is looked at. Every action writes its audit row in its own transaction.
 */
export const adminMemberRoutes: FastifyPluginAsync<{ events: Events; memberAdmin: MemberAdminService; sweep?: { everyMs: number } }> = async (
  app,
  { events, memberAdmin, sweep },
) => {
  const actorId = (req: { user: { id: number } | null }) => req.user!.id;
  const admins = { preValidation: requireAdmin };
  // Chat access is a moderator's tool too (issue 18): 403 'Moderators only' for members.
  const moderators = { preValidation: requireModerator };

  // Timed suspensions end on their own (issue 18): every minute, one process lifts the expired ones.
  if (sweep) {
    const timer = setInterval(() => {
      memberAdmin.liftExpired().then(
        (ids) => ids.length && app.log.info({ lifted: ids }, 'suspensions: lifted expired'),
        (err: unknown) => app.log.error({ err }, 'suspension sweep failed'),
      );
    }, sweep.everyMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

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

  route(app, suspendMemberChat, moderators, async (req) => {
    const detail = await memberAdmin.suspendChat(actorId(req), req.params.id, req.body?.reason || undefined);
    // Spec §4: an open page shows 'Chat Feature Suspended' at once.
    await chatAccessChanged(detail);
    return forActor(req.user, detail);
  });

  route(app, liftMemberChatSuspension, moderators, async (req) => {
    const detail = await memberAdmin.liftChatSuspension(actorId(req), req.params.id);
    await chatAccessChanged(detail);
    return forActor(req.user, detail);
  });

  // A suspended or deleted account's sessions ended in the action's transaction; after commit their
  // open sockets close at once in every process with 4401 (the session.ended subscriber).
  const disconnect = (userId: number) => events.publish('session.ended', { userId });

  route(app, suspendMember, admins, async (req) => {
    const detail = await memberAdmin.suspend(actorId(req), req.params.id, { reason: req.body?.reason || undefined, duration: req.body?.duration ?? 'indefinite' });
    await disconnect(req.params.id);
    return detail;
  });

  route(app, unsuspendMember, admins, async (req) => memberAdmin.unsuspend(actorId(req), req.params.id));

  route(app, grantAdmin, admins, async (req) => memberAdmin.makeAdmin(actorId(req), req.params.id));

  route(app, setMemberRole, admins, async (req) => memberAdmin.setRole(actorId(req), req.params.id, req.body.role));

  route(app, revokeAdmin, admins, async (req) => memberAdmin.removeAdmin(actorId(req), req.params.id));

  route(app, resendMemberVerification, admins, async (req) => memberAdmin.resendVerification(actorId(req), req.params.id));

  route(app, deleteMember, admins, async (req) => {
    const result = await memberAdmin.remove(actorId(req), req.params.id);
    await disconnect(req.params.id);
    return result;
  });
};
