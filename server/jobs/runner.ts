import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../db/after-commit.ts';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * The one job runner (issue 29, docs/ARCHITECTURE.md "Jobs"; ADR 0014 says why our own). Everything that
 * happens beside a request or on a clock is a job: the outbox of domain events, Web Push, mail, and every
 * periodic task. Jobs are rows in `jobs`, claimed with FOR UPDATE SKIP LOCKED and a lease, so:
 * - a job runs at least once: a process that dies mid-job leaves its lease to run out (at most LEASE_MS:
 *   a running job's lease is renewed while it runs, so no job needs a long one), then any process takes
 *   the row again; handlers are written to be run twice (a transactional handler's writes commit
 *   with the row's `done`, so they happen exactly once);
 * - a failed job is retried with backoff, and after `maxAttempts` it is `dead`: kept for admins to see
 *   and retry;
 * - a periodic task enqueues one row per period under a unique key, so of several processes exactly one
 *   runs each period (the one locking rule: the row; no advisory locks, no claims of their own).
 * Per-process work (flushing this process's counters) is `inEveryProcess`: the same timer discipline,
 * but no row, since only this process has the data.
 */

export type JobContext = {
  /** The job's transaction (transactional handlers) or the database. */
  db: Db | Tx;
  id: number;
  /** 1 on the first run. */
  attempt: number;
};
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/**
 * Thrown by a handler whose work cannot be done yet for a reason outside it that is known to pass
 * (Redis away): the job runs again in `ms`, quietly, and the wait is no attempt, so an outage never
 * makes a job dead or pushes it into the long backoff.
 */
export class RetryLater extends Error {
  constructor(
    readonly ms: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}

export type JobOptions = {
  /** The handler's writes and the row's `done` commit together (handlers that only write rows). */
  transactional?: boolean;
  /** Runs before the job is dead; 8 by default (about 3 hours of backoff). */
  maxAttempts?: number;
};

export type Schedule = {
  /** Runs once per period of this length, counted from the epoch (so every process agrees on periods). */
  everyMs: number;
  /** The period's first run waits this long into it (e.g. a nightly task at 03:00 UTC). */
  offsetMs?: number;
};

export type JobsSummary = {
  byName: Array<{ name: string; pending: number; dead: number; doneLastDay: number }>;
  dead: Array<{ id: number; name: string; attempts: number; lastError: string | null; createdAt: Date; failedAt: Date | null }>;
};

export interface JobRunner {
  define<P>(name: string, handler: JobHandler<P>, opts?: JobOptions): void;
  /**
   * Queues a job in `db`'s transaction (the outbox: it exists if and only if the change commits) and
   * wakes this process's runner once it has committed. A `key` already queued under `name` is a no-op.
   */
  enqueue(db: Db | Tx, name: string, payload: unknown, opts?: { key?: string; runAt?: Date }): Promise<void>;
  /** A task run once per period across every process (a job per period). */
  every(name: string, schedule: Schedule, handler: JobHandler<Record<string, never>>, opts?: JobOptions): void;
  /** A timer of this process alone (buffers only this process holds); run once more on close. */
  inEveryProcess(name: string, everyMs: number, task: () => Promise<unknown>): void;
  /**
   * Starts polling (rows other processes queued, retries) and the schedules. Without it a job queued
   * here still runs once its transaction commits; tests run the rest with runDue().
   */
  start(): void;
  /** Runs every due job now, until none is due; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Resolves when the jobs this process is running (and those they queued) are done. */
  settled(): Promise<void>;
  summary(): Promise<JobsSummary>;
  /** A dead job back to pending in `db`'s transaction (an admin's retry); false when there is no such dead job. */
  retry(db: Db | Tx, id: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Metrics the runner reports; /metrics binds them to prom-client. */
export type JobMetrics = { finished(name: string, outcome: 'done' | 'retry' | 'dead', seconds: number): void };

/**
 * A claim's lease, renewed every LEASE_MS / 3 while the job runs (however long it takes: a backup, a push
 * to many devices): a process killed mid-job holds its jobs for at most this long before another takes
 * them (issue 29: a fixed two-minute lease kept a killed process's notifications back that long).
 */
export const LEASE_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 8;
/** 5 s, 30 s, 2 min, 10 min, 30 min, 1 h …: enough for a push service or an SMTP server to come back. */
const backoffMs = (attempt: number) => [5_000, 30_000, 120_000, 600_000, 1_800_000][attempt - 1] ?? 3_600_000;
/** How often an idle process looks for due jobs (rows queued by other processes, retries, periods). */
const POLL_MS = 2_000;
/**
 * How long a process that has just started waits before its first look for due jobs. A restart's
 * backlog (the periodic tasks due, what the process before left) ran as the server began to listen and,
 * on the embedded database, its queries held the one connection: the first answer after a restart came
 * ~0.25 s later on a 2-core machine (issue 31 item 6). A job queued by a request meanwhile still runs
 * at once; the poll looks after the rest.
 */
const START_DELAY_MS = 1_000;
/** Jobs run side by side in one process; on the embedded database their queries still take turns. */
const CONCURRENCY = 4;

type Definition = { handler: JobHandler<unknown>; opts: JobOptions };
type Claimed = { id: number; name: string; payload: unknown; attempts: number; max_attempts: number };

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export function createJobRunner(opts: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The embedded database has one process: its leases are stale at start and are released. */
  embedded: boolean;
  metrics?: JobMetrics;
  pollMs?: number;
  /** LEASE_MS unless a test shortens it. */
  leaseMs?: number;
}): JobRunner {
  const { db, log } = opts;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, Schedule>();
  const local = new Map<string, { everyMs: number; task: () => Promise<unknown> }>();
  const timers: NodeJS.Timeout[] = [];
  const lastPeriod = new Map<string, number>();
  const worker = `${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  let started = false;
  let closing = false;
  let active = 0;
  let again = false;
  let idle: Promise<void> = Promise.resolve();
  let settle: (() => void) | undefined;
  /** The jobs this process is running now: their leases are renewed. */
  const running = new Set<number>();

  async function claim(): Promise<Claimed | undefined> {
    const result = await db.execute(sql`
      update ${jobs} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id = (
        select id from ${jobs}
        where state = 'pending' and run_at <= now() and (locked_until is null or locked_until <= now())
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`);
    const [row] = rowsOf<Claimed>(result);
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  const finish = (tx: Db | Tx, id: number) =>
    tx.update(jobs).set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null }).where(eq(jobs.id, id));

  async function runOne(job: Claimed) {
    const began = performance.now();
    const definition = definitions.get(job.name);
    const seconds = () => (performance.now() - began) / 1000;
    running.add(job.id);
    try {
      if (!definition) throw new Error(`no handler for job ${job.name}`);
      const { handler, opts: o } = definition;
      const ctx = (d: Db | Tx): JobContext => ({ db: d, id: job.id, attempt: job.attempts });
      if (o.transactional) {
        await db.transaction(async (tx) => {
          await handler(job.payload, ctx(tx));
          await finish(tx, job.id);
        });
      } else {
        await handler(job.payload, ctx(db));
        await finish(db, job.id);
      }
      opts.metrics?.finished(job.name, 'done', seconds());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof RetryLater) {
        await db
          .update(jobs)
          .set({ lockedUntil: null, lastError: message.slice(0, 2000), attempts: sql`${jobs.attempts} - 1`, runAt: sql`now() + ${`${err.ms} milliseconds`}::interval` })
          .where(and(eq(jobs.id, job.id), eq(jobs.state, 'pending')))
          .catch((e: unknown) => log.error({ err: e, job: job.id }, 'job: could not put a job off'));
        opts.metrics?.finished(job.name, 'retry', seconds());
        return;
      }
      const dead = job.attempts >= (definition?.opts.maxAttempts ?? job.max_attempts);
      await db
        .update(jobs)
        .set({
          state: dead ? 'dead' : 'pending',
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          ...(dead ? { finishedAt: sql`now()` } : { runAt: sql`now() + ${`${backoffMs(job.attempts)} milliseconds`}::interval` }),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'pending')))
        .catch((e: unknown) => log.error({ err: e, job: job.id }, 'job: could not record a failure'));
      (dead ? log.error : log.warn).call(log, { err, job: job.id, name: job.name, attempt: job.attempts }, dead ? 'job failed for good' : 'job failed, will retry');
      opts.metrics?.finished(job.name, dead ? 'dead' : 'retry', seconds());
    } finally {
      running.delete(job.id);
    }
  }

  /** Extends the leases of the jobs running here (a no-op when none is). */
  async function renewLeases() {
    if (running.size === 0) return;
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(and(inArray(jobs.id, [...running]), eq(jobs.state, 'pending')));
  }

  /** One of CONCURRENCY loops: claims and runs jobs until none is due. */
  async function drainLoop(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (closing) return ran;
      const job = await claim();
      if (!job) return ran;
      await runOne(job);
      ran++;
    }
  }

  function wake() {
    if (closing) return;
    if (active >= CONCURRENCY) {
      again = true;
      return;
    }
    if (active === 0) idle = new Promise((resolve) => (settle = resolve));
    active++;
    void drainLoop()
      .catch((err: unknown) => log.warn({ err }, 'job runner: could not claim a job'))
      .finally(() => {
        active--;
        if (again && !closing) {
          again = false;
          wake();
        }
        if (active === 0) settle?.();
      });
  }

  /** Queues this period's run of each schedule (a no-op where another process already has). */
  async function queuePeriods(now = Date.now()) {
    for (const [name, s] of schedules) {
      const period = Math.floor((now - (s.offsetMs ?? 0)) / s.everyMs);
      if (lastPeriod.get(name) === period) continue;
      await db
        .insert(jobs)
        .values({ name, payload: {}, key: String(period), maxAttempts: definitions.get(name)?.opts.maxAttempts ?? 3 })
        .onConflictDoNothing();
      lastPeriod.set(name, period);
    }
  }

  async function tick() {
    try {
      await queuePeriods();
    } catch (err) {
      log.warn({ err }, 'job runner: could not queue scheduled tasks');
    }
    wake();
  }

  const runner: JobRunner = {
    define(name, handler, o = {}) {
      if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
      definitions.set(name, { handler: handler as JobHandler<unknown>, opts: o });
    },
    async enqueue(d, name, payload, o = {}) {
      await d
        .insert(jobs)
        .values({ name, payload: payload as object, key: o.key ?? null, runAt: o.runAt, maxAttempts: definitions.get(name)?.opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS })
        .onConflictDoNothing();
      await afterCommit(wake);
    },
    every(name, schedule, handler, o = {}) {
      schedules.set(name, schedule);
      this.define(name, handler, o);
    },
    inEveryProcess(name, everyMs, task) {
      local.set(name, { everyMs, task });
    },
    start() {
      if (started) return;
      started = true;
      const first = setTimeout(() => {
        const release = opts.embedded
          ? // One process owns the embedded database: a lease left is from a process that is gone.
            db.update(jobs).set({ lockedUntil: null }).where(eq(jobs.state, 'pending'))
          : Promise.resolve();
        void release.then(tick, (err: unknown) => log.warn({ err }, 'job runner: could not release stale leases'));
      }, START_DELAY_MS);
      const poll = setInterval(() => void tick(), opts.pollMs ?? POLL_MS);
      const renew = setInterval(() => void renewLeases().catch((err: unknown) => log.warn({ err }, 'job runner: could not renew leases')), leaseMs / 3);
      for (const timer of [first, poll, renew]) {
        timer.unref();
        timers.push(timer);
      }
      for (const [name, { everyMs, task }] of local) {
        const timer = setInterval(() => void task().catch((err: unknown) => log.warn({ err, task: name }, 'periodic task failed')), everyMs);
        timer.unref();
        timers.push(timer);
      }
      log.info({ worker, jobs: definitions.size, schedules: schedules.size }, 'job runner started');
    },
    async runDue() {
      await queuePeriods();
      let ran = 0;
      for (let n = await drainLoop(); n > 0; n = await drainLoop()) ran += n;
      return ran;
    },
    async settled() {
      while (active > 0) await idle;
    },
    async summary() {
      const byName = rowsOf<{ name: string; pending: string; dead: string; done_last_day: string }>(
        await db.execute(sql`
          select name,
            count(*) filter (where state = 'pending') as pending,
            count(*) filter (where state = 'dead') as dead,
            count(*) filter (where state = 'done' and finished_at > now() - interval '1 day') as done_last_day
          from ${jobs} group by name order by name`),
      ).map((r) => ({ name: r.name, pending: Number(r.pending), dead: Number(r.dead), doneLastDay: Number(r.done_last_day) }));
      const dead = await db
        .select({ id: jobs.id, name: jobs.name, attempts: jobs.attempts, lastError: jobs.lastError, createdAt: jobs.createdAt, failedAt: jobs.finishedAt })
        .from(jobs)
        .where(eq(jobs.state, 'dead'))
        .orderBy(sql`${jobs.finishedAt} desc`)
        .limit(100);
      return { byName, dead };
    },
    async retry(d, id) {
      const rows = await d
        .update(jobs)
        .set({ state: 'pending', attempts: 0, runAt: sql`now()`, finishedAt: null, lockedUntil: null })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'dead')))
        .returning({ id: jobs.id });
      if (rows.length) await afterCommit(wake);
      return rows.length > 0;
    },
    async close() {
      closing = true;
      for (const timer of timers) clearInterval(timer);
      await idle;
      // This process's buffers are written before the database closes.
      for (const [name, { task }] of local) await task().catch((err: unknown) => log.warn({ err, task: name }, 'periodic task failed on close'));
    },
  };
  // Finished rows are kept a week (what admins see of the last day); a schedule's period rows (keyed,
  // payload {}) two days, which outlives every period's key but a day's and still stops the ~17,000
  // rows a day of the 10-second schedules piling up; dead ones stay until an admin retries them.
  runner.every('jobs.prune', { everyMs: 3_600_000 }, async () => {
    await db
      .delete(jobs)
      .where(
        and(
          eq(jobs.state, 'done'),
          or(
            sql`${jobs.finishedAt} < now() - interval '7 days'`,
            and(isNotNull(jobs.key), inArray(jobs.name, [...schedules.keys()]), sql`${jobs.finishedAt} < now() - interval '2 days'`),
          ),
        ),
      );
  });
  return runner;
}
