import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  deleteMember,
  getMember,
  grantAdmin,
  liftMemberChatSuspension,
  listMembers,
  resendMemberVerification,
  revokeAdmin,
  setMemberRole,
  setMemberTrustLevel,
  suspendMember,
  suspendMemberChat,
  unsuspendMember,
  type TAdminMemberDetail,
  type TModeratorChatChange,
  type TModeratorSuspensionChange,
} from '../../../common/contracts/admin.ts';
import { canModerate, isAdmin, ROLE_MSG } from '../../../common/rules/roles.ts';
import type { TrustLevel } from '../../../common/rules/trust.ts';
import { forbidden } from '../../http-errors.ts';
import { requireAdmin, requireModerator } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { MemberAdminService, ModeratedChange } from './admin-service.ts';

// Issue 28: a moderator hears the change they made, never the admin record (addresses, sessions, last
// seen); an admin hears the whole detail, as before.
const chatAnswer = ({ member: m, byAdmin }: ModeratedChange): TAdminMemberDetail | TModeratorChatChange =>
  byAdmin ? m : { id: m.id, username: m.username, chatSuspended: m.chatSuspended };
const suspensionAnswer = ({ member: m, byAdmin }: ModeratedChange): TAdminMemberDetail | TModeratorSuspensionChange =>
  byAdmin ? m : { id: m.id, username: m.username, suspended: m.suspended, suspendedUntil: m.suspendedUntil, suspensionReason: m.suspensionReason };

/** Lifting a site suspension is admins' (issue 28): a moderator is told so, anyone else hears 'Admins only'. */
async function requireAdminToLift(req: FastifyRequest) {
  if (req.user && !isAdmin(req.user) && canModerate(req.user)) throw forbidden(ROLE_MSG.liftAdminsOnly);
  return requireAdmin(req);
}

/**
 * Member administration (docs/API.md "Admin: dashboard, members, audit log"). Every route is for
 * admins but chat access and short suspensions, which moderators share (issues 18 and 28; the service
 * holds a moderator to members only). The guard runs at preValidation, so a guest hears 401 and anyone
 * else 403 before their input is looked at. Every action writes its audit row in its own transaction, and
 * tells the member's open pages and sockets in it (the service publishes the events, issue 29).
 */
export const adminMemberRoutes: FastifyPluginAsync<{ memberAdmin: MemberAdminService }> = async (app, { memberAdmin }) => {
  const actorId = (req: { user: { id: number } | null }) => req.user!.id;
  const admins = { preValidation: requireAdmin };
  // Chat access and short suspensions are a moderator's tools too (issues 18, 28): 403 'Moderators only' for members.
  const moderators = { preValidation: requireModerator };

  // Members' addresses and account states: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, listMembers, admins, async (req) => memberAdmin.list(req.query));

  route(app, getMember, admins, async (req) => memberAdmin.detail(req.params.id));

  route(app, suspendMemberChat, moderators, async (req) => {
    const done = await memberAdmin.suspendChat(actorId(req), req.params.id, req.body?.reason || undefined);
    return chatAnswer(done);
  });

  route(app, liftMemberChatSuspension, moderators, async (req) => {
    const done = await memberAdmin.liftChatSuspension(actorId(req), req.params.id);
    return chatAnswer(done);
  });

  route(app, suspendMember, moderators, async (req) => {
    const done = await memberAdmin.suspend(actorId(req), req.params.id, { reason: req.body?.reason || undefined, duration: req.body?.duration ?? 'indefinite' });
    return suspensionAnswer(done);
  });

  route(app, unsuspendMember, { preValidation: requireAdminToLift }, async (req) => memberAdmin.unsuspend(actorId(req), req.params.id));

  route(app, grantAdmin, admins, async (req) => memberAdmin.makeAdmin(actorId(req), req.params.id));

  route(app, setMemberRole, admins, async (req) => memberAdmin.setRole(actorId(req), req.params.id, req.body.role));

  // Issue 28: an admin pins a member's trust level, or unpins it (null).
  route(app, setMemberTrustLevel, admins, async (req) => memberAdmin.setTrustLevel(actorId(req), req.params.id, req.body.level as TrustLevel | null));

  route(app, revokeAdmin, admins, async (req) => memberAdmin.removeAdmin(actorId(req), req.params.id));

  route(app, resendMemberVerification, admins, async (req) => memberAdmin.resendVerification(actorId(req), req.params.id));

  route(app, deleteMember, admins, async (req) => memberAdmin.remove(actorId(req), req.params.id));
};
