import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { CODE_LENGTH } from '../../common/rules/auth.ts';
import type { Db, Tx } from '../db/client.ts';
import { verificationCodes } from '../db/schema/index.ts';
import { tooManyRequests, type HttpError } from '../http-errors.ts';
import { AUTH_MSG } from './messages.ts';
import { assertMailAllowed, HOUR_MS, RESEND_MIN_GAP_MS, RESEND_PER_HOUR } from './throttle.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/** What a mailed code proves: the sign-up address (auth, admin resend) or a new address (members). */
export type CodePurpose = (typeof verificationCodes.purpose.enumValues)[number];

/** A 6-digit code, uniform over 000000–999999. */
export const generateCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

const digest = (salt: string, userId: number, code: string) =>
  createHash('sha256').update(`${salt}:${userId}:${code}`).digest('base64url');

/**
 * Six digits are only a million values, so a bare hash would be one lookup table for every row.
 * Each row gets its own random salt (stored as `salt.hash`) and the hash is bound to the user.
 */
export function hashCode(userId: number, code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}.${digest(salt, userId, code)}`;
}

export function codeMatches(stored: string, userId: number, code: string): boolean {
  const [salt, hash] = stored.split('.');
  if (!salt || !hash) return false;
  const a = Buffer.from(hash);
  const b = Buffer.from(digest(salt, userId, code));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A 256-bit reset token for the link, and the SHA-256 that is all the database keeps of it. */
export const generateResetToken = () => randomBytes(32).toString('base64url');
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

// ---- the life of a mailed code: issue (under the resend limits) → consume (counting wrong tries) ----

const liveCodes = (userId: number, purpose: CodePurpose, now: Date) =>
  and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now));

/** The user's codes for this purpose that could still be entered stop working (a newer one, or the need, replaced them). */
export async function expireCodes(tx: Tx, userId: number, purpose: CodePurpose, now: Date) {
  await tx.update(verificationCodes).set({ expiresAt: now }).where(liveCodes(userId, purpose, now));
}

export type IssuedCode = { ok: true; code: string } | { ok: false; reason: 'gap' | 'hourly'; retryAfterSeconds: number };

/**
 * A fresh code for `email`, unless one for this purpose went out less than RESEND_MIN_GAP_MS ago or
 * RESEND_PER_HOUR already did this hour. Any older live code of the purpose stops working. Call it in
 * the transaction that locks the user row, and mail the code only after it commits.
 */
export async function issueCode(tx: Tx, opts: { userId: number; purpose: CodePurpose; email: string; now: Date }): Promise<IssuedCode> {
  const { userId, purpose, email, now } = opts;
  const recent = await tx
    .select({ at: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
  const allowed = assertMailAllowed(recent.map((r) => r.at), { minGapMs: RESEND_MIN_GAP_MS, perHour: RESEND_PER_HOUR }, now.getTime());
  if (!allowed.ok) return allowed;
  await expireCodes(tx, userId, purpose, now);
  const code = generateCode();
  await tx.insert(verificationCodes).values({
    userId,
    purpose,
    email,
    codeHash: hashCode(userId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return { ok: true, code };
}

/** The 429 for a refused issueCode, where the caller may say so (a signed-in member, an admin). */
export function codeLimitError(refused: Extract<IssuedCode, { ok: false }>): HttpError {
  const seconds = refused.retryAfterSeconds;
  return refused.reason === 'gap' ? tooManyRequests(AUTH_MSG.resendWait, seconds) : tooManyRequests(AUTH_MSG.resendHourly(Math.ceil(seconds / 60)), seconds);
}

/**
 * - invalid: no unused code, one mailed to another address than `email`, or a wrong code with tries left
 * - expired: the newest unused code is past its time
 * - exhausted: CODE_MAX_ATTEMPTS wrong tries, this one included
 */
export type ConsumedCode = { kind: 'ok'; email: string } | { kind: 'invalid' | 'expired' | 'exhausted' };

/**
 * Checks `code` against the newest unused code of the purpose and uses it up when right; a wrong one
 * counts toward CODE_MAX_ATTEMPTS. Lock the user row first in the same transaction, so parallel
 * guesses are counted one after the other. `email`, when given, is the address the code must have
 * been mailed to.
 */
export async function consumeCode(tx: Tx, opts: { userId: number; purpose: CodePurpose; code: string; email?: string; now: Date }): Promise<ConsumedCode> {
  const { userId, purpose, now } = opts;
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!row || (opts.email !== undefined && row.email !== opts.email)) return { kind: 'invalid' };
  if (row.expiresAt <= now) return { kind: 'expired' };
  if (row.failedAttempts >= CODE_MAX_ATTEMPTS) return { kind: 'exhausted' };
  if (!codeMatches(row.codeHash, userId, opts.code)) {
    const failedAttempts = row.failedAttempts + 1;
    await tx.update(verificationCodes).set({ failedAttempts }).where(eq(verificationCodes.id, row.id));
    return { kind: failedAttempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'invalid' };
  }
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
  return { kind: 'ok', email: row.email };
}

/** The address the newest live code of the purpose was mailed to, while it can still be entered; else null. */
export async function pendingCodeEmail(db: Db | Tx, userId: number, purpose: CodePurpose, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: verificationCodes.email, failedAttempts: verificationCodes.failedAttempts })
    .from(verificationCodes)
    .where(liveCodes(userId, purpose, now))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row && row.failedAttempts < CODE_MAX_ATTEMPTS ? row.email : null;
}
