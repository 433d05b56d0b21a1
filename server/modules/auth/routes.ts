import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMessage,
  ZRegisterRequest,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZUser,
  ZVerifyCodeRequest,
  ZVerifyCodeResponse,
} from '../../../common/contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { unauthorized } from '../../http-errors.ts';
import { AUTH_MSG, clearSessionCookie, cookieName, hashToken, LOGIN_IP_PER_MINUTE, presentUser, setSessionCookie } from '../../identity/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { isOwnNavigation, logoutConfirmPage, wantsPage } from './logout-page.ts';
import { createAuthService } from './service.ts';

const ZRegisterResponse = z.object({ message: z.string(), email: z.string(), requiresVerification: z.literal(true) });
const ZLoginResponse = z.object({ message: z.string(), user: ZUser });

const perIp = (max: number, timeWindow: string) => perIpLimit(max, timeWindow, AUTH_MSG.ipLimited);

/** Accounts: register, verify, sign in and out, password reset (spec §7 and DESIGN.md API). */
export const authRoutes: FastifyPluginAsync<{ config: Config; db: Db; mailer: Mailer; events: Events }> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, events } = opts;
  const auth = createAuthService(opts);

  // Personal answers must never be stored by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.post('/api/auth/register', { config: perIp(20, '10 minutes'), schema: { body: ZRegisterRequest, response: { 201: ZRegisterResponse } } }, async (req, reply) => {
    return reply.code(201).send(await auth.register(req.body));
  });

  app.post('/api/auth/verify-code', { config: perIp(30, '1 minute'), schema: { body: ZVerifyCodeRequest, response: { 200: ZVerifyCodeResponse } } }, async (req, reply) => {
    const { user, token, isNewUser } = await auth.verifyCode(req.body, {
      userAgent: req.headers['user-agent'],
      currentTokenHash: req.sessionTokenHash,
    });
    setSessionCookie(reply, config, token);
    if (req.user) await events.publish('session.ended', { userId: req.user.id }); // the session it replaced
    return { autoLogin: true, user: presentUser(user), isNewUser, message: AUTH_MSG.verified };
  });

  app.post('/api/auth/resend-verification', { config: perIp(10, '1 minute'), schema: { body: ZResendVerificationRequest, response: { 200: ZMessage } } }, async (req) =>
    auth.resendVerification(req.body),
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } },
      // Per IP across every account; the per account+IP failure limit lives in the service.
      config: perIpLimit(LOGIN_IP_PER_MINUTE, '1 minute', AUTH_MSG.loginIpLimited),
    },
    async (req, reply) => {
      const { user, token } = await auth.login(req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        currentTokenHash: req.sessionTokenHash,
      });
      setSessionCookie(reply, config, token);
      if (req.user) await events.publish('session.ended', { userId: req.user.id }); // the session it replaced
      return { message: AUTH_MSG.loginOk, user: presentUser(user) };
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: ZUser } } }, async (req) => {
    if (!req.user) throw unauthorized(AUTH_MSG.notLoggedIn);
    return presentUser(req.user);
  });

  // The cookie's session ends even when the session plugin ignored it (suspended account); its open
  // sockets close at once, in every process.
  async function endRequestSession(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.cookies[cookieName(config)];
    const userId = await auth.logout(req.sessionTokenHash ?? (raw && raw.length <= 100 ? hashToken(raw) : null));
    clearSessionCookie(reply, config);
    if (userId !== null) await events.publish('session.ended', { userId });
  }

  // Sign-out in its own scope: the confirmation page's form posts a (fieldless) urlencoded body, a
  // content type no other auth route accepts.
  await app.register(async (scope) => {
    const logout = scope.withTypeProvider<ZodTypeProvider>();
    logout.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

    logout.post('/api/logout', { schema: { response: { 200: ZMessage } } }, async (req, reply) => {
      await endRequestSession(req, reply);
      // The confirmation page's button is a page navigation: back to the landing page, not JSON.
      if (wantsPage(req)) return reply.redirect('/', 303);
      return { message: AUTH_MSG.loggedOut };
    });

    // The header's plain link (spec §2): sign out, then back to the landing page. Only for our own
    // pages or a typed address; any other link gets a page with a Log out button (POST).
    logout.get('/api/logout', async (req, reply) => {
      if (!isOwnNavigation(req)) {
        return reply.type('text/html; charset=utf-8').header('X-Robots-Tag', 'noindex').send(logoutConfirmPage(config.appName));
      }
      await endRequestSession(req, reply);
      return reply.redirect('/', 302);
    });
  });

  app.post('/api/auth/forgot-password', { config: perIp(10, '1 minute'), schema: { body: ZForgotPasswordRequest, response: { 200: ZMessage } } }, async (req) =>
    auth.forgotPassword(req.body),
  );

  app.post('/api/auth/reset-password', { config: perIp(20, '1 minute'), schema: { body: ZResetPasswordRequest, response: { 200: ZMessage } } }, async (req) => {
    const { message, userId } = await auth.resetPassword(req.body);
    await events.publish('session.ended', { userId });
    return { message };
  });
};
