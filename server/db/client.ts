import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

const migrationsFolder = path.join(PACKAGE_ROOT, 'drizzle');

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite: persisted in `dataDir`, or in memory
 * when `dataDir` is 'memory://' (tests). Migrations are applied before it is returned. A persisted
 * PGlite holds the DATA_DIR lock until close() (DataDirLockedError when another process has it);
 * one that cannot be opened or migrated throws DatabaseOpenError.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    // Each driver is imported only when it is the one in use: the other one, its Drizzle adapter and
    // (for PGlite) its WebAssembly would otherwise cost every start time and resident memory.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server closes (a PostgreSQL restart, a failover, pg_terminate_backend) is
    // reported here; unheard, the 'error' event ends the process (issue 14: a restart of PostgreSQL
    // killed every app process). The pool has already dropped that connection and opens a new one for
    // the next query; a query in flight still gets its own error.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (dir.startsWith('memory://')) return pgliteDatabase(await openPglite(dir));

  const lock = lockDataDir(dir);
  let client: PGlite | undefined;
  try {
    const dataDir = path.join(dir, 'pglite');
    await createOnce(dataDir);
    client = await openPglite(dataDir);
    return await pgliteDatabase(client, lock.release);
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

async function pgliteDatabase(client: PGlite, release = () => {}): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
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
