import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { tooManyRequests } from '../../http-errors.ts';
import { AUTH_MSG } from './messages.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Per IP across all accounts, enforced by @fastify/rate-limit on the route. */
export const LOGIN_IP_PER_MINUTE = 20;

export const RESEND_MIN_GAP_MS = 60_000;
export const RESEND_PER_HOUR = 5;
export const RESET_MAILS_PER_HOUR = 3;
export const HOUR_MS = 60 * 60_000;

/** Only a hash of the address is kept; the prefix keeps it from matching other tables' hashes. */
export const hashIp = (ip: string) => createHash('sha256').update(`kerbside:login-ip:${ip}`).digest('hex');

/** Throws 429 when this account+IP has used up its failed sign-ins for the window. */
export async function assertLoginAllowed(db: Db, email: string, ipHash: string, now = Date.now()) {
  const rows = await db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.ipHash, ipHash), gt(loginFailures.createdAt, new Date(now - LOGIN_WINDOW_MS))))
    .orderBy(asc(loginFailures.createdAt));
  if (rows.length < LOGIN_MAX_FAILURES) return;
  // Locked until enough failures have aged out of the window to fall under the limit again.
  const freeing = rows[rows.length - LOGIN_MAX_FAILURES].at.getTime();
  const seconds = Math.max(1, Math.ceil((freeing + LOGIN_WINDOW_MS - now) / 1000));
  throw tooManyRequests(AUTH_MSG.loginLocked(Math.ceil(seconds / 60)), seconds);
}

export async function recordLoginFailure(db: Db | Tx, email: string, ipHash: string, now = Date.now()) {
  // Rows older than the window count for nothing; drop this address's so the table stays small.
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), lt(loginFailures.createdAt, new Date(now - LOGIN_WINDOW_MS))));
  await db.insert(loginFailures).values({ email, ipHash, createdAt: new Date(now) });
}

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
  now = Date.now(),
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
