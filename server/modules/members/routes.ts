import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  changePassword,
  completeOnboarding,
  confirmEmailChange,
  deleteAccount,
  endOtherSessions,
  exportMyData,
  getProfile,
  getPublicProfile,
  getTrustStatus,
  listDirectoryUsers,
  listMemberPosts,
  requestEmailChange,
  updateProfile,
} from '../../../common/contracts/members.ts';
import { getCourierProfile, updateCourierProfile } from '../../../common/contracts/courier.ts';
import { MEMBERS_MSG } from '../../../common/rules/members.ts';
import type { Config } from '../../config.ts';
import { forbidden } from '../../http-errors.ts';
import { AUTH_MSG, clearSessionCookie, presentUser, requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import type { DirectoryService } from './directory-service.ts';
import type { MembersService } from './service.ts';

const perIp = (max: number, timeWindow: string) => perIpLimit(max, timeWindow, AUTH_MSG.ipLimited);

/** Spec §6: the directory needs a verified email (exact wording of spec §8). */
async function requireDirectoryAccess(req: FastifyRequest) {
  await requireUser(req);
  if (!req.user!.emailVerifiedAt) throw forbidden(MEMBERS_MSG.directoryVerification);
}

/**
 * Own profile, onboarding, password and email change, data export, account deletion, public profiles and
 * the directory (docs/API.md "Members"). Every route is for a signed-in member; authorisation runs at
 * preValidation so a guest (or a suspended account, which is a guest) hears 401 before any validation.
 */
export const memberRoutes: FastifyPluginAsync<{ config: Config; members: MembersService; directory: DirectoryService }> = async (
  app,
  { config, members, directory },
) => {
  const uid = (req: FastifyRequest) => req.user!.id;
  const signedIn = { preValidation: requireUser };

  // Every answer here is personal or members-only: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  route(app, getProfile, signedIn, async (req) => {
    const { user, pendingEmail } = await members.getProfile(uid(req));
    return { ...presentUser(user), pendingEmail };
  });

  route(app, updateProfile, signedIn, async (req) => presentUser(await members.updateProfile(uid(req), req.body)));

  // Issue 32: the courier profile, read and saved whole.
  route(app, getCourierProfile, signedIn, async (req) => members.courierProfile(uid(req)));
  route(app, updateCourierProfile, signedIn, async (req) => members.saveCourierProfile(uid(req), req.body));

  // Issue 28: the member's trust level, what it allows and what the next one needs (settings).
  route(app, getTrustStatus, signedIn, async (req) => members.trustStatus(req.user!));

  route(app, completeOnboarding, signedIn, async (req) => presentUser(await members.completeOnboarding(uid(req), req.body)));

  route(app, changePassword, { ...signedIn, config: perIp(20, '1 minute') }, async (req) =>
    members.changePassword(uid(req), req.body, { ip: req.ip, currentTokenHash: req.sessionTokenHash }),
  );

  // "Sign out everywhere" on the profile: every other session ends; this one stays signed in.
  route(app, endOtherSessions, { ...signedIn, config: perIp(20, '1 minute') }, async (req) => members.endOtherSessions(uid(req), req.sessionTokenHash!));

  route(app, requestEmailChange, { ...signedIn, config: perIp(20, '1 minute') }, async (req) =>
    members.requestEmailChange(uid(req), req.body, { ip: req.ip }),
  );

  route(app, confirmEmailChange, { ...signedIn, config: perIp(30, '1 minute') }, async (req) =>
    presentUser(await members.confirmEmailChange(uid(req), req.body.code, { currentTokenHash: req.sessionTokenHash })),
  );

  route(app, deleteAccount, { ...signedIn, config: perIp(20, '1 minute') }, async (req, reply) => {
    const answer = await members.deleteAccount(uid(req), req.body.password, { ip: req.ip });
    directory.invalidateCounts();
    clearSessionCookie(reply, config);
    return answer;
  });

  route(app, exportMyData, { ...signedIn, config: perIp(10, '1 minute') }, async (req, reply) => {
    const data = await members.exportData(uid(req));
    // Usernames are letters, digits and underscores only, so the name needs no quoting rules beyond these.
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="kerbside-data-${req.user!.username}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  // A courier profile's "members" fields are for verified members: an account that has not proved its
  // email reads what guests read.
  route(app, getPublicProfile, signedIn, async (req) => members.publicProfile(req.params.username, req.user!.emailVerifiedAt ? 'members' : 'everyone'));

  route(app, listMemberPosts, signedIn, async (req) => members.memberPosts(req.params.username, req.query, uid(req)));

  route(app, listDirectoryUsers, { preValidation: requireDirectoryAccess }, async (req) => directory.list(req.query));
};
