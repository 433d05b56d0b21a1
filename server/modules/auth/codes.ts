import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '../../../common/constants.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

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
