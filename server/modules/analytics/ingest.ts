import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { analyticsActions, analyticsPageViews, analyticsSessions, vitalsMetrics } from '../../db/schema/index.ts';

type SessionRow = typeof analyticsSessions.$inferInsert;
type PageViewRow = typeof analyticsPageViews.$inferInsert;
type ActionRow = typeof analyticsActions.$inferInsert;
type VitalRow = typeof vitalsMetrics.$inferInsert;
type SessionEnd = { sessionId: string; endedAt: Date; durationSeconds: number };

/** Rows waiting before a flush is started at once rather than on the next tick. */
export const FLUSH_AT_ROWS = 200;
export const FLUSH_EVERY_MS = 2000;
/**
 * While the database is unreachable rows keep coming; past this many waiting rows new ones are
 * dropped (and counted in the log) so memory stays bounded. Analytics is best effort.
 */
export const MAX_PENDING_ROWS = 20_000;
/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

type Batch = {
  /** By id: one INSERT … ON CONFLICT DO UPDATE may not touch the same row twice. */
  sessions: Map<string, SessionRow>;
  pageViews: PageViewRow[];
  actions: ActionRow[];
  vitals: VitalRow[];
  ends: Map<string, SessionEnd>;
};
const emptyBatch = (): Batch => ({ sessions: new Map(), pageViews: [], actions: [], vitals: [], ends: new Map() });
const size = (b: Batch) => b.sessions.size + b.pageViews.length + b.actions.length + b.vitals.length + b.ends.size;

/**
 * The in-process write buffer for analytics and vitals: requests only push rows here and answer at
 * once; a flush every FLUSH_EVERY_MS (the job runner's per-process timer, which also flushes once more
 * when the app closes) or as soon as FLUSH_AT_ROWS are waiting writes them with one multi-row INSERT
 * per table, so analytics never holds a connection while a forum request waits. Flushes never overlap:
 * the next one waits for the current one. Rows of a failed flush are logged and dropped (best effort,
 * never retried into an ever-growing buffer).
 */
export class AnalyticsBuffer {
  private batch = emptyBatch();
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { flushAtRows?: number } = {},
  ) {}

  /** Rows waiting for the next flush. */
  pending() {
    return size(this.batch);
  }

  /** A second start of the same session in one batch keeps the first, and the member if only the second had one. */
  addSession(row: SessionRow) {
    const first = this.batch.sessions.get(row.id);
    if (first) first.userId ??= row.userId;
    else if (this.admit()) this.batch.sessions.set(row.id, row);
    this.flushIfFull();
  }
  addPageView(row: PageViewRow) {
    if (this.admit()) this.batch.pageViews.push(row);
    this.flushIfFull();
  }
  addAction(row: ActionRow) {
    if (this.admit()) this.batch.actions.push(row);
    this.flushIfFull();
  }
  addVitals(rows: VitalRow[]) {
    for (const row of rows) if (this.admit()) this.batch.vitals.push(row);
    this.flushIfFull();
  }
  /** The last end reported for a session wins (the client may send one per tab close). */
  endSession(end: SessionEnd) {
    if (this.batch.ends.has(end.sessionId) || this.admit()) this.batch.ends.set(end.sessionId, end);
    this.flushIfFull();
  }

  /** Writes every waiting row; resolves when they (and any flush before them) are written. */
  flush(): Promise<void> {
    this.running = this.running.then(() => this.write());
    return this.running;
  }

  private admit(): boolean {
    if (size(this.batch) < MAX_PENDING_ROWS) return true;
    this.dropped++;
    return false;
  }

  private flushRequested = false;
  /** At the threshold a flush starts at once, once per batch (rows added meanwhile join the batch). */
  private flushIfFull() {
    if (this.flushRequested || size(this.batch) < (this.opts.flushAtRows ?? FLUSH_AT_ROWS)) return;
    this.flushRequested = true;
    void this.flush();
  }

  private async write() {
    const b = this.batch;
    this.flushRequested = false;
    if (size(b) === 0) return;
    this.batch = emptyBatch();
    if (this.dropped) {
      this.log.warn({ dropped: this.dropped }, 'analytics buffer full: rows dropped');
      this.dropped = 0;
    }
    // Sessions first, so the ends of sessions started in the same batch find their row. Each table
    // on its own: one failing write does not lose the others.
    await this.step('sessions', b.sessions.size, async () => {
      for (const rows of chunks([...b.sessions.values()])) {
        await this.db
          .insert(analyticsSessions)
          .values(rows)
          // A page reload may start the same session again: keep the first start, but remember the
          // member if they signed in since.
          .onConflictDoUpdate({
            target: analyticsSessions.id,
            set: { userId: sql`coalesce(${analyticsSessions.userId}, excluded.user_id)` },
          });
      }
    });
    await this.step('page views', b.pageViews.length, async () => {
      for (const rows of chunks(b.pageViews)) await this.db.insert(analyticsPageViews).values(rows);
    });
    await this.step('actions', b.actions.length, async () => {
      for (const rows of chunks(b.actions)) await this.db.insert(analyticsActions).values(rows);
    });
    await this.step('vitals', b.vitals.length, async () => {
      for (const rows of chunks(b.vitals)) await this.db.insert(vitalsMetrics).values(rows);
    });
    await this.step('session ends', b.ends.size, async () => {
      for (const ends of chunks([...b.ends.values()])) {
        // One UPDATE for the batch; an end for a session that never started matches no row and is
        // dropped (an end alone says nothing about when or where the visit began).
        const values = sql.join(
          ends.map((e) => sql`(${e.sessionId}::text, ${e.endedAt.toISOString()}::timestamptz, ${e.durationSeconds}::int)`),
          sql`, `,
        );
        await this.db.execute(sql`
          update ${analyticsSessions} as s
          set ended_at = v.ended_at, duration_seconds = v.duration
          from (values ${values}) as v(id, ended_at, duration)
          where s.id = v.id`);
      }
    });
  }

  private async step(what: string, rows: number, write: () => Promise<void>) {
    if (rows === 0) return;
    try {
      await write();
    } catch (err) {
      this.log.warn({ err, rows }, `analytics flush of ${what} failed: rows dropped`);
    }
  }
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}
