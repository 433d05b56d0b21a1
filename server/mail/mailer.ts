import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { systemClock, type Clock } from '../core.ts';
import type { Db } from '../db/client.ts';
import { emails } from '../db/schema/index.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { lazyRequire } from '../lib/lazy-require.ts';

/** Loaded only with SMTP_URL: the outbox alone never needs it (lib/lazy-require.ts). */
const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

/** `headers`: extra mail headers (e.g. List-Unsubscribe), kept on the outbox row and sent as they are. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; kind: string; headers?: Record<string, string> | null };

export interface Mailer {
  /** Writes the mail to the outbox and starts delivering it; resolves with the outbox row id. */
  send(mail: OutgoingMail): Promise<number>;
  /** Delivers every due outbox row now (the retry job calls this; tests may too). */
  deliverDue(): Promise<void>;
  close(): Promise<void>;
}

const MAX_ATTEMPTS = 5;
/** How often due rows are looked for: failed sends on their backoff, rows other services wrote. */
const RETRY_EVERY_MS = 15_000;
/** How long a claimed row is left alone by the other processes while this one sends it. */
const CLAIM_MS = 2 * 60_000;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempts - 1)); // 30 s, 1 min, 2 min, …

/**
 * Outbox mailer. With SMTP_URL every row is sent by nodemailer, retried with backoff up to 5 times
 * and then marked failed (and logged as an error); without it the row is marked sent and its text
 * printed to the console, so a newcomer can read their verification code with no mail server.
 * Rows are claimed with SKIP LOCKED so several processes never send the same mail twice. With the app's
 * job runner, due rows are delivered every RETRY_EVERY_MS by a scheduled job (one process each time);
 * a mailer without it (a script's) delivers what it sends, and due rows when asked.
 */
export function createMailer(opts: { config: Config; db: Db; log: FastifyBaseLogger; jobs?: Pick<JobRunner, 'every'>; clock?: Clock }): Mailer {
  const { config, db, log } = opts;
  // The services' clock (a script's mailer: the system's): a row another service made due at its now
  // (a retry, an announcement) is due here by the same clock.
  const clock = opts.clock ?? systemClock;
  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const transport = config.smtpUrl ? nodemailer().createTransport(config.smtpUrl) : null;
  let inflight = Promise.resolve();

  async function deliver(row: typeof emails.$inferSelect) {
    if (!transport) {
      if (config.env !== 'test') console.log(`\n--- outbox mail #${row.id} to ${row.to}: ${row.subject}\n${row.text}\n---\n`);
      await db.update(emails).set({ status: 'sent', attempts: row.attempts + 1, sentAt: clock.now() }).where(eq(emails.id, row.id));
      return;
    }
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await db.update(emails).set({ status: 'sent', attempts: row.attempts + 1, sentAt: clock.now(), error: null }).where(eq(emails.id, row.id));
    } catch (err) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(emails)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          error: message.slice(0, 1000),
          nextAttemptAt: later(backoffMs(attempts)),
        })
        .where(eq(emails.id, row.id));
      (failed ? log.error : log.warn).call(log, { emailId: row.id, attempts, err: message }, failed ? 'mail failed for good' : 'mail send failed, will retry');
    }
  }

  async function claimDue(limit: number) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emails)
        .where(and(eq(emails.status, 'pending'), lte(emails.nextAttemptAt, clock.now())))
        .orderBy(asc(emails.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length) {
        // Push the claim forward so another process does not pick the same rows while we send.
        await tx
          .update(emails)
          .set({ nextAttemptAt: later(CLAIM_MS) })
          .where(sql`${emails.id} in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
      }
      return rows;
    });
  }

  async function deliverDue() {
    for (;;) {
      const rows = await claimDue(20);
      for (const row of rows) await deliver(row);
      if (rows.length < 20) return;
    }
  }

  opts.jobs?.every('mail.retry', { everyMs: RETRY_EVERY_MS }, deliverDue);

  return {
    async send(mail) {
      // Inserted as already claimed by this process (nextAttemptAt ahead) so the retry job, in whichever
      // process, leaves it alone unless this one dies before sending it.
      const [row] = await db
        .insert(emails)
        .values({ ...mail, to: mail.to.toLowerCase(), nextAttemptAt: later(CLAIM_MS) })
        .returning();
      // Deliver right away, off the request's path; failures stay in the outbox for the retry job.
      inflight = inflight.then(() => deliver(row)).catch((err) => log.error({ err, emailId: row.id }, 'mail delivery crashed'));
      return row.id;
    },
    deliverDue,
    async close() {
      await inflight;
      transport?.close();
    },
  };
}
