import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { tooManyRequests, type HttpError } from '../http-errors.ts';
import { AUTH_MSG } from './messages.ts';

/** Per account+IP: this many failures in the window refuse that address for the account. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Per IP across all accounts, enforced by @fastify/rate-limit on the route. */
export const LOGIN_IP_PER_MINUTE = 20;

/*
 * Per account, from every address together (no change of IP resets it), over the same window:
 * the first ACCOUNT_FREE_FAILURES failures cost nothing; after the nth failure beyond them the next
 * attempt is refused until 2^(n - ACCOUNT_FREE_FAILURES) seconds after it (2, 4, 8, 16, 32, 64 s);
 * the ACCOUNT_LOCK_FAILURES-th failure locks the account for ACCOUNT_LOCK_MS, even for the right
 * password, and its owner is mailed once with a reset link. The lock always ends on its own (and a
 * password reset ends it at once), so nobody can keep an account shut for good. The slow-down is for
 * sign-ins; a signed-in member's password confirmations count toward the lock and honour it.
 */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_LOCK_FAILURES = 10;
export const ACCOUNT_LOCK_MS = 15 * 60_000;
export const accountDelayMs = (failures: number) => (failures <= ACCOUNT_FREE_FAILURES ? 0 : 1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES));

/** The ip_hash of the row that marks a lockout (created_at = its start); a real one is 64 hex digits. */
export const LOCK_MARK = 'account-locked';
/** Transaction-scoped advisory lock class: one account's attempts are counted one after the other. */
const ACCOUNT_LOCK_CLASS = 52_117;

export const RESEND_MIN_GAP_MS = 60_000;
export const RESEND_PER_HOUR = 5;
export const RESET_MAILS_PER_HOUR = 3;
/** "Someone tried to sign up with your address" mails to one verified address (an unverified one gets codes, RESEND_*). */
export const SIGN_UP_NOTICES_PER_HOUR = 3;
export const HOUR_MS = 60 * 60_000;

/** Only a hash of the address is kept; the prefix keeps it from matching other tables' hashes. */
export const hashIp = (ip: string) => createHash('sha256').update(`kerbside:login-ip:${ip}`).digest('hex');

type Row = { ipHash: string; at: Date };

const recentRows = (db: Db | Tx, email: string, now: number): Promise<Row[]> =>
  db
    .select({ ipHash: loginFailures.ipHash, at: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, new Date(now - Math.max(LOGIN_WINDOW_MS, ACCOUNT_LOCK_MS)))))
    .orderBy(asc(loginFailures.createdAt), asc(loginFailures.id));

const activeLock = (rows: Row[], now: number) => rows.find((r) => r.ipHash === LOCK_MARK && r.at.getTime() + ACCOUNT_LOCK_MS > now);
const failuresIn = (rows: Row[], now: number) => rows.filter((r) => r.ipHash !== LOCK_MARK && r.at.getTime() > now - LOGIN_WINDOW_MS);

/** The 429 an attempt for this account from this address gets now, or null when it may go ahead. */
function refusal(rows: Row[], ipHash: string, now: number, slowDown: boolean): HttpError | null {
  const lock = activeLock(rows, now);
  if (lock) {
    const seconds = Math.max(1, Math.ceil((lock.at.getTime() + ACCOUNT_LOCK_MS - now) / 1000));
    return tooManyRequests(AUTH_MSG.loginLocked(Math.ceil(seconds / 60)), seconds);
  }
  const failures = failuresIn(rows, now);
  const fromIp = failures.filter((r) => r.ipHash === ipHash);
  if (fromIp.length >= LOGIN_MAX_FAILURES) {
    // Until enough of this address's failures have aged out of the window to fall under the limit.
    const freeing = fromIp[fromIp.length - LOGIN_MAX_FAILURES].at.getTime();
    const seconds = Math.max(1, Math.ceil((freeing + LOGIN_WINDOW_MS - now) / 1000));
    return tooManyRequests(AUTH_MSG.loginLocked(Math.ceil(seconds / 60)), seconds);
  }
  const wait = slowDown ? accountDelayMs(failures.length) : 0;
  const until = wait && failures[failures.length - 1].at.getTime() + wait;
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    return tooManyRequests(AUTH_MSG.loginSlowDown(seconds), seconds);
  }
  return null;
}

async function lockAccountRows(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${email}))`);
}

async function insertFailure(tx: Tx, email: string, ipHash: string, now: number) {
  // Rows older than the window count for nothing; drop this address's so the table stays small.
  await tx.delete(loginFailures).where(and(eq(loginFailures.email, email), lt(loginFailures.createdAt, new Date(now - Math.max(LOGIN_WINDOW_MS, ACCOUNT_LOCK_MS)))));
  await tx.insert(loginFailures).values({ email, ipHash, createdAt: new Date(now) });
}

/** Marks a lockout when the account has reached its failure limit; true only for the failure that started it. */
async function lockIfDue(tx: Tx, email: string, now: number): Promise<boolean> {
  const rows = await recentRows(tx, email, now);
  if (activeLock(rows, now) || failuresIn(rows, now).length < ACCOUNT_LOCK_FAILURES) return false;
  await tx.insert(loginFailures).values({ email, ipHash: LOCK_MARK, createdAt: new Date(now) });
  return true;
}

/**
 * For a password confirmed by a signed-in member (members/service.ts): throws 429 when the account is
 * locked or this account+IP has used up its failures. The slow-down is for sign-ins only: a member
 * retyping their password should not wait, and the lock still bounds the guesses.
 */
export async function assertLoginAllowed(db: Db | Tx, email: string, ipHash: string, now: number) {
  const refused = refusal(await recentRows(db, email, now), ipHash, now, false);
  if (refused) throw refused;
}

/**
 * assertLoginAllowed and the failure's row in one step, one attempt of the account at a time in every
 * process: the attempt counts as a failure from the start, so parallel guesses cannot all pass the
 * check before any is counted. A right password takes it back (clearLoginFailures); a wrong one goes
 * on to settleLoginFailure.
 */
export async function beginLoginAttempt(db: Db, email: string, ipHash: string, now: number) {
  await db.transaction(async (tx) => {
    await lockAccountRows(tx, email);
    const refused = refusal(await recentRows(tx, email, now), ipHash, now, true);
    if (refused) throw refused;
    await insertFailure(tx, email, ipHash, now);
  });
}

/** After a wrong password counted by beginLoginAttempt: true when this failure locked the account (mail its owner). */
export function settleLoginFailure(db: Db, email: string, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccountRows(tx, email);
    return lockIfDue(tx, email, now);
  });
}

/** A wrong password checked after assertLoginAllowed; true when it locked the account (its owner is then due a mail). */
export function recordLoginFailure(db: Db | Tx, email: string, ipHash: string, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccountRows(tx, email);
    await insertFailure(tx, email, ipHash, now);
    return lockIfDue(tx, email, now);
  });
}

/** A right password: this address's failures for the account go (a lockout stays until it ends). */
export async function clearLoginFailures(db: Db | Tx, email: string, ipHash: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ipHash, ipHash)));
}

/**
 * Limits for codes and links mailed to one address: at most one per `minGapMs` (when given) and
 * `perHour` an hour. `sentAt` are the creation times of the address's recent rows.
 */
export function assertMailAllowed(
  sentAt: Date[],
  limits: { minGapMs?: number; perHour: number },
  now: number,
): { ok: true } | { ok: false; retryAfterSeconds: number; reason: 'gap' | 'hourly' } {
  const times = sentAt.map((d) => new Date(d).getTime()).filter((t) => t > now - HOUR_MS).sort((a, b) => a - b);
  const latest = times[times.length - 1];
  if (limits.minGapMs && latest !== undefined && now - latest < limits.minGapMs) {
    return { ok: false, reason: 'gap', retryAfterSeconds: Math.ceil((latest + limits.minGapMs - now) / 1000) };
  }
  if (times.length >= limits.perHour) {
    const freeing = times[times.length - limits.perHour];
    return { ok: false, reason: 'hourly', retryAfterSeconds: Math.ceil((freeing + HOUR_MS - now) / 1000) };
  }
  return { ok: true };
}
