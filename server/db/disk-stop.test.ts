import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillDisk, freeBytes, mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../test/tmpfs.ts';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { BALLAST_FILE, keepBallast } from './disk-space.ts';
import { openFailureMessage } from './open-failure.ts';

// The embedded database when another program has taken every byte of its disk (issue 29). A
// checkpoint writes a few new small files, and PostgreSQL PANICs when it cannot. Before, PGlite caught
// that: in a query it looped for ever (a process answering nothing and ignoring SIGTERM) or went on in
// a state PostgreSQL throws away; in close() it returned as if the stop were clean. Now the ballast
// gives it room to stop cleanly; without one a failed stop says so, and a PANIC ends the process at
// once, leaving what kill -9 leaves, which the next start with room recovers.

const ROWS = 40;
const skip = tmpfsUnavailable();
let disk: Tmpfs;
/** A new database, made once and copied onto the small disk for each test. */
const template = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-disk-stop-'));

beforeAll(async () => {
  if (skip) return;
  await (await openDatabase({ dataDir: template })).close();
  // 96 MB: a new database takes 41 MB, and a ballast (24 MB) is only made with as much again free.
  disk = mountTmpfs(96);
}, 180_000);
afterAll(() => {
  disk?.unmount();
  fs.rmSync(template, { recursive: true, force: true });
});
beforeEach(() => {
  if (skip) return;
  for (const entry of fs.readdirSync(disk.dir)) fs.rmSync(path.join(disk.dir, entry), { recursive: true, force: true });
  fs.cpSync(template, path.join(disk.dir, 'data'), { recursive: true });
});

/** The writer on `dataDir`: its acknowledged ids, and send(line) with how the process then ended or answered. */
async function writer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'disk-writer.fixture.ts'), dataDir, String(ROWS)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (line: string) =>
    new Promise<boolean>((resolve) => {
      const check = () => stdout.includes(`${line}\n`) && resolve(true);
      child.stdout.on('data', check);
      check();
      void exited.then(() => resolve(stdout.includes(`${line}\n`)));
    });
  child.stdout.on('data', (d) => (stdout += d));
  if (!(await printed('written'))) throw new Error(`the writer exited before writing:\n${stderr}`);
  const acked = stdout.split('\n').filter((l) => /^\d+$/.test(l)).map(Number);
  return {
    acked,
    /** Sends a command; resolves once it printed `answer`, or exited, or 30 s passed (frozen: killed). */
    async send(command: 'checkpoint' | 'stop', answer: string) {
      const t0 = Date.now();
      child.stdin.write(`${command}\n`);
      const done = await Promise.race([printed(answer).then((ok) => (ok ? 'answered' : 'exited')), new Promise<'frozen'>((r) => setTimeout(() => r('frozen'), 30_000))]);
      if (done === 'frozen') child.kill('SIGKILL');
      const code = await exited.then((c) => c, () => null);
      return { done, code, ms: Date.now() - t0, stderr };
    },
  };
}

async function storedIds(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = (await database.db.execute(sql`select id from disk_probe order by id`)) as unknown as { rows: Array<{ id: number }> };
    return rows.map((r) => Number(r.id));
  } finally {
    await database.close();
  }
}

describe.skipIf(skip)(`the embedded database on a disk with no byte free${skip ? ` (skipped: ${skip})` : ''}`, { timeout: 240_000 }, () => {
  it('gives it its ballast at a stop: it stops cleanly and opens again with nothing else freed', async () => {
    const dataDir = path.join(disk.dir, 'data');
    const w = await writer(dataDir);
    expect(await keepBallast(dataDir)).toBe(true);
    fillDisk(path.join(disk.dir, 'filler'));
    expect(freeBytes(disk.dir)).toBe(0);

    const stopped = await w.send('stop', 'closed');
    expect(stopped).toMatchObject({ done: 'answered', code: 0 });
    expect(stopped.stderr).toBe(`${dataDir} had less than 24 MB free: deleted its ballast (24 MB) to give the database room to stop.\n`);
    expect(fs.existsSync(path.join(dataDir, BALLAST_FILE))).toBe(false);

    expect(await storedIds(dataDir)).toEqual(w.acked);
  });

  it('without one, a stop that cannot finish says so, a start that fails there says the disk is why, and with room it has every acknowledged row', async () => {
    const dataDir = path.join(disk.dir, 'data');
    const w = await writer(dataDir);
    fillDisk(path.join(disk.dir, 'filler'));

    const stopped = await w.send('stop', 'closed');
    expect(stopped).toMatchObject({ done: 'answered', code: 0 });
    expect(stopped.stderr).toBe(
      `The database in ${dataDir} could not finish its shutdown checkpoint (the disk is full: 0 MB free). ` +
        'Nothing acknowledged is lost: the next start recovers it from the log, with 24 MB free.\n',
    );
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // A start that fails on this disk (as one does when it must make a WAL segment) is told why.
    expect(openFailureMessage(dataDir, new Error('PGlite failed to initialize properly'))).toBe(
      `The database in ${dataDir} could not be opened: the disk holding it has 0 MB free, and PostgreSQL may need 24 MB to start. ` +
        `That is most likely all that stopped it, not damage: free some space on that disk (old backups in ${dataDir}/backups, for one) and start again.`,
    );
    // With PostgreSQL's own words when it gave them (client.ts).
    expect(openFailureMessage(dataDir, new Error('PGlite failed to initialize properly: PostgreSQL said PANIC: could not write to file "pg_wal/xlogtemp.42": No space left on device'))).toMatch(
      /and start again\. \(PostgreSQL said PANIC: could not write to file "pg_wal\/xlogtemp\.42": No space left on device\)$/,
    );

    fs.rmSync(path.join(disk.dir, 'filler'));
    expect(await storedIds(dataDir)).toEqual(w.acked);
  });

  it('ends the process at a PANIC, with a line that says why, instead of freezing; the next start with room has every acknowledged row', async () => {
    const dataDir = path.join(disk.dir, 'data');
    const w = await writer(dataDir);
    fillDisk(path.join(disk.dir, 'filler'));

    // A checkpoint with no byte free PANICs (the server's own wait for 1 MB; this one is forced).
    const panicked = await w.send('checkpoint', 'checkpointed');
    console.log(`checkpoint on a full disk: ${panicked.done}, exit ${panicked.code} after ${panicked.ms} ms`);
    expect(panicked).toMatchObject({ done: 'exited', code: 1 });
    // One line, with PostgreSQL's own reason (which PGlite prints only in debug mode).
    expect(panicked.stderr).toMatch(
      new RegExp(
        `^The database in ${dataDir} stopped on an error it cannot continue from \\(the disk is full: 0 MB free; PostgreSQL said PANIC: [^\\n]*No space left on device\\)\\. ` +
          'Exiting now: the next start recovers every acknowledged write from its log\\.\n$',
      ),
    );
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    fs.rmSync(path.join(disk.dir, 'filler'));
    expect(await storedIds(dataDir)).toEqual(w.acked);
  });
});
