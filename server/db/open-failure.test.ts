import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { DatabaseOpenError, openFailureMessage } from './open-failure.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-open-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('openFailureMessage', () => {
  const aborted = Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), { name: 'RuntimeError' });

  it('names the newest backup, when it was taken, what restoring it loses, and the restore command', () => {
    const dir = path.join(root, 'with-backups');
    fs.mkdirSync(path.join(dir, 'backups'), { recursive: true });
    for (const name of ['kerbside-20260101-020000.tar.gz', 'kerbside-20260103-010000.jsonl.gz', 'kerbside-20260102-030000.tar.gz', 'notes.txt']) {
      fs.writeFileSync(path.join(dir, 'backups', name), '');
    }
    // The database's log and control file were last written 2 days 5 hours after the newest backup.
    for (const file of ['pglite/global/pg_control', 'pglite/pg_wal/000000010000000000000001']) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), '');
      fs.utimesSync(path.join(dir, file), new Date('2026-01-05T06:30:00Z'), new Date('2026-01-05T06:30:00Z'));
    }
    const newest = `${dir}/backups/kerbside-20260103-010000.jsonl.gz`;
    expect(openFailureMessage(dir, aborted)).toBe(
      `The database in ${dir} could not be opened (PostgreSQL stopped on damaged files). ` +
        `The newest backup is ${newest}, taken Sat 3 Jan 2026 at 01:00 (UK time); restoring it loses everything written since then ` +
        `(the database was last written Mon 5 Jan 2026 at 06:30, 2 days 5 hours later). Restore it: npm run restore -- ${newest}`,
    );

    // Nothing written after the backup: nothing to lose.
    for (const file of ['pglite/global/pg_control', 'pglite/pg_wal/000000010000000000000001']) {
      fs.utimesSync(path.join(dir, file), new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    }
    expect(openFailureMessage(dir, aborted)).toContain(`taken Sat 3 Jan 2026 at 01:00 (UK time); nothing was written after it. Restore it:`);
  });

  it('without a backup, says so and how to start afresh; keeps the reason to one short line', () => {
    const dir = path.join(root, 'no-backups');
    const err = new Error(`relation "users" does not exist\n${'  at somewhere\n'.repeat(5)}`);
    expect(openFailureMessage(dir, err)).toBe(
      `The database in ${dir} could not be opened (relation "users" does not exist). There is no backup in ${dir}/backups. ` +
        `To start afresh with an empty database, move the folder away: mv ${dir} ${dir}.damaged`,
    );
  });
});

describe('openDatabase on damaged files', () => {
  it('throws DatabaseOpenError and gives the lock back', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'damaged');
    await (await openDatabase({ dataDir: dir })).close();
    fs.writeFileSync(path.join(dir, 'pglite/global/pg_control'), 'garbage');
    const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseOpenError);
    expect((err as DatabaseOpenError).dataDir).toBe(dir);
    // PostgreSQL's own reason, which PGlite prints only in debug mode, is in the message.
    expect(openFailureMessage(dir, (err as DatabaseOpenError).cause)).toMatch(
      /^The database in .* could not be opened \(PostgreSQL stopped on damaged files: PANIC: could not read file "global\/pg_control"[^)]*\)\. There is no backup/,
    );
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

// Issue 29's crash-safety test: a kill -9 between PostgreSQL creating postmaster.pid and writing it left it
// empty, and no start opened the database again ("lock file "postmaster.pid" is empty").
describe('a start killed while PostgreSQL wrote its postmaster.pid', () => {
  it('opens again, with what was written before', { timeout: 120_000 }, async () => {
    const dir = path.join(root, 'empty-pid');
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (7)`);
    await first.close();
    fs.writeFileSync(path.join(dir, 'pglite/postmaster.pid'), '');
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(((await again.db.execute(sql`select n from kept`)) as unknown as { rows: unknown[] }).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });
});
