import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listBackups } from '../backup/index.ts';
import { auditLog, conversations, emails, jobs, messages, sessions, users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { insertMember } from '../test/members.ts';

// Issue 29: every periodic task is a scheduled job of the one runner, with one locking rule (the
// period's row). Two processes on one PostgreSQL database (two apps, each with its own connections
// and DATA_DIR) that ask at the same moment, as every process does at start and on each poll, run each
// task once per period: one row per period, claimed once, and the task's work done once (one backup
// between the two DATA_DIRs, one recompute, one mail to a member who is away, one lifted suspension).

/** Every periodic task the app has (the runner's own clean-up aside). */
const SCHEDULED = [
  'mail.retry',
  'notification-mail.run',
  'announcements.send',
  'retention.purge',
  'uploads.sweep',
  'backups.daily',
  'members.lift-suspensions',
  'trust.recompute',
  'pay.snapshot',
];

describe.runIf(testDatabases.includes('postgres'))('scheduled tasks across two processes on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await buildTestApp('postgres');
    two = await buildTestApp('postgres', {}, { sameDatabaseAs: one });
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('run once per period, however many processes ask', async () => {
    const db = one.database.db;
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    // A member whose week's suspension ended a minute ago; one away for 16 minutes with a message unread.
    const suspended = await insertMember(one);
    await db.update(users).set({ suspendedAt: minutesAgo(7 * 24 * 60), suspendedUntil: minutesAgo(1) }).where(eq(users.id, suspended.id));
    const [sender, away] = [await insertMember(one), await insertMember(one)];
    const [c] = await db
      .insert(conversations)
      .values({ userLowId: Math.min(sender.id, away.id), userHighId: Math.max(sender.id, away.id) })
      .returning();
    await db.insert(messages).values({ conversationId: c.id, senderId: sender.id, content: 'Are you on the Leeds run?', createdAt: minutesAgo(16) });
    await db.update(sessions).set({ lastSeenAt: minutesAgo(16) }).where(eq(sessions.userId, away.id));
    const [{ email: awayEmail }] = await db.select({ email: users.email }).from(users).where(eq(users.id, away.id));

    // What each task logs when it has run: counted across both processes.
    const recomputes = vi.fn();
    for (const log of new Set([one.app.log, two.app.log])) {
      vi.spyOn(log, 'info').mockImplementation(((_obj: unknown, msg?: string) => {
        if (msg === 'trust levels recomputed') recomputes();
      }) as typeof log.info);
    }

    const bothAsk = () => Promise.all([one.app.jobs.runDue(), two.app.jobs.runDue()]);
    const periods = () => db.select({ name: jobs.name, key: jobs.key, state: jobs.state, attempts: jobs.attempts }).from(jobs).where(inArray(jobs.name, SCHEDULED));
    const backups = () => listBackups(one.app.deps.config.dataDir).length + listBackups(two.app.deps.config.dataDir).length;

    for (let round = 1; round <= 2; round++) {
      await bothAsk();
      const rows = await periods();
      // Every task ran: each period's row is done, taken by one process on its first claim.
      expect(new Set(rows.map((r) => r.name)), `round ${round}`).toEqual(new Set(SCHEDULED));
      expect(rows.every((r) => r.state === 'done' && r.attempts === 1), JSON.stringify(rows)).toBe(true);
      // One run of each period (a period that turned between the rounds has a row of its own).
      const count = (name: string) => rows.filter((r) => r.name === name).length;
      expect(backups()).toBe(count('backups.daily'));
      expect(recomputes).toHaveBeenCalledTimes(count('trust.recompute'));
      expect(await db.select().from(emails).where(and(eq(emails.to, awayEmail.toLowerCase()), eq(emails.kind, 'notification')))).toHaveLength(1);
      expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'user.suspension_lifted'), eq(auditLog.targetId, String(suspended.id))))).toHaveLength(1);
    }
    expect(backups()).toBeGreaterThan(0);
    const [lifted] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, suspended.id));
    expect(lifted.suspendedAt).toBeNull();
  }, 120_000);
});
