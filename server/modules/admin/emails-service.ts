import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { TEmailStatus, TOutboxEmail, TOutboxList } from '../../../common/contracts/admin-emails.ts';
import { EMAILS_MSG, OUTBOX_PAGE } from '../../../common/rules/admin-emails.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { emails } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http-errors.ts';
import type { Mailer } from '../../mail/mailer.ts';

type EmailRow = typeof emails.$inferSelect;

/** Never the body: verification codes and reset links live there. */
function presentOutboxEmail(r: Pick<EmailRow, 'id' | 'to' | 'subject' | 'kind' | 'status' | 'attempts' | 'error' | 'createdAt' | 'sentAt' | 'nextAttemptAt'>): TOutboxEmail {
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
  };
}

const listColumns = {
  id: emails.id,
  to: emails.to,
  subject: emails.subject,
  kind: emails.kind,
  status: emails.status,
  attempts: emails.attempts,
  error: emails.error,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
  nextAttemptAt: emails.nextAttemptAt,
};

/** GET /api/admin/emails: newest first, 50 a page, by id cursor (the primary key: no table scan). */
async function listOutbox(db: Db, opts: { status?: TEmailStatus; cursor?: number }): Promise<TOutboxList> {
  const where: SQL[] = [];
  if (opts.status) where.push(eq(emails.status, opts.status));
  if (opts.cursor) where.push(lt(emails.id, opts.cursor));
  const rows = await db
    .select(listColumns)
    .from(emails)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(emails.id))
    .limit(OUTBOX_PAGE + 1);
  const page = rows.slice(0, OUTBOX_PAGE);
  const countRows = await db.select({ status: emails.status, n: count() }).from(emails).groupBy(emails.status);
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const c of countRows) counts[c.status] = Number(c.n);
  return {
    emails: page.map(presentOutboxEmail),
    counts,
    nextCursor: rows.length > OUTBOX_PAGE ? page[page.length - 1].id : null,
  };
}

/**
 * POST /api/admin/emails/:id/retry: a failed mail goes back to pending, due now, and the outbox is
 * worked at once. Its attempts count is kept (the history is true), so it gets one more try before
 * failing again.
 */
async function retryEmail(db: Db, mailer: Mailer, adminId: number, id: number, now: Date): Promise<TOutboxEmail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select(listColumns).from(emails).where(eq(emails.id, id)).for('update');
    if (!row) throw notFound(EMAILS_MSG.emailNotFound);
    if (row.status !== 'failed') throw conflict(EMAILS_MSG.onlyFailedRetry);
    await tx.update(emails).set({ status: 'pending', nextAttemptAt: now }).where(eq(emails.id, id));
    await recordAudit(tx, { actorId: adminId, action: 'email.retry', targetType: 'email', targetId: id, details: { to: row.to, kind: row.kind, attempts: row.attempts, error: row.error } });
  });
  await mailer.deliverDue();
  const [after] = await db.select(listColumns).from(emails).where(eq(emails.id, id));
  return presentOutboxEmail(after);
}

/** The admin's mail outbox: buildApp creates it once from the core. */
export function createOutboxService({ db, mailer, clock }: Pick<Core, 'db' | 'mailer' | 'clock'>) {
  return {
    list: (opts: { status?: TEmailStatus; cursor?: number }) => listOutbox(db, opts),
    retry: (adminId: number, id: number) => retryEmail(db, mailer, adminId, id, clock.now()),
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
