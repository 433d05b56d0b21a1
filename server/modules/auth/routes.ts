import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  forgotPassword,
  getCurrentUser,
  login,
  logout,
  logoutByLink,
  register,
  registerToken,
  resendVerification,
  resetPassword,
  verifyCode,
} from '../../../common/contracts/auth.ts';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../http-errors.ts';
import { passkeySignIn, passkeySignInOptions, secondStep } from '../../../common/contracts/sign-in.ts';
import { REMEMBER_DEVICE_DAYS, SIGN_IN_MSG } from '../../../common/rules/sign-in.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  AUTH_MSG,
  clearSessionCookie,
  cookieName,
  deviceCookieName,
  hashToken,
  LOGIN_IP_PER_MINUTE,
  presentUser,
  SESSION_TOKEN_MAX,
  setDeviceCookie,
  setSessionCookie,
} from '../../identity/index.ts';
import type { SignInFactors } from '../sign-in-factors/index.ts';
import { route } from '../../lib/route.ts';
import { SIGN_UP_MSG, SIGN_UPS_PER_ADDRESS } from '../../../common/rules/auth.ts';
import { addressLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { isOwnNavigation, logoutConfirmPage, wantsPage } from './logout-page.ts';
import type { AuthService, SignInOutcome } from './service.ts';
import type { MemberCache } from '../../lib/member-cache.ts';

const perIp = (max: number, timeWindow: string) => perIpLimit(max, timeWindow, AUTH_MSG.ipLimited);

/** Accounts: register, verify, sign in and out, password reset (spec §7 and DESIGN.md API). */
export const authRoutes: FastifyPluginAsync<{ config: Config; auth: AuthService; factors: SignInFactors; members: MemberCache }> = async (app, { config, auth, factors, members }) => {
  // Personal answers must never be stored by a shared cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  // Sign-ups per client address (issue 28): counted by the service once a sign-up is about to happen,
  // beside perIp's ceiling on every attempt.
  const signUpsPerAddress = addressLimit(app, 'sign-up', [
    { windowMs: 60 * 60_000, max: SIGN_UPS_PER_ADDRESS.hour, message: SIGN_UP_MSG.perHour },
    { windowMs: 24 * 60 * 60_000, max: SIGN_UPS_PER_ADDRESS.day, message: () => SIGN_UP_MSG.perDay },
  ]);

  // The register form's timing token, fetched when the form opens (sign-up-defence.ts).
  route(app, registerToken, { config: perIp(60, '1 minute') }, async () => ({ token: await auth.signUpToken() }));

  route(app, register, { config: perIp(20, '10 minutes') }, async (req, reply) => {
    return reply.code(201).send(await auth.register(req.body, { claimSignUp: () => signUpsPerAddress(req) }));
  });

  route(app, verifyCode, { config: perIp(30, '1 minute') }, async (req, reply) => {
    const { user, token, isNewUser } = await auth.verifyCode(req.body, {
      userAgent: req.headers['user-agent'],
      currentTokenHash: req.sessionTokenHash,
    });
    setSessionCookie(reply, config, token);
    return { autoLogin: true, user: presentUser(user), isNewUser, message: AUTH_MSG.verified };
  });

  route(app, resendVerification, { config: perIp(10, '1 minute') }, async (req) => auth.resendVerification(req.body));

  const signInContext = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    currentTokenHash: req.sessionTokenHash,
    deviceToken: req.cookies[deviceCookieName(config)],
  });
  /** A sign-in step's answer: the session's cookie and the member, or the second step's ticket (issue 33). */
  const answerSignIn = (reply: FastifyReply, outcome: SignInOutcome, message: string = AUTH_MSG.loginOk) => {
    if (outcome.kind === 'secondStep') {
      const { ticket, canRemember, expiresAt } = outcome;
      return { message: SIGN_IN_MSG.secondStep, secondStep: { ticket, canRemember, expiresAt } };
    }
    setSessionCookie(reply, config, outcome.token);
    return { message, user: presentUser(outcome.user) };
  };
  const signInLimit = { config: perIpLimit(LOGIN_IP_PER_MINUTE, '1 minute', AUTH_MSG.loginIpLimited) };

  // Per IP across every account; the per account+IP failure limit lives in the service.
  route(app, login, signInLimit, async (req, reply) => answerSignIn(reply, await auth.login(req.body, signInContext(req))));

  // Issue 33: the second step, and passkeys. The second step counts against the same limits as passwords.
  route(app, secondStep, signInLimit, async (req, reply) => {
    const done = await auth.secondStep(req.body, signInContext(req));
    if (done.deviceToken) setDeviceCookie(reply, config, done.deviceToken, REMEMBER_DEVICE_DAYS * 24 * 60 * 60_000);
    return answerSignIn(reply, { kind: 'signedIn', user: done.user, token: done.token }, done.message);
  });

  route(app, passkeySignInOptions, { config: perIp(30, '1 minute') }, async () => factors.passkeySignInOptions());

  route(app, passkeySignIn, signInLimit, async (req, reply) =>
    answerSignIn(reply, await auth.passkeySignIn(req.body.response as unknown as AuthenticationResponseJSON, signInContext(req))),
  );

  route(app, getCurrentUser, {}, async (req) => {
    if (!req.user) throw unauthorized(AUTH_MSG.notLoggedIn);
    return presentUser(req.user);
  });

  // The cookie's session ends even when the session plugin ignored it (suspended account); its open
  // sockets close at once, in every process, and no process's member cache serves it again (the sign-out
  // link is a GET, which the cache's write hook does not see).
  async function endRequestSession(req: FastifyRequest, reply: FastifyReply) {
    const raw = req.cookies[cookieName(config)];
    await auth.logout(req.sessionTokenHash ?? (raw && raw.length <= SESSION_TOKEN_MAX ? hashToken(raw) : null));
    await members.invalidate();
    clearSessionCookie(reply, config);
  }

  // Sign-out in its own scope: the confirmation page's form posts a (fieldless) urlencoded body, a
  // content type no other auth route accepts.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

    route(scope, logout, {}, async (req, reply) => {
      await endRequestSession(req, reply);
      // The confirmation page's button is a page navigation: back to the landing page, not JSON.
      if (wantsPage(req)) return reply.redirect('/', 303);
      return { message: AUTH_MSG.loggedOut };
    });

    // The header's plain link (spec §2): sign out, then back to the landing page. Only for our own
    // pages or a typed address; any other link gets a page with a Log out button (POST).
    route(scope, logoutByLink, {}, async (req, reply) => {
      if (!isOwnNavigation(req)) {
        return reply.type('text/html; charset=utf-8').header('X-Robots-Tag', 'noindex').send(logoutConfirmPage(config.appName));
      }
      await endRequestSession(req, reply);
      return reply.redirect('/', 302);
    });
  });

  route(app, forgotPassword, { config: perIp(10, '1 minute') }, async (req) => auth.forgotPassword(req.body));

  route(app, resetPassword, { config: perIp(20, '1 minute') }, async (req) => auth.resetPassword(req.body));
};
