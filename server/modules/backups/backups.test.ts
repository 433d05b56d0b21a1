import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZBackupStatus, type TBackupStatus } from '../../../common/contracts/backups.ts';
import { BACKUP_MSG } from '../../../common/rules/backups.ts';
import { openBundle } from '../../backup/bundle.ts';
import { listBackups } from '../../backup/files.ts';
import { auditLog, jobs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { cameraJpeg, upload } from '../../test/images.ts';
import { call, member, type Member } from '../../test/members.ts';
import { backupDueIn, createBackupService, DAILY_AT_MS } from './service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NAME = /^kerbside-\d{8}-\d{6}\.tar$/;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-backups-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let dirs = 0;
const newDir = () => path.join(tmp, String(++dirs));

const quietLog = () => ({ info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
/** A clock the test moves. */
const movable = (start: string) => {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
};

describe('backupDueIn: the daily job', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('is due with no backup since the day’s run time (02:00 UTC) last passed; else at its next pass', () => {
    expect(DAILY_AT_MS).toBe(2 * HOUR);
    expect(backupDueIn(undefined, now)).toBe(0);
    expect(backupDueIn(new Date('2026-06-01T01:59:59Z'), now)).toBe(0);
    expect(backupDueIn(new Date(now.getTime() - 3 * DAY), now)).toBe(0);
    expect(backupDueIn(new Date('2026-06-01T02:00:00Z'), now)).toBe(14 * HOUR);
    expect(backupDueIn(now, now)).toBe(14 * HOUR);
    // Before the day's run time, yesterday's counts.
    expect(backupDueIn(new Date('2026-05-31T02:30:00Z'), new Date('2026-06-01T01:00:00Z'))).toBe(HOUR);
  });
});

describe.each(testDatabases)('backups from the admin dashboard on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let someone: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    someone = await member(t);
  }, 180_000);
  afterAll(async () => t?.close());

  const status = async () => ZBackupStatus.parse((await call(t, 'GET', '/api/admin/backups', { cookie: admin.cookie })).json());
  const finished = async (): Promise<TBackupStatus> => {
    await vi.waitFor(async () => expect((await status()).running).toBe(false), { timeout: 60_000, interval: 100 });
    return status();
  };

  it('is for admins only: guests 401, members 403; nothing is started for them', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(t, method, '/api/admin/backups')).statusCode).toBe(401);
      expect((await call(t, method, '/api/admin/backups', { cookie: someone.cookie })).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/admin/backups/anything.tar.gz', { cookie: someone.cookie })).statusCode).toBe(403);
    const res = await call(t, 'GET', '/api/admin/backups', { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ last: null, running: false, lastError: null, keep: 7 });
  });

  it('POST starts one (202), a second while it runs is 409, then GET shows the file and the photos it holds; audited', async () => {
    const uploaded = await upload(t, someone.cookie, { body: await cameraJpeg(900, 600) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoDir = path.join(t.app.deps.config.dataDir, 'uploads', (uploaded.json() as { id: string }).id);
    const photoFiles = fs.readdirSync(photoDir);
    const photoBytes = photoFiles.reduce((sum, f) => sum + fs.statSync(path.join(photoDir, f)).size, 0);

    const started = await call(t, 'POST', '/api/admin/backups', { cookie: admin.cookie });
    expect(started.statusCode, started.body).toBe(202);
    expect(ZBackupStatus.parse(started.json()).running).toBe(true);
    const again = await call(t, 'POST', '/api/admin/backups', { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BACKUP_MSG.running });

    const done = await finished();
    expect(done.lastError).toBeNull();
    expect(done.last?.name).toMatch(NAME); // a name, never a path
    const [file] = listBackups(t.app.deps.config.dataDir);
    expect(path.basename(file.file)).toBe(done.last?.name);
    expect(done.last).toEqual({
      name: path.basename(file.file),
      bytes: file.bytes,
      at: file.at.toISOString(),
      photos: { kind: 'files', photos: 1, files: photoFiles.length, bytes: photoBytes },
    });
    expect(file.bytes).toBeGreaterThan(photoBytes);
    expect((await openBundle(file.file)).database.format).toBe(kind === 'pglite' ? 'pglite' : 'logical');

    // One audit entry: the 409 wrote nothing.
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'backup.create'), eq(auditLog.actorId, admin.id)));
    expect(audited).toHaveLength(1);
  }, 90_000);

  it('downloads a listed backup as an attachment; any other name is 404', async () => {
    const { last } = await status();
    const res = await call(t, 'GET', `/api/admin/backups/${last!.name}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${last!.name}"`);
    expect(res.rawPayload.length).toBe(last!.bytes);
    expect(res.rawPayload.equals(fs.readFileSync(listBackups(t.app.deps.config.dataDir)[0].file))).toBe(true);
    for (const name of ['kerbside-20200101-000000.tar.gz', '..%2F..%2Fpackage.json', encodeURIComponent(listBackups(t.app.deps.config.dataDir)[0].file)]) {
      const missing = await call(t, 'GET', `/api/admin/backups/${name}`, { cookie: admin.cookie });
      expect(missing.statusCode, name).toBe(404);
      expect(missing.json()).toEqual({ message: BACKUP_MSG.notFound });
    }
  });

  // Several processes on one database take the day's backup once: server/jobs/schedules.test.ts.
});

describe('the daily backup decides by the core’s clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  }, 60_000);
  afterAll(async () => t?.close());

  const service = (opts: { dataDir?: string; keep?: number; clock?: ReturnType<typeof movable>; writable?: () => boolean } = {}) => {
    const log = quietLog();
    const config = { ...t.app.deps.config, dataDir: opts.dataDir ?? newDir(), backupKeep: opts.keep ?? 7 };
    const clock = opts.clock ?? movable('2026-06-01T03:00:00Z');
    const backups = createBackupService({ config, db: t.database.db, database: t.database, clock, log, writable: opts.writable });
    return { backups, clock, config, log };
  };

  it('backs up when none was written since the day’s run time, not before; keeps BACKUP_KEEP', async () => {
    const { backups, clock, config } = service({ keep: 2 });
    expect(backups.dueIn()).toBe(0);
    expect(await backups.runIfDue()).toBe('done');
    expect(backups.status().last?.at).toBe('2026-06-01T03:00:00.000Z');
    expect(backups.dueIn()).toBe(23 * HOUR); // the next 02:00 UTC

    clock.advance(22 * HOUR);
    expect(await backups.runIfDue()).toBe('not-due');
    expect(backups.dueIn()).toBe(HOUR);
    clock.advance(HOUR);
    expect(await backups.runIfDue()).toBe('done');
    clock.advance(DAY);
    expect(await backups.runIfDue()).toBe('done');
    // BACKUP_KEEP=2: the first is gone.
    expect(listBackups(config.dataDir).map((b) => b.at.toISOString())).toEqual(['2026-06-03T02:00:00.000Z', '2026-06-02T02:00:00.000Z']);
    await backups.close();
  }, 60_000);

  it('the day’s run waits for the backup an admin started in this process, then finds it has one', async () => {
    const admin = await member(t, 'admin');
    const { backups, config } = service();
    const started = await backups.start(admin.id);
    expect(started.running).toBe(true);
    expect(await backups.runIfDue()).toBe('not-due');
    expect(backups.status().running).toBe(false);
    expect(listBackups(config.dataDir)).toHaveLength(1);
    await backups.close();
  }, 60_000);

  it('the daily job: the app takes the day’s backup as it starts, and not again that day', async () => {
    const dataDir = t.app.deps.config.dataDir;
    expect(listBackups(dataDir)).toEqual([]);
    await t.app.jobs.runDue(); // what the runner does at start
    expect(listBackups(dataDir)).toHaveLength(1);
    await t.app.jobs.runDue();
    expect(listBackups(dataDir)).toHaveLength(1);
    expect(await t.database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.name, 'backups.daily'))).toEqual([{ state: 'done' }]);
  }, 60_000);

  it('waits while DATA_DIR is short of room (it would take what is left), and backs up once there is room', async () => {
    let writable = false;
    const { backups, config } = service({ writable: () => writable });
    expect(await backups.runIfDue()).toBe('no-room');
    expect(listBackups(config.dataDir)).toEqual([]);
    writable = true;
    expect(await backups.runIfDue()).toBe('done');
    expect(listBackups(config.dataDir)).toHaveLength(1);
    await backups.close();
  }, 60_000);

  it('a failure is logged as an error and shown on the card until a backup succeeds', async () => {
    const blocked = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where DATA_DIR should be');
    const { backups, log } = service({ dataDir: blocked });
    expect(await backups.runIfDue()).toBe('failed');
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'backup failed');
    expect(backups.status()).toMatchObject({ running: false, last: null, lastError: expect.stringContaining('ENOTDIR') });
    await backups.close();
  });
});
