import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_AVATAR } from '../../../common/avatars.ts';
import type { TCourierProfile } from '../../../common/contracts/courier.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import type {
  TChangeEmailRequest,
  TChangePasswordRequest,
  TOnboardingRequest,
  TPublicProfile,
  TTrustStatus,
  TUpdateProfileRequest,
} from '../../../common/contracts/members.ts';
import { MEMBERS_MSG } from '../../../common/rules/members.ts';
import { nextLevelNeeds, TRUST_LEVEL_NAMES, trustAllowances, type TrustLevel } from '../../../common/rules/trust.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  anonymousBlocks,
  bookmarks,
  memberBlocks,
  comments,
  loginFailures,
  notifications,
  passwordResetTokens,
  payReports,
  courierVerifications,
  posts,
  sessions,
  shareEvents,
  passkeys,
  totpFactors,
  recoveryCodes,
  rememberedDevices,
  signInChallenges,
  users,
  verificationCodes,
} from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors.ts';
import {
  AUTH_MSG,
  codeLimitError,
  consumeCode,
  endAllSessions,
  hashPassword,
  type Identity,
  isCommonPassword,
  issueCode,
  normaliseEmail,
  type SessionUser,
} from '../../identity/index.ts';
import { emailChangeCodeMail, emailChangedNoticeMail } from '../../mail/templates.ts';
import { reportWatchedWord, type Hit, type TrustService, type WatchedWords } from '../../trust/index.ts';
import { listColumns, loadCategories, presentPosts } from '../posts/index.ts';
import type { UploadService } from '../uploads/index.ts';
import { buildDataExport } from './export-service.ts';
import { courierColumns, courierRow, courierShown, emptyCourierProfile, loadCourierProfile, saveCourierProfile, type CourierReader } from '../../identity/courier-profile.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** `uploads`: a member's photos, in their export and deleted with their account. */
export type MembersDeps = Pick<Core, 'db' | 'config' | 'mailer' | 'clock' | 'events'> & {
  identity: Identity;
  uploads: MemberUploads;
  /** The trust model's stats of a member (their settings' trust level, issue 28). */
  trust: Pick<TrustService, 'statsOf'>;
  /** The watched words a status line meets (issue 28). */
  words: WatchedWords;
};
export type MemberUploads = Pick<UploadService, 'listForUser' | 'removeForUser' | 'photos'>;
type UserRow = typeof users.$inferSelect;

/**
 * What a deleted account keeps in place of its personal data. The username has a '-', which no sign-up
 * may use, and the address a random part, so neither can ever clash with a real account; the old
 * username and address are free for anyone to take again.
 */
export const deletedPlaceholders = (id: number) => ({
  username: `deleted-${id}`,
  email: `deleted-${id}-${randomBytes(6).toString('hex')}@deleted.invalid`,
});
/** Not an argon2 string: verifyPassword answers false for it, so nobody can sign in. */
export const UNUSABLE_PASSWORD_HASH = '!account-deleted';

/** `s•••@example.com`: enough for the owner to recognise, not a full address for whoever reads the old inbox. */
export const maskEmail = (email: string) => {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};


/** The members service: buildApp creates it once from the core and the identity services. */
export function createMembersService({ db, config, mailer, clock, events, identity, uploads, trust, words }: MembersDeps) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email);
  /**
   * In the transaction that ended the member's sessions (issue 29): once it commits, their open sockets
   * close at once in every process, even if this one dies right after.
   */
  const sessionsEnded = (tx: Tx, userId: number) => events.publish('session.ended', { userId }, tx);

  /**
   * Issue 28: a status line meets the watched words. A block word refuses it (400 under statusText),
   * censored words are stored as ■■■; a flag or require-approval word (a status cannot wait for a
   * moderator) reports the member once it is saved.
   */
  function screenStatus<T extends { statusText?: string }>(input: T): { input: T; watched: Hit | null } {
    if (input.statusText === undefined) return { input, watched: null };
    const screened = words.screen({ statusText: input.statusText }, { statusText: 'status' });
    return { input: { ...input, statusText: screened.texts.statusText }, watched: screened.flag ?? screened.approval };
  }

  async function loadUser(id: number): Promise<UserRow> {
    const [u] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.deletedAt))).limit(1);
    // The session plugin saw the account a moment ago; it can only be gone if deleted in between.
    if (!u) throw new HttpError(401, AUTH_MSG.notLoggedIn);
    return u;
  }

  /** The address of the newest change waiting for its code (not used, not expired, tries left). */
  const pendingEmail = (userId: number) => identity.pendingCodeEmail(userId, 'change_email');

  return {
    loadUser,
    pendingEmail,

    async getProfile(userId: number) {
      const user = await loadUser(userId);
      return { user, pendingEmail: await pendingEmail(userId) };
    },

    /** Issue 32: the member's own courier profile, every field with who sees it. */
    courierProfile: (userId: number) => loadCourierProfile(db, userId),
    saveCourierProfile: (userId: number, profile: TCourierProfile) => saveCourierProfile(db, userId, profile, clock.now()),

    /**
     * GET /api/profile/trust (issue 28): the level the member's requests are held to (the session's,
     * so what the limits read), what it allows, and what the next one needs, measured now (the level
     * itself moves with the hourly job).
     */
    async trustStatus(user: SessionUser): Promise<TTrustStatus> {
      const level = user.trustLevel;
      const staff = user.isAdmin || user.isModerator;
      const pinned = !staff && user.trustLevelPinned !== null;
      const stats = await trust.statsOf(user.id);
      const next =
        staff || pinned || level === 3 || !stats
          ? null
          : { level: level + 1, name: TRUST_LEVEL_NAMES[(level + 1) as TrustLevel], needs: nextLevelNeeds(level, stats) };
      return {
        level,
        name: TRUST_LEVEL_NAMES[level],
        pinned,
        staff,
        allows: trustAllowances(level),
        next,
        computedAt: user.trustComputedAt ? user.trustComputedAt.toISOString() : null,
      };
    },

    async updateProfile(userId: number, raw: TUpdateProfileRequest) {
      const { input, watched } = screenStatus(raw);
      const [u] = await db
        .update(users)
        .set({ ...input, updatedAt: clock.now() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning();
      if (!u) throw new HttpError(401, AUTH_MSG.notLoggedIn);
      if (watched) await reportWatchedWord(db, { type: 'user', id: userId }, watched, clock.now());
      return u;
    },

    /** Onboarding saves what was chosen; skipping ({}) only marks it done. Doing it again is allowed and keeps the first date. */
    async completeOnboarding(userId: number, raw: TOnboardingRequest) {
      const { input, watched } = screenStatus(raw);
      const now = clock.now();
      const [u] = await db
        .update(users)
        .set({ ...input, onboardedAt: sql`coalesce(${users.onboardedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning();
      if (!u) throw new HttpError(401, AUTH_MSG.notLoggedIn);
      if (watched) await reportWatchedWord(db, { type: 'user', id: userId }, watched, now);
      return u;
    },

    async changePassword(userId: number, input: TChangePasswordRequest, ctx: { ip: string; currentTokenHash: string | null }) {
      const user = await loadUser(userId);
      await identity.confirmPassword(user, input.currentPassword, ctx.ip, 'currentPassword');
      if (input.newPassword === input.currentPassword) throw badRequest(MEMBERS_MSG.samePassword, { newPassword: MEMBERS_MSG.samePassword });
      if (isCommonPassword(input.newPassword)) throw badRequest(AUTH_MSG.commonPassword, { newPassword: AUTH_MSG.commonPassword });
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        // A reset link mailed before the change must not undo it.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
        // Always: a session someone else holds (the reason to change a password) must not outlive it.
        await endAllSessions(tx, userId, ctx.currentTokenHash ?? undefined);
        await sessionsEnded(tx, userId);
      });
      return { message: MEMBERS_MSG.passwordChangedSignedOut };
    },

    /** "Sign out everywhere": every session of the member but this one ends, and their sockets close. */
    async endOtherSessions(userId: number, currentTokenHash: string) {
      await db.transaction(async (tx) => {
        await endAllSessions(tx, userId, currentTokenHash);
        await sessionsEnded(tx, userId);
      });
      return { message: MEMBERS_MSG.otherSessionsEnded };
    },

    /** Step 1: password confirmed, address free; a code goes to the new address. Nothing changes yet. */
    async requestEmailChange(userId: number, input: TChangeEmailRequest, ctx: { ip: string }) {
      const user = await loadUser(userId);
      const newEmail = normaliseEmail(input.newEmail);
      if (newEmail === user.email) throw badRequest(MEMBERS_MSG.sameEmail, { newEmail: MEMBERS_MSG.sameEmail });
      await identity.confirmPassword(user, input.password, ctx.ip, 'password');
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
        if (taken) return { kind: 'taken' } as const;
        // One change at a time: an earlier code (perhaps for another address) stops working.
        const issued = await issueCode(tx, { userId, purpose: 'change_email', email: newEmail, now });
        if (!issued.ok) throw codeLimitError(issued); // nothing written yet: the rollback loses nothing
        return { kind: 'ok', code: issued.code } as const;
      });
      if (outcome.kind === 'taken') throw conflict(MEMBERS_MSG.emailTaken, { newEmail: MEMBERS_MSG.emailTaken });
      await mailer.send({
        to: newEmail,
        kind: 'email_change_code',
        ...emailChangeCodeMail({ appName: config.appName, firstName: user.firstName, code: outcome.code }),
      });
      return { message: MEMBERS_MSG.emailCodeSent, pendingEmail: newEmail };
    },

    /**
     * Step 2: the code from the new address switches the email; the old address is told, and every
     * other session ends (and their sockets close). Nothing else about the account changes.
     */
    async confirmEmailChange(userId: number, code: string, ctx: { currentTokenHash: string | null }) {
      const now = clock.now();
      let outcome;
      try {
        outcome = await db.transaction(async (tx) => {
          // The row lock makes parallel guesses count one after the other.
          const [user] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update');
          if (!user) return { kind: 'gone' } as const;
          const used = await consumeCode(tx, { userId, purpose: 'change_email', code, now });
          if (used.kind === 'exhausted') return { kind: 'tooMany' } as const;
          if (used.kind !== 'ok') return { kind: 'invalid' } as const;
          const newEmail = used.email;
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
          if (taken) return { kind: 'taken' } as const;
          const [changed] = await tx
            .update(users)
            .set({
              email: newEmail,
              // Entering the code proves the new address, so it counts as verified, and as an admin address when listed.
              emailVerifiedAt: now,
              isAdmin: user.isAdmin || isAdminEmail(newEmail),
              updatedAt: now,
            })
            .where(eq(users.id, userId))
            .returning();
          await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
          // Whoever may have the old address's password or a session on another device is signed out.
          await endAllSessions(tx, userId, ctx.currentTokenHash ?? undefined);
          await sessionsEnded(tx, userId);
          return { kind: 'ok', user: changed, oldEmail: user.email } as const;
        });
      } catch (err) {
        // Someone registered the address between the check and the update.
        if (isUniqueViolation(err)) throw conflict(MEMBERS_MSG.emailTaken);
        throw err;
      }
      switch (outcome.kind) {
        case 'gone':
          throw new HttpError(401, AUTH_MSG.notLoggedIn);
        case 'invalid':
          throw badRequest(AUTH_MSG.invalidCode, { code: AUTH_MSG.invalidCode });
        case 'tooMany':
          throw badRequest(AUTH_MSG.tooManyCodeAttempts, { code: AUTH_MSG.tooManyCodeAttempts });
        case 'taken':
          throw conflict(MEMBERS_MSG.emailTaken);
      }
      await mailer.send({
        to: outcome.oldEmail,
        kind: 'email_changed',
        ...emailChangedNoticeMail({
          appName: config.appName,
          firstName: outcome.user.firstName,
          newEmailMasked: maskEmail(outcome.user.email),
          supportUrl: `${config.appUrl}/support`,
        }),
      });
      return outcome.user;
    },

    /**
     * Deletes the account: the row stays (posts, comments, votes and reactions point at it) but keeps
     * nothing personal, and every way back in (sessions, codes, reset links) is gone.
     */
    async deleteAccount(userId: number, password: string, ctx: { ip: string }) {
      const user = await loadUser(userId);
      await identity.confirmPassword(user, password, ctx.ip, 'password');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await deleteAccountRows(tx, user, now);
        await sessionsEnded(tx, userId);
      });
      // Their photos' files are not the database's: they go once the deletion has committed.
      await uploads.removeForUser(userId);
      return { message: MEMBERS_MSG.accountDeleted };
    },

    /** GET /api/auth/me/export: everything of the member, as of now. */
    exportData: (userId: number) => buildDataExport(db, userId, clock.now(), uploads),

    /**
     * A member's public page. Unverified and deleted accounts have none; a suspended member's stays (their posts still show their name).
     * Its counts leave out what they wrote anonymously (issue 32): a count that moves with an anonymous post would name its author.
     */
    async publicProfile(username: string, reader: CourierReader): Promise<TPublicProfile> {
      const u = await findPublicMember(db, username);

      // Sequential on purpose: one pooled connection per request; both read the author indexes.
      const [p] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .where(and(eq(posts.authorId, u.id), isNull(posts.deletedAt), isNull(posts.anonymousAs)));
      const [c] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.authorId, u.id), isNull(comments.deletedAt), isNull(comments.anonymousAs), isNull(posts.deletedAt)));
      return {
        id: u.id,
        username: u.username,
        avatar: u.avatar,
        statusText: u.statusText,
        joinedDate: u.createdAt.toISOString(),
        postCount: p.n,
        commentCount: c.n,
        isModerator: u.isModerator && !u.isAdmin,
        ...courierShown(u, reader),
      };
    },

    /** Their live posts, newest first, in the forum list's shape (posts_author_idx: author_id, created_at desc). */
    async memberPosts(username: string, query: { page: number; limit: number }, viewerId: number | null): Promise<TPostList> {
      const u = await findPublicMember(db, username);
      // Issue 32: what they wrote anonymously is not theirs here, in the list nor its count.
      const mine = and(eq(posts.authorId, u.id), isNull(posts.deletedAt), isNull(posts.anonymousAs));
      const rows = await db
        .select(listColumns)
        .from(posts)
        .where(mine)
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(query.limit + 1)
        .offset((query.page - 1) * query.limit);
      const hasMore = rows.length > query.limit;
      const page = hasMore ? rows.slice(0, query.limit) : rows;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(mine);
      const all = await loadCategories(db);
      return { posts: await presentPosts(db, page, all, viewerId), totalCount: count.n, hasMore };
    },
  };
}

async function findPublicMember(db: Db, username: string) {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      avatar: users.avatar,
      statusText: users.statusText,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      isAdmin: users.isAdmin,
      isModerator: users.isModerator,
      ...courierColumns,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`) // users_username_lower_key
    .limit(1);
  if (!u || u.deletedAt || !u.emailVerifiedAt) throw notFound(MEMBERS_MSG.memberNotFound);
  return u;
}

/**
 * The rows of an account deletion, in one transaction. Votes and reactions are deliberately KEPT (still
 * pointing at the anonymised row): posts.upvotes/downvotes, comments' counts and the reaction summaries
 * are kept on write and must keep equalling a recount of those rows, and deleting a member must not
 * change the score of other people's posts. Posts and comments stay too, with no author ('Anonymous').
 */
export async function deleteAccountRows(tx: Tx, user: Pick<UserRow, 'id' | 'email'>, now: Date) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  await tx.update(posts).set({ authorId: null }).where(eq(posts.authorId, user.id));
  await tx.update(comments).set({ authorId: null }).where(eq(comments.authorId, user.id));
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, user.id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await tx.delete(notifications).where(eq(notifications.userId, user.id));
  // Other members' notifications about them stay, no longer linked to the account.
  await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, user.id));
  await tx.update(shareEvents).set({ userId: null }).where(eq(shareEvents.userId, user.id));
  await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
  // Chat messages stay for the other member (the sender shows as a deleted member); their blocks go.
  await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, user.id), eq(memberBlocks.blockedId, user.id)));
  await tx.delete(anonymousBlocks).where(or(eq(anonymousBlocks.blockerId, user.id), eq(anonymousBlocks.blockedId, user.id)));
  await tx.delete(bookmarks).where(eq(bookmarks.userId, user.id));
  // Their pay reports go too: the index's figures are recomputed without them.
  await tx.delete(payReports).where(eq(payReports.userId, user.id));
  // Their badge requests (and any proof waiting) go too.
  await tx.delete(courierVerifications).where(eq(courierVerifications.userId, user.id));
  // Issue 33: every other way back in (passkeys, the app's secret, recovery codes, remembered devices, tickets).
  for (const table of [passkeys, totpFactors, recoveryCodes, rememberedDevices, signInChallenges]) await tx.delete(table).where(eq(table.userId, user.id));
  const placeholders = deletedPlaceholders(user.id);
  await tx
    .update(users)
    .set({
      ...placeholders,
      firstName: '',
      lastName: '',
      passwordHash: UNUSABLE_PASSWORD_HASH,
      avatar: DEFAULT_AVATAR,
      statusText: '',
      ...courierRow(emptyCourierProfile),
      verifiedNetwork: null,
      verifiedAt: null,
      isAdmin: false,
      isModerator: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
}

export type MembersService = ReturnType<typeof createMembersService>;
