import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  MODERATION_MSG,
  type TAdminReport,
  type TAdminReportList,
  type TAdminReportsQuery,
  type TReportTarget,
} from '../../../common/contracts/moderation.ts';
import type { TReportTargetType } from '../../../common/contracts/reports.ts';
import type { TPhoto } from '../../../common/contracts/uploads.ts';
import { ADMIN_REPORTS_PAGE, REPORT_MESSAGE_CONTEXT } from '../../../common/rules/reports.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db } from '../../db/client.ts';
import { comments, messages, posts, reports, uploadUses, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { deleteComment } from '../comments/index.ts';
import { deletePost } from '../posts/index.ts';
import type { UploadService } from '../uploads/index.ts';
import type { Events } from '../../events.ts';
import { decideHidden, hiddenTargetFirst, isHidden, publishFlagChange, type FlaggedKind } from './flags.ts';

// The admin reports queue: list, resolve (optionally deleting the target), dismiss.

const excerpt = (text: string, max = 140) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

type TargetKey = `${TReportTargetType}:${number}`;
const keyOf = (type: TReportTargetType, id: number): TargetKey => `${type}:${id}`;

/** What each reported thing is now: one query per kind of target on the page. */
async function loadTargets(db: Db, refs: Array<{ type: TReportTargetType; id: number }>): Promise<Map<TargetKey, TReportTarget>> {
  const ids = (type: TReportTargetType) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const out = new Map<TargetKey, TReportTarget>();
  const blank = (type: TReportTargetType, id: number): TReportTarget => ({
    type,
    id,
    exists: false,
    href: null,
    label: { post: 'Deleted post', comment: 'Deleted comment', message: 'Deleted message', user: 'Deleted member' }[type],
    postTitle: null,
    postSlug: null,
    commentExcerpt: null,
    username: null,
    authorUsername: null,
    authorId: null,
  });
  for (const r of refs) out.set(keyOf(r.type, r.id), blank(r.type, r.id));

  /**
   * Issue 32: moderators act on anonymous content without the account (an admin reveals it, audited). Its
   * author's own reports still count against them: only the queue's answer leaves the account out.
   */
  const queueByline = (r: { author: string | null; authorId: number | null; anonymousAs: string | null }) =>
    r.anonymousAs !== null ? { authorUsername: null, authorId: null, anonymousAs: r.anonymousAs } : { authorUsername: r.author, authorId: r.authorId };
  const postIds = ids('post');
  if (postIds.length > 0) {
    const rows = await db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        content: posts.content,
        deletedAt: posts.deletedAt,
        hiddenAt: posts.hiddenAt,
        anonymousAs: posts.anonymousAs,
        author: users.username,
        authorId: users.id,
      })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(inArray(posts.id, postIds));
    for (const p of rows) {
      out.set(keyOf('post', p.id), {
        ...blank('post', p.id),
        exists: p.deletedAt === null,
        href: p.deletedAt === null ? `/forum/posts/${p.slug}` : null,
        label: p.title,
        postTitle: p.title,
        postSlug: p.slug,
        ...queueByline(p),
        hidden: p.hiddenAt !== null,
        removedContent: p.deletedAt === null ? null : p.content,
      });
    }
  }

  const commentIds = ids('comment');
  if (commentIds.length > 0) {
    const rows = await db
      .select({
        id: comments.id,
        content: comments.content,
        deletedAt: comments.deletedAt,
        hiddenAt: comments.hiddenAt,
        postTitle: posts.title,
        postSlug: posts.slug,
        postDeletedAt: posts.deletedAt,
        anonymousAs: comments.anonymousAs,
        author: users.username,
        authorId: users.id,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(inArray(comments.id, commentIds));
    for (const c of rows) {
      const live = c.deletedAt === null && c.postDeletedAt === null;
      out.set(keyOf('comment', c.id), {
        ...blank('comment', c.id),
        exists: live,
        href: live ? `/forum/posts/${c.postSlug}#comment-${c.id}` : null,
        label: excerpt(c.content),
        postTitle: c.postTitle,
        postSlug: c.postSlug,
        commentExcerpt: excerpt(c.content),
        ...queueByline(c),
        hidden: c.hiddenAt !== null,
        removedContent: live ? null : c.content,
      });
    }
  }

  const messageIds = ids('message');
  if (messageIds.length > 0) {
    const rows = await db
      .select({ id: messages.id, content: messages.content, author: users.username, authorId: users.id, authorDeletedAt: users.deletedAt })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, messageIds));
    for (const m of rows) {
      out.set(keyOf('message', m.id), {
        ...blank('message', m.id),
        exists: true,
        label: excerpt(m.content) || 'Photo',
        authorUsername: m.authorDeletedAt ? null : m.author,
        authorId: m.authorDeletedAt ? null : m.authorId,
      });
    }
  }

  const userIds = ids('user');
  if (userIds.length > 0) {
    const rows = await db
      .select({ id: users.id, username: users.username, deletedAt: users.deletedAt })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const u of rows) {
      if (u.deletedAt) continue;
      out.set(keyOf('user', u.id), {
        ...blank('user', u.id),
        exists: true,
        href: `/profile/${encodeURIComponent(u.username)}`,
        label: `@${u.username}`,
        username: u.username,
        authorUsername: u.username,
        authorId: u.id,
      });
    }
  }
  return out;
}

/**
 * The photos each reported post, comment or message shows now, from upload_uses (its index on the
 * target): one query for the page, and one for the photos themselves.
 */
async function loadPhotos(
  db: Db,
  uploads: Pick<UploadService, 'photos'>,
  refs: Array<{ type: TReportTargetType; id: number }>,
): Promise<Map<TargetKey, TPhoto[]>> {
  const shown = refs.filter((r) => r.type !== 'user');
  const out = new Map<TargetKey, TPhoto[]>();
  if (shown.length === 0) return out;
  const pairs = sql.join(
    shown.map((r) => sql`(${r.type}, ${r.id}::integer)`),
    sql`, `,
  );
  const uses = await db
    .select({ uploadId: uploadUses.uploadId, type: uploadUses.targetType, id: uploadUses.targetId })
    .from(uploadUses)
    .where(sql`(${uploadUses.targetType}, ${uploadUses.targetId}) in (${pairs})`)
    .orderBy(asc(uploadUses.uploadId));
  const photos = await uploads.photos(uses.map((u) => u.uploadId));
  for (const u of uses) {
    const photo = photos.get(u.uploadId);
    if (!photo) continue;
    const key = keyOf(u.type, u.id);
    out.set(key, [...(out.get(key) ?? []), photo]);
  }
  return out;
}

/**
 * A reported message among the messages around it in its conversation: up to REPORT_MESSAGE_CONTEXT
 * before and after (two walks of messages_conversation_idx). Null when the message is gone.
 */
async function loadConversationContext(db: Db, uploads: Pick<UploadService, 'photos'>, messageId: number): Promise<TAdminReport['conversation']> {
  const [reported] = await db.select({ conversationId: messages.conversationId }).from(messages).where(eq(messages.id, messageId));
  if (!reported) return null;
  const columns = {
    m: messages,
    senderUsername: users.username,
    senderDeletedAt: users.deletedAt,
  };
  const around = (where: ReturnType<typeof and>, order: ReturnType<typeof asc>, limit: number) =>
    db
      .select(columns)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(messages.conversationId, reported.conversationId), where))
      .orderBy(order)
      .limit(limit);
  const before = await around(lt(messages.id, messageId), desc(messages.id), REPORT_MESSAGE_CONTEXT);
  const after = await around(gte(messages.id, messageId), asc(messages.id), REPORT_MESSAGE_CONTEXT + 1);
  const rows = [...before.reverse(), ...after];
  const photos = await uploads.photos(rows.flatMap(({ m }) => (m.uploadId === null ? [] : [m.uploadId])));
  return {
    id: reported.conversationId,
    messages: rows.map(({ m, senderUsername, senderDeletedAt }) => ({
      id: m.id,
      senderUsername: senderDeletedAt ? null : senderUsername,
      content: m.content,
      photo: (m.uploadId !== null && photos.get(m.uploadId)) || null,
      createdAt: m.createdAt.toISOString(),
      reported: m.id === messageId,
    })),
  };
}

/**
 * GET /api/admin/reports?status&page: newest first (reports_status_idx), 50 a page; open reports on a
 * hidden post or comment before the rest.
 */
export async function listReports(db: Db, uploads: Pick<UploadService, 'photos'>, query: TAdminReportsQuery): Promise<TAdminReportList> {
  const resolver = sql`(select u.username from users u where u.id = ${reports.resolvedBy})`;
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      reporterId: users.id,
      reporterUsername: users.username,
      resolution: reports.resolution,
      resolvedAt: reports.resolvedAt,
      resolvedBy: resolver.mapWith(String),
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, query.status))
    // Open reports on what members' flags hid come first (issue 28): it waits for a moderator.
    .orderBy(...(query.status === 'open' ? [desc(hiddenTargetFirst)] : []), desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_REPORTS_PAGE + 1)
    .offset((query.page - 1) * ADMIN_REPORTS_PAGE);
  const hasMore = rows.length > ADMIN_REPORTS_PAGE;
  const page = hasMore ? rows.slice(0, ADMIN_REPORTS_PAGE) : rows;

  const refs = page.map((r) => ({ type: r.targetType, id: r.targetId }));
  const targets = await loadTargets(db, refs);
  const photos = await loadPhotos(db, uploads, refs);
  const conversationOf = new Map<number, TAdminReport['conversation']>();
  for (const r of refs) {
    if (r.type === 'message' && !conversationOf.has(r.id)) conversationOf.set(r.id, await loadConversationContext(db, uploads, r.id));
  }
  const counts = new Map<TargetKey, number>();
  if (page.length > 0) {
    const pairs = sql.join(
      [...new Set(page.map((r) => keyOf(r.targetType, r.targetId)))].map((k) => {
        const [type, id] = k.split(':');
        return sql`(${type}, ${Number(id)})`;
      }),
      sql`, `,
    );
    const grouped = await db
      .select({ targetType: reports.targetType, targetId: reports.targetId, n: count() })
      .from(reports)
      .where(sql`(${reports.targetType}, ${reports.targetId}) in (${pairs})`)
      .groupBy(reports.targetType, reports.targetId);
    for (const g of grouped) counts.set(keyOf(g.targetType, g.targetId), Number(g.n));
  }
  const [total] = await db.select({ n: count() }).from(reports).where(eq(reports.status, query.status));
  const [open] = query.status === 'open' ? [total] : await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));

  return {
    reports: page.map(
      (r): TAdminReport => ({
        id: r.id,
        reason: r.reason,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        reporter: r.reporterId !== null && r.reporterUsername !== null ? { id: r.reporterId, username: r.reporterUsername } : null,
        target: targets.get(keyOf(r.targetType, r.targetId))!,
        targetReportCount: counts.get(keyOf(r.targetType, r.targetId)) ?? 1,
        resolution: r.resolution,
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        resolvedBy: r.resolvedBy ? { username: r.resolvedBy } : null,
        photos: photos.get(keyOf(r.targetType, r.targetId)) ?? [],
        conversation: r.targetType === 'message' ? (conversationOf.get(r.targetId) ?? null) : null,
      }),
    ),
    totalCount: Number(total.n),
    hasMore,
    openCount: Number(open.n),
  };
}

/**
 * POST /api/admin/reports/:id/resolve and /dismiss. One transaction: the report locked (a closed one
 * is 409), with action delete_target the post or comment is deleted (as an admin delete: counters and
 * its own audit row), and then every open report on that target is resolved with it, since there is
 * nothing left to act on. Audited as report.resolve / report.dismiss.
 * A target members' flags hid (issue 28) is decided whole: resolve upholds every open report on it
 * (it stays removed, as a deleted one: status 'resolved' is what counts against its author's trust
 * level), dismiss rejects them all (it is restored, counts back: 'dismissed' counts against each
 * flagger's). The change is returned for the service to publish after commit.
 */
export type ReportOutcome = { status: 'resolved' | 'dismissed'; resolution?: string; action?: 'none' | 'delete_target' };

export async function closeReport(db: Db, events: Events, admin: SessionUser, id: number, outcome: ReportOutcome, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!report) throw notFound(MODERATION_MSG.reportNotFound);
    if (report.status !== 'open') throw conflict(MODERATION_MSG.reportClosed);
    // A post or comment members' flags hid (issue 28): the decision is on all of its flags at once.
    // Resolving upholds them (it stays removed), dismissing rejects them (it is restored).
    const hidden = (report.targetType === 'post' || report.targetType === 'comment') && (await isHidden(tx, report.targetType, report.targetId));
    const flagged = hidden ? await decideHidden(tx, report.targetType as FlaggedKind, report.targetId, outcome.status === 'resolved', now) : null;
    const deleting = !hidden && outcome.status === 'resolved' && outcome.action === 'delete_target';
    if (deleting) {
      if (report.targetType === 'user') throw badRequest(MODERATION_MSG.cannotDeleteMember);
      if (report.targetType === 'message') throw badRequest(MODERATION_MSG.cannotDeleteMessage);
      // The forum's own delete, inside this transaction (a savepoint): the same rules, counters and audit.
      const inner = tx as unknown as Db;
      try {
        if (report.targetType === 'post') await deletePost(inner, admin, report.targetId, now);
        else await deleteComment(inner, admin, report.targetId, now, events);
      } catch (err) {
        // Already gone (deleted by its author meanwhile): resolving the report is still right.
        if (!(err instanceof Error && 'statusCode' in err && err.statusCode === 404)) throw err;
      }
    }
    const closed = await tx
      .update(reports)
      .set({ status: outcome.status, resolution: outcome.resolution ?? null, resolvedBy: admin.id, resolvedAt: now })
      .where(
        deleting || hidden
          ? and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), eq(reports.status, 'open'))
          : eq(reports.id, id),
      )
      .returning({ id: reports.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: outcome.status === 'resolved' ? 'report.resolve' : 'report.dismiss',
      targetType: 'report',
      targetId: id,
      details: {
        target: { type: report.targetType, id: report.targetId },
        action: outcome.action ?? 'none',
        resolution: outcome.resolution ?? null,
        reportIds: closed.map((c) => c.id),
        // A hidden target: the flags upheld (it stays removed) or rejected (restored).
        ...(hidden ? { flags: outcome.status === 'resolved' ? 'upheld' : 'rejected' } : {}),
      },
    });
    // The author is told, in the outbox of this transaction.
    await publishFlagChange(events, flagged, tx);
  });
}
