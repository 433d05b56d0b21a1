import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TRegisterRequest } from '../../../common/contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures, passwordResetTokens, users, verificationCodes } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, tooManyRequests } from '../../http-errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { passwordResetMail, verificationCodeMail } from '../../mail/templates.ts';
import { createSession, endAllSessions, endSession } from '../../plugins/session.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  codeMatches,
  generateCode,
  generateResetToken,
  hashCode,
  hashResetToken,
  RESET_TOKEN_TTL_MS,
} from './codes.ts';
import { AUTH_MSG } from './messages.ts';
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords.ts';
import {
  assertLoginAllowed,
  assertMailAllowed,
  clearLoginFailures,
  hashIp,
  HOUR_MS,
  recordLoginFailure,
  RESEND_MIN_GAP_MS,
  RESEND_PER_HOUR,
  RESET_MAILS_PER_HOUR,
} from './throttle.ts';

export type AuthDeps = { db: Db; config: Config; mailer: Mailer };
export type UserRow = typeof users.$inferSelect;
/** Who is calling: for the login throttle, the session's user agent and the session it replaces. */
export type RequestContext = { ip: string; userAgent?: string; currentTokenHash?: string | null };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The PostgreSQL error behind a driver or Drizzle wrapper (Drizzle puts it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
  }
  return undefined;
}

const commonPasswordError = () => badRequest(AUTH_MSG.commonPassword, { password: AUTH_MSG.commonPassword });

export function createAuthService({ db, config, mailer }: AuthDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email);

  /** A fresh code for the address; any older unused one stops working. */
  async function issueVerificationCode(tx: Tx, user: UserRow, now: Date): Promise<string> {
    const code = generateCode();
    await tx
      .update(verificationCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(verificationCodes.userId, user.id),
          eq(verificationCodes.purpose, 'verify_email'),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
      codeHash: hashCode(user.id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return code;
  }

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

  return {
    async register(input: TRegisterRequest) {
      const email = normaliseEmail(input.email);
      const username = input.username.trim();
      if (isCommonPassword(input.password)) throw commonPasswordError();

      // Cheap answers for the usual case; the unique indexes settle races below.
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(or(eq(users.email, email), sql`lower(${users.username}) = lower(${username})`));
      if (taken.some((t) => t.email === email)) throw conflict(AUTH_MSG.emailTaken, { email: AUTH_MSG.emailTaken });
      if (taken.length) throw conflict(AUTH_MSG.usernameTaken, { username: AUTH_MSG.usernameTaken });

      const passwordHash = await hashPassword(input.password);
      let created: { user: UserRow; code: string };
      try {
        created = await db.transaction(async (tx) => {
          const now = new Date();
          const [user] = await tx
            .insert(users)
            .values({ email, username, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash })
            .returning();
          return { user, code: await issueVerificationCode(tx, user, now) };
        });
      } catch (err) {
        const pg = pgError(err);
        if (pg?.code === '23505') {
          if (pg.constraint === 'users_username_lower_key') throw conflict(AUTH_MSG.usernameTaken, { username: AUTH_MSG.usernameTaken });
          throw conflict(AUTH_MSG.emailTaken, { email: AUTH_MSG.emailTaken });
        }
        throw err;
      }
      await sendCode(created.user, created.code);
      return { message: AUTH_MSG.registered, email, requiresVerification: true as const };
    },

    async verifyCode(input: { email: string; code: string }, ctx: Omit<RequestContext, 'ip'>) {
      const email = normaliseEmail(input.email);
      const now = new Date();
      // The user row is locked so that parallel guesses are counted one after the other.
      const outcome = await db.transaction(async (tx) => {
        const [user] = await liveUserByEmail(tx, email);
        if (!user) return { kind: 'invalid' } as const;
        if (user.emailVerifiedAt) return { kind: 'alreadyVerified' } as const;
        const [row] = await tx
          .select()
          .from(verificationCodes)
          .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'verify_email'), isNull(verificationCodes.usedAt)))
          .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
          .limit(1);
        if (!row || row.email !== email || row.expiresAt <= now) return { kind: 'invalid' } as const;
        if (row.failedAttempts >= CODE_MAX_ATTEMPTS) return { kind: 'tooMany' } as const;
        if (!codeMatches(row.codeHash, user.id, input.code)) {
          const failedAttempts = row.failedAttempts + 1;
          await tx.update(verificationCodes).set({ failedAttempts }).where(eq(verificationCodes.id, row.id));
          return { kind: failedAttempts >= CODE_MAX_ATTEMPTS ? 'tooMany' : 'invalid' } as const;
        }
        await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
        const [verified] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, isAdmin: user.isAdmin || isAdminEmail(email), updatedAt: now })
          .where(eq(users.id, user.id))
          .returning();
        if (verified.suspendedAt) return { kind: 'suspended' } as const;
        if (ctx.currentTokenHash) await endSession(tx, ctx.currentTokenHash);
        const token = await createSession(tx, verified.id, ctx.userAgent);
        return { kind: 'ok', user: verified, token } as const;
      });
      switch (outcome.kind) {
        case 'invalid':
          throw badRequest(AUTH_MSG.invalidCode);
        case 'tooMany':
          throw badRequest(AUTH_MSG.tooManyCodeAttempts);
        case 'alreadyVerified':
          throw badRequest(AUTH_MSG.alreadyVerified);
        case 'suspended':
          throw forbidden(AUTH_MSG.suspended);
      }
      return { user: outcome.user, token: outcome.token, isNewUser: outcome.user.onboardedAt == null };
    },

    async resendVerification(input: { email: string }) {
      const email = normaliseEmail(input.email);
      const now = new Date();
      const outcome = await db.transaction(async (tx) => {
        const [user] = await liveUserByEmail(tx, email);
        // Unknown and verified addresses get the same answer and no mail.
        if (!user || user.emailVerifiedAt) return null;
        const recent = await tx
          .select({ at: verificationCodes.createdAt })
          .from(verificationCodes)
          .where(
            and(
              eq(verificationCodes.userId, user.id),
              eq(verificationCodes.purpose, 'verify_email'),
              gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
            ),
          );
        const allowed = assertMailAllowed(
          recent.map((r) => r.at),
          { minGapMs: RESEND_MIN_GAP_MS, perHour: RESEND_PER_HOUR },
          now.getTime(),
        );
        if (!allowed.ok) return allowed;
        return { user, code: await issueVerificationCode(tx, user, now) };
      });
      if (outcome && 'ok' in outcome) {
        const seconds = outcome.retryAfterSeconds;
        throw outcome.reason === 'gap'
          ? tooManyRequests(AUTH_MSG.resendWait, seconds)
          : tooManyRequests(AUTH_MSG.resendHourly(Math.ceil(seconds / 60)), seconds);
      }
      if (outcome) await sendCode(outcome.user, outcome.code);
      return { message: AUTH_MSG.codeResent };
    },

    async login(input: { email: string; password: string }, ctx: RequestContext) {
      const email = normaliseEmail(input.email);
      const ipHash = hashIp(ctx.ip);
      await assertLoginAllowed(db, email, ipHash);

      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      // Unknown, deleted and wrong password look the same, and take as long (verifyPassword).
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await recordLoginFailure(db, email, ipHash);
        throw new HttpError(401, AUTH_MSG.badCredentials);
      }
      // The password is right, so telling the account's state leaks nothing new.
      if (user.suspendedAt) {
        await clearLoginFailures(db, email, ipHash);
        throw forbidden(AUTH_MSG.suspended);
      }
      if (!user.emailVerifiedAt) {
        await clearLoginFailures(db, email, ipHash);
        throw new HttpError(403, AUTH_MSG.verifyFirst, { requiresVerification: true, email });
      }

      const newHash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
      const token = await db.transaction(async (tx) => {
        await clearLoginFailures(tx, email, ipHash);
        if (newHash) await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, user.id));
        // The cookie this browser had is replaced, so its session row goes too; other devices keep theirs.
        if (ctx.currentTokenHash) await endSession(tx, ctx.currentTokenHash);
        return createSession(tx, user.id, ctx.userAgent);
      });
      return { user, token };
    },

    async logout(tokenHash: string | null) {
      if (tokenHash) await endSession(db, tokenHash);
    },

    async forgotPassword(input: { email: string }) {
      const email = normaliseEmail(input.email);
      const now = new Date();
      const outcome = await db.transaction(async (tx) => {
        const [user] = await liveUserByEmail(tx, email);
        if (!user) return null;
        const recent = await tx
          .select({ at: passwordResetTokens.createdAt })
          .from(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - HOUR_MS))));
        // Over the limit: the same answer, silently no mail (the answer must not tell accounts apart).
        if (!assertMailAllowed(recent.map((r) => r.at), { perHour: RESET_MAILS_PER_HOUR }, now.getTime()).ok) return null;
        const token = generateResetToken();
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashResetToken(token),
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          createdAt: now,
        });
        return { user, token };
      });
      if (outcome) {
        const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(outcome.token)}`;
        await mailer.send({
          to: outcome.user.email,
          kind: 'password_reset',
          ...passwordResetMail({ appName: config.appName, firstName: outcome.user.firstName, link }),
        });
      }
      return { message: AUTH_MSG.resetSent };
    },

    async resetPassword(input: { token: string; password: string }) {
      if (isCommonPassword(input.password)) throw commonPasswordError();
      const tokenHash = hashResetToken(input.token);
      const now = new Date();
      const live = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
      // Refuse a dead link before spending a hash on it; the claim below is what makes it single use.
      const [found] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(live).limit(1);
      if (!found) throw badRequest(AUTH_MSG.resetInvalid);
      const passwordHash = await hashPassword(input.password);

      const done = await db.transaction(async (tx) => {
        const [claimed] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(live).returning({ userId: passwordResetTokens.userId });
        if (!claimed) return false;
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
          .limit(1)
          .for('update');
        if (!user) return false;
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
        await tx
          .update(verificationCodes)
          .set({ expiresAt: now })
          .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'verify_email'), isNull(verificationCodes.usedAt)));
        await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
        await endAllSessions(tx, user.id);
        return true;
      });
      if (!done) throw badRequest(AUTH_MSG.resetInvalid);
      return { message: AUTH_MSG.resetDone };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
