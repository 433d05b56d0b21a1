import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TBackupStatus } from '../../../common/contracts/backups.ts';
import { BACKUP_MSG } from '../../../common/rules/backups.ts';
import { recordAudit } from '../../audit/index.ts';
import { createBackup, listBackups } from '../../backup/index.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http-errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Shortly after start" when a backup is due: start-up and the first requests go first. */
export const FIRST_RUN_MS = 60_000;
/** After a daily run that failed, or found another process backing up, look again this much later. */
export const RETRY_MS = 60 * 60 * 1000;
// Transaction-scoped advisory lock ('kerb', 'back'): of several processes on one PostgreSQL database,
// one takes the day's backup. Two keys, so it never meets the seed's one-key lock.
const LOCK = [0x6b657262, 0x6261636b] as const;

/** How long until the daily backup is due: 24 h after the last one, now (0) when there is none or it is older. */
export function backupDueIn(last: Date | undefined, now: Date): number {
  return last ? Math.max(0, last.getTime() + DAY_MS - now.getTime()) : 0;
}

export type DailyOutcome = 'done' | 'not-due' | 'busy' | 'failed';

export type BackupServiceOptions = {
  /** Run the daily timer (off under NODE_ENV=test unless a test asks). */
  schedule: boolean;
  /** The soonest the first daily run may come after start. */
  firstRunMs?: number;
};

/**
 * Backups of the running server's database into $DATA_DIR/backups (the BACKUP_KEEP newest kept): one
 * every day by itself, and one whenever an admin asks. Created once in buildApp; `close` (the app's
 * onClose) stops the timer and waits for a backup under way, so the database is never closed under it.
 */
export function createBackupService(
  { config, db, clock, log, database }: Pick<Core, 'config' | 'db' | 'clock' | 'log'> & { database: Database },
  { schedule, firstRunMs = FIRST_RUN_MS }: BackupServiceOptions,
) {
  let job: Promise<void> | null = null;
  let lastError: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const newest = () => listBackups(config.dataDir)[0];

  /** A failed backup (or its lock's transaction): logged as an error and kept for the dashboard. */
  function failed(err: unknown): false {
    // A query error's own message is only the query (Drizzle): the driver's reason is its cause.
    const reason = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    lastError = (reason instanceof Error ? reason.message : String(reason)).split('\n')[0];
    log.error({ err }, 'backup failed');
    return false;
  }

  /** Writes one backup; true when it did (a failure is never thrown). */
  async function backUp(): Promise<boolean> {
    try {
      const b = await createBackup(database, { dataDir: config.dataDir, keep: config.backupKeep, databaseUrl: config.databaseUrl, now: clock.now() });
      lastError = null;
      log.info({ file: path.basename(b.file), bytes: b.bytes, format: b.format, pruned: b.pruned.length }, 'backup written');
      return true;
    } catch (err) {
      return failed(err);
    }
  }

  /**
   * `fn` as the only backup of every process on the database: on PostgreSQL under the advisory lock
   * (waited for, or 'busy' at once when `wait` is false); an embedded database has one process.
   */
  async function exclusively<T>(wait: boolean, fn: () => Promise<T>): Promise<T | 'busy'> {
    if (database.kind === 'pglite') return fn();
    return db.transaction(async (tx) => {
      if (wait) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK[0]}, ${LOCK[1]})`);
      else {
        const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK[0]}, ${LOCK[1]}) as got`)) as unknown as { rows: Array<{ got: boolean }> };
        if (!rows[0]?.got) return 'busy';
      }
      return fn();
    });
  }

  /** Runs `work` as this process's one backup job (`running` until it ends); `work` never rejects. */
  function track<T>(work: Promise<T>): Promise<T> {
    const done = work.finally(() => {
      job = null;
    });
    job = done.then(() => undefined);
    return done;
  }

  /** The daily run: a backup if none was taken in the last 24 h (checked again under the lock). */
  function runIfDue(): Promise<DailyOutcome> {
    if (job) return Promise.resolve('busy');
    return track(
      exclusively(false, async (): Promise<DailyOutcome> => {
        if (backupDueIn(newest()?.at, clock.now()) > 0) return 'not-due';
        return (await backUp()) ? 'done' : 'failed';
      }).catch((err: unknown): DailyOutcome => {
        failed(err); // the lock's own transaction: the database went away
        return 'failed';
      }),
    );
  }

  /** When the daily timer should next fire. */
  function nextRun(outcome?: DailyOutcome): number {
    if (outcome === 'failed' || outcome === 'busy') return RETRY_MS;
    return Math.max(firstRunMs, backupDueIn(newest()?.at, clock.now()));
  }

  function scheduleIn(ms: number) {
    if (closed) return;
    timer = setTimeout(() => {
      void runIfDue().then((outcome) => scheduleIn(nextRun(outcome)));
    }, ms);
    timer.unref();
  }
  if (schedule) scheduleIn(nextRun());

  function status(): TBackupStatus {
    const last = newest();
    return {
      last: last ? { at: last.at.toISOString(), bytes: last.bytes, name: path.basename(last.file) } : null,
      running: job !== null,
      lastError,
      keep: config.backupKeep,
    };
  }

  return {
    status,
    runIfDue,
    /** The time until the daily backup is due, by the core's clock (0: now). */
    dueIn: () => backupDueIn(newest()?.at, clock.now()),
    /**
     * POST /api/admin/backups: audited, then started (it waits for one another process is taking);
     * answers at once. 409 while this process is taking one.
     */
    async start(adminId: number): Promise<TBackupStatus> {
      if (job) throw conflict(BACKUP_MSG.running);
      const audited = recordAudit(db, { actorId: adminId, action: 'backup.create', targetType: 'site', targetId: 'backup' });
      void track(
        audited.then(
          () => exclusively(true, backUp).catch(failed),
          () => false, // not audited, not started: the request answers the audit's error
        ),
      );
      await audited;
      return status();
    },
    /** The path of the backup named `name`, if it is one of the listed backups (never a path built from input). */
    file: (name: string): string | undefined => listBackups(config.dataDir).find((b) => path.basename(b.file) === name)?.file,
    async close() {
      closed = true;
      clearTimeout(timer);
      await job;
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
