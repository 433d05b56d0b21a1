import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { DatabaseOpenError, openFailureMessage } from './open-failure.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-open-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('openFailureMessage', () => {
  const aborted = Object.assign(new Error('Aborted(). Build with -sASSERTIONS for more info.'), { name: 'RuntimeError' });

  it('names the newest backup and the restore command', () => {
    const dir = path.join(root, 'with-backups');
    fs.mkdirSync(path.join(dir, 'backups'), { recursive: true });
    for (const name of ['kerbside-20260101-020000.tar.gz', 'kerbside-20260103-010000.jsonl.gz', 'kerbside-20260102-030000.tar.gz', 'notes.txt']) {
      fs.writeFileSync(path.join(dir, 'backups', name), '');
    }
    expect(openFailureMessage(dir, aborted)).toBe(
      `The database in ${dir} could not be opened (PostgreSQL stopped on damaged files). ` +
        `Restore the latest backup: npm run restore -- ${dir}/backups/kerbside-20260103-010000.jsonl.gz`,
    );
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
    expect(openFailureMessage(dir, (err as DatabaseOpenError).cause)).toMatch(/^The database in .* could not be opened \(.+\)\. There is no backup/);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
