import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from './client.ts';
import { readTemplate, templateFile } from './template.ts';

// Issue 31 item 6: a new embedded database is a copy of the template the build made (the test run's
// global setup made it: server/test/db-template.ts), migrated already; without one, or with a broken
// one, it is made from nothing as before.

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-template-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const migrationCount = () => fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;

async function applied(database: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function systemIdentifier(database: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await database.db.execute<{ id: string }>(sql`select system_identifier::text as id from pg_control_system()`);
  return (rows as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
}

describe('the new-database template', () => {
  it('is there for the migrations as they are, named by their hash', () => {
    expect(readTemplate(MIGRATIONS_FOLDER)).toBeInstanceOf(Blob);
    expect(path.basename(templateFile(MIGRATIONS_FOLDER))).toMatch(/^pglite-[0-9a-f]{16}\.tar\.gz$/);
  });

  it('makes a new database on disk and in memory with every migration applied, and it works', async () => {
    const clusters = new Set<string>();
    for (const dataDir of [tempDir(), 'memory://']) {
      const database = await openDatabase({ dataDir });
      try {
        clusters.add(await systemIdentifier(database));
        expect(await applied(database)).toBe(migrationCount());
        await database.db.execute(sql`insert into categories (name, slug, description, color, position) values ('Vans', 'vans', 'Vans', '#000000', 1)`);
        const rows = await database.db.execute<{ slug: string }>(sql`select slug from categories`);
        expect((rows as unknown as { rows: Array<{ slug: string }> }).rows).toEqual([{ slug: 'vans' }]);
      } finally {
        await database.close();
      }
    }
    // Copies of one cluster: initdb would have given each its own identifier.
    expect(clusters.size).toBe(1);
  });

  it('is passed over for other migrations, and a broken one is passed over with a warning', async () => {
    const migrations = tempDir();
    fs.cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
    fs.writeFileSync(path.join(migrations, 'NOTES.md'), 'Not a migration, but a change to the folder.');
    // Another set of migrations: its template would be another file, and there is none.
    expect(templateFile(migrations)).not.toBe(templateFile(MIGRATIONS_FOLDER));
    expect(readTemplate(migrations)).toBeUndefined();
    const fromNothing = await openDatabase({ dataDir: tempDir(), migrationsFolder: migrations });
    const copy = await openDatabase({ dataDir: 'memory://' });
    expect(await applied(fromNothing)).toBe(migrationCount());
    expect(await systemIdentifier(fromNothing)).not.toBe(await systemIdentifier(copy));
    await Promise.all([fromNothing.close(), copy.close()]);

    fs.mkdirSync(path.dirname(templateFile(migrations)), { recursive: true });
    fs.writeFileSync(templateFile(migrations), 'not a tarball');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const database = await openDatabase({ dataDir: tempDir(), migrationsFolder: migrations });
      expect(await applied(database)).toBe(migrationCount());
      await database.close();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('The database template did not load'));
    } finally {
      fs.rmSync(templateFile(migrations), { force: true });
    }
    // Every migration from nothing, twice, on PGlite: 20 s on a quiet machine, a minute on a loaded one.
  }, 180_000);
});
