import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { cookieName, LAST_SEEN_EVERY_MS, userFromToken } from '../identity/index.ts';

/** Sets req.user and req.sessionTokenHash from the session cookie (the sessions themselves: server/identity). */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const name = cookieName(opts.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req) => {
    // Static files and pages never need the user; only API calls and the socket pay for the lookup.
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/ws')) return;
    const found = await userFromToken(opts.db, req.cookies[name]);
    if (found) {
      req.user = found.user;
      req.sessionTokenHash = found.tokenHash;
      const now = new Date();
      if (now.getTime() - found.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
        opts.db
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(eq(sessions.tokenHash, found.tokenHash))
          .catch((err: unknown) => req.log.warn({ err }, 'could not record last seen'));
      }
    }
  });
});
