import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// Issue 29: PGlite runs PostgreSQL in single-user mode, which has no checkpointer, so nothing
// checkpointed until close and the write-ahead log grew by a 16 MB file at a time for as long as the
// process lived (every segment ever written stayed on disk). The database now checkpoints itself
// (db/client.ts, walHousekeeping) and old files are reused: the log stays a few files, whatever the
// volume written.

const MiB = 2 ** 20;
const SEGMENT = 16 * MiB;
/** max_wal_size (64 MB: four files kept for reuse) and the one being written. */
const MOST_FILES = 5;
const WRITE = 8 * SEGMENT;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-wal-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const walFiles = () => fs.readdirSync(path.join(dataDir, 'pglite', 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f));

it(`keeps the embedded database's log to ${MOST_FILES} files of 16 MB while ${WRITE / MiB} MB of it are written`, { timeout: 300_000 }, async () => {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const lsn = async () => {
      const { rows } = (await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`)) as unknown as { rows: Array<{ lsn: string }> };
      const [hi, lo] = rows[0].lsn.split('/');
      return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
    };
    // Rows rewritten in place (room left in each page): the log grows, the table does not.
    await db.execute(sql`create table wal_probe (id int primary key, body text not null) with (fillfactor = 40)`);
    await db.execute(sql`insert into wal_probe select n, '' from generate_series(1, 200) n`);
    const start = await lsn();
    let most = 0;
    while ((await lsn()) - start < WRITE) {
      await db.execute(sql`update wal_probe set body = repeat(md5(random()::text), 28)`);
      most = Math.max(most, walFiles().length);
      // As a site writes, not flat out: a few MB a second, the housekeeping's 2 s ticks in between.
      await new Promise((r) => setTimeout(r, 20));
    }
    const written = (await lsn()) - start;
    console.log(`wrote ${Math.round(written / MiB)} MB of log; at most ${most} files in pg_wal, ${walFiles().length} at the end`);
    expect(written).toBeGreaterThanOrEqual(WRITE);
    // Without checkpoints every file written would still be there: 8 or more.
    expect(most).toBeLessThanOrEqual(MOST_FILES);
  } finally {
    await database.close();
  }
});
