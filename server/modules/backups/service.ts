import path from 'node:path';
import type { TBackupStatus } from '../../../common/contracts/backups.ts';
import { BACKUP_MSG } from '../../../common/rules/backups.ts';
import { recordAudit } from '../../audit/index.ts';
import { backupPhotos, createBackup, listBackups } from '../../backup/index.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../http-errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily backup's time of day: 02:00 UTC (02:00 or 03:00 in London), when the forum is quietest. */
export const DAILY_AT_MS = 2 * 60 * 60 * 1000;
/** A failed daily backup is tried again on the runner's backoff, six times in about 40 minutes, then shown to admins as dead. */
const DAILY_ATTEMPTS = 6;

/**
 * How long until the daily backup is due: 0 when none was written since the day's run time
 * (DAILY_AT_MS) last passed, else the time until it next passes.
 */
export function backupDueIn(last: Date | undefined, now: Date): number {
  const periodStart = Math.floor((now.getTime() - DAILY_AT_MS) / DAY_MS) * DAY_MS + DAILY_AT_MS;
  return last && last.getTime() >= periodStart ? periodStart + DAY_MS - now.getTime() : 0;
}

export type DailyOutcome = 'done' | 'not-due' | 'failed' | 'no-room';

/**
 * Backups of the running server's database into $DATA_DIR/backups (the BACKUP_KEEP newest kept): one
 * every day by itself, and one whenever an admin asks. Created once in buildApp, where the daily one is
 * a scheduled job of the runner: of several processes one takes it each day (at start-up too, when the
 * day's run has not happened and no backup was written since). An instance without the runner (a test)
 * backs up only when asked. `close` (the app's onClose) waits for a backup under way, so the database
 * is never closed under it.
 */
export function createBackupService({
  config,
  db,
  clock,
  log,
  jobs,
  database,
  writable = () => true,
}: Pick<Core, 'config' | 'db' | 'clock' | 'log'> &
  Partial<Pick<Core, 'jobs'>> & {
    database: Database;
    /** DATA_DIR has room beyond its reserve (the write guard's last reading): a backup may be written. */
    writable?: () => boolean;
  }) {
  let job: Promise<void> | null = null;
  let lastError: string | null = null;

  const newest = () => listBackups(config.dataDir)[0];

  /** A failed backup: logged as an error and kept for the dashboard. */
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
      const b = await createBackup(database, { dataDir: config.dataDir, keep: config.backupKeep, databaseUrl: config.databaseUrl, s3: config.s3, now: clock.now() });
      lastError = null;
      log.info({ file: path.basename(b.file), bytes: b.bytes, format: b.format, photos: b.photos, pruned: b.pruned.length }, 'backup written');
      return true;
    } catch (err) {
      return failed(err);
    }
  }

  /** Runs `work` as this process's one backup job (`running` until it ends); `work` never rejects. */
  function track<T>(work: Promise<T>): Promise<T> {
    const done = work.finally(() => {
      job = null;
    });
    job = done.then(() => undefined);
    return done;
  }

  /**
   * The daily run: a backup unless one was written since the day's run time, decided once this process
   * is not taking one (an admin's, just now, counts). A failure is not thrown: it is the outcome.
   */
  async function runIfDue(): Promise<DailyOutcome> {
    while (job) await job;
    if (backupDueIn(newest()?.at, clock.now()) > 0) return 'not-due';
    // A backup on a disk short of room would take what is left (it is as big as the database and the
    // photos): the day's waits, retried by the runner, until room is made.
    if (!writable()) return 'no-room';
    return (await track(backUp())) ? 'done' : 'failed';
  }

  // A failed day is thrown to the runner, which tries it again with backoff and shows it to admins.
  jobs?.every(
    'backups.daily',
    { everyMs: DAY_MS, offsetMs: DAILY_AT_MS },
    async () => {
      const outcome = await runIfDue();
      if (outcome === 'failed') throw new Error(lastError ?? 'backup failed');
      if (outcome === 'no-room') throw new Error(BACKUP_MSG.noRoom);
    },
    { maxAttempts: DAILY_ATTEMPTS },
  );

  function status(): TBackupStatus {
    const last = newest();
    return {
      last: last ? { at: last.at.toISOString(), bytes: last.bytes, name: path.basename(last.file), photos: backupPhotos(last.file) } : null,
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
     * POST /api/admin/backups: audited, then started; answers at once. 409 while this process is taking
     * one (the admin's or the day's: the day's waits for the admin's and then finds it has one).
     */
    async start(adminId: number): Promise<TBackupStatus> {
      if (job) throw conflict(BACKUP_MSG.running);
      const audited = recordAudit(db, { actorId: adminId, action: 'backup.create', targetType: 'site', targetId: 'backup' });
      void track(
        audited.then(
          () => backUp(),
          () => false, // not audited, not started: the request answers the audit's error
        ),
      );
      await audited;
      return status();
    },
    /** The path of the backup named `name`, if it is one of the listed backups (never a path built from input). */
    file: (name: string): string | undefined => listBackups(config.dataDir).find((b) => path.basename(b.file) === name)?.file,
    async close() {
      await job;
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
