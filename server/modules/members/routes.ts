import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMessage, ZUser } from '../../../common/contracts/auth.ts';
import { ZListPostsQuery, ZPostList } from '../../../common/contracts/forum.ts';
import {
  MEMBERS_MSG,
  ZChangeEmailRequest,
  ZChangeEmailResponse,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZDirectoryQuery,
  ZDirectoryResponse,
  ZOnboardingRequest,
  ZProfile,
  ZPublicProfile,
  ZUpdateProfileRequest,
  ZVerifyEmailChangeRequest,
} from '../../../common/contracts/members.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { forbidden } from '../../http-errors.ts';
import { AUTH_MSG, clearSessionCookie, presentUser, requireUser } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { createDirectoryService } from './directory-service.ts';
import { buildDataExport } from './export-service.ts';
import { createMembersService } from './service.ts';

const ZUsernameParams = z.object({ username: z.string().max(100) });
const ZMemberPostsQuery = ZListPostsQuery.pick({ page: true, limit: true });

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
export const memberRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer; events: Events }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = opts;
  const members = createMembersService(opts);
  const directory = createDirectoryService(db);
  const uid = (req: FastifyRequest) => req.user!.id;
  // After a change that ended sessions commits: their open sockets close at once, in every process.
  const closeEndedSockets = (userId: number) => opts.events.publish('session.ended', { userId });

  // Every answer here is personal or members-only: never kept by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.get('/api/profile', { preValidation: requireUser, schema: { response: { 200: ZProfile } } }, async (req) => {
    const { user, pendingEmail } = await members.getProfile(uid(req));
    return { ...presentUser(user), pendingEmail };
  });

  app.patch(
    '/api/profile',
    { preValidation: requireUser, schema: { body: ZUpdateProfileRequest, response: { 200: ZUser } } },
    async (req) => presentUser(await members.updateProfile(uid(req), req.body)),
  );

  app.post(
    '/api/onboarding',
    { preValidation: requireUser, schema: { body: ZOnboardingRequest, response: { 200: ZUser } } },
    async (req) => presentUser(await members.completeOnboarding(uid(req), req.body)),
  );

  app.post(
    '/api/profile/password',
    { preValidation: requireUser, config: perIp(20, '1 minute'), schema: { body: ZChangePasswordRequest, response: { 200: ZMessage } } },
    async (req) => {
      const answer = await members.changePassword(uid(req), req.body, { ip: req.ip, currentTokenHash: req.sessionTokenHash });
      await closeEndedSockets(uid(req));
      return answer;
    },
  );

  // "Sign out everywhere" on the profile: every other session ends; this one stays signed in.
  app.post(
    '/api/profile/sessions/end-others',
    { preValidation: requireUser, config: perIp(20, '1 minute'), schema: { response: { 200: ZMessage } } },
    async (req) => {
      const answer = await members.endOtherSessions(uid(req), req.sessionTokenHash!);
      await closeEndedSockets(uid(req));
      return answer;
    },
  );

  app.post(
    '/api/profile/email',
    { preValidation: requireUser, config: perIp(20, '1 minute'), schema: { body: ZChangeEmailRequest, response: { 200: ZChangeEmailResponse } } },
    async (req) => members.requestEmailChange(uid(req), req.body, { ip: req.ip }),
  );

  app.post(
    '/api/profile/email/verify',
    { preValidation: requireUser, config: perIp(30, '1 minute'), schema: { body: ZVerifyEmailChangeRequest, response: { 200: ZUser } } },
    async (req) => {
      const user = await members.confirmEmailChange(uid(req), req.body.code, { currentTokenHash: req.sessionTokenHash });
      await closeEndedSockets(user.id);
      return presentUser(user);
    },
  );

  app.delete(
    '/api/profile',
    { preValidation: requireUser, config: perIp(20, '1 minute'), schema: { body: ZDeleteAccountRequest, response: { 200: ZMessage } } },
    async (req, reply) => {
      const answer = await members.deleteAccount(uid(req), req.body.password, { ip: req.ip });
      directory.invalidateCounts();
      clearSessionCookie(reply, config);
      await closeEndedSockets(uid(req));
      return answer;
    },
  );

  app.get('/api/auth/me/export', { preValidation: requireUser, config: perIp(10, '1 minute') }, async (req, reply) => {
    const data = await buildDataExport(db, uid(req));
    // Usernames are letters, digits and underscores only, so the name needs no quoting rules beyond these.
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="kerbside-data-${req.user!.username}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.get(
    '/api/users/:username',
    { preValidation: requireUser, schema: { params: ZUsernameParams, response: { 200: ZPublicProfile } } },
    async (req) => members.publicProfile(req.params.username),
  );

  app.get(
    '/api/users/:username/posts',
    { preValidation: requireUser, schema: { params: ZUsernameParams, querystring: ZMemberPostsQuery, response: { 200: ZPostList } } },
    async (req) => members.memberPosts(req.params.username, req.query, uid(req)),
  );

  app.get(
    '/api/directory/users',
    { preValidation: requireDirectoryAccess, schema: { querystring: ZDirectoryQuery, response: { 200: ZDirectoryResponse } } },
    async (req) => directory.list(req.query),
  );
};
