import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type Argon2 from 'argon2';
import type CommonPasswords from 'fxa-common-password-list';
import { lazyRequire } from '../lib/lazy-require.ts';
import { limitConcurrency } from '../lib/limit-concurrency.ts';

// Loaded at the first sign-in, registration or password change, not at start-up (the list alone is
// ~13 MB resident): most requests, and the first answer after a restart, need neither.
const argon2 = lazyRequire<typeof Argon2>('argon2');
const commonPasswords = lazyRequire<typeof CommonPasswords>('fxa-common-password-list');

// OWASP ASVS / cheat-sheet minimum for argon2id (type 2: argon2's constant, checked by its type).
const OPTIONS = { type: 2 satisfies typeof Argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes and checks take turns, at most one fewer at once than the machine has cores: each keeps a core
 * busy for tens of milliseconds on libuv's pool (four threads), so ten sign-ups at once on two cores
 * could take both from the requests and the database (bench:spam). A burst of sign-ups or sign-ins
 * waits its turn instead; the rest of the site does not.
 */
const argon2Turns = limitConcurrency(Math.max(1, os.availableParallelism() - 1));

export const hashPassword = (password: string) => argon2Turns.run(() => argon2().hash(password, OPTIONS));

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export const needsRehash = (hash: string) => argon2().needsRehash(hash, OPTIONS);

/**
 * The password check: a password against a stored hash. With no hash (unknown or deleted account) it
 * still spends one argon2 verification against a throw-away hash (made at its first need and kept by
 * the check), so the answer takes the same time either way.
 */
export function createPasswordCheck() {
  let dummyHash: Promise<string> | undefined;
  return async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
    const { verify } = argon2(); // outside the catch: argon2 that cannot load is an error, not a wrong password
    if (!hash) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      const dummy = await dummyHash;
      await argon2Turns.run(() => verify(dummy, password)).catch(() => false);
      return false;
    }
    try {
      return await argon2Turns.run(() => verify(hash, password));
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
  const stripped = lower.replace(/[^\p{L}\p{N}]+$/u, '');
  return [password, lower, stripped].some((p) => p.length > 0 && commonPasswords().test(p));
}
