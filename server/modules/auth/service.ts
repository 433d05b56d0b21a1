import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TRegisterRequest } from '../../../common/contracts/auth.ts';
import { SIGN_UP_MSG } from '../../../common/rules/auth.ts';
import { canModerate, isSuspended, suspendedMessage } from '../../../common/rules/roles.ts';
import { SIGN_IN_MSG } from '../../../common/rules/sign-in.ts';
import { recordAudit } from '../../audit/index.ts';
import type { SignInFactors } from '../sign-in-factors/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { emails, loginFailures, passwordResetTokens, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http-errors.ts';
import {
  ACCOUNT_LOCK_FAILURES,
  ACCOUNT_LOCK_MS,
  assertMailAllowed,
  AUTH_MSG,
  clearLoginFailures,
  consumeCode,
  endAllSessions,
  endSession,
  expireCodes,
  generateResetToken,
  hashIp,
  hashPassword,
  hashResetToken,
  HOUR_MS,
  type Identity,
  isCommonPassword,
  issueCode,
  liftExpiredSuspensions,
  needsRehash,
  normaliseEmail,
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_TTL_MS,
  SIGN_UP_NOTICES_PER_HOUR,
} from '../../identity/index.ts';
import { accountLockedMail, passwordResetMail, signUpAttemptMail, verificationCodeMail } from '../../mail/templates.ts';
import { isDisposableEmail, isHoneypotFilled, isTimelySignUpToken, issueSignUpToken } from './sign-up-defence.ts';
import { reportWatchedWord, type WatchedWords } from '../../trust/index.ts';

export type AuthDeps = Pick<Core, 'db' | 'config' | 'mailer' | 'clock' | 'events'> & {
  identity: Identity;
  /** Usernames meet the watched words (issue 28). */
  words: Pick<WatchedWords, 'screenUsername'>;
  /** Passkeys and the second step (issue 33). */
  factors: SignInFactors;
};
export type UserRow = typeof users.$inferSelect;
/**
 * Who is calling: for the login throttle, the session's user agent and the session it replaces, and
 * the remembered device's token (issue 33), if the browser has one.
 */
export type RequestContext = { ip: string; userAgent?: string; currentTokenHash?: string | null; deviceToken?: string };
/** How a sign-in step ended: signed in (a session's token), or the second step is due. */
export type SignInOutcome =
  | { kind: 'signedIn'; user: UserRow; token: string }
  | { kind: 'secondStep'; ticket: string; canRemember: boolean; expiresAt: string };
/**
 * What register needs of its request: `claimSignUp` counts one sign-up against the caller's address
 * (routes.ts, the per-address caps) and throws 429 when they are spent.
 */
export type SignUpContext = { claimSignUp: () => Promise<void> };

/** The PostgreSQL error behind a driver or Drizzle wrapper (Drizzle puts it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
  }
  return undefined;
}

const commonPasswordError = () => badRequest(AUTH_MSG.commonPassword, { password: AUTH_MSG.commonPassword });

/** The accounts service: buildApp creates it once from the core and the identity services. */
export function createAuthService({ db, config, mailer, clock, events, identity, words, factors }: AuthDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email);

  /** A fresh sign-up code (identity issueCode: the resend limits, older ones stop working). */
  const issueVerificationCode = (tx: Tx, user: UserRow, now: Date) => issueCode(tx, { userId: user.id, purpose: 'verify_email', email: user.email, now });

  // Mails are written to the outbox after the transaction commits, so a rolled-back change never mails.
  const sendCode = (user: UserRow, code: string) =>
    mailer.send({ to: user.email, kind: 'verification', ...verificationCodeMail({ appName: config.appName, firstName: user.firstName, code }) });

  const liveUserByEmail = (tx: Db | Tx, email: string) =>
    tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .limit(1)
      .for('update');

  /**
   * In the transaction that ended the session(s) (issue 29): once it commits, the member's sockets
   * whose session ended close at once in every process, even if this one dies right after. `userId`
   * null (endSession found no such session): nothing ended, nobody is told.
   */
  const sessionsEnded = async (tx: Tx, userId: number | null) => {
    if (userId !== null) await events.publish('session.ended', { userId }, tx);
  };

  const resetLink = (token: string) => `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;

  /**
   * Register with an address that already has an account answers as for a new one (no account
   * enumeration); its owner hears of it by mail instead. An account still waiting for its code gets a
   * fresh one in that mail, as a new registration would (within the resend limits), so someone who lost
   * the first mail can finish; a verified one gets a sign-in and password-reset hint, at most
   * SIGN_UP_NOTICES_PER_HOUR an hour. Over a limit nothing is sent. The details sent with the attempt
   * are dropped: they never change the existing account.
   */
  async function tellOwnerOfSignUpAttempt(email: string) {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const [user] = await liveUserByEmail(tx, email);
      if (!user) return null;
      if (!user.emailVerifiedAt) {
        const issued = await issueVerificationCode(tx, user, now);
        return issued.ok ? { user, code: issued.code } : null;
      }
      const recent = await tx
        .select({ at: emails.createdAt })
        .from(emails)
        .where(and(eq(emails.to, email), eq(emails.kind, 'sign_up_attempt'), gt(emails.createdAt, new Date(now.getTime() - HOUR_MS))));
      return assertMailAllowed(recent.map((r) => r.at), { perHour: SIGN_UP_NOTICES_PER_HOUR }, now.getTime()).ok ? { user, code: undefined } : null;
    });
    if (!outcome) return;
    const { user, code } = outcome;
    await mailer.send({
      to: user.email,
      kind: code ? 'verification' : 'sign_up_attempt',
      ...signUpAttemptMail({
        appName: config.appName,
        firstName: user.firstName,
        username: user.username,
        signInUrl: `${config.appUrl}/`,
        forgotPasswordUrl: `${config.appUrl}/forgot-password`,
        code,
      }),
    });
  }

  /** Once per lockout (settleLoginFailure says when): the owner hears of it, with a reset link that ends it at once. */
  async function mailLockout(user: UserRow) {
    const now = clock.now();
    const token = generateResetToken();
    await db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), createdAt: now });
    await mailer.send({
      to: user.email,
      kind: 'account_locked',
      ...accountLockedMail({
        appName: config.appName,
        firstName: user.firstName,
        failures: ACCOUNT_LOCK_FAILURES,
        minutes: ACCOUNT_LOCK_MS / 60_000,
        link: resetLink(token),
      }),
    });
  }

  /**
   * After the password (or a passkey, or the second step) proved right, the account's state may be
   * told: a timed suspension past its end is lifted at once (issue 18), without waiting for the
   * minute's sweep; one that holds is told with its end and reason; an unverified address is asked for
   * its code. Either refusal takes back the failure the attempt counted.
   */
  async function assertMaySignIn(user: UserRow, ipHash: string) {
    if (user.suspendedAt && !isSuspended(user, clock.now())) {
      await db.transaction((tx) => liftExpiredSuspensions(tx, clock.now(), user.id));
    } else if (user.suspendedAt) {
      await clearLoginFailures(db, user.email, ipHash);
      throw forbidden(suspendedMessage(user.suspendedUntil, user.suspensionReason));
    }
    if (!user.emailVerifiedAt) {
      await clearLoginFailures(db, user.email, ipHash);
      throw new HttpError(403, AUTH_MSG.verifyFirst, { requiresVerification: true, email: user.email });
    }
  }

  /** Signed in: this address's failures for the account go, and a new session replaces the browser's old one. */
  function openSession(user: UserRow, ctx: RequestContext, ipHash: string, alsoInTx?: (tx: Tx) => Promise<unknown>) {
    return db.transaction(async (tx) => {
      await clearLoginFailures(tx, user.email, ipHash);
      if (alsoInTx) await alsoInTx(tx);
      // The cookie this browser had is replaced, so its session row goes too (its sockets close); other devices keep theirs.
      if (ctx.currentTokenHash) await sessionsEnded(tx, await endSession(tx, ctx.currentTokenHash));
      return identity.createSession(user.id, ctx.userAgent, tx);
    });
  }

  const liveUserById = async (id: number) => (await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1))[0];

  return {
    /** The register form's timing token (sign-up-defence.ts), issued now. */
    signUpToken: () => issueSignUpToken(db, clock.now()),

    async register(input: TRegisterRequest, ctx: SignUpContext) {
      // The bot traps first, both read every time and answered alike: a bot learns neither which one
      // caught it nor, from the time taken, that it was the honeypot.
      const timely = await isTimelySignUpToken(db, input.formToken, clock.now());
      if (isHoneypotFilled(input.website) || !timely) throw badRequest(SIGN_UP_MSG.refused);
      const email = normaliseEmail(input.email);
      if (isDisposableEmail(email)) throw badRequest(SIGN_UP_MSG.disposableEmail, { email: SIGN_UP_MSG.disposableEmail });
      const username = input.username.trim();
      // Issue 28: a username with a watched word is refused (a flag word lets it through, reported below).
      const watchedName = words.screenUsername(username);
      if (isCommonPassword(input.password)) throw commonPasswordError();
      const answer = { message: AUTH_MSG.registered, email, requiresVerification: true as const };

      // Cheap answers for the usual case; the unique indexes settle races below. A taken username may
      // say so (it is public on every post); a taken email answers as a new one (tellOwnerOfSignUpAttempt).
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(eq(users.email, email), sql`lower(${users.username}) = lower(${username})`));
      if (taken.some((t) => t.username.toLowerCase() === username.toLowerCase())) {
        throw conflict(AUTH_MSG.usernameTaken, { username: AUTH_MSG.usernameTaken });
      }
      // Counted only now, after the refusals a person can put right (a taken username, a common
      // password), and for a taken address as for a new one: both answer alike (no enumeration).
      await ctx.claimSignUp();

      // Hashed for a taken address too, so that its answer comes no sooner than a new one's.
      const passwordHash = await hashPassword(input.password);
      if (taken.length) {
        await tellOwnerOfSignUpAttempt(email);
        return answer;
      }
      let created: { user: UserRow; code: string | null };
      try {
        created = await db.transaction(async (tx) => {
          const now = clock.now();
          const [user] = await tx
            .insert(users)
            .values({ email, username, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash })
            .returning();
          // A new account has sent no code yet, so the resend limits always let this one go.
          const issued = await issueVerificationCode(tx, user, now);
          return { user, code: issued.ok ? issued.code : null };
        });
      } catch (err) {
        const pg = pgError(err);
        if (pg?.code === '23505') {
          if (pg.constraint === 'users_username_lower_key') throw conflict(AUTH_MSG.usernameTaken, { username: AUTH_MSG.usernameTaken });
          await tellOwnerOfSignUpAttempt(email);
          return answer;
        }
        throw err;
      }
      if (watchedName) await reportWatchedWord(db, { type: 'user', id: created.user.id }, watchedName, clock.now());
      if (created.code) await sendCode(created.user, created.code);
      return answer;
    },

    async verifyCode(input: { email: string; code: string }, ctx: Omit<RequestContext, 'ip'>) {
      const email = normaliseEmail(input.email);
      const now = clock.now();
      // The user row is locked so that parallel guesses are counted one after the other.
      const outcome = await db.transaction(async (tx) => {
        const [user] = await liveUserByEmail(tx, email);
        // Unknown and verified addresses, wrong, expired and used-up codes all get one answer: which
        // of them it was would tell who has an account.
        if (!user || user.emailVerifiedAt) return { kind: 'invalid' } as const;
        const used = await consumeCode(tx, { userId: user.id, purpose: 'verify_email', code: input.code, email, now });
        if (used.kind !== 'ok') return { kind: 'invalid' } as const;
        const [verified] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, isAdmin: user.isAdmin || isAdminEmail(email), updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        // A timed suspension past its end no longer applies (issue 18): lifted here, at once.
        if (verified.suspendedAt && !isSuspended(verified, now)) await liftExpiredSuspensions(tx, now, verified.id);
        else if (verified.suspendedAt) return { kind: 'suspended', message: suspendedMessage(verified.suspendedUntil, verified.suspensionReason) } as const;
        // The session this browser had is replaced (its sockets close).
        if (ctx.currentTokenHash) await sessionsEnded(tx, await endSession(tx, ctx.currentTokenHash));
        const token = await identity.createSession(verified.id, ctx.userAgent, tx);
        return { kind: 'ok', user: verified, token } as const;
      });
      // Suspended needs the right code, so saying so tells nothing new.
      if (outcome.kind === 'suspended') throw forbidden(outcome.message);
      if (outcome.kind === 'invalid') throw badRequest(AUTH_MSG.invalidCode);
      return { user: outcome.user, token: outcome.token, isNewUser: outcome.user.onboardedAt == null };
    },

    async resendVerification(input: { email: string }) {
      const email = normaliseEmail(input.email);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const [user] = await liveUserByEmail(tx, email);
        // Unknown and verified addresses, and one over its resend limits, get the same answer and no
        // mail: a 429 would tell an address waiting for its code from one with no account. Meanwhile
        // the code mailed last stays valid.
        if (!user || user.emailVerifiedAt) return null;
        const issued = await issueVerificationCode(tx, user, now);
        return issued.ok ? { user, code: issued.code } : null;
      });
      if (outcome) await sendCode(outcome.user, outcome.code);
      return { message: AUTH_MSG.codeResent };
    },

    async login(input: { email: string; password: string }, ctx: RequestContext) {
      const email = normaliseEmail(input.email);
      const ipHash = hashIp(ctx.ip);
      // Refused while the account is locked or slowed down; counted as a failure until the password
      // proves right, so parallel guesses cannot slip past the limits (identity/throttle.ts).
      await identity.beginLoginAttempt(email, ipHash);

      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      // Unknown, deleted and wrong password look the same, and take as long (verifyPassword).
      if (!(await identity.verifyPassword(user?.passwordHash, input.password)) || !user) {
        if ((await identity.settleLoginFailure(email)) && user) await mailLockout(user);
        throw new HttpError(401, AUTH_MSG.badCredentials);
      }
      // The password is right, so telling the account's state leaks nothing new.
      await assertMaySignIn(user, ipHash);
      const newHash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
      const rehash = async (tx: Db | Tx) => {
        if (newHash) await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, user.id));
      };
      // Issue 33: with app codes on (and no remembered device), the password alone signs nobody in. Its
      // attempt stays counted as a failure until the code is right, so that re-entering the password
      // never buys an attacker who has it more guesses at the code.
      const pending = await factors.pendingSecondStep(user, { deviceToken: ctx.deviceToken, ipHash });
      if (pending) {
        await rehash(db);
        return { kind: 'secondStep', ...pending } satisfies SignInOutcome;
      }
      const token = await openSession(user, ctx, ipHash, rehash);
      return { kind: 'signedIn', user, token } satisfies SignInOutcome;
    },

    /**
     * The second step (issue 33): the app's code or a recovery code for a ticket from login. Counted
     * against the account's sign-in limits like a password (a wrong code is a failure, the tenth locks
     * the account and mails its owner), and the ticket takes SECOND_STEP_TRIES wrong codes.
     */
    async secondStep(input: { ticket: string; code: string; rememberDevice?: boolean }, ctx: RequestContext) {
      const { userId, canRemember, passwordIpHash } = await factors.openSecondStep(input.ticket);
      const user = await liveUserById(userId);
      if (!user) throw badRequest(SIGN_IN_MSG.secondStepExpired);
      const ipHash = hashIp(ctx.ip);
      await identity.beginLoginAttempt(user.email, ipHash);
      const used = await factors.takeSecondStep(input.ticket, user, input.code);
      if (!used) {
        if (await identity.settleLoginFailure(user.email)) {
          await mailLockout(user);
          if (canModerate(user)) await recordAudit(db, { actorId: null, action: 'account.second_step_locked', targetType: 'user', targetId: user.id });
        }
        throw factors.wrongCode(input.code);
      }
      await assertMaySignIn(user, ipHash);
      // The password's attempt, counted until now, is taken back where it came from too (a phone's address changes).
      const token = await openSession(user, ctx, ipHash, async (tx) => {
        if (passwordIpHash && passwordIpHash !== ipHash) await clearLoginFailures(tx, user.email, passwordIpHash);
      });
      const deviceToken = input.rememberDevice && canRemember ? await factors.rememberDevice(user.id, ctx.userAgent) : undefined;
      return { user, token, deviceToken, message: used.kind === 'recovery' ? SIGN_IN_MSG.recoveryUsed(used.left) : AUTH_MSG.loginOk };
    },

    /**
     * Sign-in with a passkey (issue 33). One that checked its holder (a fingerprint, a PIN) is both
     * steps; one that did not is the first, and the app's code follows where it is on. A lock from
     * wrong passwords does not stop a passkey: it cannot be guessed, and its owner gets in while
     * someone hammers the password.
     */
    async passkeySignIn(response: Parameters<SignInFactors['checkPasskeySignIn']>[0], ctx: RequestContext): Promise<SignInOutcome> {
      const { userId, userVerified } = await factors.checkPasskeySignIn(response);
      const user = await liveUserById(userId);
      if (!user) throw badRequest(SIGN_IN_MSG.passkeyUnknown);
      const ipHash = hashIp(ctx.ip);
      await assertMaySignIn(user, ipHash);
      if (!userVerified) {
        const pending = await factors.pendingSecondStep(user, { deviceToken: ctx.deviceToken, ipHash });
        if (pending) return { kind: 'secondStep', ...pending };
      }
      return { kind: 'signedIn', user, token: await openSession(user, ctx, ipHash) };
    },

    /** Ends the session (none: nothing happens), and its open sockets close. */
    async logout(tokenHash: string | null): Promise<void> {
      if (tokenHash) await db.transaction(async (tx) => sessionsEnded(tx, await endSession(tx, tokenHash)));
    },

    async forgotPassword(input: { email: string }) {
      const email = normaliseEmail(input.email);
      const now = clock.now();
      // The same answer after the same work for every address, so neither tells accounts apart: one
      // token made and hashed, one transaction of the same two statements (the insert writes its row only
      // for a live account under its hourly limit). Only the mail differs, and it is queued in the
      // outbox and delivered after the answer.
      const token = generateResetToken();
      const tokenHash = hashResetToken(token);
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const mailTo = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            recent: sql<number>`(select count(*)::int from ${passwordResetTokens} where ${passwordResetTokens.userId} = ${users.id} and ${passwordResetTokens.createdAt} > ${hourAgo.toISOString()}::timestamptz)`,
          })
          .from(users)
          .where(and(eq(users.email, email), isNull(users.deletedAt)))
          .limit(1)
          .for('update');
        // Over the limit: the same answer, silently no link.
        const target = found && found.recent < RESET_MAILS_PER_HOUR ? found : null;
        const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
        await tx.execute(sql`
          insert into ${passwordResetTokens} (token_hash, user_id, expires_at, created_at)
          select ${tokenHash}::text, ${users.id}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from ${users} where ${users.id} = ${target?.id ?? 0}`);
        return target;
      });
      if (mailTo) {
        await mailer.send({
          to: mailTo.email,
          kind: 'password_reset',
          ...passwordResetMail({ appName: config.appName, firstName: mailTo.firstName, link: resetLink(token) }),
        });
      }
      return { message: AUTH_MSG.resetSent };
    },

    async resetPassword(input: { token: string; password: string }) {
      if (isCommonPassword(input.password)) throw commonPasswordError();
      const tokenHash = hashResetToken(input.token);
      const now = clock.now();
      const live = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
      // Refuse a dead link before spending a hash on it; the claim below is what makes it single use.
      const [found] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(live).limit(1);
      if (!found) throw badRequest(AUTH_MSG.resetInvalid);
      const passwordHash = await hashPassword(input.password);

      const done = await db.transaction(async (tx) => {
        const [claimed] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(live).returning({ userId: passwordResetTokens.userId });
        if (!claimed) return null;
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
          .limit(1)
          .for('update');
        if (!user) return null;
        // Opening the mailed link proves control of the address, so it also counts as verifying it.
        await tx
          .update(users)
          .set({
            passwordHash,
            emailVerifiedAt: user.emailVerifiedAt ?? now,
            isAdmin: user.isAdmin || isAdminEmail(user.email),
            updatedAt: now,
          })
          .where(eq(users.id, user.id));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        await expireCodes(tx, user.id, 'verify_email', now);
        await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
        await endAllSessions(tx, user.id);
        await sessionsEnded(tx, user.id);
        // The second step stays (issue 33: the reset mail never skips it), and every remembered device asks for it again.
        await factors.forgetDevicesIn(tx, user.id);
        return user.id;
      });
      if (done === null) throw badRequest(AUTH_MSG.resetInvalid);
      return { message: AUTH_MSG.resetDone };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
