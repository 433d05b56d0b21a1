import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per DATA_DIR. Two PGlite instances writing the same files (a second `npm start`, a
 * script opening the database beside the server) leave it unreadable, and PGlite takes no lock of
 * its own, so start-up takes this one before opening the database and gives it back after closing.
 */
export const LOCK_FILE = 'kerbside.lock';

type Holder = { pid: number; host: string; startedAt: string };

export class DataDirLockedError extends Error {}

/** The folder as the user would type it: relative to the working directory when inside it. */
export function shownDir(dir: string) {
  const rel = path.relative(process.cwd(), path.resolve(dir));
  if (rel === '') return '.';
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.resolve(dir) : `./${rel}`;
}

function readHolder(file: string): Holder | undefined {
  try {
    const h = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? { pid: h.pid, host: h.host, startedAt: String(h.startedAt) } : undefined;
  } catch {
    return undefined; // gone, or a crash between creating the file and writing it: nobody holds it
  }
}

function isAlive({ pid, startedAt }: Holder) {
  // Our own pid is this process when it took the lock after it started, or an earlier life of the
  // same pid (a container restarted after a kill: the server is pid 1 every time), which is gone.
  if (pid === process.pid) return Date.parse(startedAt) >= Date.now() - process.uptime() * 1000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/**
 * Takes the lock on `dir` (created if missing) or throws DataDirLockedError with the one line to
 * show. A lock left by a process that is gone is taken over with a warning; one from another host
 * is refused, since its process cannot be checked from here.
 */
export function lockDataDir(dir: string, warn: (line: string) => void = console.warn): { release(): void } {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const shown = shownDir(dir);
  for (;;) {
    try {
      // 'wx' creates the file only if it does not exist: of two starts at once, one gets it.
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, `${JSON.stringify(me)}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && holder.host !== me.host) {
      throw new DataDirLockedError(
        `${shown} is locked by Kerbside on another machine (${holder.host}, pid ${holder.pid}, since ${holder.startedAt}). ` +
          `Stop it there; if it is no longer running, delete ${shown}/${LOCK_FILE}.`,
      );
    }
    if (holder && isAlive(holder)) {
      throw new DataDirLockedError(`Kerbside is already running on ${shown} (pid ${holder.pid}). Stop it first, or set DATA_DIR to another folder.`);
    }
    // Stale. Move it aside rather than delete it, then check that what was moved is the stale lock:
    // another start taking over at the same moment may have put its own lock there in between.
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readHolder(aside);
    if (moved?.pid !== holder?.pid || moved?.startedAt !== holder?.startedAt) {
      try {
        fs.linkSync(aside, file);
      } catch {
        // a third start already holds it; the loop reports whoever does
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    fs.rmSync(aside, { force: true });
    warn(
      holder
        ? `Taking over the lock on ${shown} left by pid ${holder.pid} (started ${holder.startedAt}), which is no longer running.`
        : `Taking over an unreadable lock file on ${shown}.`,
    );
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    const holder = readHolder(file);
    if (holder?.pid === me.pid && holder.startedAt === me.startedAt) fs.rmSync(file, { force: true });
  };
  // Whatever way the process ends (an exit after a failed start, the forced exit of a stuck
  // shutdown), nothing writes to the database any more once it has, so the lock goes with it.
  process.on('exit', release);
  return { release };
}
