import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, testDatabases } from '../test/databases.ts';
import { MIGRATIONS_FOLDER, migrationsPending, openDatabase, type Database } from './client.ts';

// openDatabase skips Drizzle's migrator when the database already has the journal's newest migration
// (a restart reads one file and runs two queries instead of reading, hashing and checking every
// migration). It must still migrate a fresh database, one behind the journal, and one that a new
// migration file is added for, on either database. These run from copies of drizzle/ cut or extended.

type Journal = { entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-migrations-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const journalOf = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
const JOURNAL = journalOf(MIGRATIONS_FOLDER);

/** A copy of drizzle/ whose journal is `edit`ed; `files` are written beside the migrations. */
function migrationsCopy(name: string, edit: (entries: Journal['entries']) => Journal['entries'], files: Record<string, string> = {}) {
  const folder = path.join(root, name);
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = journalOf(folder);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: edit(journal.entries) }));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, file), text);
  return folder;
}

async function rows(database: Database, text: string) {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

const appliedCount = async (database: Database) => Number((await rows(database, 'select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n);
const pending = (database: Database, folder = MIGRATIONS_FOLDER) => migrationsPending((text) => rows(database, text), folder);

/**
 * Where one database lives across several opens: a PGlite data folder (or memory, for one open), or
 * a throw-away PostgreSQL database (dropped by `drop`).
 */
async function persistentDatabase(kind: 'pglite' | 'postgres', name: string) {
  if (kind === 'pglite') {
    const dataDir = name === 'memory' ? 'memory://' : path.join(root, `${name}-data`);
    return { open: (migrationsFolder: string) => openDatabase({ dataDir, migrationsFolder }), drop: async () => {} };
  }
  const scratch = await createScratchPostgresDatabase();
  return { open: (migrationsFolder: string) => openDatabase({ url: scratch.url, migrationsFolder }), drop: scratch.drop };
}

describe.each(testDatabases)('migrations on %s', (kind) => {
  it('migrates a fresh database, a database behind the journal, and one a new migration is added for', { timeout: 120_000 }, async () => {
    const behind = migrationsCopy(`${kind}-behind`, (entries) => entries.slice(0, -1));
    const newest = Math.max(...JOURNAL.entries.map((e) => e.when));
    const added = migrationsCopy(
      `${kind}-added`,
      (entries) => [...entries, { idx: entries.length, version: '7', when: newest + 1000, tag: '9999_probe', breakpoints: true }],
      { '9999_probe.sql': 'CREATE TABLE "migration_probe" ("id" integer);' },
    );
    const place = await persistentDatabase(kind, 'sequence');
    try {
      // Fresh, from a journal one migration short: everything it lists is applied.
      let database = await place.open(behind);
      expect(await appliedCount(database)).toBe(JOURNAL.entries.length - 1);
      expect(await pending(database, behind)).toBe(false);
      expect(await pending(database)).toBe(true);
      await database.close();

      // Behind the journal: the last migration is applied, and nothing is pending after it.
      database = await place.open(MIGRATIONS_FOLDER);
      expect(await appliedCount(database)).toBe(JOURNAL.entries.length);
      expect(await pending(database)).toBe(false);
      await database.close();

      // Up to date, then a new migration file in the journal: it runs.
      database = await place.open(MIGRATIONS_FOLDER);
      expect(await appliedCount(database)).toBe(JOURNAL.entries.length);
      expect(await pending(database, added)).toBe(true);
      await database.close();
      database = await place.open(added);
      expect(await appliedCount(database)).toBe(JOURNAL.entries.length + 1);
      expect(await rows(database, `select to_regclass('public.migration_probe') is not null as present`)).toEqual([{ present: true }]);
      expect(await pending(database, added)).toBe(false);
      await database.close();
    } finally {
      await place.drop();
    }
  });

  it('counts a database with no migration table, or an empty one, as behind', async () => {
    const place = await persistentDatabase(kind, 'memory');
    const none = migrationsCopy(`${kind}-none`, () => []);
    try {
      // A journal with no entries migrates nothing: the database gets no migration table at all.
      const database = await place.open(none);
      try {
        expect(await rows(database, `select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).toEqual([{ present: false }]);
        expect(await pending(database)).toBe(true);
        expect(await pending(database, none)).toBe(false);
        await database.db.execute(sql.raw('create schema drizzle'));
        await database.db.execute(sql.raw('create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)'));
        expect(await pending(database)).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await place.drop();
    }
  });
});
