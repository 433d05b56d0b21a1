import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Free space in DATA_DIR, and the room the embedded database keeps there (issue 29, docs/OPERATIONS.md
// "When the disk fills").
//
// What a full disk does to PGlite: PostgreSQL writes its log (WAL) in 16 MB segment files, each
// created whole before its first record. Without room for one, a write PANICs (PGlite then loops
// forever inside WebAssembly, or carries on in a state PostgreSQL would have thrown away), a start
// after an unclean stop cannot finish its recovery, and even a start after a clean stop fails when the
// log's end is in the last quarter of its segment (PostgreSQL creates the next one before it opens).
// Each ends in "PGlite failed to initialize properly" with nothing damaged. So the database keeps room
// for a segment and a checkpoint in a file of its own, the ballast, and gives it back to PostgreSQL
// whenever the disk runs short: at start, at a stop, before it needs a new segment, at a PANIC.

const MiB = 1024 * 1024;

/** PostgreSQL's WAL segment (PGlite's initdb default): the most it allocates in one go. */
export const WAL_SEGMENT_BYTES = 16 * MiB;
/** The ballast file in DATA_DIR, beside kerbside.lock. */
export const BALLAST_FILE = 'kerbside.ballast';
/** A WAL segment, and room for the rest of a checkpoint (control file, statistics, transaction status pages). */
export const BALLAST_BYTES = WAL_SEGMENT_BYTES + 8 * MiB;

export type FreeSpace = { freeBytes: number; totalBytes: number };

/**
 * Free and total bytes of the disk holding `dir` (its nearest existing folder when it is not made
 * yet), as an unprivileged writer may use them: root's reserved blocks are not the server's.
 */
export function freeSpaceSync(dir: string): FreeSpace {
  const s = fs.statfsSync(existingFolder(dir));
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

async function freeSpace(dir: string): Promise<FreeSpace> {
  const s = await fs.promises.statfs(existingFolder(dir));
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

function existingFolder(dir: string) {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  return d;
}

/**
 * Whether an error is a write that found no room: PostgreSQL's disk_full (53100, "could not extend
 * file …: No space left on device"), or ENOSPC from a file written here. Drizzle wraps the driver's
 * error, so the cause chain is read (as db/unavailable.ts does).
 */
export function isOutOfSpace(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
  }
  return false;
}

export const ballastPath = (dataDir: string) => path.join(dataDir, BALLAST_FILE);

/**
 * Deletes the ballast when less than `below` bytes are free (by default: less than the ballast itself,
 * what PostgreSQL may need to start or stop). Synchronous, for the moments nothing else may run
 * first: before PGlite opens, before it closes, on a PANIC. Returns the bytes given back.
 */
export function releaseBallastIfLow(dataDir: string, below = BALLAST_BYTES): number {
  const file = ballastPath(dataDir);
  try {
    if (freeSpaceSync(dataDir).freeBytes >= below) return 0;
    fs.rmSync(`${file}.partial`, { force: true }); // one a stop cut short
    const { size } = fs.statSync(file);
    fs.rmSync(file);
    return size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/**
 * Writes the ballast when it is missing and there is room for it and as much again. Its bytes are
 * random, so that a compressing file system cannot store it in less than its size; it is written
 * under another name and renamed, so a ballast that exists is always whole. False when it could not be
 * made (no room, or the disk filled meanwhile).
 */
export async function keepBallast(dataDir: string): Promise<boolean> {
  const file = ballastPath(dataDir);
  if (fs.existsSync(file)) return true;
  if ((await freeSpace(dataDir)).freeBytes < 2 * BALLAST_BYTES) return false;
  const partial = `${file}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  try {
    for (let written = 0; written < BALLAST_BYTES; written += MiB) await handle.write(randomBytes(MiB));
    await handle.close();
    await fs.promises.rename(partial, file);
    return true;
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') return false;
    throw err;
  }
}

/**
 * The free space below which writes are refused: the smaller of `mb` megabytes and `percent` % of
 * the disk, so a small disk is not locked up by a fixed amount and a large one does not keep back
 * gigabytes. 0 in either turns the check off.
 */
export const diskReserveBytes = (totalBytes: number, mb: number, percent: number) => Math.min(mb * MiB, Math.floor((totalBytes * percent) / 100));

export type DiskStatus = FreeSpace & {
  /** DISK_RESERVE_MB / DISK_RESERVE_PERCENT of this disk. */
  reserveBytes: number;
  /** What the embedded database keeps for itself (the ballast, on disk or still owed): 0 on PostgreSQL. */
  databaseRoomBytes: number;
  /** Free space beyond the database's room is at least the reserve: writes are accepted. */
  writable: boolean;
  /** When this was read. */
  checkedAt: Date;
};

export type DiskSpace = {
  /** The last reading: no system call, whatever the number of requests asking. */
  status(): DiskStatus;
  /** Reads the disk now (and keeps or gives back the ballast). */
  refresh(): Promise<DiskStatus>;
  /** The first reading, then one every `everyMs`. */
  start(): Promise<void>;
  /** Stops reading, once a ballast being written is finished. */
  close(): Promise<void>;
};

export type DiskSpaceOptions = {
  dataDir: string;
  reserveMb: number;
  reservePercent: number;
  /** The embedded database is in dataDir: keep its ballast there. */
  ballast: boolean;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  everyMs?: number;
  /** How often the disk is read within DISK_NEAR_BYTES of the line (DISK_CHECK_NEAR_MS). */
  nearMs?: number;
};

/** How often the disk is read: a few seconds is soon enough for a disk that fills by requests. */
export const DISK_CHECK_EVERY_MS = 5_000;
/**
 * Within this much of the line (free space less the database's room and the reserve), the disk is
 * read every DISK_CHECK_NEAR_MS instead: another program filling the last of a disk at once (a log,
 * a copy) would otherwise leave seconds of writes that PostgreSQL may have no room for (a PANIC,
 * recovered at the next start, but a failed write). One statfs is a few microseconds.
 */
export const DISK_NEAR_BYTES = 64 * MiB;
export const DISK_CHECK_NEAR_MS = 250;

const mb = (bytes: number) => Math.round(bytes / MiB);

/**
 * DATA_DIR's free space, read every few seconds (never per request). Writes are refused once the
 * space left beyond the database's room falls under the reserve. With the embedded database the
 * ballast is given back when less than a WAL segment is free (something else filled the disk), and
 * made again once there is room: while it is missing its size still counts as taken, so the writes
 * that resume cannot use the room it must come back into.
 */
export function createDiskSpace(opts: DiskSpaceOptions): DiskSpace {
  const everyMs = opts.everyMs ?? DISK_CHECK_EVERY_MS;
  const nearMs = opts.nearMs ?? DISK_CHECK_NEAR_MS;
  let current: DiskStatus = { freeBytes: 0, totalBytes: 0, reserveBytes: 0, databaseRoomBytes: 0, writable: true, checkedAt: new Date(0) };
  let reading: Promise<DiskStatus> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let making: Promise<unknown> | undefined;
  let closed = false;

  const read = async (): Promise<DiskStatus> => {
    let space = await freeSpace(opts.dataDir);
    let ballastKept = false;
    if (opts.ballast) {
      ballastKept = fs.existsSync(ballastPath(opts.dataDir));
      if (ballastKept && space.freeBytes < WAL_SEGMENT_BYTES && releaseBallastIfLow(opts.dataDir, WAL_SEGMENT_BYTES) > 0) {
        opts.log.warn({ freeMb: mb(space.freeBytes) }, `DATA_DIR has ${mb(space.freeBytes)} MB free: gave the database's ${mb(BALLAST_BYTES)} MB ballast back to it`);
        ballastKept = false;
        space = await freeSpace(opts.dataDir);
      } else if (!ballastKept && !making) {
        // In the background: the next reading counts it once it exists.
        making = keepBallast(opts.dataDir)
          .catch((err: unknown) => opts.log.warn({ err }, 'could not write the database ballast'))
          .finally(() => (making = undefined));
      }
    }
    const reserveBytes = diskReserveBytes(space.totalBytes, opts.reserveMb, opts.reservePercent);
    const owed = opts.ballast && !ballastKept ? BALLAST_BYTES : 0;
    const status: DiskStatus = {
      ...space,
      reserveBytes,
      databaseRoomBytes: opts.ballast ? BALLAST_BYTES : 0,
      writable: space.freeBytes - owed >= reserveBytes,
      checkedAt: new Date(),
    };
    const first = current.checkedAt.getTime() === 0;
    if (first ? !status.writable : current.writable !== status.writable) {
      const fields = { freeMb: mb(status.freeBytes), reserveMb: mb(reserveBytes), databaseRoomMb: mb(owed) };
      if (status.writable) opts.log.info(fields, 'DATA_DIR has room again: writes are accepted');
      else opts.log.warn(fields, `DATA_DIR is out of space (${mb(status.freeBytes)} MB free, ${mb(reserveBytes + owed)} MB kept back): writes answer 507 until space is freed`);
    }
    current = status;
    return status;
  };

  const refresh = () =>
    (reading ??= read().finally(() => {
      reading = undefined;
    }));

  return {
    status: () => current,
    refresh,
    start: async () => {
      await refresh();
      if (timer || closed) return;
      const next = () => {
        const near = current.freeBytes - current.reserveBytes - current.databaseRoomBytes < DISK_NEAR_BYTES;
        timer = setTimeout(() => {
          void refresh()
            .catch((err: unknown) => opts.log.warn({ err }, 'could not read DATA_DIR free space'))
            .finally(() => {
              if (!closed) next();
            });
        }, near ? nearMs : everyMs).unref();
      };
      next();
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await making;
    },
  };
}
