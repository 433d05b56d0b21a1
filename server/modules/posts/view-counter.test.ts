import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost } from '../../test/forum.ts';
import { member, type Member } from '../../test/members.ts';
import { createViewCounter, viewerKey } from './view-counter.ts';

const silent = { error: () => {} };

describe.each(testDatabases)('post views on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number };
  let author: Member, reader: Member, reader2: Member;

  const storedViews = async (id: number) => (await t.database.db.select({ n: posts.viewCount }).from(posts).where(eq(posts.id, id)))[0].n;
  const view = async (id: number, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/forum/posts/${id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { viewCount: number }).viewCount;
  };
  const as = (m: Member) => ({ cookie: m.cookie });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cat = await addCategory(t.database.db);
    author = await member(t);
    reader = await member(t);
    reader2 = await member(t);
  });
  afterAll(() => t.close());

  it('one member viewing 3 times counts once; the reply shows it before it is written', async () => {
    const p = await createPost(t, author.cookie, cat.id);
    expect([await view(p.id, as(reader)), await view(p.id, as(reader)), await view(p.id, as(reader))]).toEqual([1, 1, 1]);
    expect(await storedViews(p.id)).toBe(0); // no write on the request path
    await t.app.viewCounter.flush();
    expect(await storedViews(p.id)).toBe(1);
    expect(await view(p.id, as(reader))).toBe(1);
    await t.app.viewCounter.flush();
    expect(await storedViews(p.id)).toBe(1);
  });

  it('two members count twice, by id or slug alike', async () => {
    const p = await createPost(t, author.cookie, cat.id);
    await view(p.id, as(reader));
    await t.app.inject({ method: 'GET', url: `/api/forum/posts/${p.slug}`, headers: as(reader) });
    expect(await view(p.id, as(reader2))).toBe(2);
    await t.app.viewCounter.flush();
    expect(await storedViews(p.id)).toBe(2);
  });

  it('guests are told apart by address and browser', async () => {
    const p = await createPost(t, author.cookie, cat.id);
    const guest = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Firefox' };
    await view(p.id, guest);
    await view(p.id, guest);
    expect(await view(p.id, { ...guest, 'x-forwarded-for': '203.0.113.8' })).toBe(2);
    expect(await view(p.id, { ...guest, 'user-agent': 'Safari' })).toBe(3);
    await t.app.viewCounter.flush();
    expect(await storedViews(p.id)).toBe(3);
  });

  it('a missing or deleted post counts nothing', async () => {
    const p = await createPost(t, author.cookie, cat.id);
    await t.app.inject({ method: 'DELETE', url: `/api/forum/posts/${p.id}`, headers: { ...as(author), origin: t.app.deps.config.appUrl } });
    expect((await t.app.inject({ method: 'GET', url: `/api/forum/posts/${p.id}` })).statusCode).toBe(404);
    expect(t.app.viewCounter.pending(p.id)).toBe(0);
  });

  it('closing the app writes what is pending', async () => {
    const own = await buildTestApp(kind);
    try {
      const c = await addCategory(own.database.db);
      const m = await member(own);
      const p = await createPost(own, m.cookie, c.id);
      await own.app.inject({ method: 'GET', url: `/api/forum/posts/${p.id}` });
      await own.app.close();
      const [row] = await own.database.db.select({ n: posts.viewCount }).from(posts).where(eq(posts.id, p.id));
      expect(row.n).toBe(1);
    } finally {
      await own.database.close();
    }
  });
});

describe('view counter (unit)', () => {
  const fakeDb = () => {
    const statements: string[] = [];
    const execute = vi.fn(async (q: { queryChunks?: unknown[] }) => {
      statements.push(JSON.stringify(q));
    });
    return { db: { execute } as unknown as Db, execute, statements };
  };

  it('writes every pending post in one statement per flush, and nothing when idle', async () => {
    const { db, execute } = fakeDb();
    const views = createViewCounter({ db, log: silent });
    await views.record(1, 'u1');
    await views.record(1, 'u2');
    await views.record(2, 'u1');
    expect([views.pending(1), views.pending(2)]).toEqual([2, 1]);
    await views.flush();
    expect(execute).toHaveBeenCalledTimes(1);
    expect(views.pending(1)).toBe(0);
    await views.flush();
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const { db, execute } = fakeDb();
    execute.mockRejectedValueOnce(new Error('database away'));
    const views = createViewCounter({ db, log: silent });
    await views.record(7, 'u1');
    await views.flush();
    expect(views.pending(7)).toBe(1);
    await views.record(7, 'u2');
    await views.flush();
    expect(views.pending(7)).toBe(0);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('forgets a viewer after an hour, and the oldest viewers first when full', async () => {
    let now = 0;
    const views = createViewCounter({ db: fakeDb().db, log: silent, maxKeys: 2, now: () => now });
    await views.record(1, 'a');
    expect(await views.record(1, 'a')).toBe(1);
    now += 3_599_000;
    expect(await views.record(1, 'a')).toBe(1);
    now += 2_000;
    expect(await views.record(1, 'a')).toBe(2);
    await views.record(1, 'b');
    await views.record(1, 'c'); // 'a' is the oldest and is dropped
    expect(await views.record(1, 'c')).toBe(4);
    expect(await views.record(1, 'a')).toBe(5);
  });

  it('with Redis, processes sharing it count a viewer once; if Redis fails, memory still dedupes', async () => {
    const store = new Map<string, string>();
    const set = vi.fn(async (key: string, value: string, ex: string, ttl: number, nx: string) => {
      expect([ex, ttl, nx]).toEqual(['EX', 3600, 'NX']);
      if (store.has(key)) return null;
      store.set(key, value);
      return 'OK';
    });
    const redis = { set, status: 'ready' } as unknown as Redis;
    const one = createViewCounter({ db: fakeDb().db, redis, log: silent });
    const two = createViewCounter({ db: fakeDb().db, redis, log: silent });
    expect(await one.record(3, 'u1')).toBe(1);
    expect(await two.record(3, 'u1')).toBe(0);
    expect(await two.record(3, 'u2')).toBe(1);

    set.mockRejectedValue(new Error('redis away'));
    expect(await one.record(4, 'u9')).toBe(1);
    expect(await one.record(4, 'u9')).toBe(1);
  });

  it.runIf(process.env.REDIS_URL)('works against a real Redis (REDIS_URL)', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const viewer = unique('v');
    try {
      await redis.ping(); // connected: a request never waits for Redis to connect (lib/redis.ts)
      const one = createViewCounter({ db: fakeDb().db, redis, log: silent });
      const two = createViewCounter({ db: fakeDb().db, redis, log: silent });
      expect(await one.record(1, viewer)).toBe(1);
      expect(await two.record(1, viewer)).toBe(0);
      expect(await redis.ttl(`kerbside-view:1:${viewer}`)).toBeGreaterThan(3590);
      } finally {
      await redis.del(`kerbside-view:1:${viewer}`);
      redis.disconnect();
    }
  });

  it('keys a member by id and a guest by a hash of address and browser', () => {
    expect(viewerKey({ user: { id: 42 }, ip: '1.2.3.4', headers: {} })).toBe('u42');
    const a = viewerKey({ user: null, ip: '1.2.3.4', headers: { 'user-agent': 'X' } });
    expect(a).toMatch(/^g[\w-]{22}$/);
    expect(a).not.toContain('1.2.3.4');
    expect(viewerKey({ user: null, ip: '1.2.3.4', headers: { 'user-agent': 'Y' } })).not.toBe(a);
  });
});
