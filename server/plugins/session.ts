import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { cookieName, type Identity } from '../identity/index.ts';

/** Sets req.user and req.sessionTokenHash from the session cookie (the sessions themselves: server/identity). */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; identity: Identity }) => {
  const name = cookieName(opts.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req) => {
    // Static files and pages never need the user; only API calls and the socket pay for the lookup.
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/ws')) return;
    const found = await opts.identity.userFromToken(req.cookies[name]);
    if (found) {
      req.user = found.user;
      req.sessionTokenHash = found.tokenHash;
      // Not awaited: the request need not wait for its "last seen".
      opts.identity.markSeen(found).catch((err: unknown) => req.log.warn({ err }, 'could not record last seen'));
    }
  });
});
