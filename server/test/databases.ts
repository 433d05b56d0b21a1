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
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
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
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
