import { sql, type SQL } from 'drizzle-orm';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { SESSION_IDLE_MS } from '../../identity/index.ts';

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 5000;

/**
 * What the privacy policy promises (common/content/legal.ts, "How long we keep it"), as rules the
 * server carries out: each is a table and the condition under which its rows are gone.
 */
export function retentionRules(now: Date): Array<{ name: string; table: string; expired: SQL }> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const months13 = new Date(now);
  months13.setMonth(months13.getMonth() - 13);
  const years2 = new Date(now);
  years2.setFullYear(years2.getFullYear() - 2);
  return [
    // Past the 30-day absolute expiry, or unused for the 14-day idle timeout (identity/sessions.ts).
    { name: 'expired sessions', table: 'sessions', expired: sql`expires_at < ${now} or last_seen_at < ${new Date(now.getTime() - SESSION_IDLE_MS)}` },
    // Kept a day past expiry: the resend and reset limits count recent ones.
    { name: 'verification codes', table: 'verification_codes', expired: sql`expires_at < ${ago(1)}` },
    { name: 'password reset links', table: 'password_reset_tokens', expired: sql`expires_at < ${ago(1)}` },
    { name: 'failed sign-ins', table: 'login_failures', expired: sql`created_at < ${ago(1)}` },
    // Issue 33: second-step tickets and passkey challenges live minutes; remembered devices 30 days.
    { name: 'sign-in tickets and passkey challenges', table: 'sign_in_challenges', expired: sql`expires_at < ${now}` },
    { name: 'remembered devices', table: 'remembered_devices', expired: sql`expires_at < ${now}` },
    { name: 'copies of sent emails', table: 'emails', expired: sql`created_at < ${ago(90)} and status <> 'pending'` },
    { name: 'analytics sessions', table: 'analytics_sessions', expired: sql`started_at < ${months13}` },
    { name: 'analytics page views', table: 'analytics_page_views', expired: sql`created_at < ${months13}` },
    { name: 'analytics actions', table: 'analytics_actions', expired: sql`created_at < ${months13}` },
    { name: 'page-speed records', table: 'vitals_metrics', expired: sql`created_at < ${months13}` },
    { name: 'share events', table: 'share_events', expired: sql`created_at < ${months13}` },
    { name: 'closed support tickets', table: 'support_tickets', expired: sql`status = 'closed' and closed_at < ${years2}` },
    { name: 'closed reports', table: 'reports', expired: sql`status <> 'open' and resolved_at < ${years2}` },
    { name: 'admin audit log', table: 'audit_log', expired: sql`created_at < ${years2}` },
  ];
}

/** Deletes what is past its retention period, in batches so no delete holds locks for long. Returns rows deleted per rule. */
async function purgeExpired(db: Db, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of retentionRules(now)) {
    let total = 0;
    for (;;) {
      const table = sql.identifier(rule.table);
      const res = await db.execute(sql`delete from ${table} where ctid in (select ctid from ${table} where ${rule.expired} limit ${BATCH})`);
      const n = affectedRows(res);
      total += n;
      if (n < BATCH) break;
    }
    deleted[rule.name] = total;
  }
  return deleted;
}

const HOUR = 60 * 60 * 1000;

/**
 * The retention service: buildApp creates it once from the core, and the runner carries out the
 * periods hourly (one process each hour; the hour's run comes at start-up when none ran yet). Deleting
 * what is past its period is idempotent: a repeated run finds nothing more. An instance without the
 * runner (a test) purges only when asked.
 */
export function createRetentionService({ db, clock, log, jobs }: Pick<Core, 'db' | 'clock' | 'log'> & Partial<Pick<Core, 'jobs'>>) {
  const service = {
    purgeExpired: () => purgeExpired(db, clock.now()),
  };
  jobs?.every('retention.purge', { everyMs: HOUR }, async () => {
    const deleted = Object.entries(await service.purgeExpired()).filter(([, n]) => n > 0);
    if (deleted.length) log.info({ deleted: Object.fromEntries(deleted) }, 'retention: deleted expired records');
  });
  return service;
}
export type RetentionService = ReturnType<typeof createRetentionService>;

function affectedRows(res: unknown): number {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
