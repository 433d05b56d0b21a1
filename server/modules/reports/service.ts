import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { TAdminReportsQuery } from '../../../common/contracts/moderation.ts';
import type { TCreateReportRequest } from '../../../common/contracts/reports.ts';
import { REPORT_MSG, REPORTS_PER_HOUR } from '../../../common/rules/reports.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { comments, conversations, messages, posts, reports, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import type { UploadService } from '../uploads/index.ts';
import { closeReport, listReports, type ReportOutcome } from './queue-service.ts';
import type { Events } from '../../events.ts';
import { hideIfFlagged, publishFlagChange } from './flags.ts';

const HOUR = 3_600_000;

/**
 * Who wrote the target (the member themselves for a user report); 404 when it is gone, and for a
 * message of a conversation the reporter is not in (to them it does not exist).
 */
async function targetOwner(tx: Tx, reporterId: number, type: TCreateReportRequest['targetType'], id: number): Promise<number | null> {
  if (type === 'post') {
    const [row] = await tx
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
    if (!row) throw notFound(REPORT_MSG.postNotFound);
    return row.authorId;
  }
  if (type === 'comment') {
    const [row] = await tx
      .select({ authorId: comments.authorId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, id), isNull(comments.deletedAt), isNull(posts.deletedAt)));
    if (!row) throw notFound(REPORT_MSG.commentNotFound);
    return row.authorId;
  }
  if (type === 'message') {
    const [row] = await tx
      .select({ senderId: messages.senderId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.id, id), or(eq(conversations.userLowId, reporterId), eq(conversations.userHighId, reporterId))));
    if (!row) throw notFound(REPORT_MSG.messageNotFound);
    return row.senderId;
  }
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound(REPORT_MSG.userNotFound);
  return row.id;
}

/**
 * POST /api/reports (verified member). One transaction with the reporter's row locked, so two
 * concurrent requests can pass neither the duplicate check nor the hourly limit together.
 */
async function createReport(db: Db, events: Events, reporter: SessionUser, input: TCreateReportRequest, now: Date): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
    const owner = await targetOwner(tx, reporter.id, input.targetType, input.targetId);
    if (owner === reporter.id) throw badRequest(REPORT_MSG.self);

    // The partial index reports_open_target_idx finds the target's open reports.
    const [dup] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, input.targetType),
          eq(reports.targetId, input.targetId),
          eq(reports.status, 'open'),
          eq(reports.reporterId, reporter.id),
        ),
      )
      .limit(1);
    if (dup) throw conflict(REPORT_MSG.duplicate);

    const recent = await tx
      .select({ createdAt: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), gt(reports.createdAt, new Date(now.getTime() - HOUR))))
      .orderBy(asc(reports.createdAt));
    if (recent.length >= REPORTS_PER_HOUR) {
      const freeAt = recent[recent.length - REPORTS_PER_HOUR].createdAt.getTime() + HOUR;
      throw tooManyRequests(REPORT_MSG.tooMany, (freeAt - now.getTime()) / 1000);
    }

    const [row] = await tx
      .insert(reports)
      .values({ reporterId: reporter.id, targetType: input.targetType, targetId: input.targetId, reason: input.reason, createdAt: now })
      .returning({ id: reports.id });
    // Issue 28: the flag that makes enough trusted members hides the post or comment, in this transaction.
    // Its author is told, in the outbox of this transaction.
    await publishFlagChange(events, await hideIfFlagged(tx, input.targetType, input.targetId, now), tx);
    return { id: row.id };
  });
}

/** Reports and the admins' queue: buildApp creates it once from the core and the uploads service (the photos a reported thing shows). */
export function createReportService({ db, clock, events, uploads }: Pick<Core, 'db' | 'clock' | 'events'> & { uploads: Pick<UploadService, 'photos'> }) {
  return {
    create: (reporter: SessionUser, input: TCreateReportRequest): Promise<{ id: number }> => createReport(db, events, reporter, input, clock.now()),
    list: (query: TAdminReportsQuery) => listReports(db, uploads, query),
    close: (admin: SessionUser, id: number, outcome: ReportOutcome): Promise<void> => closeReport(db, events, admin, id, outcome, clock.now()),
  };
}
export type ReportService = ReturnType<typeof createReportService>;
