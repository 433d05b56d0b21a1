import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { cookieName, SESSION_TOKEN_MAX, type FoundSession, type Identity } from '../identity/index.ts';
import { isWrite, type MemberCache } from '../lib/member-cache.ts';

/**
 * Sets req.user and req.sessionTokenHash from the session cookie (the sessions themselves: server/identity).
 * A read finds the session in the member cache (lib/member-cache.ts: until the next write anywhere, or a
 * few seconds), so a member's reads cost no round trip for who they are (issue 31); a write always reads
 * it from the database, so nothing is changed by a session that has just ended or an account just suspended.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; identity: Identity; members: MemberCache }) => {
  const { identity, members } = opts;
  const name = cookieName(opts.config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  const signIn = (req: FastifyRequest, found: FoundSession | null) => {
    if (!found || !identity.sessionAlive(found)) return;
    req.user = found.user;
    req.sessionTokenHash = found.tokenHash;
    // Not awaited: the request need not wait for its "last seen".
    identity.markSeen(found).catch((err: unknown) => req.log.warn({ err }, 'could not record last seen'));
  };
  // A callback hook, not an async one: a guest's request (no cookie), and a member's read whose session
  // is kept, go on at once (issue 15: the cached guest path).
  app.addHook('onRequest', (req, _reply, done) => {
    // The built assets never need the user; API calls, the socket and pages (rendered for the reader,
    // ADR 0006) do.
    if (req.url.startsWith('/assets/')) return done();
    const token = req.cookies[name];
    if (!token) return done();
    if (isWrite(req.method)) {
      identity.userFromToken(token).then((found) => signIn(req, found)).then(() => done(), done);
      return;
    }
    // Never a session (userFromToken's own limit): not kept, so an odd cookie cannot fill the cache.
    if (token.length > SESSION_TOKEN_MAX) return done();
    // Kept under the token itself: hashing it is the dearest part of a kept read. A token that names no
    // session (signed out elsewhere, expired) is kept too, as null: one query every few seconds, not per request.
    const key = `session:${token}`;
    const kept = members.sessions.peek(key);
    if (kept !== undefined) {
      signIn(req, kept);
      return done();
    }
    members.sessions.remember(key, () => identity.userFromToken(token)).then((found) => signIn(req, found)).then(() => done(), done);
  });
}, { name: 'kerbside-session' });
