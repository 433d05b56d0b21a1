import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/databases.ts';

// Issue 14 (bench/faults.ts): a PostgreSQL restart ended every app process, because the pool reports an
// idle connection the server closed as an 'error' event, and an 'error' nobody hears is thrown. The
// server closing the connections is done here with pg_terminate_backend (what a restart does to them).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('outlives the server closing its idle connections, and the next query opens a new one', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await Promise.all([database.ping(), database.ping(), database.ping()]); // several idle connections
      const name = new URL(database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1', [name]);
      await admin.end();
      expect(rows[0].n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300)); // the pool hears the connections go
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
