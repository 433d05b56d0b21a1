import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Core } from '../core.ts';
import type { Db, Tx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import type { VisitRecorder } from '../trust/visits.ts';
import { pendingCodeEmail, type CodePurpose } from './codes.ts';
import { createPasswordCheck } from './passwords.ts';
import { createSession, LAST_SEEN_EVERY_MS, liveSession, sessionAlive, userFromToken, type FoundSession, type SessionUser } from './sessions.ts';
import { assertLoginAllowed, beginLoginAttempt, clearLoginFailures, hashIp, recordLoginFailure, settleLoginFailure } from './throttle.ts';
import { MEMBERS_MSG } from '../../common/rules/members.ts';
import { badRequest } from '../http-errors.ts';

/** Issue 18, "new since your last visit": a request after this long without one starts a new visit. */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** users.last_active_at moves at most this often, so a member's reads stay reads. */
export const ACTIVE_EVERY_MS = 5 * 60 * 1000;

type VisitUser = Pick<SessionUser, 'id' | 'lastActiveAt' | 'previousVisitAt'>;

/**
 * Moves the member's visit times in memory (the request's req.user) when they are due; true when the
 * row needs writing. After VISIT_GAP_MS without activity, the visit that ended at lastActiveAt becomes
 * the previous one; a first-ever request has no previous visit, so nothing shows as new on it.
 */
function startVisit(user: VisitUser, now: Date): boolean {
  const last = user.lastActiveAt;
  if (last && now.getTime() - last.getTime() < ACTIVE_EVERY_MS) return false;
  if (last && now.getTime() - last.getTime() >= VISIT_GAP_MS) user.previousVisitAt = last;
  user.lastActiveAt = now;
  return true;
}

/**
 * The same move in the row, decided by the row itself, so two requests racing at a visit's start both
 * keep the visit that really ended (the second finds last_active_at already moved and changes nothing).
 */
async function recordVisit(db: Db, userId: number, now: Date) {
  const due = new Date(now.getTime() - ACTIVE_EVERY_MS);
  const gap = new Date(now.getTime() - VISIT_GAP_MS);
  await db
    .update(users)
    .set({
      previousVisitAt: sql`case when ${users.lastActiveAt} <= ${gap} then ${users.lastActiveAt} else ${users.previousVisitAt} end`,
      lastActiveAt: now,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveAt), lte(users.lastActiveAt, due))));
}

/**
 * The identity services, created once by buildApp from the core and handed to the session plugin and
 * the account modules: what reads the time (a session's life, the sign-in throttles, a code waiting to
 * be entered) reads it from the core's clock, and the password check keeps its throw-away hash here.
 * The functions they wrap take the time as an argument, for the few callers that bring their own.
 */
export function createIdentity({ db, clock, visits }: Pick<Core, 'db' | 'clock'> & { visits?: Pick<VisitRecorder, 'visited'> }) {
  const nowMs = () => clock.now().getTime();
  const verifyPassword = createPasswordCheck();
  return {
    verifyPassword,

    /** Starts a session (in `tx` when given, with the change it belongs to); returns the cookie's token. */
    createSession: (userId: number, userAgent?: string, tx: Db | Tx = db) => createSession(tx, userId, clock.now(), userAgent),
    /** The live session of a cookie's token and its user (null: none, or a suspended or deleted account). */
    userFromToken: (token: string | undefined) => userFromToken(db, token, clock.now()),
    /** Whether a session found earlier is still alive now. */
    sessionAlive: (found: FoundSession) => sessionAlive(found, clock.now()),
    /** The condition on `sessions` rows still alive now. */
    liveSession: () => liveSession(clock.now()),
    /**
     * Records that a session is in use, at most every LAST_SEEN_EVERY_MS so that reads stay reads
     * (the admin's "last seen", the idle expiry), and the member's visit (users.last_active_at and
     * previous_visit_at, issue 18) at most every ACTIVE_EVERY_MS, and the London day of the visit for
     * the trust model (user_visits, once a day: server/trust/visits.ts).
     */
    async markSeen(session: { tokenHash: string; lastSeenAt: Date; user?: VisitUser }) {
      const now = clock.now();
      // Synchronously, before the request goes on: a request that starts a visit already sees it.
      const visit = session.user ? startVisit(session.user, now) : false;
      if (session.user && visits) await visits.visited(session.user.id);
      if (visit) await recordVisit(db, session.user!.id, now);
      if (now.getTime() - session.lastSeenAt.getTime() <= LAST_SEEN_EVERY_MS) return;
      // Before the write: the member cache may hold this session, and its other requests need not write it too.
      session.lastSeenAt = now;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, session.tokenHash));
    },

    // The sign-in throttles (throttle.ts), now.
    assertLoginAllowed: (email: string, ipHash: string) => assertLoginAllowed(db, email, ipHash, nowMs()),
    beginLoginAttempt: (email: string, ipHash: string) => beginLoginAttempt(db, email, ipHash, nowMs()),
    settleLoginFailure: (email: string) => settleLoginFailure(db, email, nowMs()),
    recordLoginFailure: (email: string, ipHash: string) => recordLoginFailure(db, email, ipHash, nowMs()),

    /**
     * A signed-in member's password, checked like a sign-in: a wrong one counts toward the same per
     * account and address limit as failed sign-ins (5 in 15 minutes), so a borrowed session cannot
     * guess it. The 400 names `field`, the form's password field.
     */
    async confirmPassword(user: { email: string; passwordHash: string | null | undefined }, password: string, ip: string, field: string) {
      const ipHash = hashIp(ip);
      await assertLoginAllowed(db, user.email, ipHash, nowMs());
      if (!(await verifyPassword(user.passwordHash, password))) {
        await recordLoginFailure(db, user.email, ipHash, nowMs());
        throw badRequest(MEMBERS_MSG.currentPasswordIncorrect, { [field]: MEMBERS_MSG.currentPasswordIncorrect });
      }
      await clearLoginFailures(db, user.email, ipHash);
    },

    /** The address the newest live code of the purpose went to, while it can still be entered; else null. */
    pendingCodeEmail: (userId: number, purpose: CodePurpose) => pendingCodeEmail(db, userId, purpose, clock.now()),
  };
}

export type Identity = ReturnType<typeof createIdentity>;
