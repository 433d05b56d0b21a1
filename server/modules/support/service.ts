import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { TSupportRequest, TTicketCounts, TTicketDetail, TTicketList, TTicketStatus, TTicketSummary } from '../../../common/contracts/support.ts';
import { SUPPORT_MSG, TICKETS_PAGE } from '../../../common/rules/support.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { supportTicketEntries, supportTickets, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http-errors.ts';
import { supportReceivedMail, supportReplyMail } from './mails.ts';

type TicketRow = typeof supportTickets.$inferSelect;

/**
 * Confirmation mails one address may receive in 24 hours. The form takes any address, so without
 * this it could be used to flood a stranger's inbox; later tickets are still stored and answered by
 * the desk, only their confirmation is not sent (the form's answer is the same either way).
 */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const summaryColumns = {
  ticket: supportTickets,
  username: users.username,
};

function presentSummary(t: TicketRow, username: string | null): TTicketSummary {
  return {
    id: t.id,
    name: t.name,
    email: t.email,
    subject: t.subject,
    status: t.status,
    user: t.userId != null && username != null ? { id: t.userId, username } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Support desk (docs/API.md "Support"): tickets from the contact form, and the admin side. buildApp creates it once. */
export function createSupportService({ config, db, mailer, clock }: Pick<Core, 'config' | 'db' | 'mailer' | 'clock'>) {
  const supportUrl = `${config.appUrl}/support`;

  /**
   * POST /api/support: anyone; a signed-in member's ticket is linked to the account. The address gets
   * a confirmation with only the ticket number, unless it has had CONFIRMATIONS_PER_ADDRESS_PER_DAY.
   */
  async function createTicket(input: TSupportRequest, userId: number | null) {
    const [ticket] = await db
      .insert(supportTickets)
      .values({ userId, name: input.name, email: input.email.toLowerCase(), subject: input.subject, message: input.message })
      .returning();
    // Counted after the insert has committed, this ticket included: two forms sent at once each see
    // the other's ticket, so a race can only withhold a confirmation, never send one too many.
    const [recent] = await db
      .select({ n: count() })
      .from(supportTickets)
      .where(and(eq(supportTickets.email, ticket.email), gt(supportTickets.createdAt, sql`now() - interval '1 day'`)));
    if (Number(recent?.n ?? 0) <= CONFIRMATIONS_PER_ADDRESS_PER_DAY) {
      await mailer.send({
        to: ticket.email,
        kind: 'support_received',
        ...supportReceivedMail({ appName: config.appName, supportUrl, ticketId: ticket.id }),
      });
    }
    return { id: ticket.id, message: SUPPORT_MSG.received };
  }

  async function counts(): Promise<TTicketCounts> {
    const rows = await db.select({ status: supportTickets.status, n: count() }).from(supportTickets).groupBy(supportTickets.status);
    const out: TTicketCounts = { open: 0, answered: 0, closed: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  }

  async function listTickets(status: TTicketStatus, page: number): Promise<TTicketList> {
    const rows = await db
      .select(summaryColumns)
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .where(eq(supportTickets.status, status))
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(TICKETS_PAGE + 1)
      .offset((page - 1) * TICKETS_PAGE);
    return {
      tickets: rows.slice(0, TICKETS_PAGE).map((r) => presentSummary(r.ticket, r.username)),
      counts: await counts(),
      page,
      hasMore: rows.length > TICKETS_PAGE,
    };
  }

  async function getTicket(id: number, executor: Db | Tx = db): Promise<TTicketDetail> {
    const [row] = await executor
      .select(summaryColumns)
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .where(eq(supportTickets.id, id))
      .limit(1);
    if (!row) throw notFound(SUPPORT_MSG.ticketNotFound);
    const entries = await executor
      .select({ entry: supportTicketEntries, username: users.username })
      .from(supportTicketEntries)
      .leftJoin(users, eq(users.id, supportTicketEntries.authorId))
      .where(eq(supportTicketEntries.ticketId, id))
      .orderBy(asc(supportTicketEntries.id));
    return {
      ...presentSummary(row.ticket, row.username),
      message: row.ticket.message,
      closedAt: iso(row.ticket.closedAt),
      entries: entries.map(({ entry, username }) => ({
        id: entry.id,
        kind: entry.kind,
        body: entry.body,
        author: entry.authorId != null && username != null ? { id: entry.authorId, username } : null,
        createdAt: entry.createdAt.toISOString(),
      })),
    };
  }

  /** Locks the ticket row for the change; 404 when it does not exist. */
  async function lockTicket(tx: Tx, id: number): Promise<TicketRow> {
    const [t] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!t) throw notFound(SUPPORT_MSG.ticketNotFound);
    return t;
  }

  /** An admin's reply: stored, the ticket marked answered, then mailed to the sender. */
  async function reply(adminId: number, id: number, body: string) {
    const ticket = await db.transaction(async (tx) => {
      const t = await lockTicket(tx, id);
      const [entry] = await tx.insert(supportTicketEntries).values({ ticketId: id, authorId: adminId, kind: 'reply', body }).returning();
      await tx.update(supportTickets).set({ status: 'answered', updatedAt: clock.now(), closedAt: null }).where(eq(supportTickets.id, id));
      await recordAudit(tx, { actorId: adminId, action: 'ticket.reply', targetType: 'ticket', targetId: id, details: { entryId: entry.id, previousStatus: t.status } });
      return t;
    });
    await mailer.send({
      to: ticket.email,
      kind: 'support_reply',
      ...supportReplyMail({ appName: config.appName, supportUrl, ticketId: id, name: ticket.name, subject: ticket.subject, reply: body, message: ticket.message }),
    });
    return getTicket(id);
  }

  /** An internal note: only admins ever see it; nothing is mailed and the status stays. */
  async function note(adminId: number, id: number, body: string) {
    await db.transaction(async (tx) => {
      await lockTicket(tx, id);
      const [entry] = await tx.insert(supportTicketEntries).values({ ticketId: id, authorId: adminId, kind: 'note', body }).returning();
      await tx.update(supportTickets).set({ updatedAt: clock.now() }).where(eq(supportTickets.id, id));
      await recordAudit(tx, { actorId: adminId, action: 'ticket.note', targetType: 'ticket', targetId: id, details: { entryId: entry.id } });
    });
    return getTicket(id);
  }

  async function close(adminId: number, id: number) {
    await db.transaction(async (tx) => {
      const t = await lockTicket(tx, id);
      if (t.status === 'closed') throw conflict(SUPPORT_MSG.alreadyClosed);
      const now = clock.now();
      await tx.update(supportTickets).set({ status: 'closed', closedAt: now, updatedAt: now }).where(eq(supportTickets.id, id));
      await recordAudit(tx, { actorId: adminId, action: 'ticket.close', targetType: 'ticket', targetId: id, details: { previousStatus: t.status } });
    });
    return getTicket(id);
  }

  /** Back to open (it needs an answer again); answered tickets that get a new reply stay answered. */
  async function reopen(adminId: number, id: number) {
    await db.transaction(async (tx) => {
      const t = await lockTicket(tx, id);
      if (t.status !== 'closed') throw conflict(SUPPORT_MSG.notClosed);
      await tx
        .update(supportTickets)
        .set({ status: 'open', closedAt: null, updatedAt: clock.now() })
        .where(eq(supportTickets.id, id));
      await recordAudit(tx, { actorId: adminId, action: 'ticket.reopen', targetType: 'ticket', targetId: id });
    });
    return getTicket(id);
  }

  return { createTicket, listTickets, getTicket, reply, note, close, reopen, counts };
}
export type SupportService = ReturnType<typeof createSupportService>;
