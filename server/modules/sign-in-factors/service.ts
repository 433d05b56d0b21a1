import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { canModerate, isAdmin } from '../../../common/rules/roles.ts';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEYS_MAX,
  RECOVERY_CODES,
  REMEMBER_DEVICE_DAYS,
  SECOND_STEP_TRIES,
  SECOND_STEP_TTL_MS,
  SIGN_IN_MSG,
  TOTP_DIGITS,
} from '../../../common/rules/sign-in.ts';
import { recordAudit, type AuditAction } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { siteSecret } from '../../db/site-secret.ts';
import { passkeys, recoveryCodes, rememberedDevices, signInChallenges, totpFactors, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import { clearLoginFailures, hashIp, type Identity } from '../../identity/index.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../identity/totp.ts';

type UserRow = typeof users.$inferSelect;
/** The signed-in member as the session has them (no password hash: confirmPassword reads it). */
type Member = Pick<UserRow, 'id' | 'email' | 'isAdmin' | 'isModerator' | 'firstName' | 'lastName' | 'username'>;
export type Deps = Pick<Core, 'db' | 'config' | 'clock'> & { identity: Identity };

const DAY_MS = 24 * 60 * 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hashSecret = (kind: string, value: string) => sha256(`kerbside:${kind}:${value}`);
const newToken = () => randomBytes(32).toString('base64url');
/** The library's options as the contract's loose JSON object (its fields pass through to the browser as they are). */
const asJson = <T extends object>(options: T) => options as T & Record<string, unknown>;
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const base64UrlText = (text: string) => Buffer.from(text, 'base64url').toString('utf8');

/**
 * The WebAuthn library, loaded by the first passkey request: its import is about a third of a second
 * that no first answer needs, and a restart is to answer within a second (issue 31).
 */
let webauthnLibrary: Promise<typeof WebAuthn> | undefined;
const webauthn = () => (webauthnLibrary ??= import('@simplewebauthn/server'));

/** Recovery codes' alphabet: Crockford's base32 in lower case (no i, l, o, u to misread). */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** A recovery code as typed (any case, spaces, a dash) to the form it is hashed in. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The challenge a browser signed, read from its clientDataJSON (the library checks it again against ours). */
function signedChallenge(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const client = JSON.parse(base64UrlText(response.response.clientDataJSON)) as { challenge?: unknown };
    return typeof client.challenge === 'string' && client.challenge.length <= 200 ? client.challenge : null;
  } catch {
    return null;
  }
}

/** Second steps and passkey changes of staff accounts are audited (issue 33); members' are their own business. */
const isStaff = (user: Pick<UserRow, 'isAdmin' | 'isModerator'>) => canModerate(user);

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) and authenticator-app codes with recovery codes
 * and remembered devices (issue 33 part 3; docs/SECURITY.md "Passkeys and two-step sign-in"). Sessions
 * are not started here: the auth service does that, after these checks, with its own (suspension,
 * verification, the replaced session).
 */
export function createSignInFactors({ db, config, clock, identity }: Deps) {
  const app = new URL(config.appUrl);
  const rp = { id: app.hostname, origin: app.origin, name: config.appName };

  async function audit(tx: Db | Tx, user: Pick<UserRow, 'id' | 'isAdmin' | 'isModerator'>, action: AuditAction & `account.${string}`, details?: Record<string, unknown>) {
    if (isStaff(user)) await recordAudit(tx, { actorId: user.id, action, targetType: 'user', targetId: user.id, details });
  }

  /** The member's password, checked like a sign-in (identity's confirmPassword) against their row's hash. */
  async function confirmPassword(user: Member, password: string, ip: string) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    await identity.confirmPassword({ email: user.email, passwordHash: row?.passwordHash }, password, ip, 'password');
  }

  const confirmedFactor = async (tx: Db | Tx, userId: number) =>
    (await tx.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))).limit(1))[0];

  /** Ten new recovery codes in place of the old; returns them as shown (the only time they are). */
  async function replaceRecoveryCodes(tx: Tx, userId: number, now: Date): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashSecret('recovery', normaliseRecoveryCode(c)), createdAt: now })));
    return codes;
  }

  /**
   * A code from the app (six digits) or a recovery code, used up if right: the app's code by moving the
   * factor's last step past it in one statement (so the same code, or an older one, never works twice,
   * even from two requests at once), a recovery code by marking it used. Null when wrong.
   */
  async function useCode(userId: number, code: string): Promise<{ kind: 'app' } | { kind: 'recovery'; left: number } | null> {
    const now = clock.now();
    if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) {
      const factor = await confirmedFactor(db, userId);
      const step = factor && matchTotp(factor.secret, code, now.getTime());
      if (step == null) return null;
      const [taken] = await db
        .update(totpFactors)
        .set({ lastStep: step })
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
        .returning({ userId: totpFactors.userId });
      return taken ? { kind: 'app' } : null;
    }
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashSecret('recovery', normaliseRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (!used) return null;
    const [{ left }] = await db.select({ left: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return { kind: 'recovery', left };
  }

  const wrongCode = (code: string, field = 'code') => {
    const message = /^\d+$/.test(code) ? SIGN_IN_MSG.codeWrong : SIGN_IN_MSG.recoveryWrong;
    return badRequest(message, { [field]: message });
  };

  /**
   * A signed-in member's code (turning it off, new recovery codes), checked like their password: a
   * wrong one counts toward the account's sign-in limits, so a borrowed session cannot guess it.
   */
  async function confirmCode(user: Member, code: string, ip: string) {
    const ipHash = hashIp(ip);
    await identity.assertLoginAllowed(user.email, ipHash);
    const used = await useCode(user.id, code);
    if (!used) {
      await identity.recordLoginFailure(user.email, ipHash);
      throw wrongCode(code);
    }
    await clearLoginFailures(db, user.email, ipHash);
    if (used.kind === 'recovery') await audit(db, user, 'account.recovery_code_used', { left: used.left });
    return used;
  }

  const presentPasskey = (p: typeof passkeys.$inferSelect) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    synced: p.backedUp,
  });

  /** Takes a member's live passkey-add challenge (single use: deleted as read), or null when it is unknown, expired, used or another's. */
  async function takePasskeyAddChallenge(challenge: string | null, userId: number) {
    if (!challenge) return null;
    const [row] = await db
      .delete(signInChallenges)
      .where(
        and(
          eq(signInChallenges.idHash, hashSecret('challenge', challenge)),
          eq(signInChallenges.purpose, 'passkey_add'),
          gt(signInChallenges.expiresAt, clock.now()),
          eq(signInChallenges.userId, userId),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Keeps a member's passkey-add challenge until its answer comes back (takePasskeyAddChallenge). */
  async function storePasskeyAddChallenge(challenge: string, userId: number, userHandle: string) {
    const now = clock.now();
    await db.insert(signInChallenges).values({
      idHash: hashSecret('challenge', challenge),
      purpose: 'passkey_add',
      challenge,
      userId,
      userHandle,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      createdAt: now,
    });
  }

  /**
   * A passkey sign-in's challenge is signed, not stored: the sign-in form asks for one on every visit
   * of a guest whose browser offers passkeys in the address field (conditional UI), and a row for each
   * would be a write per page view. `<issued at>.<nonce>.<HMAC>` as the challenge's bytes; it is
   * written down only when a signed answer comes back (claimSignInChallenge), so it is used once.
   */
  const signInSecret = () => siteSecret(db, 'auth.passkey_sign_in_secret');
  const signChallenge = (secret: Buffer, body: string) => createHmac('sha256', secret).update(`passkey-sign-in:${body}`).digest('base64url');

  async function newSignInChallenge(): Promise<string> {
    const body = `${clock.now().getTime()}.${randomBytes(16).toString('base64url')}`;
    // A string: the library sends its UTF-8 bytes, and the browser signs them back base64url-encoded.
    return `${body}.${signChallenge(await signInSecret(), body)}`;
  }

  /** A signed challenge of ours, within its 5 minutes and not used before: now used. False otherwise. */
  async function claimSignInChallenge(challenge: string | null): Promise<boolean> {
    const secret = await signInSecret();
    if (!challenge) return false;
    const m = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(base64UrlText(challenge));
    if (!m) return false;
    const expected = Buffer.from(signChallenge(secret, `${m[1]}.${m[2]}`));
    if (!timingSafeEqual(expected, Buffer.from(m[3]!))) return false;
    const issuedAt = Number(m[1]);
    const now = clock.now();
    if (issuedAt > now.getTime() || now.getTime() - issuedAt > PASSKEY_CHALLENGE_TTL_MS) return false;
    const [claimed] = await db
      .insert(signInChallenges)
      .values({ idHash: hashSecret('challenge', challenge), purpose: 'passkey_sign_in', expiresAt: new Date(issuedAt + PASSKEY_CHALLENGE_TTL_MS), createdAt: now })
      .onConflictDoNothing()
      .returning({ idHash: signInChallenges.idHash });
    return !!claimed;
  }

  return {
    // ---- Signing in ----

    /**
     * After a right password (or a passkey that did not check its holder): the ticket of the second
     * step, or null when none is due (no app codes set up, or a device remembered by a member who is
     * not an admin).
     */
    async pendingSecondStep(user: Pick<UserRow, 'id' | 'isAdmin'>, ctx: { deviceToken?: string; ipHash: string }) {
      const { deviceToken } = ctx;
      if (!(await confirmedFactor(db, user.id))) return null;
      const now = clock.now();
      const canRemember = !isAdmin(user);
      if (canRemember && deviceToken && deviceToken.length <= 100) {
        const [device] = await db
          .select({ userId: rememberedDevices.userId })
          .from(rememberedDevices)
          .where(and(eq(rememberedDevices.tokenHash, hashSecret('device', deviceToken)), eq(rememberedDevices.userId, user.id), gt(rememberedDevices.expiresAt, now)))
          .limit(1);
        if (device) return null;
      }
      const ticket = newToken();
      const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MS);
      await db.insert(signInChallenges).values({ idHash: hashSecret('ticket', ticket), purpose: 'second_step', userId: user.id, canRemember, ipHash: ctx.ipHash, expiresAt, createdAt: now });
      return { ticket, canRemember, expiresAt: expiresAt.toISOString() };
    },

    /** The member a live second-step ticket is for (400 when it is unknown, used or past its time). */
    async openSecondStep(ticket: string) {
      const [row] = await db
        .select({ userId: signInChallenges.userId, canRemember: signInChallenges.canRemember, ipHash: signInChallenges.ipHash })
        .from(signInChallenges)
        .where(and(eq(signInChallenges.idHash, hashSecret('ticket', ticket)), eq(signInChallenges.purpose, 'second_step'), gt(signInChallenges.expiresAt, clock.now())))
        .limit(1);
      if (!row?.userId) throw badRequest(SIGN_IN_MSG.secondStepExpired);
      return { userId: row.userId, canRemember: row.canRemember, passwordIpHash: row.ipHash };
    },

    /**
     * The second step's code, used up if right, and the ticket with it; a wrong one costs the ticket a
     * try (SECOND_STEP_TRIES, then it is gone) and throws. The caller counts it against the account's
     * sign-in limits as well.
     */
    async takeSecondStep(ticket: string, member: Pick<UserRow, 'id' | 'isAdmin' | 'isModerator'>, code: string) {
      const idHash = hashSecret('ticket', ticket);
      const used = await useCode(member.id, code);
      if (!used) {
        const [row] = await db
          .update(signInChallenges)
          .set({ tries: sql`${signInChallenges.tries} + 1` })
          .where(eq(signInChallenges.idHash, idHash))
          .returning({ tries: signInChallenges.tries });
        if (row && row.tries >= SECOND_STEP_TRIES) await db.delete(signInChallenges).where(eq(signInChallenges.idHash, idHash));
        return null;
      }
      const [taken] = await db.delete(signInChallenges).where(eq(signInChallenges.idHash, idHash)).returning({ userId: signInChallenges.userId });
      if (!taken) throw badRequest(SIGN_IN_MSG.secondStepExpired);
      if (used.kind === 'recovery') await audit(db, member, 'account.recovery_code_used', { left: used.left });
      return used;
    },

    wrongCode,

    /** A remembered device for REMEMBER_DEVICE_DAYS: its cookie's token (only the hash is kept). */
    async rememberDevice(userId: number, userAgent: string | undefined) {
      const now = clock.now();
      const token = newToken();
      await db.insert(rememberedDevices).values({
        tokenHash: hashSecret('device', token),
        userId,
        expiresAt: new Date(now.getTime() + REMEMBER_DEVICE_DAYS * DAY_MS),
        createdAt: now,
        userAgent: userAgent?.slice(0, 300),
      });
      return token;
    },

    /** Every remembered device of the member forgets it (a password reset, two-step sign-in off or on again). */
    forgetDevicesIn: (tx: Db | Tx, userId: number) => tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId)),

    /** A passkey sign-in's challenge: any of the site's passkeys may answer it (discoverable credentials). */
    async passkeySignInOptions() {
      const options = await (await webauthn()).generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: PASSKEY_CHALLENGE_TTL_MS, challenge: await newSignInChallenge() });
      return { options: asJson(options) };
    },

    /**
     * A passkey's signed answer, checked by the library against our challenge (once), origin, site and
     * the stored key, and its counter moved on: the member it names, and whether the authenticator
     * checked its holder (then it stands for both steps).
     */
    async checkPasskeySignIn(response: AuthenticationResponseJSON) {
      const challenge = signedChallenge(response);
      if (!(await claimSignInChallenge(challenge))) throw badRequest(SIGN_IN_MSG.passkeyTimedOut);
      const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
      if (!key) throw badRequest(SIGN_IN_MSG.passkeyUnknown);
      // Loaded outside the try: a library that fails to load is the server's fault, not a failed passkey.
      const { verifyAuthenticationResponse } = await webauthn();
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge!,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: { id: key.credentialId, publicKey: fromBase64Url(key.publicKey), counter: key.counter, transports: key.transports as never },
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(SIGN_IN_MSG.passkeyFailed);
      }
      if (!verification.verified) throw badRequest(SIGN_IN_MSG.passkeyFailed);
      const { newCounter, userVerified, credentialBackedUp } = verification.authenticationInfo;
      // The counter only goes forward (an authenticator that keeps none sends 0 each time): a clone of
      // the key that signs with an old counter was refused by the library above; two sign-ins racing
      // with the same counter are settled here.
      const [moved] = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: clock.now(), backedUp: credentialBackedUp })
        .where(and(eq(passkeys.id, key.id), newCounter === 0 ? sql`true` : lt(passkeys.counter, newCounter)))
        .returning({ userId: passkeys.userId });
      if (!moved) throw badRequest(SIGN_IN_MSG.passkeyFailed);
      return { userId: moved.userId, userVerified };
    },

    // ---- The member's own settings ----

    async security(user: Pick<UserRow, 'id' | 'isAdmin'>) {
      const now = clock.now();
      const [keys, factor, [codes], [devices]] = await Promise.all([
        db.select().from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(desc(passkeys.createdAt), desc(passkeys.id)),
        confirmedFactor(db, user.id),
        db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
        db.select({ n: count() }).from(rememberedDevices).where(and(eq(rememberedDevices.userId, user.id), gt(rememberedDevices.expiresAt, now))),
      ]);
      return {
        passkeys: keys.map(presentPasskey),
        twoStep: {
          enabled: !!factor,
          enabledAt: factor?.confirmedAt?.toISOString() ?? null,
          recoveryCodesLeft: factor ? codes.n : 0,
          required: !!factor && isAdmin(user),
          rememberedDevices: factor ? devices.n : 0,
        },
      };
    },

    /** A new passkey's options, once the password is confirmed; the challenge is kept for this member. */
    async passkeyAddOptions(user: Member, password: string, ip: string) {
      await confirmPassword(user, password, ip);
      const existing = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports, handle: passkeys.webauthnUserId }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (existing.length >= PASSKEYS_MAX) throw conflict(SIGN_IN_MSG.passkeysFull);
      // One random user handle for all of a member's passkeys (never their account id).
      const userHandle = existing[0]?.handle ?? newToken();
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: `${user.firstName} ${user.lastName}`,
        userID: fromBase64Url(userHandle),
        attestationType: 'none',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
        excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports as never })),
        // A passkey the browser can offer without a typed address (conditional UI), checking its holder where it can.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storePasskeyAddChallenge(options.challenge, user.id, userHandle);
      return { options: asJson(options) };
    },

    async addPasskey(user: Member, input: { name: string; response: RegistrationResponseJSON }) {
      const challenge = await takePasskeyAddChallenge(signedChallenge(input.response), user.id);
      if (!challenge?.challenge || !challenge.userHandle) throw badRequest(SIGN_IN_MSG.passkeyTimedOut);
      const { verifyRegistrationResponse } = await webauthn();
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(SIGN_IN_MSG.passkeyFailed);
      }
      if (!verification.verified) throw badRequest(SIGN_IN_MSG.passkeyFailed);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        // One at a time per member, so the limit holds against parallel adds.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [{ n }] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
        if (n >= PASSKEYS_MAX) throw conflict(SIGN_IN_MSG.passkeysFull);
        const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id)).limit(1);
        if (taken) throw conflict(SIGN_IN_MSG.passkeyExists);
        const [inserted] = await tx
          .insert(passkeys)
          .values({
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            webauthnUserId: challenge.userHandle!,
            name: input.name,
            backedUp: credentialBackedUp,
            createdAt: now,
          })
          .returning();
        await audit(tx, user, 'account.passkey_add', { passkey: inserted.id, name: input.name });
        return inserted;
      });
      return { message: SIGN_IN_MSG.passkeyAdded, passkey: presentPasskey(row) };
    },

    async renamePasskey(userId: number, id: number, name: string) {
      const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
      if (!row) throw notFound(SIGN_IN_MSG.passkeyNotFound);
      return { message: SIGN_IN_MSG.passkeyRenamed, passkey: presentPasskey(row) };
    },

    async removePasskey(user: Member, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id))).returning({ id: passkeys.id, name: passkeys.name });
        if (!row) throw notFound(SIGN_IN_MSG.passkeyNotFound);
        await audit(tx, user, 'account.passkey_remove', { passkey: row.id, name: row.name });
      });
      return { message: SIGN_IN_MSG.passkeyRemoved };
    },

    /** A new secret, not used until a code from it comes back (twoStepConfirm); the password first. */
    async setup(user: Member, password: string, ip: string) {
      await confirmPassword(user, password, ip);
      if (await confirmedFactor(db, user.id)) throw conflict(SIGN_IN_MSG.twoStepAlreadyOn);
      const secret = newTotpSecret();
      const now = clock.now();
      await db
        .insert(totpFactors)
        .values({ userId: user.id, secret, createdAt: now })
        .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, confirmedAt: null, lastStep: null, createdAt: now } });
      const url = otpauthUrl({ issuer: config.appName, account: user.email, secret });
      return { secret, otpauthUrl: url, qrSvg: renderSVG(url, { border: 2 }) };
    },

    async confirm(user: Member, code: string) {
      const now = clock.now();
      const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id)).limit(1);
      if (!factor) throw conflict(SIGN_IN_MSG.setupFirst);
      if (factor.confirmedAt) throw conflict(SIGN_IN_MSG.twoStepAlreadyOn);
      const step = matchTotp(factor.secret, code, now.getTime());
      if (step == null) throw wrongCode(code);
      const codes = await db.transaction(async (tx) => {
        const [on] = await tx
          .update(totpFactors)
          .set({ confirmedAt: now, lastStep: step })
          .where(and(eq(totpFactors.userId, user.id), eq(totpFactors.secret, factor.secret), isNull(totpFactors.confirmedAt)))
          .returning({ userId: totpFactors.userId });
        if (!on) throw conflict(SIGN_IN_MSG.setupFirst);
        await tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, user.id));
        await audit(tx, user, 'account.two_step_on');
        return replaceRecoveryCodes(tx, user.id, now);
      });
      return { message: SIGN_IN_MSG.twoStepOn, recoveryCodes: codes };
    },

    async newRecoveryCodes(user: Member, input: { password: string; code: string }, ip: string) {
      await confirmPassword(user, input.password, ip);
      if (!(await confirmedFactor(db, user.id))) throw conflict(SIGN_IN_MSG.twoStepNotOn);
      await confirmCode(user, input.code, ip);
      const codes = await db.transaction(async (tx) => {
        await audit(tx, user, 'account.recovery_codes_new');
        return replaceRecoveryCodes(tx, user.id, clock.now());
      });
      return { message: SIGN_IN_MSG.newRecoveryCodes, recoveryCodes: codes };
    },

    async disable(user: Member, input: { password: string; code: string }, ip: string) {
      if (isAdmin(user)) throw forbidden(SIGN_IN_MSG.adminsKeepTwoStep);
      await confirmPassword(user, input.password, ip);
      if (!(await confirmedFactor(db, user.id))) throw conflict(SIGN_IN_MSG.twoStepNotOn);
      await confirmCode(user, input.code, ip);
      await db.transaction(async (tx) => {
        await tx.delete(totpFactors).where(eq(totpFactors.userId, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, user.id));
        await audit(tx, user, 'account.two_step_off');
      });
      return { message: SIGN_IN_MSG.twoStepOff };
    },

    async forgetDevices(user: Member) {
      await db.transaction(async (tx) => {
        await tx.delete(rememberedDevices).where(eq(rememberedDevices.userId, user.id));
        await audit(tx, user, 'account.devices_forget');
      });
      return { message: SIGN_IN_MSG.devicesForgotten };
    },
  };
}

export type SignInFactors = ReturnType<typeof createSignInFactors>;
