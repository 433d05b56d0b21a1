import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import commonPasswords from 'fxa-common-password-list';

// OWASP ASVS / cheat-sheet minimum for argon2id.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export const needsRehash = (hash: string) => argon2.needsRehash(hash, OPTIONS);

/**
 * The password check: a password against a stored hash. With no hash (unknown or deleted account) it
 * still spends one argon2 verification against a throw-away hash (made at its first need and kept by
 * the check), so the answer takes the same time either way.
 */
export function createPasswordCheck() {
  let dummyHash: Promise<string> | undefined;
  return async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await argon2.verify(await dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  };
}

/**
 * The list (Firefox Accounts' 50,000 most common) is lower-case and our rules demand mixed case and a
 * special character, so an exact match alone would never fire: 'P@ssw0rd' and 'Password1!' are what
 * people type. We also test the lower-cased password and that with its trailing specials removed.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[@$!%*?&]+$/, '');
  return [password, lower, stripped].some((p) => p.length > 0 && commonPasswords.test(p));
}
