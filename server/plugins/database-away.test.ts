import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { addCategory } from '../test/forum.ts';
import { call, insertMember } from '../test/members.ts';
import { ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from '../test/own-postgres.ts';

// Issue 29: with PostgreSQL away, API reads and writes answered 500 "Something went wrong on our side".
// They answer 503 with Retry-After and a plain message, pages show the same in a page of their own, and
// the first request after PostgreSQL returns works, with nothing restarted (errors.test.ts: the page). The test stops and starts a
// PostgreSQL of its own (server/test/own-postgres.ts), never the machine's.
describe.skipIf(!ownPostgresAvailable)('PostgreSQL away', { timeout: 120_000 }, () => {
  let pg: OwnPostgres;
  let t: TestApp;
  let cookie: string;
  let categoryId: number;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    // The app's own database beside "postgres" on the private server (buildTestApp makes a scratch one).
    process.env.KERBSIDE_SAVED_TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
    process.env.TEST_DATABASE_URL = pg.url;
    try {
      t = await buildTestApp('postgres');
    } finally {
      const saved = process.env.KERBSIDE_SAVED_TEST_DATABASE_URL;
      if (saved) process.env.TEST_DATABASE_URL = saved;
      else delete process.env.TEST_DATABASE_URL;
      delete process.env.KERBSIDE_SAVED_TEST_DATABASE_URL;
    }
    cookie = (await insertMember(t)).cookie;
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.app.close().catch(() => {});
    await t?.database.close().catch(() => {});
    pg?.destroy();
  });

  const newPost = () => call(t, 'POST', '/api/forum/posts', { cookie, body: { title: 'Parking at the depot', content: 'Where do you all leave the van overnight?', categoryId } });

  it('reads and writes answer 503 with Retry-After and a plain message while it is away, and work again when it returns', async () => {
    expect((await call(t, 'GET', '/api/forum/posts')).statusCode).toBe(200);
    expect((await newPost()).statusCode).toBe(201);

    pg.stop();
    for (const res of [await call(t, 'GET', '/api/forum/posts?sortBy=views'), await newPost(), await call(t, 'GET', '/api/auth/user', { cookie })]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: 'Kerbside is having trouble — try again in a moment.' });
    }

    pg.start();
    const t0 = Date.now();
    let status = 0;
    while (Date.now() - t0 < 10_000 && (status = (await call(t, 'GET', '/api/forum/posts?sortBy=newest')).statusCode) !== 200) await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
    expect((await newPost()).statusCode).toBe(201);
  });

  it('a connection dropped inside a transaction, between its queries, fails that transaction and not the process', async () => {
    let entered!: () => void;
    let proceed!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const go = new Promise<void>((resolve) => (proceed = resolve));
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await go; // the connection is checked out and idle here, as while a request awaits something else
      await tx.execute(sql`select 1`);
    });
    transaction.catch(() => undefined);
    await inside;
    pg.stop(); // ends the connection under the transaction: an 'error' nobody listened to ended the process
    await new Promise((r) => setTimeout(r, 300));
    proceed();
    await expect(transaction).rejects.toThrow();

    pg.start();
    const t0 = Date.now();
    let status = 0;
    while (Date.now() - t0 < 10_000 && (status = (await newPost()).statusCode) !== 201) await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(201);
  });
});
