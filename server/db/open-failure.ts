import fs from 'node:fs';
import path from 'node:path';
import { listBackups } from '../backup/files.ts';
import { shownDir } from './data-dir-lock.ts';
import { BALLAST_BYTES, freeSpaceSync } from './disk-space.ts';

/** The embedded database in `dataDir` could not be opened or migrated: damaged files, most likely. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly dataDir: string,
    options: { cause: unknown },
  ) {
    super(`The database in ${dataDir} could not be opened`, options);
  }
}

/**
 * Why, in a few words: PGlite reports damaged files only as a WebAssembly abort; PostgreSQL's own
 * words, when client.ts could add them to the error, follow.
 */
function shortReason(err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  let line = message.split('\n')[0].trim() || 'unknown error';
  if (err instanceof Error && err.name === 'RuntimeError' && message.startsWith('Aborted(')) {
    const said = postgresSaid(err);
    line = said ? `PostgreSQL stopped on damaged files: ${said}` : 'PostgreSQL stopped on damaged files';
  }
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** PostgreSQL's own FATAL and PANIC lines, which client.ts adds to a start's error; empty without. */
const postgresSaid = (err: unknown) => (err instanceof Error ? (err.message.split(': PostgreSQL said ')[1] ?? '') : '');

/** A moment as people in the UK say it: "Thu 1 Jan 2026 at 00:00". */
const UK_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const UK_TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' });
const ukMoment = (at: Date) => `${UK_DAY.format(at).replace(',', '')} at ${UK_TIME.format(at)}`;

/** "3 days 4 hours", "2 hours 5 minutes", "12 minutes": the two largest units. */
function span(ms: number) {
  const units: Array<[string, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const parts: string[] = [];
  let rest = Math.max(0, ms);
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
    else if (parts.length) break;
  }
  return parts.join(' ') || 'less than a minute';
}

/**
 * When the database last wrote: its log (pg_wal) and control file change with every commit and
 * checkpoint, whatever else is damaged. Undefined when neither can be read.
 */
function lastWritten(dataDir: string): Date | undefined {
  const db = path.join(dataDir, 'pglite');
  const files = [path.join(db, 'global', 'pg_control')];
  try {
    for (const name of fs.readdirSync(path.join(db, 'pg_wal'))) files.push(path.join(db, 'pg_wal', name));
  } catch {
    // no log folder: the control file alone
  }
  let newest = 0;
  for (const file of files) {
    try {
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    } catch {
      // gone or unreadable: the others tell
    }
  }
  return newest ? new Date(newest) : undefined;
}

/**
 * What start-up prints instead of a stack trace: what happened and what to do. A disk without room
 * for PostgreSQL to start is said as such (its files are fine: freeing space is the fix, a restore
 * would lose data for nothing); damaged files get the newest backup, when it was taken, and what
 * restoring it would lose.
 */
export function openFailureMessage(dataDir: string, err: unknown) {
  const shown = shownDir(dataDir);
  let free: number | undefined;
  try {
    free = freeSpaceSync(dataDir).freeBytes;
  } catch {
    // unreadable: not the disk's room, then
  }
  if (free !== undefined && free < BALLAST_BYTES) {
    return (
      `The database in ${shown} could not be opened: the disk holding it has ${mb(free)} MB free, and PostgreSQL may need ${mb(BALLAST_BYTES)} MB to start. ` +
      `That is most likely all that stopped it, not damage: free some space on that disk (old backups in ${shown}/backups, for one) and start again.` +
      (postgresSaid(err) ? ` (PostgreSQL said ${postgresSaid(err)})` : '')
    );
  }
  const head = `The database in ${shown} could not be opened (${shortReason(err)}).`;
  const backup = listBackups(dataDir)[0]; // newest first
  if (backup) {
    const written = lastWritten(dataDir);
    const loss =
      written && written > backup.at
        ? `restoring it loses everything written since then (the database was last written ${ukMoment(written)}, ${span(written.getTime() - backup.at.getTime())} later)`
        : 'nothing was written after it';
    const file = shownDir(backup.file);
    return `${head} The newest backup is ${file}, taken ${ukMoment(backup.at)} (UK time); ${loss}. Restore it: npm run restore -- ${file}`;
  }
  const aside = `${shown.replace(/\/+$/, '')}.damaged`;
  return `${head} There is no backup in ${shown}/backups. To start afresh with an empty database, move the folder away: mv ${shown} ${aside}`;
}

const mb = (bytes: number) => Math.floor(bytes / 2 ** 20);
