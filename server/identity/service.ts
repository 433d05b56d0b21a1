import { eq } from 'drizzle-orm';
import type { Core } from '../core.ts';
import type { Db, Tx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { pendingCodeEmail, type CodePurpose } from './codes.ts';
import { createPasswordCheck } from './passwords.ts';
import { createSession, LAST_SEEN_EVERY_MS, liveSession, userFromToken } from './sessions.ts';
import { assertLoginAllowed, beginLoginAttempt, recordLoginFailure, settleLoginFailure } from './throttle.ts';

/**
 * The identity services, created once by buildApp from the core and handed to the session plugin and
 * the account modules: what reads the time (a session's life, the sign-in throttles, a code waiting to
 * be entered) reads it from the core's clock, and the password check keeps its throw-away hash here.
 * The functions they wrap take the time as an argument, for the few callers that bring their own.
 */
export function createIdentity({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  const nowMs = () => clock.now().getTime();
  return {
    verifyPassword: createPasswordCheck(),

    /** Starts a session (in `tx` when given, with the change it belongs to); returns the cookie's token. */
    createSession: (userId: number, userAgent?: string, tx: Db | Tx = db) => createSession(tx, userId, clock.now(), userAgent),
    /** The live session of a cookie's token and its user (null: none, or a suspended or deleted account). */
    userFromToken: (token: string | undefined) => userFromToken(db, token, clock.now()),
    /** The condition on `sessions` rows still alive now. */
    liveSession: () => liveSession(clock.now()),
    /**
     * Records that a session is in use, at most every LAST_SEEN_EVERY_MS so that reads stay reads
     * (the admin's "last seen", the idle expiry).
     */
    async markSeen(session: { tokenHash: string; lastSeenAt: Date }) {
      const now = clock.now();
      if (now.getTime() - session.lastSeenAt.getTime() <= LAST_SEEN_EVERY_MS) return;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, session.tokenHash));
    },

    // The sign-in throttles (throttle.ts), now.
    assertLoginAllowed: (email: string, ipHash: string) => assertLoginAllowed(db, email, ipHash, nowMs()),
    beginLoginAttempt: (email: string, ipHash: string) => beginLoginAttempt(db, email, ipHash, nowMs()),
    settleLoginFailure: (email: string) => settleLoginFailure(db, email, nowMs()),
    recordLoginFailure: (email: string, ipHash: string) => recordLoginFailure(db, email, ipHash, nowMs()),

    /** The address the newest live code of the purpose went to, while it can still be entered; else null. */
    pendingCodeEmail: (userId: number, purpose: CodePurpose) => pendingCodeEmail(db, userId, purpose, clock.now()),
  };
}

export type Identity = ReturnType<typeof createIdentity>;
