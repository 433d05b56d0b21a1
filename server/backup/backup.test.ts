import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql as q } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { backupCommand, BackupError, createBackup, listBackups, migrateToPostgres, restoreCommand } from './index.ts';
import { inPgliteTransaction, inPgTransaction, ident, type Sql } from './sql.ts';
import { listTables } from './tables.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = new Date('2026-03-01T12:00:00Z');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-backup-'));
const dirs = { source: path.join(tmp, 'source'), fresh: path.join(tmp, 'fresh'), logical: path.join(tmp, 'logical') };

/**
 * Every table's row count and a fingerprint of all its rows (in key order), read in UTC. Generated
 * columns are left out: each database computes them (PGlite and PostgreSQL 15 stem words differently).
 */
async function snapshot(sql: Sql) {
  await sql.query(`set local time zone 'UTC'`);
  const tables: Record<string, { rows: number; md5: string }> = {};
  for (const t of await listTables(sql)) {
    const row = `to_jsonb(t)${t.generated.map((c) => ` - '${c}'`).join('')}`;
    const { rows } = await sql.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg((${row})::text, E'\\n' order by ${t.orderBy}), '')) as md5 from ${ident(t.name)} t`,
    );
    tables[t.name] = rows[0];
  }
  return tables;
}

/** For each sequence: whether the next value is above every id in its table (ids are never reused). */
async function sequencesContinue(sql: Sql) {
  const result: Record<string, boolean> = {};
  for (const t of await listTables(sql)) {
    for (const s of t.sequences) {
      const { rows } = await sql.query<{ ok: boolean }>(
        `select nextval('${s.sequence}') > coalesce((select max(${ident(s.column)}) from ${ident(t.name)}), 0) as ok`,
      );
      result[`${t.name}.${s.column}`] = rows[0].ok;
    }
  }
  return result;
}

const pgliteOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

async function snapshotDir(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await inPgliteTransaction(pgliteOf(database), snapshot);
  } finally {
    await database.close();
  }
}

// The demo forum (members, posts, comments, votes) plus what the seed does not make: a chat with 25
// messages, reactions, a setting (JSON with awkward characters) and a notification.
beforeAll(async () => {
  const database = await openDatabase({ dataDir: dirs.source });
  try {
    await seedDatabase(database.db, { seedDemo: true }, { info: () => {} }, { now: NOW });
    await database.db.execute(q`
      with c as (insert into conversations (user_low_id, user_high_id) values (1, 2) returning id)
      insert into messages (conversation_id, sender_id, content, client_message_id)
      select c.id, 1 + (n % 2), 'message ' || n, 'm' || n from c, generate_series(1, 25) n`);
    await database.db.execute(q`insert into post_reactions (post_id, user_id, emoji) values (1, 2, '👍'), (1, 3, '❤️')`);
    await database.db.execute(q`insert into site_settings (key, value) values ('maintenance', '{"on": false, "message": "Back soon — «quotes» \\n"}')`);
    await database.db.execute(q`insert into notifications (user_id, actor_id, post_id, type, title, message) values (1, 2, 1, 'comment', 'New comment', 'On your post')`);
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('embedded backup and restore', () => {
  let original: Awaited<ReturnType<typeof snapshotDir>>;
  let tarball: string;

  it('backs up the data directory into $DATA_DIR/backups with a time-sorted name', async () => {
    original = await snapshotDir(dirs.source);
    expect(original.users.rows).toBe(31);
    expect(original.messages.rows).toBe(25);
    expect(original.site_settings.rows).toBe(1);
    const backup = await backupCommand({ dataDir: dirs.source, now: NOW });
    tarball = backup.file;
    expect(path.basename(backup.file)).toBe('kerbside-20260301-120000.tar.gz');
    expect(backup.bytes).toBe(fs.statSync(backup.file).size);
    expect(listBackups(dirs.source)).toEqual([{ file: backup.file, bytes: backup.bytes, at: NOW }]);
  }, 60_000);

  it('restores into a fresh DATA_DIR with every row, and sequences continue', async () => {
    const restored = await restoreCommand({ file: tarball, dataDir: dirs.fresh });
    expect(restored.format).toBe('pglite');
    expect(restored.rows).toEqual(Object.fromEntries(Object.entries(original).map(([t, s]) => [t, s.rows])));
    expect(await snapshotDir(dirs.fresh)).toEqual(original);

    const database = await openDatabase({ dataDir: dirs.fresh });
    try {
      const client = pgliteOf(database);
      expect(Object.values(await inPgliteTransaction(client, sequencesContinue)).every(Boolean)).toBe(true);
      const { rows } = await client.query<{ id: number }>(`insert into messages (conversation_id, sender_id, content) values (1, 1, 'after') returning id`);
      expect(rows[0].id).toBeGreaterThan(25);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('refuses a database with data unless forced, and then keeps the old one aside', async () => {
    const refused = restoreCommand({ file: tarball, dataDir: dirs.fresh });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/not empty \(.*users \(31\).*\).*--force/);

    const forced = await restoreCommand({ file: tarball, dataDir: dirs.fresh, force: true, log: () => {} });
    expect(forced.movedAside).toMatch(/pglite\.before-restore-\d{8}-\d{6}$/);
    expect(fs.existsSync(path.join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
    expect(await snapshotDir(dirs.fresh)).toEqual(original); // the message added above is gone again
  }, 90_000);

  it('moves a database that cannot be opened aside (what start-up sends people here for), force or not', async () => {
    const damaged = path.join(tmp, 'damaged');
    fs.cpSync(path.join(dirs.fresh, 'pglite'), path.join(damaged, 'pglite'), { recursive: true });
    fs.rmSync(path.join(damaged, 'pglite', 'global'), { recursive: true });
    const restored = await restoreCommand({ file: tarball, dataDir: damaged, log: () => {} });
    expect(fs.existsSync(path.join(restored.movedAside!, 'base'))).toBe(true);
    expect(await snapshotDir(damaged)).toEqual(original);
  }, 90_000);

  it('makes and restores a logical backup (JSON lines) just as well, and refuses one cut short', async () => {
    const database = await openDatabase({ dataDir: dirs.source });
    let file: string;
    try {
      ({ file } = await createBackup(database, { dataDir: dirs.source, logical: true, out: path.join(tmp, 'forum.jsonl.gz') }));
    } finally {
      await database.close();
    }
    const restored = await restoreCommand({ file, dataDir: dirs.logical });
    expect(restored.format).toBe('logical');
    expect(await snapshotDir(dirs.logical)).toEqual(original);

    const whole = zlib.gunzipSync(fs.readFileSync(file)).toString();
    const cut = path.join(tmp, 'cut.jsonl.gz');
    fs.writeFileSync(cut, zlib.gzipSync(whole.slice(0, whole.indexOf('["sequences"'))));
    await expect(restoreCommand({ file: cut, dataDir: path.join(tmp, 'cut'), force: true })).rejects.toThrow(/incomplete/);
  }, 120_000);
});

describe('npm run backup', () => {
  const cli = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env } });

  it('prints the file last and keeps the BACKUP_KEEP newest', async () => {
    const backups = path.join(dirs.source, 'backups');
    for (const old of ['kerbside-20200101-000000.tar.gz', 'kerbside-20210101-000000.jsonl.gz', 'notes.txt']) fs.writeFileSync(path.join(backups, old), 'x');
    const { stdout } = await cli({ DATA_DIR: dirs.source, BACKUP_KEEP: '2' });
    const file = stdout.trim().split('\n').at(-1)!;
    expect(file).toMatch(/^\/.*\/backups\/kerbside-\d{8}-\d{6}\.tar\.gz$/);
    expect(listBackups(dirs.source).map((b) => path.basename(b.file))).toEqual([path.basename(file), 'kerbside-20260301-120000.tar.gz']);
    expect(fs.readdirSync(backups).sort()).toEqual([path.basename(file), 'kerbside-20260301-120000.tar.gz', 'notes.txt'].sort());
    expect(stdout).toMatch(/Removed 2 older backup/);
  }, 60_000);

  it('refuses, in one line, while a server holds DATA_DIR', async () => {
    // A live process of this host holds the lock: the test runner's parent.
    const lock = path.join(dirs.source, LOCK_FILE);
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: NOW.toISOString() }));
    try {
      const failed = await cli({ DATA_DIR: dirs.source }).then(
        () => undefined,
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toBe('');
      expect(failed?.stderr.trim().split('\n')).toEqual([expect.stringMatching(/running .*daily backup.*admin dashboard/)]);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const created: string[] = [];

  async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  async function freshDatabase() {
    const name = `kb_backup_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    created.push(name);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function inPostgres<T>(url: string, fn: (sql: Sql) => Promise<T>) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      return await inPgTransaction(pool, fn);
    } finally {
      await pool.end();
    }
  }

  afterAll(async () => {
    await admin(async (c) => {
      for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
    });
  });

  it('migrate-to-postgres copies every row, sets the sequences, and refuses a database with data', async () => {
    const original = await snapshotDir(dirs.source);
    const url = await freshDatabase();
    const rows = await migrateToPostgres({ dataDir: dirs.source, url, batch: 100 });
    expect(rows).toEqual(Object.fromEntries(Object.entries(original).map(([t, s]) => [t, s.rows])));
    expect(await inPostgres(url, snapshot)).toEqual(original);
    expect(Object.values(await inPostgres(url, sequencesContinue)).every(Boolean)).toBe(true);

    await expect(migrateToPostgres({ dataDir: dirs.source, url })).rejects.toThrow(/not empty \(.*users \(31\)/);
  }, 120_000);

  it('backs up PostgreSQL (pg_dump and the logical export) and restores both', async () => {
    const url = await freshDatabase();
    await migrateToPostgres({ dataDir: dirs.source, url });
    const original = await inPostgres(url, snapshot);
    const dataDir = path.join(tmp, 'pg');

    const logical = await backupCommand({ dataDir, databaseUrl: url, logical: true, now: NOW });
    expect(path.basename(logical.file)).toBe('kerbside-20260301-120000.jsonl.gz');
    const into = await freshDatabase();
    expect((await restoreCommand({ file: logical.file, dataDir, databaseUrl: into })).format).toBe('logical');
    expect(await inPostgres(into, snapshot)).toEqual(original);
    expect(Object.values(await inPostgres(into, sequencesContinue)).every(Boolean)).toBe(true);
    await expect(restoreCommand({ file: logical.file, dataDir, databaseUrl: into })).rejects.toThrow(/--force/);
    await restoreCommand({ file: logical.file, dataDir, databaseUrl: into, force: true });
    expect(await inPostgres(into, snapshot)).toEqual(original);

    const dumped = await backupCommand({ dataDir, databaseUrl: url, now: NOW });
    if (dumped.format !== 'pg_dump') return; // no pg_dump on PATH: the logical export above is the backup
    expect(path.basename(dumped.file)).toBe('kerbside-20260301-120000.pgdump');
    const fromDump = await freshDatabase();
    await openDatabase({ url: fromDump }).then((d) => d.close()); // migrated but empty, as after a first start
    expect((await restoreCommand({ file: dumped.file, dataDir, databaseUrl: fromDump })).format).toBe('pg_dump');
    expect(await inPostgres(fromDump, snapshot)).toEqual(original);
  }, 120_000);
});
