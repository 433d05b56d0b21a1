import { and, asc, count, desc, eq, ilike, isNotNull, isNull, max, or, type SQL } from 'drizzle-orm';
import { ADMIN_MSG, type TAdminMember, type TAdminMemberDetail, type TAdminMemberList, type TMemberStatus } from '../../../common/contracts/admin.ts';
import { ADMIN_MEMBERS_PAGE } from '../../../common/rules/members.ts';
import { effectiveLevel, type TrustLevel } from '../../../common/rules/trust.ts';
import { canModerate, isAdmin, maySuspendFor, mayActOnMember, ROLE_MSG, suspensionEnd, type MemberRole, type RolePerson, type SuspensionDuration } from '../../../common/rules/roles.ts';
import { recordAudit, type AuditActionOn } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Tx } from '../../db/client.ts';
import { comments, posts, sessions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import { codeLimitError, endAllSessions, issueCode, liftExpiredSuspensions, type Identity } from '../../identity/index.ts';
import { verificationCodeMail } from '../../mail/templates.ts';
import { deleteAccountRows, type MemberUploads } from './service.ts';

type UserRow = typeof users.$inferSelect;
export type MemberAdminDeps = Pick<Core, 'db' | 'config' | 'mailer' | 'clock' | 'jobs' | 'log' | 'events'> & {
  identity: Identity;
  uploads: MemberUploads;
};

/** Timed suspensions end on their own (issue 18): swept every minute. */
const SUSPENSION_SWEEP_MS = 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentMember(u: UserRow): TAdminMember {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    avatar: u.avatar,
    verified: u.emailVerifiedAt !== null,
    suspended: u.suspendedAt !== null,
    chatSuspended: u.chatSuspendedAt !== null,
    isAdmin: u.isAdmin,
    isModerator: u.isModerator,
    createdAt: u.createdAt.toISOString(),
  };
}

const statusFilter: Record<TMemberStatus, SQL | undefined> = {
  all: undefined,
  unverified: isNull(users.emailVerifiedAt),
  suspended: isNotNull(users.suspendedAt),
  chat_suspended: isNotNull(users.chatSuspendedAt),
  admins: eq(users.isAdmin, true),
  moderators: eq(users.isModerator, true),
};

/** `%` and `_` typed into the search box are searched for, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live (not deleted) account, locked for the action's transaction; 404 otherwise. */
async function lockMember(tx: Tx, id: number): Promise<UserRow> {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  if (!u) throw notFound(ADMIN_MSG.memberNotFound);
  return u;
}

/**
 * Locks every admin's row, in id order, BEFORE the target's row: two admins removing each other at the
 * same moment then queue on the same first lock (no deadlock) and the second sees the first's result.
 */
async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** 409 when taking `target` away would leave no admin; `admins` from lockAdmins in the same transaction. */
function assertNotLastAdmin(admins: number[], target: UserRow) {
  if (target.isAdmin && admins.filter((a) => a !== target.id).length === 0) throw conflict(ADMIN_MSG.lastAdmin);
}

/**
 * The actor is still an admin (or moderator) now, inside the transaction: an admin removed (or
 * suspended) a moment ago by another admin cannot finish a request that was already past the session
 * check. Answers the actor's role as it is now, which the moderator's bounds read.
 */
async function assertActorStillAdmin(tx: Tx, actorId: number, role: 'admin' | 'moderator' = 'admin'): Promise<RolePerson> {
  const [a] = await tx
    .select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator, suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, actorId))
    .limit(1);
  if (!a || a.suspendedAt || a.deletedAt) throw forbidden(role === 'admin' ? ROLE_MSG.adminsOnly : ROLE_MSG.moderatorsOnly);
  if (role === 'admin' && !a.isAdmin) throw forbidden(ROLE_MSG.adminsOnly);
  if (role === 'moderator' && !canModerate(a)) throw forbidden(ROLE_MSG.moderatorsOnly);
  return { id: a.id, isAdmin: a.isAdmin, isModerator: a.isModerator };
}

/** A moderator's action and what its answer may show: `byAdmin` false, the change only (issue 28). */
export type ModeratedChange = { member: TAdminMemberDetail; byAdmin: boolean };

/** The member administration service: buildApp creates it once from the core and the identity services. */
export function createMemberAdminService({ db, config, mailer, clock, jobs, log, events, identity, uploads }: MemberAdminDeps) {
  // Published in the action's transaction (issue 29): told once it commits, even if this process dies
  // right after, and never for an action refused or rolled back.
  /** The member's open pages hear of their chat access at once (chat owns the frame). */
  const chatAccessChanged = (tx: Tx, u: UserRow, chatSuspended: boolean) =>
    events.publish('member.chat_access_changed', { userId: u.id, chatSuspended, verified: u.emailVerifiedAt !== null }, tx);
  /** Their sessions ended: their open sockets close at once in every process with 4401 (the session.ended subscriber). */
  const sessionsEnded = (tx: Tx, userId: number) => events.publish('session.ended', { userId }, tx);

  type Change = (
    tx: Tx,
    u: UserRow,
    now: Date,
    admins: number[],
    actor: RolePerson,
  ) => Promise<{ action: AuditActionOn<'user'>; details?: Record<string, unknown> } | null>;

  /**
   * Runs one action on a member: lock, change, audit, in one transaction; answers the actor as they are
   * now. A moderator's action (role 'moderator') reaches members only: never an admin, another
   * moderator or themselves (issue 28), checked on the locked rows before anything changes.
   */
  async function run(actorId: number, id: number, change: Change, opts: { lockAdmins?: boolean; role?: 'admin' | 'moderator' } = {}) {
    return db.transaction(async (tx) => {
      const admins = opts.lockAdmins ? await lockAdmins(tx) : [];
      const actor = await assertActorStillAdmin(tx, actorId, opts.role);
      const u = await lockMember(tx, id);
      if (!mayActOnMember(actor, u)) throw forbidden(ROLE_MSG.moderatorBounds);
      const now = clock.now();
      const done = await change(tx, u, now, admins, actor);
      // Nothing changed (already in that state): nothing to record.
      if (done) await recordAudit(tx, { actorId, targetType: 'user', targetId: id, action: done.action, details: { username: u.username, ...done.details } });
      return actor;
    });
  }

  /** An admin's action: answers the new detail. */
  async function act(actorId: number, id: number, change: Change, opts: { lockAdmins?: boolean } = {}) {
    await run(actorId, id, change, opts);
    return detail(id);
  }

  /** An admin's or a moderator's action: the new detail, and whether an admin did it (the route shapes the answer). */
  async function moderated(actorId: number, id: number, change: Change): Promise<ModeratedChange> {
    const actor = await run(actorId, id, change, { role: 'moderator' });
    return { member: await detail(id), byAdmin: isAdmin(actor) };
  }

  async function detail(id: number): Promise<TAdminMemberDetail> {
    const [u] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    if (!u) throw notFound(ADMIN_MSG.memberNotFound);
    const [p] = await db
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.authorId, id), isNull(posts.deletedAt), isNull(posts.anonymousAs)));
    const [c] = await db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.authorId, id), isNull(comments.deletedAt), isNull(comments.anonymousAs)));
    const [s] = await db
      .select({ n: count(), lastSeen: max(sessions.lastSeenAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, id), identity.liveSession()));
    return {
      ...presentMember(u),
      statusText: u.statusText,
      emailVerifiedAt: iso(u.emailVerifiedAt),
      suspendedAt: iso(u.suspendedAt),
      suspendedUntil: iso(u.suspendedUntil),
      suspensionReason: u.suspensionReason,
      chatSuspendedAt: iso(u.chatSuspendedAt),
      onboarded: u.onboardedAt !== null,
      postCount: p?.n ?? 0,
      commentCount: c?.n ?? 0,
      activeSessions: s?.n ?? 0,
      lastSeenAt: s?.lastSeen ? new Date(s.lastSeen).toISOString() : null,
      trust: { level: effectiveLevel(u), computed: u.trustLevel, pinned: u.trustLevelPinned, computedAt: iso(u.trustComputedAt) },
    };
  }

  const service = {
    detail,

    async list(query: { q?: string; status: TMemberStatus; page: number }): Promise<TAdminMemberList> {
      const q = query.q?.trim();
      const where = and(
        isNull(users.deletedAt),
        statusFilter[query.status],
        q ? or(ilike(users.username, `%${likeEscape(q)}%`), ilike(users.email, `%${likeEscape(q)}%`)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(ADMIN_MEMBERS_PAGE)
        .offset((query.page - 1) * ADMIN_MEMBERS_PAGE);
      const totalCount = total?.n ?? 0;
      return {
        members: rows.map(presentMember),
        totalCount,
        page: query.page,
        pageSize: ADMIN_MEMBERS_PAGE,
        hasMore: query.page * ADMIN_MEMBERS_PAGE < totalCount,
      };
    },

    /** Spec §4: every chat call and socket frame reads chatSuspendedAt afresh, so this holds at once. */
    // Chat access is a moderator's tool too (issue 18; common/rules/roles.ts).
    suspendChat: (actorId: number, id: number, reason?: string) =>
      moderated(actorId, id, async (tx, u, now) => {
        if (u.chatSuspendedAt) return null;
        await tx.update(users).set({ chatSuspendedAt: now, updatedAt: now }).where(eq(users.id, id));
        // Spec §4: an open page shows 'Chat Feature Suspended' at once.
        await chatAccessChanged(tx, u, true);
        return { action: 'user.chat_suspend', details: reason ? { reason } : undefined };
      }),

    liftChatSuspension: (actorId: number, id: number) =>
      moderated(actorId, id, async (tx, u, now) => {
        if (!u.chatSuspendedAt) return null;
        await tx.update(users).set({ chatSuspendedAt: null, updatedAt: now }).where(eq(users.id, id));
        await chatAccessChanged(tx, u, false);
        return { action: 'user.chat_unsuspend' };
      }),

    /**
     * Every session ends in the same transaction; sign-in is then refused with the end and the reason
     * (common/rules/roles.ts suspendedMessage). A timed one is lifted at its end (liftExpired). Suspending
     * a suspended member again replaces the duration and reason (an admin extending or shortening it).
     * Issue 28: a moderator suspends members only, for up to 7 days, always with a reason, and never
     * ends a suspension sooner than it would (shortening is lifting, which is admins').
     */
    suspend: (actorId: number, id: number, input: { reason?: string; duration: SuspensionDuration }) =>
      moderated(actorId, id, async (tx, u, now, _admins, actor) => {
        if (u.id === actorId) throw conflict(ADMIN_MSG.selfSuspend);
        const until = suspensionEnd(input.duration, now);
        const reason = input.reason || null;
        if (!isAdmin(actor)) {
          if (!maySuspendFor(actor, input.duration)) throw forbidden(ROLE_MSG.moderatorSuspensionLength);
          if (!reason) throw badRequest(ROLE_MSG.moderatorSuspensionReason);
          if (u.suspendedAt && (u.suspendedUntil === null || (until !== null && until < u.suspendedUntil))) throw forbidden(ROLE_MSG.liftAdminsOnly);
        }
        // The same indefinite suspension with the same reason again changes nothing: nothing to record.
        if (u.suspendedAt && u.suspendedUntil === null && until === null && u.suspensionReason === reason) return null;
        await tx
          .update(users)
          .set({ suspendedAt: u.suspendedAt ?? now, suspendedUntil: until, suspensionReason: reason, updatedAt: now })
          .where(eq(users.id, id));
        await endAllSessions(tx, id);
        await sessionsEnded(tx, id);
        return { action: 'user.suspend', details: { duration: input.duration, until: until?.toISOString() ?? null, ...(reason ? { reason } : {}) } };
      }),

    unsuspend: (actorId: number, id: number) =>
      act(actorId, id, async (tx, u, now) => {
        if (!u.suspendedAt) return null;
        await tx.update(users).set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: now }).where(eq(users.id, id));
        return { action: 'user.unsuspend' };
      }),

    /**
     * The minute's sweep (issue 18): every timed suspension past its end, lifted and audited by the
     * system. One UPDATE … RETURNING: of two sweeps at once, each member is lifted (and audited) by one.
     */
    liftExpired: () => db.transaction((tx) => liftExpiredSuspensions(tx, clock.now())),

    /**
     * Issue 28: pins the member's trust level (0 to 3), or with null lets it follow their activity again
     * (the job's last computation applies at once). The member's next request reads it.
     */
    setTrustLevel: (actorId: number, id: number, level: TrustLevel | null) =>
      act(actorId, id, async (tx, u, now) => {
        if (u.trustLevelPinned === level) return null;
        await tx.update(users).set({ trustLevelPinned: level, updatedAt: now }).where(eq(users.id, id));
        return level === null
          ? { action: 'user.trust_unpin', details: { was: u.trustLevelPinned } }
          : { action: 'user.trust_pin', details: { level, was: u.trustLevelPinned ?? u.trustLevel } };
      }),

    /** Issue 18: grants or removes the moderator role; an admin's role is not changed here (409). */
    setRole: (actorId: number, id: number, role: MemberRole) =>
      act(actorId, id, async (tx, u, now) => {
        if (u.isAdmin) throw conflict(ROLE_MSG.adminRole);
        const moderator = role === 'moderator';
        if (u.isModerator === moderator) return null;
        await tx.update(users).set({ isModerator: moderator, updatedAt: now }).where(eq(users.id, id));
        return { action: moderator ? 'user.grant_moderator' : 'user.remove_moderator' };
      }),

    makeAdmin: (actorId: number, id: number) =>
      act(actorId, id, async (tx, u, now) => {
        if (u.isAdmin) return null;
        await tx.update(users).set({ isAdmin: true, updatedAt: now }).where(eq(users.id, id));
        return { action: 'user.make_admin' };
      }),

    removeAdmin: (actorId: number, id: number) =>
      act(
        actorId,
        id,
        async (tx, u, now, admins) => {
          if (!u.isAdmin) return null;
          assertNotLastAdmin(admins, u);
          await tx.update(users).set({ isAdmin: false, updatedAt: now }).where(eq(users.id, id));
          return { action: 'user.remove_admin' };
        },
        { lockAdmins: true },
      ),

    /** A fresh code (older ones stop working), under the same limits as the member's own resend. */
    async resendVerification(actorId: number, id: number) {
      const sent = await db.transaction(async (tx) => {
        await assertActorStillAdmin(tx, actorId);
        const u = await lockMember(tx, id);
        if (u.emailVerifiedAt) throw conflict(ADMIN_MSG.alreadyVerified);
        const issued = await issueCode(tx, { userId: id, purpose: 'verify_email', email: u.email, now: clock.now() });
        if (!issued.ok) throw codeLimitError(issued);
        const code = issued.code;
        await recordAudit(tx, { actorId, action: 'user.resend_verification', targetType: 'user', targetId: id, details: { username: u.username } });
        return { user: u, code };
      });
      // After commit, so a rolled-back code is never mailed.
      await mailer.send({
        to: sent.user.email,
        kind: 'verification',
        ...verificationCodeMail({ appName: config.appName, firstName: sent.user.firstName, code: sent.code }),
      });
      return { message: ADMIN_MSG.verificationSent };
    },

    /** The same anonymising deletion as a member's own (posts and comments stay as 'Anonymous'). */
    async remove(actorId: number, id: number) {
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx);
        await assertActorStillAdmin(tx, actorId);
        const u = await lockMember(tx, id);
        if (u.id === actorId) throw conflict(ADMIN_MSG.selfDelete);
        assertNotLastAdmin(admins, u);
        await deleteAccountRows(tx, u, clock.now());
        await recordAudit(tx, { actorId, action: 'user.delete', targetType: 'user', targetId: id, details: { username: u.username } });
        await sessionsEnded(tx, id);
      });
      // Their photos' files are not the database's: they go once the deletion has committed.
      await uploads.removeForUser(id);
      return { message: ADMIN_MSG.memberDeleted };
    },
  };

  jobs.every('members.lift-suspensions', { everyMs: SUSPENSION_SWEEP_MS }, async () => {
    const lifted = await service.liftExpired();
    if (lifted.length) log.info({ lifted }, 'suspensions: lifted expired');
  });
  return service;
}

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;
