import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { drizzle as drizzlePgliteType } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../lib/package-root.ts';
import { lockDataDir, shownDir } from './data-dir-lock.ts';
import { BALLAST_BYTES, freeSpaceSync, releaseBallastIfLow, WAL_SEGMENT_BYTES } from './disk-space.ts';
import { DatabaseOpenError } from './open-failure.ts';
import { readTemplate, saveTemplate } from './template.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, read by /metrics; PGlite is a single connection and has none. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** A PGlite kept on disk: its DATA_DIR, where it keeps its ballast (disk-space.ts). */
  dataDir?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Where the migrations are (lib/package-root.ts), for the callers that open databases. */
export { MIGRATIONS_FOLDER };

/**
 * Whether `migrationsFolder` holds a migration the database has not applied, decided the way
 * Drizzle's migrator decides it: a migration is applied when its journal `when` is newer than the
 * `created_at` of the newest row in drizzle.__drizzle_migrations (every migration when there is no
 * row). So when that row is at least the journal's newest `when`, the migrator would run nothing, and
 * skipping it saves each start reading and hashing every migration file, two DDL statements and an
 * empty transaction. A new migration file comes with a newer journal entry, so it is never skipped.
 * `query` runs one statement and returns its rows.
 */
export async function migrationsPending(query: (text: string) => Promise<Array<Record<string, unknown>>>, migrationsFolder = MIGRATIONS_FOLDER) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  if (journal.entries.length === 0) return false;
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return true;
  const [applied] = await query('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
  return !applied || Number(applied.created_at) < newest;
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: persisted in `dataDir`, or in memory
 * when `dataDir` is 'memory://' (tests). Migrations are applied before it is returned. A persisted
 * PGlite holds the DATA_DIR lock until close() (DataDirLockedError when another process has it);
 * one that cannot be opened or migrated throws DatabaseOpenError.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; migrationsFolder?: string }): Promise<Database> {
  const migrations = opts.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (opts.url) {
    // Each driver is imported only when it is the one in use: the other one, its Drizzle adapter and
    // (for PGlite) its WebAssembly would otherwise cost every start time and resident memory.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server closes (a PostgreSQL restart, a failover, pg_terminate_backend) is
    // reported here; unheard, the 'error' event ends the process (issue 14: a restart of PostgreSQL
    // killed every app process). The pool has already dropped that connection and opens a new one for
    // the next query; a query in flight still gets its own error.
    pool.on('error', () => undefined);
    // The pool hears only its idle connections: one checked out (a transaction between its queries, a
    // request awaiting something else) that the server drops emitted 'error' with nobody listening,
    // and that ended the process (the fault bench, PostgreSQL stopped under load). Its next query fails
    // (the request answers 503) and its release removes it from the pool.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (await migrationsPending(async (text) => (await pool.query(text)).rows, migrations)) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzlePg(pool), { migrationsFolder: migrations });
    }
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  // Drizzle's PGlite adapter is imported while PGlite starts rather than after it: a restart's first
  // answer waited ~80 ms for that import once the database was open.
  const adapter = import('drizzle-orm/pglite');
  adapter.catch(() => {}); // a failure is reported where it is awaited, not as an unhandled rejection
  if (dir.startsWith('memory://')) return pgliteDatabase(await createFresh(dir, migrations), adapter, migrations);

  const lock = lockDataDir(dir);
  let client: PGlite | undefined;
  let stops: { forget(): void } | undefined;
  try {
    // A start may have to create a WAL segment (after an unclean stop, or with the log's end late in
    // its segment): without room for it PostgreSQL stops, and the files are not damaged at all.
    giveRoom(dir, 'to start');
    const dataDir = path.join(dir, 'pglite');
    await createOnce(dataDir, migrations);
    removeEmptyPostmasterPid(dataDir);
    client = await openPglite(dataDir);
    stops = reportStops(client, dir);
    const { forget } = stops;
    const release = () => {
      forget();
      lock.release();
    };
    return await pgliteDatabase(client, adapter, migrations, release, dir);
  } catch (err) {
    await client?.close().catch(() => {});
    stops?.forget();
    lock.release();
    throw new DatabaseOpenError(dir, { cause: err });
  }
}

/**
 * PostgreSQL's shared buffers in PGlite. Its default, 128 MB, is zeroed when PGlite starts (its
 * shared memory is ordinary WebAssembly memory), so it is resident from the first second whatever the
 * data: 16 MB keeps an idle process within 300 MB (issue 15) and starts it ~100 ms sooner. The
 * embedded database is the small-forum setup; pages beyond it come from the operating system's file
 * cache, as on PostgreSQL.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A PGlite on `dataDir` (a folder, or memory://) with the extensions and settings Kerbside runs with;
 * the backup commands open it the same way. `options` adds PGlite's own (e.g. loadDataDir).
 */
export async function createPglite(dataDir: string, options: Omit<PGliteOptions, 'extensions' | 'startParams' | 'onStderr'> = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const log = postgresLog();
  try {
    const client = await PGlite.create(dataDir, {
      ...options,
      extensions: { pg_trgm },
      // The log files a checkpoint keeps for reuse (disk-space.ts, walHousekeeping below): at least
      // min_wal_size (PostgreSQL's 80 MB would be five 16 MB files on disk for good; two are enough for
      // one connection), at most max_wal_size, which single-user PostgreSQL uses for nothing else.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`, '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'],
      onStderr: log.keep,
    });
    postgresLogs.set(client, log);
    return client;
  } catch (err) {
    throw log.explain(err);
  }
}

/**
 * PostgreSQL's own log lines, which PGlite shows only in debug mode: a start that fails says just
 * "PGlite failed to initialize properly", and a PostgreSQL that stops while running says nothing at
 * all, where the operator (and a failing test) needs PostgreSQL's reason. The last few lines are
 * kept; `said` is their FATAL and PANIC lines in one line (empty when there are none).
 */
function postgresLog(kept = 20) {
  const lines: string[] = [];
  const said = () =>
    lines
      .map((line) => /\b(?:FATAL|PANIC):.*/.exec(line)?.[0].replace(/\s+/g, ' ').trim()) // without its time and pid
      .filter(Boolean)
      .join(' / ');
  return {
    keep: (line: string) => {
      lines.push(line);
      if (lines.length > kept) lines.shift();
      return false; // PGlite goes on to print it in debug mode
    },
    said,
    /** `err` with PostgreSQL's reason added to its message. */
    explain: (err: unknown) => {
      if (!said() || !(err instanceof Error)) return err;
      const explained = new Error(`${err.message}: PostgreSQL said ${said()}`, { cause: err });
      explained.name = err.name; // a WebAssembly abort stays one (open-failure.ts reads it as damaged files)
      return explained;
    },
  };
}

const postgresLogs = new WeakMap<PGlite, ReturnType<typeof postgresLog>>();

const openPglite = (dataDir: string) => createPglite(dataDir);

/**
 * A start killed (kill -9) between PostgreSQL creating postmaster.pid and writing it leaves the file
 * empty, and every later start stopped on it ("lock file "postmaster.pid" is empty": the crash-safety
 * test, about once in a few hundred kills). Called with DATA_DIR's lock held, so no live process owns
 * the cluster: an empty one is removed. (A stale one with a pid in it PostgreSQL checks and takes over.)
 */
export function removeEmptyPostmasterPid(dataDir: string) {
  const file = path.join(dataDir, 'postmaster.pid');
  try {
    if (fs.statSync(file).size === 0) fs.rmSync(file);
  } catch {
    // none: the usual case
  }
}

/**
 * Creates the cluster in a side folder and renames it into place, so that a start killed while
 * PGlite writes a new cluster leaves no half-written one that would never open again.
 * Committed writes need nothing more: PGlite writes the WAL to the files (Node's fs, no buffering
 * of its own) before a commit returns, and recovery replays it after a kill.
 */
async function createOnce(dataDir: string, migrationsFolder: string) {
  if (fs.existsSync(dataDir)) return;
  const fresh = `${dataDir}.creating`;
  fs.rmSync(fresh, { recursive: true, force: true });
  await (await createFresh(fresh, migrationsFolder)).close();
  fs.renameSync(fresh, dataDir);
}

/**
 * A new cluster: a copy of the template when the build made one (server/db/template.ts), else made
 * by PostgreSQL itself (and migrated by the caller). A template that does not load is passed over.
 */
async function createFresh(dataDir: string, migrationsFolder: string): Promise<PGlite> {
  const template = readTemplate(migrationsFolder);
  if (template) {
    try {
      return await createPglite(dataDir, { loadDataDir: template });
    } catch (err) {
      console.warn(`The database template did not load (${err instanceof Error ? err.message : String(err)}); creating the database from nothing.`);
      if (!dataDir.startsWith('memory://')) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return openPglite(dataDir);
}

/** Makes the template of server/db/template.ts: a new cluster with every migration, dumped. Returns its file. */
export async function buildTemplate(migrationsFolder = MIGRATIONS_FOLDER): Promise<string> {
  const client = await createPglite('memory://');
  try {
    const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    return saveTemplate(migrationsFolder, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

async function pgliteDatabase(
  client: PGlite,
  adapter: Promise<{ drizzle: typeof drizzlePgliteType }>,
  migrationsFolder: string,
  release = () => {},
  /** DATA_DIR of a PGlite on disk (none in memory). */
  dataDir?: string,
): Promise<Database> {
  const { drizzle: drizzlePglite } = await adapter;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (await migrationsPending(async (text) => (await client.query<Record<string, unknown>>(text)).rows, migrationsFolder)) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzlePglite(client), { migrationsFolder });
  }
  const housekeeping = dataDir ? walHousekeeping(client, dataDir) : undefined;
  return {
    db,
    kind: 'pglite',
    dataDir,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await housekeeping?.stop();
      // The shutdown checkpoint, and the next start, may each need a WAL segment.
      if (dataDir) giveRoom(dataDir, 'to stop');
      await client.close();
      if (dataDir && !shutDownCleanly(dataDir)) {
        // PGlite's close() returns as usual when PostgreSQL PANICs in its shutdown checkpoint.
        const free = freeSpaceSync(dataDir).freeBytes;
        console.warn(
          `The database in ${shownDir(dataDir)} could not finish its shutdown checkpoint${free < BALLAST_BYTES ? ` (the disk is full: ${MB(free)} free)` : ''}. ` +
            `Nothing acknowledged is lost: the next start recovers it from the log, with ${MB(BALLAST_BYTES)} free.`,
        );
      }
      release();
    },
  };
}

/**
 * Whether PostgreSQL's control file says "shut down": its state (DBState, 1 = DB_SHUTDOWNED) follows
 * the system identifier and two version numbers, at byte 16, in the WebAssembly's little-endian.
 */
function shutDownCleanly(dataDir: string) {
  const head = Buffer.alloc(20);
  try {
    const fd = fs.openSync(path.join(dataDir, 'pglite', 'global', 'pg_control'), 'r');
    try {
      fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return true; // unreadable: nothing to say about it here, the next start will
  }
  return head.readInt32LE(16) === 1;
}

const MB = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** Gives the ballast back to PostgreSQL when the disk has less free than it may need now (disk-space.ts). */
function giveRoom(dataDir: string, why: string) {
  const released = releaseBallastIfLow(dataDir);
  if (released) console.warn(`${shownDir(dataDir)} had less than ${MB(BALLAST_BYTES)} free: deleted its ballast (${MB(released)}) to give the database room ${why}.`);
}

/**
 * A PostgreSQL PANIC (a WAL segment it could not create on a full disk, above all) ends the process,
 * as it ends PostgreSQL itself. PGlite catches the WebAssembly abort and runs its main loop again:
 * either forever (the process answers nothing and ignores SIGTERM), or on in the state PostgreSQL
 * would have thrown away, whose writes and "clean" shutdown then go to disk. Exiting at once leaves
 * the files as a kill -9 does, which the next start recovers from its log (crash-safety.test.ts);
 * the ballast goes first, so that it has the room to. Either way, and when PostgreSQL's proc_exit (a
 * FATAL) ends the process through PGlite with code 1 and no word of why, the operator reads
 * PostgreSQL's reason. `forget` once the database is closed.
 */
function reportStops(client: PGlite, dataDir: string) {
  let reported = false;
  client.Module.onAbort = () => {
    let free = NaN;
    try {
      free = freeSpaceSync(dataDir).freeBytes;
      releaseBallastIfLow(dataDir);
    } catch {
      // the message matters more than the reading
    }
    const said = postgresLogs.get(client)?.said();
    const why = free < WAL_SEGMENT_BYTES ? `the disk is full: ${MB(free)} free` : 'a PostgreSQL PANIC';
    console.error(
      `The database in ${shownDir(dataDir)} stopped on an error it cannot continue from (${why}${said ? `; PostgreSQL said ${said}` : ''}). ` +
        'Exiting now: the next start recovers every acknowledged write from its log.',
    );
    reported = true;
    process.exit(1);
  };
  const stoppedUnasked = (code: number) => {
    const said = postgresLogs.get(client)?.said();
    if (code !== 0 && !reported && !client.closed && said) console.error(`The database in ${shownDir(dataDir)} stopped: PostgreSQL said ${said}`);
  };
  process.once('exit', stoppedUnasked);
  return { forget: () => process.off('exit', stoppedUnasked) };
}

/**
 * How often the embedded database's log is looked at: one small query; a checkpoint only when due.
 * Often enough that a site writing a few MB a second is caught within its 8 MB, and the next segment
 * is made while the log is in its current one's last quarter (10 s let a busy process run past both).
 */
const WAL_CHECK_EVERY_MS = 2_000;
/** Log written since the last checkpoint that makes one due: the segments before it are then reused. */
const CHECKPOINT_AFTER_BYTES = WAL_SEGMENT_BYTES / 2;
/** Any log at all this long after the last checkpoint makes one due (PostgreSQL's checkpoint_timeout). */
const CHECKPOINT_AFTER_MS = 5 * 60_000;
/** A checkpoint writes a few small files of its own: with less free than this (and no ballast left to give) it waits. */
const CHECKPOINT_MIN_FREE = 2 ** 20;

const lsnBytes = (lsn: string) => {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
};

/**
 * PostgreSQL's checkpointer, which PGlite's single-user PostgreSQL does not run: without it nothing
 * checkpoints until close, so the log grows by a 16 MB file at a time for as long as the process
 * lives, and every segment switch needs room for a new file. A checkpoint every half segment (or five
 * minutes) recycles the old files as the next ones, and one in the last quarter of a segment creates
 * the next before a write needs it: a switch then allocates nothing. When that file is missing and
 * the disk is short of room for it, the ballast is given back first.
 */
function walHousekeeping(client: PGlite, dataDir: string) {
  const walDir = path.join(dataDir, 'pglite', 'pg_wal');
  let since: number | undefined;
  let sinceAt = Date.now();
  let running: Promise<void> | undefined;
  const position = async () => {
    const { rows } = await client.query<{ lsn: string; next: string }>(
      `select pg_current_wal_insert_lsn()::text as lsn, pg_walfile_name(pg_current_wal_insert_lsn() + ${WAL_SEGMENT_BYTES}) as next`,
    );
    return { at: lsnBytes(rows[0].lsn), next: rows[0].next };
  };
  const tick = async () => {
    const { at, next } = await position();
    since ??= at;
    const written = at - since;
    const due = written >= CHECKPOINT_AFTER_BYTES || (written > 0 && Date.now() - sinceAt >= CHECKPOINT_AFTER_MS);
    let makeNext = at % WAL_SEGMENT_BYTES >= (WAL_SEGMENT_BYTES * 3) / 4 && !fs.existsSync(path.join(walDir, next));
    if (makeNext) {
      releaseBallastIfLow(dataDir, WAL_SEGMENT_BYTES + CHECKPOINT_MIN_FREE);
      // No room for it even so: checkpointing for it would only fail, every tick.
      makeNext = freeSpaceSync(dataDir).freeBytes >= WAL_SEGMENT_BYTES + CHECKPOINT_MIN_FREE;
    }
    if (!(due || makeNext) || freeSpaceSync(dataDir).freeBytes < CHECKPOINT_MIN_FREE) return;
    await client.exec('checkpoint');
    since = (await position()).at;
    sinceAt = Date.now();
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch((err: unknown) => {
        // A checkpoint that found no room for the next segment says so; the next tick tries again.
        if (!client.closed) console.warn(`Embedded database checkpoint: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => (running = undefined));
  }, WAL_CHECK_EVERY_MS).unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
