import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { TBackupPhotos } from '../../common/contracts/backups.ts';
import type { Config } from '../config.ts';
import { createPglite, openDatabase, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { isBundle, openBundle, photoSource, restorePhotos, writeBundle, type PhotosRestored } from './bundle.ts';
import { BackupError } from './errors.ts';
import {
  BUNDLE_EXTENSION,
  backupsDir,
  detectFormat,
  newBackupPath,
  pruneBackups,
  stamp,
  type BackupFile,
  type BackupFormat,
  type FilePart,
} from './files.ts';
import { readLogical, writeLogical } from './logical.ts';
import { hasTool, pgDump, pgRestore } from './pg-tools.ts';
import { inPgliteTransaction, inPgTransaction, pgSql, type Sql } from './sql.ts';
import { insertRows, listTables, readRows, readSequences, rowCounts, setSequences, tablesWithData, truncateAll } from './tables.ts';

export { backupPhotos, type PhotosRestored } from './bundle.ts';
export { BackupError } from './errors.ts';
export { listBackups, type BackupFile, type BackupFormat } from './files.ts';

export const DEFAULT_KEEP = 7;

export type BackupOptions = {
  /** DATA_DIR: backups go to `$DATA_DIR/backups` unless `out` names the file. */
  dataDir: string;
  /** A file to write instead; nothing is pruned then. */
  out?: string;
  /** How many backups `$DATA_DIR/backups` keeps (BACKUP_KEEP). */
  keep?: number;
  /** The driver's export (JSON lines, loads into either database) instead of PGlite's dump or pg_dump. */
  logical?: boolean;
  /** S3_*: the photos are in this bucket, and the backup records its listing; else $DATA_DIR/uploads is copied in. */
  s3?: Config['s3'];
  now?: Date;
};

/** `format`: how the database is held; `photos`: what the backup holds of them. */
export type BackupResult = BackupFile & { format: BackupFormat; photos: TBackupPhotos; pruned: string[] };

/** What a backup reads from: the open PGlite, or a PostgreSQL pool (and its URL, for pg_dump). */
type Source = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url?: string };

type Log = (line: string) => void;

/** Where openDatabase keeps the embedded database inside DATA_DIR. */
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * A backup of the running server's open database and of the photos, in one bundle (bundle.ts). The
 * database: PGlite's own dump of its data directory, taken between two queries (consistent: a
 * transaction still open then is rolled back on restore); on PostgreSQL pg_dump when `databaseUrl` is
 * given and pg_dump is on PATH, else the driver's export from one repeatable-read snapshot. Then the
 * photo files (or the bucket's listing). Writes `<file>.partial` and renames it when complete, then
 * keeps the `keep` newest backups.
 */
export async function createBackup(database: Database, opts: BackupOptions & { databaseUrl?: string }): Promise<BackupResult> {
  return writeBackup(sourceOf(database, opts.databaseUrl), opts);
}

function sourceOf(database: Database, url?: string): Source {
  // Drizzle keeps the driver it was given as $client; backups need it (the dump, cursors, a snapshot).
  const driver = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.kind === 'pglite' ? { kind: 'pglite', client: driver as PGlite } : { kind: 'postgres', pool: driver as pg.Pool, url };
}

function inTransaction<T>(source: Source, fn: (sql: Sql) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<T> {
  return source.kind === 'pglite' ? inPgliteTransaction(source.client, fn) : inPgTransaction(source.pool, fn, opts);
}

/**
 * `npm run backup`: opens the database itself without migrating it (a backup is what you take before
 * an upgrade), backs it up and closes it. The embedded one only while no server holds DATA_DIR.
 */
export async function backupCommand(opts: BackupOptions & { databaseUrl?: string }): Promise<BackupResult> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg'); // imported here: a server on PGlite never needs it
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    try {
      return await writeBackup({ kind: 'postgres', pool, url: opts.databaseUrl }, opts);
    } finally {
      await pool.end();
    }
  }
  const dir = pgliteDir(opts.dataDir);
  if (!fs.existsSync(dir)) throw new BackupError(`There is no embedded database in ${dir} to back up (is DATA_DIR right?).`);
  const lock = lockDataDir(opts.dataDir);
  try {
    const client = await createPglite(dir);
    try {
      return await writeBackup({ kind: 'pglite', client }, opts);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

async function writeBackup(source: Source, opts: BackupOptions): Promise<BackupResult> {
  const at = opts.now ?? new Date();
  const dumpUrl = !opts.logical && source.kind === 'postgres' && source.url && hasTool('pg_dump') ? source.url : undefined;
  const format: BackupFormat = dumpUrl ? 'pg_dump' : !opts.logical && source.kind === 'pglite' ? 'pglite' : 'logical';
  const file = opts.out ? path.resolve(opts.out) : newBackupPath(backupsDir(opts.dataDir), at, BUNDLE_EXTENSION);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const dump = `${file}.database.partial`; // the database alone, copied into the bundle, then deleted
  let photos: TBackupPhotos;
  try {
    if (format === 'pglite' && source.kind === 'pglite') {
      const tarball = await source.client.dumpDataDir('gzip');
      await pipeline(Readable.fromWeb(tarball.stream() as ReadableStream<Uint8Array>), fs.createWriteStream(dump));
    } else if (dumpUrl) {
      await pgDump(dumpUrl, dump);
    } else {
      await inTransaction(source, async (sql) => writeLogical(sql, await listTables(sql), dump, at), { snapshot: true });
    }
    // Flushed to disk by writeBundle before it counts as a backup (and before older ones are pruned).
    photos = await writeBundle(partial, { database: dump, format, photos: photoSource(opts.dataDir, opts.s3), at });
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    fs.rmSync(dump, { force: true });
  }
  const pruned = opts.out ? [] : pruneBackups(opts.dataDir, opts.keep ?? DEFAULT_KEEP);
  return { file, bytes: fs.statSync(file).size, at, format, photos, pruned };
}

/** `photos`: what came back of them (`none` from a backup made before photos were included). */
export type RestoreResult = { format: BackupFormat; rows: Record<string, number>; movedAside?: string; photos: PhotosRestored };

export type RestoreOptions = {
  file: string;
  dataDir: string;
  databaseUrl?: string;
  force?: boolean;
  /** Delete the photos there that the backup does not hold (uploaded after it); they are kept otherwise. */
  prunePhotos?: boolean;
  /** S3_*: the photos the site reads are in this bucket. */
  s3?: Config['s3'];
  log?: Log;
};

/**
 * `npm run restore`: loads a backup into an empty database, or into one with data when `force`
 * (the embedded one is moved aside, never deleted; PostgreSQL tables are replaced in the load's own
 * transaction). Then migrations run as at start-up, so an older backup comes up to date.
 * Embedded (no databaseUrl): a PGlite tarball or a logical backup. PostgreSQL: a logical backup, or a
 * pg_dump file when pg_restore is on PATH. A bundle is checked whole first; its photos come back once
 * the database has (restorePhotos). A backup from before issue 29 is the database file alone.
 */
export async function restoreCommand(opts: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const bundle = isBundle(file) ? await openBundle(file) : undefined;
  const format = bundle?.database.format ?? (await detectFormat(file));
  if (!format) throw new BackupError(`${file} is not a Kerbside backup (not a PGlite tarball, a logical backup or a pg_dump file).`);
  const database = await restoreDatabase(file, format, bundle?.database, opts);
  if (!bundle) return { ...database, photos: { kind: 'none' } };
  // DATA_DIR stays locked while its photos are written, as while its embedded database was (PostgreSQL has no lock).
  const lock = opts.databaseUrl ? undefined : lockDataDir(opts.dataDir);
  try {
    return { ...database, photos: await restorePhotos(bundle, { dataDir: opts.dataDir, s3: opts.s3, prune: opts.prunePhotos }) };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`The database was restored, but the photos were not (${(err as Error).message}). Put that right, then run the restore again with --force.`);
  } finally {
    lock?.release();
  }
}

async function restoreDatabase(file: string, format: BackupFormat, part: FilePart | undefined, opts: RestoreOptions): Promise<Omit<RestoreResult, 'photos'>> {
  const force = opts.force ?? false;
  if (!opts.databaseUrl) {
    if (format === 'pg_dump') {
      throw new BackupError(`${file} is a pg_dump backup: restore it into PostgreSQL (set DATABASE_URL), or make a logical backup (npm run backup -- --logical).`);
    }
    return format === 'pglite' ? restorePglite(file, part, opts.dataDir, force, opts.log) : restoreLogical(file, part, { dataDir: opts.dataDir }, force);
  }
  if (format === 'pglite') {
    throw new BackupError(`${file} is an embedded (PGlite) backup: restore it without DATABASE_URL, then copy it over with npm run migrate-to-postgres.`);
  }
  if (format === 'logical') return restoreLogical(file, part, { url: opts.databaseUrl }, force);
  if (!hasTool('pg_restore')) {
    throw new BackupError(`${file} is a pg_dump backup and pg_restore is not on PATH: install the PostgreSQL client tools, or restore a logical backup.`);
  }
  return restorePgDump(file, part, opts.databaseUrl, force);
}

const refusal = (used: string[]) =>
  `The database is not empty (${used.join(', ')}): restoring would replace it. Add --force to do that anyway.`;

async function restorePglite(file: string, part: FilePart | undefined, dataDir: string, force: boolean, log: Log = () => {}) {
  const dir = pgliteDir(dataDir);
  const loading = `${dir}.restoring`;
  let movedAside: string | undefined;
  const lock = lockDataDir(dataDir);
  try {
    if (fs.existsSync(dir)) {
      // One that cannot be opened (damaged files: what start-up sends people here for) is moved aside too.
      const used = await pgliteTablesWithData(dir);
      if (used?.length && !force) throw new BackupError(refusal(used));
      movedAside = `${dir}.before-restore-${stamp(new Date())}`;
      fs.renameSync(dir, movedAside);
      if (used?.length === 0) {
        // Nothing but the categories start-up adds: not worth keeping.
        fs.rmSync(movedAside, { recursive: true, force: true });
        movedAside = undefined;
      }
    }
    // Loaded beside it and renamed into place: a restore that stops half way leaves no half database.
    fs.rmSync(loading, { recursive: true, force: true });
    try {
      const blob = await fs.openAsBlob(file); // read as PGlite loads it, never whole into memory
      await (await createPglite(loading, { loadDataDir: part ? blob.slice(part.start, part.start + part.size) : blob })).close();
    } catch (err) {
      fs.rmSync(loading, { recursive: true, force: true });
      if (movedAside) fs.renameSync(movedAside, dir);
      throw new BackupError(`${file} could not be loaded (${(err as Error).message.split('\n')[0]}); nothing was changed.`);
    }
    fs.renameSync(loading, dir);
  } finally {
    lock.release();
  }
  if (movedAside) log(`The database that was there is kept in ${movedAside} (delete it when the site is fine).`);
  const database = await openDatabase({ dataDir }); // migrations, with the lock taken again
  try {
    return { format: 'pglite' as const, rows: await countAll(sourceOf(database)), movedAside };
  } finally {
    await database.close();
  }
}

const countAll = (source: Source) => inTransaction(source, async (sql) => rowCounts(sql, await listTables(sql)));

/** The tables holding data in the PGlite at `dir`, or undefined when it cannot be opened. */
async function pgliteTablesWithData(dir: string): Promise<string[] | undefined> {
  let client: PGlite;
  try {
    client = await createPglite(dir);
  } catch {
    return undefined;
  }
  try {
    return await inPgliteTransaction(client, async (sql) => tablesWithData(await rowCounts(sql, await listTables(sql))));
  } finally {
    await client.close();
  }
}

/** A logical backup into the database (opened and migrated here), in one transaction: all or nothing. */
async function restoreLogical(file: string, part: FilePart | undefined, target: { url: string } | { dataDir: string }, force: boolean) {
  const database = await openDatabase(target);
  try {
    const load = async (sql: Sql) => {
      const tables = await listTables(sql);
      const used = tablesWithData(await rowCounts(sql, tables));
      if (used.length && !force) throw new BackupError(refusal(used));
      await truncateAll(sql, tables);
      await readLogical(sql, tables, file, part);
      return rowCounts(sql, tables);
    };
    return { format: 'logical' as const, rows: await inTransaction(sourceOf(database), load) };
  } finally {
    await database.close();
  }
}

async function restorePgDump(file: string, part: FilePart | undefined, url: string, force: boolean) {
  const { default: pg } = await import('pg');
  const before = new pg.Client({ connectionString: url });
  await before.connect();
  try {
    const sql = pgSql(before);
    const used = tablesWithData(await rowCounts(sql, await listTables(sql)));
    if (used.length && !force) throw new BackupError(refusal(used));
  } finally {
    await before.end();
  }
  await pgRestore(url, file, part);
  const database = await openDatabase({ url }); // migrations after the dump's own history
  try {
    return { format: 'pg_dump' as const, rows: await countAll(sourceOf(database)) };
  } finally {
    await database.close();
  }
}

/**
 * `npm run migrate-to-postgres`: copies the embedded forum in DATA_DIR into an empty PostgreSQL
 * database. Both are migrated first (same schema), then every table is copied in dependency order,
 * `batch` rows at a time, in one transaction on the target; sequences continue after the copied ids.
 * The copy is checked (same row count in every table) before it commits. Returns rows per table.
 */
export async function migrateToPostgres(opts: { dataDir: string; url: string; batch?: number }): Promise<Record<string, number>> {
  if (!fs.existsSync(pgliteDir(opts.dataDir))) throw new BackupError(`There is no embedded database in ${pgliteDir(opts.dataDir)} to copy (is DATA_DIR right?).`);
  const source = await openDatabase({ dataDir: opts.dataDir });
  try {
    const target = await openDatabase({ url: opts.url });
    try {
      return await inTransaction(sourceOf(target), async (to) => {
        const targetTables = await listTables(to);
        const used = tablesWithData(await rowCounts(to, targetTables));
        if (used.length) throw new BackupError(`The PostgreSQL database is not empty (${used.join(', ')}): give an empty one (createdb).`);
        await truncateAll(to, targetTables); // the categories a start on it may have added
        return inTransaction(sourceOf(source), async (from) => {
          const tables = await listTables(from);
          for (const t of tables) {
            const there = targetTables.find((x) => x.name === t.name);
            if (!there) throw new BackupError(`PostgreSQL has no table ${t.name} after migrating: the two databases disagree.`);
            const columns = t.columns.filter((c) => there.columns.includes(c));
            for await (const rows of readRows(from, t, opts.batch)) await insertRows(to, t.name, columns, rows);
          }
          await setSequences(to, targetTables, await readSequences(from, tables));
          const copied = await rowCounts(to, targetTables);
          const original = await rowCounts(from, tables);
          const wrong = tables.filter((t) => copied[t.name] !== original[t.name]).map((t) => `${t.name} ${copied[t.name]}/${original[t.name]}`);
          if (wrong.length) throw new BackupError(`The copy does not match (${wrong.join(', ')}); nothing was kept.`);
          return copied;
        });
      });
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
