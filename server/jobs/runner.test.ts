import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackCommits } from '../db/after-commit.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { openTestDatabase, testDatabases } from '../test/databases.ts';
import { createJobRunner, RetryLater, type JobRunner } from './runner.ts';

// The one job runner (issue 29): the outbox's rows exist only when their transaction commits, each job
// runs once per success (a transactional handler's writes commit with it), failures are retried and end
// dead for admins to see, and a periodic task runs once per period however many processes run it.

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const newRunner = (db: Db, embedded = false) => createJobRunner({ db: trackCommits(db), log: quiet, embedded, pollMs: 50 });
const until = async (check: () => Promise<boolean> | boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await check()) return;
  throw new Error('timed out');
};
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(testDatabases)('the job runner on %s', (kind) => {
  let database: Database & { url?: string };
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = trackCommits(database.db);
    await db.execute(sql`create table job_effects (job text, n int)`);
  });
  afterAll(async () => database.close());

  const effects = async (job: string) => rowsOf<{ n: number }>(await db.execute(sql`select n from job_effects where job = ${job} order by n`)).map((r) => r.n);

  it('a job queued in a transaction that rolls back never exists; one that commits runs once, after the commit', async () => {
    const runner = newRunner(db);
    const seen: number[] = [];
    runner.define<{ n: number }>('t.outbox', async ({ n }) => void seen.push(n));
    await expect(
      db.transaction(async (tx) => {
        await runner.enqueue(tx, 't.outbox', { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction(async (tx) => {
      await runner.enqueue(tx, 't.outbox', { n: 2 });
      // Not before the commit: the row is not there for anyone yet.
      await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual([]);
    });
    await runner.settled();
    expect(seen).toEqual([2]);
    expect(await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 't.outbox'))).toEqual([{ state: 'done' }]);
    await runner.close();
  });

  it('a failing job is retried with backoff, is dead after its attempts, is listed for admins and can be retried', async () => {
    const runner = newRunner(db);
    let fail = true;
    let runs = 0;
    runner.define(
      't.flaky',
      async () => {
        runs++;
        if (fail) throw new Error('push service away');
      },
      { maxAttempts: 3 },
    );
    await runner.enqueue(db, 't.flaky', {});
    await runner.settled();
    const [first] = await db.select().from(jobs).where(eq(jobs.name, 't.flaky'));
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: 'push service away', lockedUntil: null });
    // The next try waits (5 s after the first failure): not due yet.
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await runner.runDue()).toBeLessThanOrEqual(1); // the prune task's period, nothing of ours
    expect(runs).toBe(1);
    for (let i = 0; i < 2; i++) {
      await db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.name, 't.flaky'));
      await runner.runDue();
    }
    expect(runs).toBe(3);
    const summary = await runner.summary();
    expect(summary.dead).toEqual([expect.objectContaining({ id: first.id, name: 't.flaky', attempts: 3, lastError: 'push service away' })]);
    expect(summary.byName).toContainEqual({ name: 't.flaky', pending: 0, dead: 1, doneLastDay: 0 });
    fail = false;
    expect(await runner.retry(db, first.id)).toBe(true);
    await runner.settled();
    expect(runs).toBe(4);
    expect((await runner.summary()).dead).toEqual([]);
    expect(await runner.retry(db, first.id)).toBe(false); // not dead any more
    await runner.close();
  });

  it('a transactional job’s writes commit with it: a failure leaves none, the retry writes them once', async () => {
    const runner = newRunner(db);
    let fail = true;
    runner.define(
      't.tx',
      async (_, job) => {
        await job.db.execute(sql`insert into job_effects values ('t.tx', ${job.attempt})`);
        if (fail) throw new Error('after the write');
      },
      { transactional: true },
    );
    await runner.enqueue(db, 't.tx', {});
    await runner.settled();
    expect(await effects('t.tx')).toEqual([]);
    fail = false;
    await db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.name, 't.tx'));
    await runner.runDue();
    expect(await effects('t.tx')).toEqual([2]);
    await runner.close();
  });

  it('a job whose process died mid-run (its lease ran out) runs again elsewhere; a live lease is left alone', async () => {
    const runner = newRunner(db);
    runner.define('t.lease', async (_, job) => void (await job.db.execute(sql`insert into job_effects values ('t.lease', ${job.attempt})`)));
    await db.insert(jobs).values([
      { name: 't.lease', payload: {}, key: 'gone', attempts: 1, lockedUntil: new Date(Date.now() - 1_000) },
      { name: 't.lease', payload: {}, key: 'alive', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) },
    ]);
    await runner.runDue();
    expect(await effects('t.lease')).toEqual([2]);
    expect(await db.select({ key: jobs.key, state: jobs.state }).from(jobs).where(eq(jobs.name, 't.lease')).orderBy(jobs.key)).toEqual([
      { key: 'alive', state: 'pending' },
      { key: 'gone', state: 'done' },
    ]);
    await db.delete(jobs).where(eq(jobs.name, 't.lease'));
    await runner.close();
  });

  it('a job with no handler (an old name after an upgrade) fails, and is dead in the end, never lost silently', async () => {
    const runner = newRunner(db);
    await db.insert(jobs).values({ name: 't.unknown', payload: {}, maxAttempts: 1 });
    await runner.runDue();
    expect((await runner.summary()).dead).toContainEqual(expect.objectContaining({ name: 't.unknown', lastError: 'no handler for job t.unknown' }));
    await db.delete(jobs).where(eq(jobs.name, 't.unknown'));
    await runner.close();
  });

  it('a job put off (RetryLater: Redis away) runs again after its short wait, quietly, and the wait is no attempt: never dead however long', async () => {
    const runner = newRunner(db);
    let away = true;
    let runs = 0;
    runner.define(
      't.bus',
      async () => {
        runs++;
        if (away) throw new RetryLater(200, 'Redis is away');
      },
      { maxAttempts: 2 },
    );
    await db.insert(jobs).values({ name: 't.bus', payload: {}, maxAttempts: 2 });
    for (let i = 0; i < 4; i++) {
      await runner.runDue();
      await db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.name, 't.bus'));
    }
    expect(runs).toBe(4); // four outages' worth, more than its two attempts
    const [row] = await db.select().from(jobs).where(eq(jobs.name, 't.bus'));
    expect(row).toMatchObject({ state: 'pending', attempts: 0, lastError: 'Redis is away' });
    away = false;
    await runner.runDue();
    expect(runs).toBe(5);
    expect((await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 't.bus')))[0].state).toBe('done');
    await runner.close();
  });

  it('prunes: done period rows of schedules after two days, other done rows after a week, dead ones never', async () => {
    const runner = newRunner(db);
    runner.every('t.often', { everyMs: 10_000 }, async () => undefined);
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db.insert(jobs).values([
      { name: 't.often', key: 'old', payload: {}, state: 'done', finishedAt: at(3) },
      { name: 't.often', key: 'new', payload: {}, state: 'done', finishedAt: at(1) },
      { name: 't.event', payload: {}, state: 'done', finishedAt: at(3) },
      { name: 't.event', payload: {}, state: 'done', finishedAt: at(8) },
      { name: 't.event', payload: {}, state: 'dead', finishedAt: at(30) },
    ]);
    // This hour's prune may have run already (an earlier test's runner): it is queued afresh.
    await db.delete(jobs).where(eq(jobs.name, 'jobs.prune'));
    await runner.runDue();
    const left = await db.select({ name: jobs.name, key: jobs.key, state: jobs.state }).from(jobs).where(sql`${jobs.name} in ('t.often', 't.event')`);
    expect(left.filter((r) => r.key === 'old' || r.key === 'new').map((r) => r.key)).toEqual(['new']);
    expect(left.filter((r) => r.name === 't.event').map((r) => r.state).sort()).toEqual(['dead', 'done']);
    await db.delete(jobs).where(sql`${jobs.name} in ('t.often', 't.event')`);
    await runner.close();
  });

  it.runIf(kind === 'postgres')('two processes: 300 jobs run once each, and a periodic task once per period', async () => {
    const second = await openDatabase({ url: database.url! });
    try {
      const runners: JobRunner[] = [newRunner(db), newRunner(second.db)];
      const ranBy: Record<string, number[]> = {};
      const periodic: number[] = [];
      runners.forEach((runner, i) => {
        runner.define<{ n: number }>('t.many', async ({ n }) => void (ranBy[n] ??= []).push(i));
        runner.every('t.periodic', { everyMs: 60 * 60_000 }, async () => void periodic.push(i));
      });
      await db.insert(jobs).values(Array.from({ length: 300 }, (_, n) => ({ name: 't.many', payload: { n } })));
      for (const runner of runners) runner.start();
      await until(async () => Object.keys(ranBy).length === 300 && periodic.length === 1);
      await new Promise((r) => setTimeout(r, 300)); // long enough for a second run, were there one
      await Promise.all(runners.map((r) => r.close()));
      expect(Object.values(ranBy).every((by) => by.length === 1)).toBe(true);
      expect(new Set(Object.values(ranBy).flat())).toEqual(new Set([0, 1])); // both did work
      expect(periodic).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  // Issue 29: a long job keeps its row however long it runs; a process killed mid-job holds it one short lease.
  it.runIf(kind === 'postgres')('a running job’s short lease is renewed while it runs; when its process stops renewing, another takes it once the lease ends', async () => {
    const second = await openDatabase({ url: database.url! });
    const leased = (d: Db) => createJobRunner({ db: trackCommits(d), log: quiet, embedded: false, pollMs: 50, leaseMs: 300 });
    try {
      const [a, b] = [leased(db), leased(second.db)];
      const ranBy: string[] = [];
      let finishLong!: () => void;
      const long = new Promise<void>((resolve) => (finishLong = resolve));
      a.define('t.long', async () => {
        ranBy.push('a');
        await long;
      });
      b.define('t.long', async () => void ranBy.push('b'));
      await db.insert(jobs).values({ name: 't.long', payload: {} });
      a.start();
      await until(() => ranBy.length === 1);
      b.start();
      // Four leases' time: without renewal b would have taken the row three times over.
      await new Promise((r) => setTimeout(r, 1_200));
      expect(ranBy).toEqual(['a']);
      finishLong();
      await a.settled();
      expect((await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 't.long')))[0]?.state).toBe('done');

      // A process gone mid-job (its row claimed, nothing renewing it): the row is taken once its lease ends.
      await a.close();
      await db.insert(jobs).values({ name: 't.long', payload: {}, key: 'orphan', attempts: 1, lockedUntil: new Date(Date.now() + 300) });
      await until(() => ranBy.length === 2, 3_000);
      expect(ranBy).toEqual(['a', 'b']);
      await b.close();
    } finally {
      await db.delete(jobs).where(eq(jobs.name, 't.long'));
      await second.close();
    }
  });
});

describe('the job runner on the embedded database', () => {
  it('at start, a lease left by a process that died (kill -9) is released: its job runs a moment after the start, not when the lease ends', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.db.insert(jobs).values({ name: 't.orphan', payload: {}, attempts: 1, lockedUntil: new Date(Date.now() + 120_000) });
      const runner = newRunner(database.db, true);
      let ran = false;
      runner.define('t.orphan', async () => void (ran = true));
      runner.start();
      await until(() => ran);
      await runner.close();
    } finally {
      await database.close();
    }
  });
});
