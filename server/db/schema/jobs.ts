import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The job runner's table (issue 29, docs/ARCHITECTURE.md "Jobs"): the outbox of domain events (one row
 * per durable subscriber, written in the same transaction as the change), the work they queue (Web Push,
 * mail) and every scheduled task's runs. A row is `pending` until a handler finishes it (`done`) or it
 * has failed `max_attempts` times (`dead`, shown to admins). A process claims a row by moving
 * `locked_until` ahead (FOR UPDATE SKIP LOCKED), so two processes never run one row at once; a process
 * that dies leaves its lease to run out, and the row runs again (at least once).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The handler: `event:<event>:<subscriber>`, or a job's own name (`push.send`, `schedule:backup`). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** With `name`, unique: a scheduled task's period, so one period runs once across all processes. */
    key: text('key'),
    state: text('state', { enum: ['pending', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: ts('run_at').notNull().defaultNow(),
    /** While a process runs it; a lease that ran out lets another process take it again. */
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('jobs_finished_idx')
      .on(t.state, t.finishedAt),
  ],
);
