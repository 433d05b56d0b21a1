import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { emails } from '../db/schema/index.ts';
import { createLocalBus, createRedisBus, type EventBus } from '../realtime/bus.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, createPost } from '../test/forum.ts';
import { member } from '../test/members.ts';
import { connect, listen } from '../test/sockets.ts';
import { BUS_PING_TIMEOUT_MS, METRICS_REFUSED_MSG } from './metrics.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const REMOTE = '203.0.113.9';

/** The value of one sample of the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = (t: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...opts });

describe('GET /metrics: who may read it', () => {
  let t: TestApp;
  let hops: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { METRICS_TOKEN: TOKEN });
    // A hop count believes X-Forwarded-For from any peer: the address it makes must not count.
    hops = await buildTestApp('pglite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await hops?.close();
  });

  const refused = (res: Awaited<ReturnType<typeof scrape>>) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: METRICS_REFUSED_MSG });
  };

  it('answers this machine (inject comes from 127.0.0.1; ::1 too) in Prometheus text', async () => {
    for (const remoteAddress of [undefined, '127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(t, { remoteAddress });
      expect(res.statusCode, String(remoteAddress)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // The process's default metrics.
    const text = (await scrape(t)).body;
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('refuses any other address, and a forwarded request whatever its peer or its X-Forwarded-For', async () => {
    refused(await scrape(t, { remoteAddress: REMOTE }));
    refused(await scrape(t, { remoteAddress: '10.0.0.5' }));
    // Someone remote claiming to be local.
    refused(await scrape(t, { remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } }));
    refused(await scrape(hops, { remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } }));
    // A proxy on this machine (peer 127.0.0.1) forwarding someone else's request, however it says so.
    refused(await scrape(t, { headers: { 'x-forwarded-for': REMOTE } }));
    refused(await scrape(t, { headers: { 'x-forwarded-for': '127.0.0.1' } }));
    refused(await scrape(t, { headers: { forwarded: `for=${REMOTE}` } }));
    refused(await scrape(t, { headers: { 'x-real-ip': REMOTE } }));
  });

  it('answers anyone with the METRICS_TOKEN as a bearer token, through a proxy too; no other token', async () => {
    expect((await scrape(t, { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect((await scrape(t, { headers: { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': REMOTE } })).statusCode).toBe(200);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN} ${TOKEN}`]) {
      refused(await scrape(t, { remoteAddress: REMOTE, headers: { authorization } }));
    }
    // Without METRICS_TOKEN no token opens it.
    refused(await scrape(hops, { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } }));
  });

  it('METRICS_TOKEN must be 16 characters or more, without spaces', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    for (const bad of ['short-token', 'sixteen chars ok']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN: must be at least 16 characters, with no spaces/);
    }
  });
});

describe.each(testDatabases)('GET /metrics: what it reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('times requests by route pattern, method and status, never by raw URL', async () => {
    const cat = await addCategory(t.database.db);
    const author = await member(t);
    const post = await createPost(t, author.cookie, cat.id);
    expect((await t.app.inject(`/api/forum/posts/${post.id}/comments`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/forum/posts/999999/comments')).statusCode).toBe(404);
    await t.app.inject('/no/such/page/for-metrics');
    const text = (await scrape(t)).body;
    const route = '/api/forum/posts/:id/comments';
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route, status_code: '200', le: '+Inf' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum', { route, status_code: '200' })).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'not found', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/forum/posts/${post.id}/`);
    expect(text).not.toContain('for-metrics');
  });

  it('counts open sockets as they connect and close', async () => {
    const url = await listen(t);
    const socketsNow = async () => sample((await scrape(t)).body, 'kerbside_websocket_connections');
    expect(await socketsNow()).toBe(0);
    const m = await member(t);
    const a = await connect(url, m.cookie);
    const b = await connect(url, m.cookie);
    expect(await socketsNow()).toBe(2);
    await a.close();
    await expect.poll(socketsNow).toBe(1);
    await b.close();
    await expect.poll(socketsNow).toBe(0);
  });

  it('reports the outbox queue (pending) and mails that failed for good', async () => {
    const mail = { subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', kind: 'test' };
    // Held back (nextAttemptAt ahead) so no delivery changes them while we look.
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db.insert(emails).values([
      { ...mail, to: 'a@example.com', status: 'pending', nextAttemptAt: later },
      { ...mail, to: 'b@example.com', status: 'pending', attempts: 2, error: 'timeout', nextAttemptAt: later },
      { ...mail, to: 'c@example.com', status: 'failed', attempts: 5, error: 'refused' },
      { ...mail, to: 'd@example.com', status: 'sent', attempts: 1, sentAt: new Date() },
    ]);
    const text = (await scrape(t)).body;
    expect(sample(text, 'kerbside_email_outbox_pending')).toBe(2);
    expect(sample(text, 'kerbside_email_outbox_failed')).toBe(1);
  });

  it('reports the job runner: runs by name and outcome, how long they took, and the jobs pending and failed for good', async () => {
    let failing = true;
    t.app.jobs.define('test.m-ok', async () => undefined);
    // Fails once (pending again, retried 5 s later), and one that fails on its only attempt (dead).
    t.app.jobs.define(
      'test.m-flaky',
      async () => {
        throw new Error('push service away');
      },
      { maxAttempts: 2 },
    );
    t.app.jobs.define(
      'test.m-dies',
      async () => {
        if (failing) throw new Error('refused');
      },
      { maxAttempts: 1 },
    );
    for (const name of ['test.m-ok', 'test.m-flaky', 'test.m-dies']) await t.app.jobs.enqueue(t.database.db, name, {});
    await t.app.jobs.settled();
    let text = (await scrape(t)).body;
    expect(sample(text, 'kerbside_jobs_finished_total', { name: 'test.m-ok', outcome: 'done' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_finished_total', { name: 'test.m-flaky', outcome: 'retry' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_finished_total', { name: 'test.m-dies', outcome: 'dead' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_run_seconds_count', { name: 'test.m-ok' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_run_seconds_bucket', { name: 'test.m-dies', le: '+Inf' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_run_seconds_sum', { name: 'test.m-flaky' })).toBeGreaterThan(0);
    expect(sample(text, 'kerbside_jobs_pending', { name: 'test.m-flaky' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_dead', { name: 'test.m-flaky' })).toBe(0);
    expect(sample(text, 'kerbside_jobs_pending', { name: 'test.m-dies' })).toBe(0);
    expect(sample(text, 'kerbside_jobs_dead', { name: 'test.m-dies' })).toBe(1);
    // Done jobs are not counted at scrape time (their runs are).
    expect(sample(text, 'kerbside_jobs_pending', { name: 'test.m-ok' })).toBeUndefined();

    // An admin's retry: it runs and succeeds; the failed count reads 0 rather than vanishing.
    failing = false;
    const [dead] = (await t.app.jobs.summary()).dead;
    expect(await t.app.jobs.retry(t.database.db, dead.id)).toBe(true);
    await t.app.jobs.settled();
    text = (await scrape(t)).body;
    expect(sample(text, 'kerbside_jobs_finished_total', { name: 'test.m-dies', outcome: 'done' })).toBe(1);
    expect(sample(text, 'kerbside_jobs_dead', { name: 'test.m-dies' })).toBe(0);
  });

  it('reports the database pool, the analytics buffer and the bus round trip', async () => {
    const text = (await scrape(t)).body;
    if (kind === 'pglite') {
      expect(sample(text, 'kerbside_db_pool_connections')).toBe(1);
      expect(sample(text, 'kerbside_db_pool_idle_connections')).toBeUndefined();
    } else {
      expect(sample(text, 'kerbside_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'kerbside_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'kerbside_db_pool_waiting_requests')).toBe(0);
    }
    expect(sample(text, 'kerbside_analytics_buffered_rows')).toBe(0);
    for (const state of ['in_flight', 'retrying']) expect(sample(text, 'kerbside_push_pending', { state })).toBe(0);
    const lag = sample(text, 'kerbside_bus_lag_seconds')!;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(BUS_PING_TIMEOUT_MS / 1000);
    expect(sample(text, 'kerbside_bus_ping_failures_total')).toBe(0);
  });
});

describe('GET /metrics: the event bus', () => {
  it('a ping the bus never delivers: lag NaN and one failure per scrape', async () => {
    const real = createLocalBus({ warn: () => undefined, error: () => undefined });
    // Delivers nothing on the metrics channel, like a Redis that accepts publishes and is cut off.
    const deaf: EventBus = { ...real, publish: async (name, event) => (name === 'kerbside:metrics-ping' ? undefined : real.publish(name, event)) };
    const t = await buildTestApp('pglite', {}, { bus: deaf });
    try {
      const started = Date.now();
      const text = (await scrape(t)).body;
      expect(Date.now() - started).toBeGreaterThanOrEqual(BUS_PING_TIMEOUT_MS - 50);
      expect(sample(text, 'kerbside_bus_lag_seconds')).toBeNaN();
      expect(sample(text, 'kerbside_bus_ping_failures_total')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('over Redis: two apps on one bus each time their own ping', async () => {
    const url = process.env.REDIS_URL!;
    const quiet = { warn: () => undefined, error: () => undefined };
    const one = await buildTestApp('pglite', {}, { bus: createRedisBus(url, quiet) });
    const two = await buildTestApp('pglite', {}, { bus: createRedisBus(url, quiet) });
    try {
      const [a, b] = await Promise.all([scrape(one), scrape(two)]);
      for (const res of [a, b]) {
        const lag = sample(res.body, 'kerbside_bus_lag_seconds')!;
        expect(lag).toBeGreaterThan(0);
        expect(lag).toBeLessThan(BUS_PING_TIMEOUT_MS / 1000);
        expect(sample(res.body, 'kerbside_bus_ping_failures_total')).toBe(0);
      }
      console.info(`bus lag over Redis: ${sample(a.body, 'kerbside_bus_lag_seconds')} s, ${sample(b.body, 'kerbside_bus_lag_seconds')} s`);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
