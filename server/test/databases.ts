import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * The databases API tests run against: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Use with `describe.each(testDatabases)`.
 */
export const testDatabases: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A throw-away, empty PostgreSQL database beside TEST_DATABASE_URL's: its URL, and drop(), which
 * waits for its connections to go and drops it.
 */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kerbside_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pool.end() can resolve before the server has seen every connection go; wait for that
      // rather than forcing, which would fail the still-closing clients.
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh, migrated, empty database; on PostgreSQL a throw-away database that close() drops. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const scratch = await createScratchPostgresDatabase();
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
