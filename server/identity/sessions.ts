import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canModerate, isAdmin, ROLE_MSG } from '../../common/rules/roles.ts';
import type { TrustLevel } from '../../common/rules/trust.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../http-errors.ts';
import { levelOfMember } from '../trust/levels.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000; // absolute expiry: 30 days
/**
 * Idle expiry: a session not used for 14 days is dead even before its 30 days are up (a laptop left
 * signed in somewhere). Measured from lastSeenAt, which moves at most every LAST_SEEN_EVERY_MS, so a
 * session in use never comes near it.
 */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** "Last seen" (admin member record, idle expiry) moves at most every 5 minutes, so reads stay reads. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** The rows of sessions still alive at `now`: not past the absolute expiry, used within the idle window. */
export const liveSession = (now: Date) =>
  and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)));

/**
 * The signed-in member as a request sees them: their row without the password hash, and with
 * `trustLevel` their effective trust level (issue 28: an admin's pin, else the job's computation;
 * admins and moderators count as 3), so every limit reads it without another query.
 */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'trustLevel'> & { trustLevel: TrustLevel };

// Set on every API and socket request by the session plugin (server/plugins/session.ts).
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Suspended and deleted accounts count as guests. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

/** No session token is longer (ours are 43 characters): a longer cookie is never looked up. */
export const SESSION_TOKEN_MAX = 100;

export const cookieName = (config: Config) => (config.secureCookies ? '__Host-sid' : 'sid');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session at `now`: a fresh 256-bit token, only its hash stored. Returns the token for the cookie. */
export async function createSession(db: Db | Tx, userId: number, now: Date, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300),
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(cookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/**
 * "Remember this device" (issue 33): a second cookie, apart from the session's, so signing out keeps
 * it and a second step is skipped for its member only (a shared phone's other members are still asked).
 */
export const deviceCookieName = (config: Config) => (config.secureCookies ? '__Host-device' : 'device');

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string, maxAgeMs: number) {
  reply.setCookie(deviceCookieName(config), token, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: maxAgeMs / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(cookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

/**
 * Ends every session of a user, optionally keeping the current one. Once the transaction commits,
 * call `app.gateway.closeEndedSessions(userId)` so their open sockets close at once.
 */
export async function endAllSessions(db: Db | Tx, userId: number, keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/** Ends one session; returns whose it was (null when there was none), for closing its sockets. */
export async function endSession(db: Db | Tx, tokenHash: string): Promise<number | null> {
  const [row] = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/**
 * The user of a live session (liveSession's condition, its times given), prepared once per database (a
 * named statement on PostgreSQL, parsed once per connection): every signed-in request runs it, and
 * Drizzle's building of a select of every user column would otherwise be redone each time (issue 31).
 */
const prepareSessionUser = (db: Db) => {
  const { passwordHash: _omit, ...columns } = getTableColumns(users);
  return db
    .select({ user: columns, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${sql.placeholder('idleSince')}::timestamptz`,
      ),
    )
    .limit(1)
    .prepare('session_user');
};
const sessionUserByDb = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

/** Reads the session cookie of any request (also the WebSocket upgrade) into a user, as of `now`. */
export async function userFromToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<FoundSession | null> {
  if (!token || token.length > SESSION_TOKEN_MAX) return null;
  const tokenHash = hashToken(token);
  let sessionUser = sessionUserByDb.get(db);
  if (!sessionUser) sessionUserByDb.set(db, (sessionUser = prepareSessionUser(db)));
  const [row] = await sessionUser.execute({ tokenHash, now: now.toISOString(), idleSince: new Date(now.getTime() - SESSION_IDLE_MS).toISOString() });
  if (!row || row.user.suspendedAt || row.user.deletedAt) return null;
  return { user: { ...row.user, trustLevel: levelOfMember(row.user) }, tokenHash, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt };
}

/** A live session as userFromToken found it. */
export type FoundSession = { user: SessionUser; tokenHash: string; lastSeenAt: Date; expiresAt: Date };

/** Whether a session found earlier (kept by the member cache) is still alive at `now`: liveSession's condition. */
export const sessionAlive = (found: FoundSession, now: Date) =>
  found.expiresAt.getTime() > now.getTime() && found.lastSeenAt.getTime() > now.getTime() - SESSION_IDLE_MS;

// preHandlers for routes: who may call them (spec §6; the server enforces every rule itself).
export async function requireUser(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
}

export async function requireVerified(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  if (!req.user.emailVerifiedAt) throw forbidden('Email verification required');
}

export async function requireAdmin(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  if (!isAdmin(req.user)) throw forbidden(ROLE_MSG.adminsOnly);
}

/** The content and reports tools (common/rules/roles.ts): admins and moderators. */
export async function requireModerator(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  if (!canModerate(req.user)) throw forbidden(ROLE_MSG.moderatorsOnly);
}
