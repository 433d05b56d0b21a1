import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { drizzle as drizzlePgliteType } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DatabaseOpenError } from './open-failure.ts';
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
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** drizzle-kit's output: one .sql file per migration, listed in meta/_journal.json. */
export const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, 'drizzle');

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
  if (dir.startsWith('memory://')) return pgliteDatabase(await openPglite(dir), adapter, migrations);

  const lock = lockDataDir(dir);
  let client: PGlite | undefined;
  try {
    const dataDir = path.join(dir, 'pglite');
    await createOnce(dataDir);
    client = await openPglite(dataDir);
    return await pgliteDatabase(client, adapter, migrations, lock.release);
  } catch (err) {
    await client?.close().catch(() => {});
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
export async function createPglite(dataDir: string, options: Omit<PGliteOptions, 'extensions' | 'startParams'> = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dataDir, {
    ...options,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

const openPglite = (dataDir: string) => createPglite(dataDir);

/**
 * Creates the cluster in a side folder and renames it into place, so that a start killed while
 * PGlite writes a new cluster leaves no half-written one that would never open again.
 * Committed writes need nothing more: PGlite writes the WAL to the files (Node's fs, no buffering
 * of its own) before a commit returns, and recovery replays it after a kill.
 */
async function createOnce(dataDir: string) {
  if (fs.existsSync(dataDir)) return;
  const fresh = `${dataDir}.creating`;
  fs.rmSync(fresh, { recursive: true, force: true });
  await (await openPglite(fresh)).close();
  fs.renameSync(fresh, dataDir);
}

async function pgliteDatabase(
  client: PGlite,
  adapter: Promise<{ drizzle: typeof drizzlePgliteType }>,
  migrationsFolder: string,
  release = () => {},
): Promise<Database> {
  const { drizzle: drizzlePglite } = await adapter;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (await migrationsPending(async (text) => (await client.query<Record<string, unknown>>(text)).rows, migrationsFolder)) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(drizzlePglite(client), { migrationsFolder });
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: async () => {
      await client.close();
      release();
    },
  };
}
