// The fuzzer's and the matrix's "a refusal changes nothing" rests on fingerprint(): it keeps its last
// answer while no transaction has ended. If that mark ever stood still through a write, every later
// check would compare a kept answer with itself and pass. Here a write, even one the API never makes,
// must show, on both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildSecurityApp, changedTables, fingerprint, type SecurityApp } from './fixtures.ts';

describe.each(testDatabases)('the database fingerprint on %s', (kind) => {
  let t: SecurityApp;
  beforeAll(async () => {
    t = await buildSecurityApp(kind);
  }, 180_000);
  afterAll(async () => t?.dispose());

  it('is the same while nothing is written, and names the table each write changed', async () => {
    const db = t.database.db;
    let before = await fingerprint(t);
    expect(changedTables(before, await fingerprint(t))).toEqual([]);
    for (const write of [
      sql`insert into tags (slug, name, kind) values ('fingerprint-test', 'Fingerprint test', 'topic')`,
      sql`update tags set name = 'Fingerprint test, renamed' where slug = 'fingerprint-test'`,
      sql`delete from tags where slug = 'fingerprint-test'`,
    ]) {
      await db.execute(write);
      const after = await fingerprint(t);
      expect(changedTables(before, after)).toEqual(['tags']);
      before = after;
    }
  });
});
