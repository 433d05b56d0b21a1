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

/** A fresh, migrated, empty database; on PostgreSQL a throw-away database that close() drops. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kerbside_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
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
