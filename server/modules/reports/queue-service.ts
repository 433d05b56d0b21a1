import { and, count, desc, eq, inArray, sql} from 'drizzle-orm';
import {
  MODERATION_MSG,
  type TAdminReport,
  type TAdminReportList,
  type TAdminReportsQuery,
  type TReportTarget,
} from '../../../common/contracts/moderation.ts';
import type { TReportTargetType } from '../../../common/contracts/reports.ts';
import { ADMIN_REPORTS_PAGE } from '../../../common/rules/reports.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db } from '../../db/client.ts';
import { comments, posts, reports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { deleteComment } from '../comments/index.ts';
import { deletePost } from '../posts/index.ts';

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
    label: type === 'post' ? 'Deleted post' : type === 'comment' ? 'Deleted comment' : 'Deleted member',
    postTitle: null,
    postSlug: null,
    commentExcerpt: null,
    username: null,
    authorUsername: null,
  });
  for (const r of refs) out.set(keyOf(r.type, r.id), blank(r.type, r.id));

  const postIds = ids('post');
  if (postIds.length > 0) {
    const rows = await db
      .select({ id: posts.id, title: posts.title, slug: posts.slug, deletedAt: posts.deletedAt, author: users.username })
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
        authorUsername: p.author,
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
        postTitle: posts.title,
        postSlug: posts.slug,
        postDeletedAt: posts.deletedAt,
        author: users.username,
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
        authorUsername: c.author,
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
      });
    }
  }
  return out;
}

/** GET /api/admin/reports?status&page: newest first (reports_status_idx), 50 a page. */
export async function listReports(db: Db, query: TAdminReportsQuery): Promise<TAdminReportList> {
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
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_REPORTS_PAGE + 1)
    .offset((query.page - 1) * ADMIN_REPORTS_PAGE);
  const hasMore = rows.length > ADMIN_REPORTS_PAGE;
  const page = hasMore ? rows.slice(0, ADMIN_REPORTS_PAGE) : rows;

  const targets = await loadTargets(db, page.map((r) => ({ type: r.targetType, id: r.targetId })));
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
 */
export type ReportOutcome = { status: 'resolved' | 'dismissed'; resolution?: string; action?: 'none' | 'delete_target' };

export async function closeReport(db: Db, admin: SessionUser, id: number, outcome: ReportOutcome, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!report) throw notFound(MODERATION_MSG.reportNotFound);
    if (report.status !== 'open') throw conflict(MODERATION_MSG.reportClosed);
    const deleting = outcome.status === 'resolved' && outcome.action === 'delete_target';
    if (deleting) {
      if (report.targetType === 'user') throw badRequest(MODERATION_MSG.cannotDeleteMember);
      // The forum's own delete, inside this transaction (a savepoint): the same rules, counters and audit.
      const inner = tx as unknown as Db;
      try {
        if (report.targetType === 'post') await deletePost(inner, admin, report.targetId, now);
        else await deleteComment(inner, admin, report.targetId, now);
      } catch (err) {
        // Already gone (deleted by its author meanwhile): resolving the report is still right.
        if (!(err instanceof Error && 'statusCode' in err && err.statusCode === 404)) throw err;
      }
    }
    const closed = await tx
      .update(reports)
      .set({ status: outcome.status, resolution: outcome.resolution ?? null, resolvedBy: admin.id, resolvedAt: now })
      .where(
        deleting
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
      },
    });
  });
}
