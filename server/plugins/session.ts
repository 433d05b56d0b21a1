import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { cookieName, type Identity } from '../identity/index.ts';

/** Sets req.user and req.sessionTokenHash from the session cookie (the sessions themselves: server/identity). */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; identity: Identity }) => {
  const name = cookieName(opts.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  const signIn = async (req: FastifyRequest, token: string) => {
    const found = await opts.identity.userFromToken(token);
    if (found) {
      req.user = found.user;
      req.sessionTokenHash = found.tokenHash;
      // Not awaited: the request need not wait for its "last seen".
      opts.identity.markSeen(found).catch((err: unknown) => req.log.warn({ err }, 'could not record last seen'));
    }
  };
  // A callback hook, not an async one: a guest's request (no cookie) goes on at once (issue 15: the
  // cached guest path).
  app.addHook('onRequest', (req, _reply, done) => {
    // The built assets never need the user; API calls, the socket and pages (rendered for the reader,
    // ADR 0006) do.
    if (req.url.startsWith('/assets/')) return done();
    const token = req.cookies[name];
    if (!token) return done();
    signIn(req, token).then(() => done(), done);
  });
});
