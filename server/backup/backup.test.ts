import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
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
import { s3Storage } from '../modules/uploads/index.ts';
import { startTestS3 } from '../test/s3-server.ts';
import { backupPhotos } from './bundle.ts';
import { megabytes, photosBackedUp, photosRestored } from './cli.ts';
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

/** Every file under `$DATA_DIR/uploads` as `<id>/<file>` → sha256 of its bytes. */
function photoFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(root, name);
    if (fs.statSync(file).isFile()) files[name] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return files;
}

/** A photo id as the app makes them (20 of [0-9a-z]). */
const photoId = (n: number) => `photo${String(n).padStart(15, '0')}`;

/**
 * Photo files as the uploads service leaves them in `$DATA_DIR/uploads` (random bytes: the backup
 * copies files, whatever they hold), sizes around the tar's 512-byte blocks and its 64 KiB copy
 * buffer; plus what is not a photo and never goes into a backup: a half-written file and a note.
 */
function writePhotos(dataDir: string) {
  const sizes = [0, 1, 511, 512, 513, 65_536, 200_001];
  const names = ['full.webp', 'full.jpg', 'w320.webp', 'w640.webp', 'w1280.webp'];
  for (let p = 1; p <= 4; p++) {
    const dir = path.join(dataDir, 'uploads', photoId(p));
    fs.mkdirSync(dir, { recursive: true });
    names.forEach((name, i) => fs.writeFileSync(path.join(dir, name), randomBytes(sizes[(p + i) % sizes.length])));
  }
  fs.writeFileSync(path.join(dataDir, 'uploads', photoId(1), 'full.webp.0a1b2c3d4e5f.tmp'), 'half written');
  fs.writeFileSync(path.join(dataDir, 'uploads', 'notes.txt'), 'not a photo');
}

/** The photo files of `dataDir` that a backup holds: all but the half-written one and the note. */
const photosOnly = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([name]) => /^photo\d{15}\/[^/]+\.(webp|jpg)$/.test(name)));

/** A backup as it was before issue 29 (the database file alone): the bundle's database entry, taken out with tar. */
async function databaseOnly(bundle: string, into: string) {
  fs.mkdirSync(into, { recursive: true });
  const { stdout } = await run('tar', ['tf', bundle]);
  const entry = stdout.split('\n').find((name) => name.startsWith('database.'))!;
  await run('tar', ['xf', bundle, '-C', into, entry]);
  return path.join(into, entry);
}

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
  writePhotos(dirs.source);
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('embedded backup and restore', () => {
  let original: Awaited<ReturnType<typeof snapshotDir>>;
  let originalPhotos: Record<string, string>;
  let photoBytes: number;
  let tarball: string;

  it('backs up the data directory and the photos into $DATA_DIR/backups, one tar file with a time-sorted name', async () => {
    original = await snapshotDir(dirs.source);
    expect(original.users.rows).toBe(31);
    expect(original.messages.rows).toBe(25);
    expect(original.site_settings.rows).toBe(1);
    originalPhotos = photosOnly(photoFiles(dirs.source));
    expect(Object.keys(originalPhotos)).toHaveLength(20);
    photoBytes = Object.keys(originalPhotos).reduce((sum, name) => sum + fs.statSync(path.join(dirs.source, 'uploads', name)).size, 0);

    const backup = await backupCommand({ dataDir: dirs.source, now: NOW });
    tarball = backup.file;
    expect(path.basename(backup.file)).toBe('kerbside-20260301-120000.tar');
    expect(backup.format).toBe('pglite');
    expect(backup.photos).toEqual({ kind: 'files', photos: 4, files: 20, bytes: photoBytes });
    expect(backup.bytes).toBe(fs.statSync(backup.file).size);
    expect(listBackups(dirs.source)).toEqual([{ file: backup.file, bytes: backup.bytes, at: NOW }]);
    expect(fs.readdirSync(path.dirname(backup.file))).toEqual([path.basename(backup.file)]); // no .partial left
    // What the dashboard's line reads, from the file's last blocks.
    expect(backupPhotos(backup.file)).toEqual(backup.photos);
    expect(photosBackedUp(backup.photos, dirs.source)).toBe(`With 4 photos (20 files, ${megabytes(photoBytes)}) from ${dirs.source}/uploads.`);

    // A plain tar that the usual tool lists: the manifest, the database, the photos in order, the summary.
    const { stdout } = await run('tar', ['tf', backup.file]);
    expect(stdout.trim().split('\n')).toEqual([
      'kerbside-backup.json',
      'database.tar.gz',
      ...Object.keys(originalPhotos).map((name) => `uploads/${name}`),
      'kerbside-backup-end.json',
    ]);
  }, 60_000);

  it('restores into a fresh DATA_DIR with every row and every photo file byte for byte, and sequences continue', async () => {
    const restored = await restoreCommand({ file: tarball, dataDir: dirs.fresh });
    expect(restored.format).toBe('pglite');
    expect(restored.rows).toEqual(Object.fromEntries(Object.entries(original).map(([t, s]) => [t, s.rows])));
    expect(await snapshotDir(dirs.fresh)).toEqual(original);
    expect(photoFiles(dirs.fresh)).toEqual(originalPhotos);
    expect(restored.photos).toMatchObject({ kind: 'files', photos: 4, files: 20, kept: { photos: 0, files: 0 }, deleted: { photos: 0, files: 0 } });

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
    // Since the backup: one photo file lost, one damaged, and a photo uploaded.
    const uploads = path.join(dirs.fresh, 'uploads');
    fs.rmSync(path.join(uploads, photoId(2), 'full.jpg'));
    fs.writeFileSync(path.join(uploads, photoId(3), 'w640.webp'), 'damaged');
    fs.mkdirSync(path.join(uploads, photoId(9)));
    fs.writeFileSync(path.join(uploads, photoId(9), 'full.webp'), 'uploaded after the backup');
    const refused = restoreCommand({ file: tarball, dataDir: dirs.fresh });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/not empty \(.*users \(31\).*\).*--force/);
    expect(fs.readFileSync(path.join(uploads, photoId(3), 'w640.webp'), 'utf8')).toBe('damaged'); // refused: nothing touched

    const forced = await restoreCommand({ file: tarball, dataDir: dirs.fresh, force: true, log: () => {} });
    expect(forced.movedAside).toMatch(/pglite\.before-restore-\d{8}-\d{6}$/);
    expect(fs.existsSync(path.join(forced.movedAside!, 'PG_VERSION'))).toBe(true);
    expect(await snapshotDir(dirs.fresh)).toEqual(original); // the message added above is gone again
    // The lost and the damaged file are back; the newer photo is kept (it goes with the database moved aside).
    const newer = { [`${photoId(9)}/full.webp`]: createHash('sha256').update('uploaded after the backup').digest('hex') };
    expect(photoFiles(dirs.fresh)).toEqual({ ...originalPhotos, ...newer });
    expect(forced.photos).toMatchObject({ kept: { photos: 1, files: 1 }, deleted: { photos: 0, files: 0 } });
    expect(photosRestored(forced.photos, dirs.fresh)).toEqual([
      `Restored 4 photos (20 files, ${megabytes(photoBytes)}) into ${uploads}.`,
      `Kept 1 photo (1 file) in ${uploads} that the backup does not hold (uploaded after it; nothing restored uses them): --prune-photos deletes them.`,
    ]);

    // --prune-photos: exactly the backup's files, the newer photo's folder gone with it.
    const pruned = await restoreCommand({ file: tarball, dataDir: dirs.fresh, force: true, prunePhotos: true, log: () => {} });
    expect(photoFiles(dirs.fresh)).toEqual(originalPhotos);
    expect(fs.existsSync(path.join(uploads, photoId(9)))).toBe(false);
    expect(pruned.photos).toMatchObject({ kept: { photos: 0, files: 0 }, deleted: { photos: 1, files: 1 } });
    expect(photosRestored(pruned.photos, dirs.fresh)[1]).toBe(`Deleted 1 photo (1 file) from ${uploads} that the backup does not hold (--prune-photos).`);
  }, 120_000);

  it('restores a backup made before photos were included as before, saying it holds none, and leaves the photos there alone', async () => {
    const old = await databaseOnly(tarball, path.join(tmp, 'old'));
    const dataDir = path.join(tmp, 'from-old');
    fs.mkdirSync(path.join(dataDir, 'uploads', photoId(7)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', photoId(7), 'full.jpg'), 'already there');
    const restored = await restoreCommand({ file: old, dataDir, prunePhotos: true });
    expect(restored.format).toBe('pglite');
    expect(restored.photos).toEqual({ kind: 'none' });
    expect(await snapshotDir(dataDir)).toEqual(original);
    expect(Object.keys(photoFiles(dataDir))).toEqual([`${photoId(7)}/full.jpg`]);
    expect(photosRestored(restored.photos, dataDir)).toEqual([
      `This backup holds the database only, no photos (it was made before backups included them): the files in ${dataDir}/uploads were left as they are.`,
    ]);
  }, 90_000);

  it('refuses a backup cut short, or with an entry that is no photo, before changing anything', async () => {
    const whole = fs.readFileSync(tarball);
    const cut = path.join(tmp, 'cut.tar');
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 4096)); // inside the last photos
    const into = path.join(tmp, 'not-restored');
    await expect(restoreCommand({ file: cut, dataDir: into })).rejects.toThrow(/cut\.tar is incomplete .*nothing was restored/);
    expect(fs.existsSync(into)).toBe(false);

    // A name that would write outside the uploads folder, the same length as a photo's.
    const hostile = Buffer.from(whole);
    const at = hostile.indexOf(`uploads/${photoId(1)}/full.jpg`);
    hostile.write(`uploads/../../../../../x/full.jpg`.padEnd(`uploads/${photoId(1)}/full.jpg`.length, 'x'), at, 'latin1');
    // Its header's checksum, made right again (a damaged one is refused before the name is read).
    hostile.fill(0x20, at + 148, at + 156);
    let sum = 0;
    for (let i = at; i < at + 512; i++) sum += hostile[i];
    hostile.write(`${sum.toString(8).padStart(6, '0')}\0 `, at + 148, 'latin1');
    const bad = path.join(tmp, 'hostile.tar');
    fs.writeFileSync(bad, hostile);
    await expect(restoreCommand({ file: bad, dataDir: into })).rejects.toThrow(/is damaged \(an entry that is no photo: uploads\/\.\.\//);
    expect(fs.existsSync(into)).toBe(false);
  });

  it('moves a database that cannot be opened aside (what start-up sends people here for), force or not', async () => {
    const damaged = path.join(tmp, 'damaged');
    fs.cpSync(path.join(dirs.fresh, 'pglite'), path.join(damaged, 'pglite'), { recursive: true });
    fs.rmSync(path.join(damaged, 'pglite', 'global'), { recursive: true });
    const restored = await restoreCommand({ file: tarball, dataDir: damaged, log: () => {} });
    expect(fs.existsSync(path.join(restored.movedAside!, 'base'))).toBe(true);
    expect(await snapshotDir(damaged)).toEqual(original);
  }, 90_000);

  let logical: string;

  it('makes and restores a logical backup (JSON lines) with the photos just as well', async () => {
    const database = await openDatabase({ dataDir: dirs.source });
    try {
      ({ file: logical } = await createBackup(database, { dataDir: dirs.source, logical: true, out: path.join(tmp, 'forum.tar') }));
    } finally {
      await database.close();
    }
    const restored = await restoreCommand({ file: logical, dataDir: dirs.logical });
    expect(restored.format).toBe('logical');
    expect(await snapshotDir(dirs.logical)).toEqual(original);
    expect(photoFiles(dirs.logical)).toEqual(originalPhotos);
  }, 120_000);

  it('photos that cannot be written back fail in one line that says the database is back', async () => {
    const blocked = path.join(tmp, 'blocked');
    fs.mkdirSync(blocked);
    fs.writeFileSync(path.join(blocked, 'uploads'), 'not a folder'); // a file where the uploads folder goes
    await expect(restoreCommand({ file: logical, dataDir: blocked })).rejects.toThrow(
      /^The database was restored, but the photos were not \(.*uploads.*\)\. Put that right, then run the restore again with --force\.$/,
    );
    expect(await snapshotDir(blocked)).toEqual(original);
  }, 120_000);

  it('restores a logical backup from before photos (the database file alone), and refuses one cut short', async () => {
    const old = await databaseOnly(logical, path.join(tmp, 'old-logical'));
    expect(path.basename(old)).toBe('database.jsonl.gz');
    const fromOld = await restoreCommand({ file: old, dataDir: path.join(tmp, 'from-old-logical') });
    expect(fromOld.photos).toEqual({ kind: 'none' });
    expect(await snapshotDir(path.join(tmp, 'from-old-logical'))).toEqual(original);

    const whole = zlib.gunzipSync(fs.readFileSync(old)).toString();
    const cut = path.join(tmp, 'cut.jsonl.gz');
    fs.writeFileSync(cut, zlib.gzipSync(whole.slice(0, whole.indexOf('["sequences"'))));
    await expect(restoreCommand({ file: cut, dataDir: path.join(tmp, 'cut'), force: true })).rejects.toThrow(/incomplete/);
  }, 120_000);
});

describe('memory', () => {
  it('stays flat: 120 MB of photos backed up and restored by a process whose peak grows by less than 32 MB', async () => {
    const dir = path.join(tmp, 'big');
    for (let p = 1; p <= 3; p++) {
      fs.mkdirSync(path.join(dir, 'uploads', photoId(p)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'uploads', photoId(p), 'full.webp'), randomBytes(40e6));
    }
    fs.writeFileSync(path.join(tmp, 'big.db'), 'a database');
    // A process of its own, so its peak (maxRSS) is the backup's and the restore's alone.
    const child = `
      const { writeBundle, openBundle, restorePhotos, photoSource } = await import(process.env.BUNDLE);
      const before = process.resourceUsage().maxRSS;
      await writeBundle(process.env.OUT, { database: process.env.DB, format: 'pglite', photos: photoSource(process.env.SRC), at: new Date() });
      await restorePhotos(await openBundle(process.env.OUT), { dataDir: process.env.TO });
      console.log(JSON.stringify({ before, after: process.resourceUsage().maxRSS }));`;
    const env = { BUNDLE: path.join(import.meta.dirname, 'bundle.ts'), OUT: path.join(tmp, 'big.tar'), DB: path.join(tmp, 'big.db'), SRC: dir, TO: path.join(tmp, 'big-restored') };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], { cwd: ROOT, env: { ...process.env, ...env } });
    const { before, after } = JSON.parse(stdout) as { before: number; after: number }; // KiB
    expect(photoFiles(env.TO)).toEqual(photoFiles(dir));
    expect(after - before).toBeLessThan(32 * 1024);
    for (const done of [dir, env.OUT, env.TO]) fs.rmSync(done, { recursive: true, force: true });
  }, 120_000);
});

describe('npm run backup and npm run restore', () => {
  const cli = (script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) =>
    run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env } });

  it('prints what it backed up, photos included, the file last, and keeps the BACKUP_KEEP newest', async () => {
    const backups = path.join(dirs.source, 'backups');
    for (const old of ['kerbside-20200101-000000.tar.gz', 'kerbside-20210101-000000.jsonl.gz', 'notes.txt']) fs.writeFileSync(path.join(backups, old), 'x');
    const { stdout } = await cli('backup', { DATA_DIR: dirs.source, BACKUP_KEEP: '2' });
    const lines = stdout.trim().split('\n');
    const file = lines.at(-1)!;
    expect(file).toMatch(/^\/.*\/backups\/kerbside-\d{8}-\d{6}\.tar$/);
    expect(lines[0]).toMatch(/^Backed up the embedded database \(pglite\) in \d+\.\d s: \d+\.\d+ MB in all\.$/);
    expect(lines[1]).toMatch(new RegExp(`^With 4 photos \\(20 files, \\d\\.\\d\\d MB\\) from ${dirs.source}/uploads\\.$`));
    expect(listBackups(dirs.source).map((b) => path.basename(b.file))).toEqual([path.basename(file), 'kerbside-20260301-120000.tar']);
    expect(fs.readdirSync(backups).sort()).toEqual([path.basename(file), 'kerbside-20260301-120000.tar', 'notes.txt'].sort());
    expect(stdout).toMatch(/Removed 2 older backup/);
  }, 90_000);

  it('restores a backup from before photos as before, with a line saying it holds none', async () => {
    const old = await databaseOnly(listBackups(dirs.source)[0].file, path.join(tmp, 'cli-old'));
    const dataDir = path.join(tmp, 'cli-restored');
    const { stdout } = await cli('restore', { DATA_DIR: dataDir }, [old]);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Restored ${old} \\(pglite\\) into the embedded database in ${dataDir} in \\d+\\.\\d s:$`));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}users +31$/));
    expect(lines.slice(-2)).toEqual([
      `This backup holds the database only, no photos (it was made before backups included them): the files in ${dataDir}/uploads were left as they are.`,
      'Start the site with npm start.',
    ]);
  }, 90_000);

  it('refuses, in one line, while a server holds DATA_DIR', async () => {
    // A live process of this host holds the lock: the test runner's parent.
    const lock = path.join(dirs.source, LOCK_FILE);
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: NOW.toISOString() }));
    try {
      const failed = await cli('backup', { DATA_DIR: dirs.source }).then(
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

describe('with the photos in an S3 bucket', () => {
  it('records the bucket’s listing (all its pages), not the files; a restore checks the bucket against it', async () => {
    const s3 = await startTestS3();
    const config = { bucket: s3.bucket, endpoint: s3.env.S3_ENDPOINT, region: s3.env.S3_REGION, accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY };
    const storage = s3Storage(config);
    // 201 photos of 5 files: more than one page (1000 keys) of the listing.
    const keys = Array.from({ length: 201 }, (_, p) => ['full.jpg', 'full.webp', 'w1280.webp', 'w320.webp', 'w640.webp'].map((f) => `uploads/${photoId(p)}/${f}`)).flat();
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from(key), 'image/webp')));
    await storage.put('uploads/notes.txt', Buffer.from('not a photo'), 'text/plain');
    const bytes = keys.reduce((sum, key) => sum + key.length, 0);

    const database = await openDatabase({ dataDir: dirs.source });
    let file: string;
    try {
      const backup = await createBackup(database, { dataDir: dirs.source, s3: config, logical: true, out: path.join(tmp, 's3.tar'), now: NOW });
      file = backup.file;
      expect(backup.photos).toEqual({ kind: 's3', bucket: s3.bucket, photos: 201, files: 1005, bytes });
      expect(backupPhotos(file)).toEqual(backup.photos);
      expect(photosBackedUp(backup.photos, dirs.source)).toBe(
        `Photos are in the S3 bucket ${s3.bucket}: recorded its listing of 201 photos (1005 files), ${megabytes(bytes)}, not the files (the bucket keeps them: back it up with its own versioning or replication).`,
      );
    } finally {
      await database.close();
    }
    const { stdout } = await run('tar', ['tf', file]);
    expect(stdout.trim().split('\n')).toEqual(['kerbside-backup.json', 'database.jsonl.gz', 'photos-s3.jsonl', 'kerbside-backup-end.json']);

    // A bucket that cannot be listed: the backup fails in one line that says what to check, and leaves no file.
    const refused = await openDatabase({ dataDir: dirs.source });
    try {
      const out = path.join(tmp, 's3-refused.tar');
      await expect(createBackup(refused, { dataDir: dirs.source, s3: { ...config, bucket: 'no-such-bucket' }, logical: true, out })).rejects.toThrow(
        /^The S3 bucket no-such-bucket could not be listed for the backup \(S3 LIST uploads\/: 404 NoSuchBucket: The specified bucket does not exist\): check S3_BUCKET and S3_ENDPOINT, and that the key has s3:ListBucket\.$/,
      );
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith('s3-refused'))).toEqual([]);
    } finally {
      await refused.close();
    }

    // Restored where S3 is not set: nothing to copy, and it says where the photos are.
    const dataDir = path.join(tmp, 's3-restored');
    const plain = await restoreCommand({ file, dataDir });
    expect(plain.photos).toEqual({ kind: 's3', bucket: s3.bucket, photos: 201, files: 1005 });
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    expect(photosRestored(plain.photos, dataDir)).toEqual([
      `This backup's 201 photos (1005 files) are in the S3 bucket ${s3.bucket}: it holds their listing, not the files. Set S3_BUCKET and the other S3_ settings for the site to serve them.`,
    ]);

    // With S3: one file gone from the bucket since, and a photo uploaded after the backup.
    await storage.delete([keys[7]]);
    await storage.put(`uploads/${photoId(999)}/full.jpg`, Buffer.from('newer'), 'image/jpeg');
    const checked = await restoreCommand({ file, dataDir, force: true, s3: config });
    expect(checked.photos).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      photos: 201,
      files: 1005,
      checked: { bucket: s3.bucket, missing: 1, examples: [keys[7]], kept: { photos: 1, files: 1 }, deleted: { photos: 0, files: 0 } },
    });
    expect(photosRestored(checked.photos, dataDir)).toEqual([
      `This backup's 201 photos (1005 files) are in the S3 bucket ${s3.bucket}: it holds their listing, not the files. 1 of its 1005 files is missing from the bucket ${s3.bucket} (${keys[7]}): a listing cannot bring them back; restore them from the bucket's versioning or its own backup.`,
      `Kept 1 photo (1 file) in the bucket ${s3.bucket} that the backup does not hold (uploaded after it; nothing restored uses them): --prune-photos deletes them.`,
    ]);

    const pruned = await restoreCommand({ file, dataDir, force: true, s3: config, prunePhotos: true });
    expect(pruned.photos).toMatchObject({ checked: { missing: 1, kept: { photos: 0, files: 0 }, deleted: { photos: 1, files: 1 } } });
    expect((await fetch(s3.objectUrl(`uploads/${photoId(999)}/full.jpg`))).status).toBe(404);
    expect((await fetch(s3.objectUrl(keys[8]))).status).toBe(200);
    expect((await fetch(s3.objectUrl('uploads/notes.txt'))).status).toBe(200); // not a photo: never touched
  }, 120_000);
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

  it('backs up PostgreSQL (pg_dump and the logical export) with the photos, and restores both', async () => {
    const url = await freshDatabase();
    await migrateToPostgres({ dataDir: dirs.source, url });
    const original = await inPostgres(url, snapshot);
    const dataDir = path.join(tmp, 'pg');
    fs.cpSync(path.join(dirs.source, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    const photos = photosOnly(photoFiles(dataDir));

    const logical = await backupCommand({ dataDir, databaseUrl: url, logical: true, now: NOW });
    expect(path.basename(logical.file)).toBe('kerbside-20260301-120000.tar');
    expect(logical.photos).toMatchObject({ kind: 'files', photos: 4, files: 20 });
    const into = await freshDatabase();
    const restoredTo = path.join(tmp, 'pg-restored');
    expect((await restoreCommand({ file: logical.file, dataDir: restoredTo, databaseUrl: into })).format).toBe('logical');
    expect(await inPostgres(into, snapshot)).toEqual(original);
    expect(photoFiles(restoredTo)).toEqual(photos);
    expect(Object.values(await inPostgres(into, sequencesContinue)).every(Boolean)).toBe(true);
    await expect(restoreCommand({ file: logical.file, dataDir, databaseUrl: into })).rejects.toThrow(/--force/);
    await restoreCommand({ file: logical.file, dataDir, databaseUrl: into, force: true });
    expect(await inPostgres(into, snapshot)).toEqual(original);

    const dumped = await backupCommand({ dataDir, databaseUrl: url, now: NOW });
    if (dumped.format !== 'pg_dump') return; // no pg_dump on PATH: the logical export above is the backup
    expect(path.basename(dumped.file)).toBe('kerbside-20260301-120000-2.tar');
    const fromDump = await freshDatabase();
    await openDatabase({ url: fromDump }).then((d) => d.close()); // migrated but empty, as after a first start
    const dumpRestoredTo = path.join(tmp, 'pg-dump-restored');
    expect((await restoreCommand({ file: dumped.file, dataDir: dumpRestoredTo, databaseUrl: fromDump })).format).toBe('pg_dump');
    expect(await inPostgres(fromDump, snapshot)).toEqual(original);
    expect(photoFiles(dumpRestoredTo)).toEqual(photos);

    // The dump as a backup was before photos (pg_restore reads the file itself then).
    const old = await databaseOnly(dumped.file, path.join(tmp, 'old-pgdump'));
    const fromOld = await freshDatabase();
    const restored = await restoreCommand({ file: old, dataDir: path.join(tmp, 'pg-old'), databaseUrl: fromOld });
    expect(restored).toMatchObject({ format: 'pg_dump', photos: { kind: 'none' } });
    expect(await inPostgres(fromOld, snapshot)).toEqual(original);
  }, 180_000);
});
