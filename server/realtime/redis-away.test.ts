import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisHealth, openRedis, REDIS_AWAY_MSG, REDIS_BACK_MSG } from '../lib/redis.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { addCategory, createPost, postBody } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { ownRedisAvailable, startOwnRedis, type OwnRedis } from '../test/own-redis.ts';
import { connect, listen, pause, type TestSocket } from '../test/sockets.ts';
import { BusAwayError, channel, createRedisBus, type EventBus } from './bus.ts';

// Issue 29: with Redis killed for 15 s, two processes acknowledged no post, comment or message for
// ~20 s, then answered 500 (MaxRetriesPerRequestError), logged "[ioredis] Unhandled error event", and
// messages stored as Redis returned never reached the other process's sockets. Here a Redis of the
// test's own (never the machine's) is killed with SIGKILL and started again on the same port.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const silent = { warn: () => undefined, error: () => undefined } as never;

/** Polls `check` every 50 ms until it is true (`ms` at most). */
async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await pause(50);
  }
}

describe.skipIf(!ownRedisAvailable)('the Redis bus and the watch of Redis while it is away', { timeout: 60_000 }, () => {
  let redis: OwnRedis;
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await redis?.destroy();
  });

  it('publish fails at once with BusAwayError, delivering nowhere; on return both processes are told to resync, and events flow again', async () => {
    const one = createRedisBus(redis.url, silent);
    const two = createRedisBus(redis.url, silent);
    const buses: EventBus[] = [one, two];
    try {
      const ch = channel<{ n: number }>(`kerbside-test:${randomUUID()}`);
      const got = buses.map(() => [] as number[]);
      const resyncs = buses.map(() => 0);
      await Promise.all(buses.map((b, i) => b.subscribe(ch, (e) => void got[i]!.push(e.n))));
      buses.forEach((b, i) => b.onResync(() => void resyncs[i]!++));
      await one.publish(ch, { n: 1 });
      await until(() => got.every((g) => g.length === 1), 2000, 'first event');
      const before = [...resyncs];

      await redis.kill();
      await pause(300); // the connections notice
      const started = Date.now();
      await expect(one.publish(ch, { n: 2 })).rejects.toBeInstanceOf(BusAwayError);
      expect(Date.now() - started).toBeLessThan(200);
      // A subscription made while away starts with the others when Redis is back.
      const late = channel<{ n: number }>(`kerbside-test:${randomUUID()}`);
      const lateGot: number[] = [];
      await two.subscribe(late, (e) => void lateGot.push(e.n));

      await redis.start();
      await until(() => resyncs.every((r, i) => r > before[i]!), 5000, 'resync on both buses');
      expect(got).toEqual([[1], [1]]); // the failed event reached nobody, the publisher included
      await until(async () => {
        await one.publish(ch, { n: 3 }).catch(() => undefined);
        return got.every((g) => g.includes(3));
      }, 5000, 'events again');
      await one.publish(late, { n: 4 });
      await until(() => lateGot.includes(4), 2000, 'the subscription made while away');
    } finally {
      await Promise.all(buses.map((b) => b.close()));
    }
  });

  it('a process whose own connection dropped an event tells the others to resync once it is back', async () => {
    const publisher = openRedis(redis.url);
    const one = createRedisBus(redis.url, silent, publisher);
    const two = createRedisBus(redis.url, silent);
    try {
      const ch = channel<{ n: number }>(`kerbside-test:${randomUUID()}`);
      let resyncs = 0;
      await two.subscribe(ch, () => undefined);
      two.onResync(() => void resyncs++);
      await one.publish(ch, { n: 1 });
      await pause(100);
      const before = resyncs;
      publisher.disconnect(true); // this process's connection alone drops, and comes back
      await expect(one.publish(ch, { n: 2 })).rejects.toBeInstanceOf(BusAwayError);
      await until(() => resyncs > before, 5000, 'the other process told to resync');
    } finally {
      await Promise.all([one.close(), two.close()]);
      publisher.disconnect();
    }
  });

  it('the watch warns once per outage, not at start-up (a connection still opening) nor at each reconnect attempt', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const health = createRedisHealth(log);
    const first = openRedis(redis.url);
    const second = openRedis(redis.url);
    try {
      await until(() => first.status === 'ready', 2000, 'first connection');
      health.watch(first);
      health.watch(second); // may still be opening
      await until(() => health.up, 2000, 'both connections up');
      expect(log.warn).not.toHaveBeenCalled();

      await redis.kill();
      await until(() => !health.up, 2000, 'the outage seen');
      await pause(1500); // several reconnect attempts fail meanwhile
      await redis.start();
      await until(() => health.up, 5000, 'back');
      expect(log.warn.mock.calls).toEqual([[{ redis: 'away' }, REDIS_AWAY_MSG]]);
      expect(log.info.mock.calls).toEqual([[{ awayMs: expect.any(Number) }, REDIS_BACK_MSG]]);
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });

  it('a process started while Redis is down subscribes at once and connects when Redis starts', async () => {
    await redis.kill();
    const bus = createRedisBus(redis.url, silent);
    try {
      const ch = channel<{ n: number }>(`kerbside-test:${randomUUID()}`);
      const got: number[] = [];
      let resyncs = 0;
      bus.onResync(() => void resyncs++);
      const started = Date.now();
      await bus.subscribe(ch, (e) => void got.push(e.n));
      await expect(bus.publish(ch, { n: 1 })).rejects.toBeInstanceOf(BusAwayError);
      expect(Date.now() - started).toBeLessThan(2000); // one refused connect, not a wait for Redis

      await redis.start();
      await until(() => resyncs > 0, 5000, 'resync once connected');
      await bus.publish(ch, { n: 2 });
      await until(() => got.includes(2), 2000, 'the subscription made before Redis started');
      expect(got).toEqual([2]);
    } finally {
      await bus.close();
    }
  });
});

describe.skipIf(!ownRedisAvailable || !TEST_DATABASE_URL)(
  `two app instances while their Redis is away${TEST_DATABASE_URL ? '' : ' — skipped: needs TEST_DATABASE_URL'}`,
  { timeout: 120_000 },
  () => {
    let redis: OwnRedis;
    const clients: Redis[] = [];
    let one: TestApp, two: TestApp;
    let url1: string, url2: string;
    let a: Member, b: Member;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      redis = await startOwnRedis();
      // As main.ts gives each process its shared client (rate limits, publishing) beside REDIS_URL (the bus).
      clients.push(openRedis(redis.url), openRedis(redis.url));
      one = await buildTestApp('postgres', { REDIS_URL: redis.url }, { redis: clients[0] });
      two = await buildTestApp('postgres', { REDIS_URL: redis.url }, { sameDatabaseAs: one, redis: clients[1] });
      url1 = await listen(one);
      url2 = await listen(two);
      a = await member(one);
      b = await member(two);
    }, 180_000); // two apps on PostgreSQL: slow on a busy machine
    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
      if (two) await two.close(); // before `one`, whose close drops the shared database
      if (one) await one.close();
      for (const c of clients) c.disconnect();
      await redis?.destroy();
    });

    // From this machine, as a scraper asks (no forwarded address: plugins/metrics.ts isLocalRequest).
    const redisUp = async (t: TestApp) => /^kerbside_redis_up (\d)/m.exec((await t.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1];
    const timed = async (send: () => ReturnType<typeof call>) => {
      const t0 = performance.now();
      const res = await send();
      return { res, ms: performance.now() - t0 };
    };

    it('writes answer 2xx within their normal time, limits still count per process, one warning and the metric; on return sockets resync and read what was stored meanwhile, once', async () => {
      const consoleError = vi.spyOn(console, 'error');
      const warns = [vi.spyOn(one.app.log, 'warn'), vi.spyOn(two.app.log, 'warn')];
      const infos = [vi.spyOn(one.app.log, 'info'), vi.spyOn(two.app.log, 'info')];
      try {
        const cat = await addCategory(one.database.db);
        const post = await createPost(one, a.cookie, cat.id, { title: 'Depot car park closed on Sunday' });
        const start = await call(one, 'POST', '/api/chat/start', { cookie: a.cookie, body: { recipientId: b.id } });
        expect(start.statusCode, start.body).toBe(200);
        const conversationId = (start.json() as { conversationId: number }).conversationId;

        const aOnOne = await connect(url1, a.cookie);
        const bOnTwo = await connect(url2, b.cookie);
        sockets.push(aOnOne, bOnTwo);
        aOnOne.send({ type: 'subscribe_post', postId: post.id });
        await aOnOne.next('post_subscribed');
        const send = (t: TestApp, m: Member, text: string) =>
          call(t, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { cookie: m.cookie, body: { text, clientMessageId: randomUUID() } });
        // Across the processes while Redis is there.
        const helloSent = await timed(() => send(one, a, 'Anyone know where we park on Sunday?'));
        const hello = helloSent.res.json() as { id: number };
        const normalComment = await timed(() => call(one, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: a.cookie, body: { content: 'Asking at the depot too.' } }));
        expect(normalComment.res.statusCode).toBe(201);
        // A write's normal time here, on this (perhaps busy: two cores shared) machine: with Redis away
        // each must answer within a second plus twice that, where they used to wait ~20 s for Redis.
        const withinMs = 1000 + 2 * Math.max(helloSent.ms, normalComment.ms);
        await bOnTwo.next('new_message', (f) => f.message.id === hello.id);
        expect(await redisUp(one)).toBe('1');

        await redis.kill();
        await until(async () => (await redisUp(one)) === '0' && (await redisUp(two)) === '0', 5000, 'kerbside_redis_up 0');

        const answers: Array<{ what: string; status: number; ms: number }> = [];
        const note = (what: string, r: { res: { statusCode: number }; ms: number }) => answers.push({ what, status: r.res.statusCode, ms: r.ms });
        const away = await timed(() => send(one, a, 'Try the retail park, it is free after six'));
        note('message', away);
        const awayMessage = away.res.json() as { id: number };
        // This process's sockets still hear it at once; the other's will resync.
        await aOnOne.next('new_message', (f) => f.message.id === awayMessage.id);
        const comment = await timed(() => call(two, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: 'The retail park works for me too.' } }));
        note('comment', comment);
        const commentId = (comment.res.json() as { id: number }).id;
        note('post', await timed(() => call(two, 'POST', '/api/forum/posts', { cookie: b.cookie, body: postBody(cat.id) })));
        note('reply', await timed(() => send(two, b, 'Thanks, will do')));
        // Rate limits fall back to counting in each process, not to no limit: the comment burst is 10 a
        // minute (one already spent above).
        for (let i = 0; i < 9; i++) {
          note('comment', await timed(() => call(two, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: `Same here, number ${i}.` } })));
        }
        const limited = await call(two, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: 'One too many.' } });
        expect(limited.statusCode, limited.body).toBe(429);
        expect(limited.json()).toEqual({ message: expect.stringMatching(/^You are commenting too quickly/) });

        for (const x of answers) {
          expect(x.status, x.what).toBeGreaterThanOrEqual(200);
          expect(x.status, x.what).toBeLessThan(300);
          expect(x.ms, x.what).toBeLessThan(withinMs);
        }

        await redis.start();
        // Open sockets are told to resync once their process is back on Redis …
        await bOnTwo.next('resync', undefined, 5000);
        await aOnOne.next('resync', undefined, 5000);
        await until(async () => (await redisUp(one)) === '1' && (await redisUp(two)) === '1', 5000, 'kerbside_redis_up 1');
        // … and the client's resync reads (what it asks after a reconnect) return what was stored meanwhile, once.
        const caughtUp = await call(two, 'GET', `/api/chat/messages?conversationId=${conversationId}&after=${hello.id}`, { cookie: b.cookie });
        expect(caughtUp.statusCode).toBe(200);
        const ids = (caughtUp.json() as { messages: Array<{ id: number }> }).messages.map((m) => m.id);
        expect(ids.filter((id) => id === awayMessage.id)).toHaveLength(1);
        const notes = (await call(one, 'GET', '/api/forum/notifications', { cookie: a.cookie })).json() as Array<{ commentId: number | null }>;
        expect(notes.filter((n) => n.commentId === commentId)).toHaveLength(1);
        const comments = (await call(one, 'GET', `/api/forum/posts/${post.id}/comments`, { cookie: a.cookie })).json() as { comments: Array<{ id: number }> };
        expect(comments.comments.filter((c) => c.id === commentId)).toHaveLength(1);

        // Live across the processes again, and nothing from the outage sent twice.
        const after = (await send(one, a, 'See you there')).json() as { id: number };
        await bOnTwo.next('new_message', (f) => f.message.id === after.id);
        expect(bOnTwo.frames.filter((f) => f.type === 'new_message' && f.message.id === awayMessage.id).length).toBeLessThanOrEqual(1);
        expect(aOnOne.frames.filter((f) => f.type === 'new_message' && f.message.id === awayMessage.id)).toHaveLength(1);

        // One warning per process for the outage (not one per request), and one line when it ended.
        for (const spy of warns) expect(spy.mock.calls.filter((c) => c[1] === REDIS_AWAY_MSG)).toHaveLength(1);
        for (const spy of infos) expect(spy.mock.calls.filter((c) => c[1] === REDIS_BACK_MSG)).toHaveLength(1);
        expect(consoleError.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');
      } finally {
        consoleError.mockRestore();
        for (const spy of [...warns, ...infos]) spy.mockRestore();
      }
    });

    it('Redis connected but not answering (CLIENT PAUSE): writes and reads answer within a second, limits count per process, and Redis is asked again once it answers', async () => {
      const cat = await addCategory(one.database.db);
      const post = await createPost(one, a.cookie, cat.id, { title: 'Gate code at the Wakefield hub' });
      const admin = openRedis(redis.url, { enableOfflineQueue: true });
      try {
        await admin.call('CLIENT', 'PAUSE', '4000', 'ALL');
        const answers: Array<{ what: string; status: number; ms: number }> = [];
        const note = (what: string, r: { res: { statusCode: number }; ms: number }) => answers.push({ what, status: r.res.statusCode, ms: r.ms });
        // Each used to wait for the rate limit's Redis command to time out (1 s), then count here.
        note('read', await timed(() => call(one, 'GET', `/api/forum/posts/${post.slug}`, { cookie: b.cookie })));
        // The burst of 10 comments a minute, then one too many.
        for (let i = 0; i < 10; i++) {
          note('comment', await timed(() => call(one, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: `Code changed again, number ${i}.` } })));
        }
        expect(answers.map((x) => x.status)).toEqual([200, ...Array(10).fill(201)]);
        // Every answer came before Redis did: nothing waited on it past REDIS_QUICK_MS.
        for (const x of answers) expect(x.ms, x.what).toBeLessThan(1000);
        const limited = await call(one, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: 'One too many.' } });
        expect(limited.statusCode, limited.body).toBe(429);
        // Once the pause ends, the shared count is used again: b's comments on one were counted on
        // this process only (but the first), so the other process, asking Redis, lets b comment.
        await until(async () => {
          const res = await call(two, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: b.cookie, body: { content: `Back to normal ${Date.now()}.` } });
          return res.statusCode === 201;
        }, 10_000, 'a comment through Redis again');
      } finally {
        await admin.call('CLIENT', 'UNPAUSE').catch(() => undefined);
        admin.disconnect();
      }
    });
  },
);
