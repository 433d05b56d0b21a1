import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Passkeys and two-step sign-in (issue 33 part 3; server/modules/sign-in-factors).

/** A member's WebAuthn credentials: the public key and the signature counter, never a secret. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the browser sends it (base64url); unique across the site. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a clone shows itself by going back (0: it keeps none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** The WebAuthn user handle the member's passkeys share (random, base64url: no account id). */
    webauthnUserId: text('webauthn_user_id').notNull(),
    name: text('name').notNull(),
    /** Backed up by its provider (synced to the member's other devices). */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** Authenticator-app codes (RFC 6238): one secret per member, working once confirmed. */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret, base32. */
  secret: text('secret').notNull(),
  /** Null while being set up: the secret works only once a code from it has been typed back. */
  confirmedAt: ts('confirmed_at'),
  /** The last 30-second step whose code was taken: a code works once (no replay). */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, kept hashed (SHA-256: 50 random bits each, throttled like passwords). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/** "Remember this device": the hash of the device cookie's token, for one member, for 30 days. */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
);

/**
 * What a sign-in or a passkey ceremony waits on, for minutes, in every process: a sign-in's second
 * step (its ticket's hash) or a new passkey's challenge, taken by delete; and a passkey sign-in's signed
 * challenge once it has been answered (so it is answered once; it was never stored before).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose', { enum: ['second_step', 'passkey_sign_in', 'passkey_add'] }).notNull(),
    /** The member it is for (null: a passkey sign-in, whose member the passkey names). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A passkey ceremony's challenge (base64url), for the library's check. */
    challenge: text('challenge'),
    /** A new passkey's WebAuthn user handle, as the options gave it to the browser. */
    userHandle: text('user_handle'),
    /** A second step's: the hashed address its password came from, whose counted attempt a right code takes back. */
    ipHash: text('ip_hash'),
    /** A second step's wrong codes so far. */
    tries: smallint('tries').notNull().default(0),
    /** A second step may offer "remember this device" (never to admins). */
    canRemember: boolean('can_remember').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);
