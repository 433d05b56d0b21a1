// Sending Web Push for real: members subscribe through the API, then the push service (sender.ts)
// posts to an in-process HTTPS push service (server/test/push-service.ts) whose host is listed in
// PUSH_ENDPOINT_HOSTS. Each request is read as a push service and a browser would: aes128gcm body
// decrypted with the device's own keys, the VAPID JWT verified, TTL, Urgency, Topic. Then what the
// sender does with each kind of answer: 404/410 drop the device, 429/5xx/no answer retry with backoff
// (Retry-After honoured) then give up, a redirect is a failure and is never followed.
import v8 from 'node:v8';
import vm from 'node:vm';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../core.ts';
import { trackCommits } from '../../db/after-commit.ts';
import { jobs, pushSubscriptions, users } from '../../db/schema/index.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';
import { browserSubscription, decryptPush, readVapid, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../test/push-service.ts';
import { createPushService } from './service.ts';
import { MAX_PAYLOAD_BYTES, pushPayload, pushTopic, retryAfterMs, type PushSenderOptions } from './sender.ts';

const SUBJECT = 'mailto:push-ops@kerbside.test';
const MESSAGE = { title: 'New message from sam_driver', body: 'Running 10 minutes late at the depot', url: '/inbox/12', tag: 'conversation:12' };

type LogLine = { level: number; msg: string; [k: string]: unknown };

describe('push payloads', () => {
  it('are the JSON a service worker reads, within the size push services take, opening a page of the site', () => {
    expect(JSON.parse(pushPayload(MESSAGE))).toEqual(MESSAGE);
    expect(JSON.parse(pushPayload({ title: ' Hi ', body: ' there ', url: '/forum' }))).toEqual({ title: 'Hi', body: 'there', url: '/forum' });
    const long = JSON.parse(pushPayload({ title: 'T'.repeat(500), body: '🚚'.repeat(5000), url: '/forum' })) as { title: string; body: string };
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(Array.from(long.title)).toHaveLength(120);
    expect(long.body.endsWith('…')).toBe(true);
    expect(long.body.length).toBeGreaterThan(1000);
    // No lone surrogate where the body was cut.
    expect(long.body).toBe(Buffer.from(long.body, 'utf8').toString('utf8'));
    for (const url of ['https://evil.example/', '//evil.example/x', 'inbox/12', '/\\evil.example']) {
      expect(() => pushPayload({ ...MESSAGE, url }), url).toThrow(TypeError);
    }
  });

  it('carry a Topic that is 32 base64url characters and says nothing of the tag', () => {
    const topic = pushTopic('conversation:12');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('conversation:12')).toBe(topic);
    expect(pushTopic('conversation:13')).not.toBe(topic);
  });

  it('read Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});

describe.each(testDatabases)('web push sending on %s', (kind) => {
  let t: TestApp;
  let ps: PushServiceStandIn;
  let logs: LogLine[] = [];
  const services: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    ps = await startPushService();
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: `${ps.host},*.${ps.host}`, VAPID_SUBJECT: SUBJECT });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.close();
    ps.reset();
    logs = [];
  });

  /**
   * A push service like the app's, with a job runner of its own (a process), on the app's database,
   * whose requests reach the stand-in (short delays). `settled()`: its jobs are done.
   */
  function pushService(opts: PushSenderOptions = {}, config = t.app.deps.config) {
    const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
    const jobs = createJobRunner({ db: trackCommits(t.database.db), log, embedded: false });
    const service = createPushService({ config, db: t.database.db, log, clock: systemClock, jobs }, { agent: ps.agent, retryBaseMs: 20, timeoutMs: 1_000, ...opts });
    const process = {
      ...service,
      jobs,
      settled: () => jobs.settled(),
      close: async () => {
        service.close();
        await jobs.close();
      },
    };
    services.push(process);
    return process;
  }

  /** A browser of `m` subscribed through the API. */
  async function device(m: Member, host = ps.host): Promise<BrowserSubscription> {
    const b = browserSubscription(`https://${host}/wpush/v2/${unique('d')}`);
    const res = await call(t, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: b.json });
    expect(res.statusCode, res.body).toBe(201);
    return b;
  }

  const stored = async (b: BrowserSubscription) =>
    (await t.database.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.json.endpoint))).length;
  /** The requests for one device (their paths are unique; the host is the TLS server name's business). */
  const requestTo = (b: BrowserSubscription) => ps.received.filter((r) => r.path === new URL(b.json.endpoint).pathname);
  const logged = (msg: string) => logs.filter((l) => l.msg === msg);

  it("reaches each of the member's devices with a real Web Push request: aes128gcm, VAPID, TTL, and a payload only that device can read", async () => {
    const driver = await member(t);
    const someoneElse = await member(t);
    const phone = await device(driver);
    const tablet = await device(driver, `eu.${ps.host}`);
    const theirs = await device(someoneElse);
    const { publicKey } = (await call(t, 'GET', '/api/push/public-key')).json() as { publicKey: string };
    const push = pushService();

    const before = Math.floor(Date.now() / 1000);
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();

    expect(ps.received).toHaveLength(2);
    expect(requestTo(theirs)).toHaveLength(0);
    for (const [b, origin] of [
      [phone, `https://${ps.host}`],
      [tablet, `https://eu.${ps.host}`],
    ] as const) {
      const [req] = requestTo(b);
      expect(req, b.json.endpoint).toBeDefined();
      expect(req.method).toBe('POST');
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(req.headers['content-type']).toBe('application/octet-stream');
      expect(req.headers.ttl).toBe('86400');
      expect(req.headers.urgency).toBe('normal');
      expect(req.headers.topic).toBe(pushTopic(MESSAGE.tag));
      expect(req.headers.location).toBeUndefined();

      const vapid = readVapid(req.headers.authorization);
      expect(vapid.key).toBe(publicKey);
      expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
      expect(vapid.claims.aud).toBe(origin);
      expect(vapid.claims.sub).toBe(SUBJECT);
      expect(vapid.claims.exp).toBeGreaterThan(before);
      expect(vapid.claims.exp).toBeLessThanOrEqual(before + 24 * 3600 + 5);

      expect(JSON.parse(decryptPush(req.body, b))).toEqual(MESSAGE);
      // Encrypted for that device alone.
      expect(() => decryptPush(req.body, b === phone ? tablet : phone)).toThrow();
    }
    expect(logged('push delivered')).toHaveLength(2);
  });

  it('sends the TTL and urgency asked for, and no Topic without a tag', async () => {
    const driver = await member(t);
    const phone = await device(driver);
    const push = pushService();
    await push.sendToUser(driver.id, { title: 'A reply', body: 'Pat replied to your post', url: '/forum/posts/vans#comment-4' }, { ttlSeconds: 600, urgency: 'high' });
    await push.settled();
    const [req] = requestTo(phone);
    expect(req.headers.ttl).toBe('600');
    expect(req.headers.urgency).toBe('high');
    expect(req.headers.topic).toBeUndefined();
    expect(JSON.parse(decryptPush(req.body, phone))).toEqual({ title: 'A reply', body: 'Pat replied to your post', url: '/forum/posts/vans#comment-4' });
  });

  it('never holds up its caller: sendToUser queues a job and returns before anything is sent, and a failure is logged, not thrown', async () => {
    const driver = await member(t);
    await device(driver);
    ps.answer(() => 'hang');
    const push = pushService({ timeoutMs: 300, maxAttempts: 1 });
    await expect(push.sendToUser(driver.id, MESSAGE)).resolves.toBeUndefined();
    expect(ps.received).toHaveLength(0);
    await ps.until(1);
    await push.settled();
    expect(logged('push not delivered: gave up after retries')).toHaveLength(1);
    expect(String(logged('push not delivered: gave up after retries')[0].reason)).toBe('no answer within 300 ms');
  });

  it('drops a device its push service answers 404 or 410 for, and keeps the others', async () => {
    const driver = await member(t);
    const gone = await device(driver);
    const expired = await device(driver);
    const fine = await device(driver);
    const pathOf = (b: BrowserSubscription) => new URL(b.json.endpoint).pathname;
    ps.answer((_n, req) => (req.path === pathOf(gone) ? { status: 410 } : req.path === pathOf(expired) ? { status: 404 } : { status: 201 }));
    const push = pushService();
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(3);
    expect([await stored(gone), await stored(expired), await stored(fine)]).toEqual([0, 0, 1]);
    expect(logged('push subscription gone: removed').map((l) => l.status)).toEqual(expect.arrayContaining([404, 410]));
    // What /metrics reads (kerbside_push_pending, kerbside_push_deliveries_total).
    expect(push.stats()).toEqual({ inFlight: 0, retrying: 0, ended: { delivered: 1, gone: 2, failed: 0 } });
    // Nothing more goes to them.
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(4);
    expect(requestTo(fine)).toHaveLength(2);
  });

  it('tries a 5xx again with backoff, then gives up and keeps the device', async () => {
    const driver = await member(t);
    const phone = await device(driver);
    ps.answer(() => ({ status: 503 }));
    const push = pushService({ maxAttempts: 4, retryBaseMs: 40 });
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(4);
    const gaps = ps.received.slice(1).map((r, i) => r.at - ps.received[i].at);
    // Waits of 40, 80, 160 ms, less a quarter at most (jitter): each at least double the first's floor.
    expect(gaps[0]).toBeGreaterThanOrEqual(30 - 2);
    expect(gaps[1]).toBeGreaterThanOrEqual(60 - 2);
    expect(gaps[2]).toBeGreaterThanOrEqual(120 - 2);
    expect(await stored(phone)).toBe(1);
    expect(logged('push not delivered: gave up after retries')).toHaveLength(1);
    // Each try is encrypted afresh: four different bodies, each readable.
    expect(new Set(ps.received.map((r) => r.body.toString('hex'))).size).toBe(4);
    for (const r of ps.received) expect(JSON.parse(decryptPush(r.body, phone))).toEqual(MESSAGE);
  });

  it('delivers once a 5xx, a cut connection or a silent service comes right', async () => {
    const driver = await member(t);
    await device(driver);
    ps.answer((n) => (n === 1 ? { status: 500 } : n === 2 ? 'drop' : n === 3 ? 'hang' : { status: 201 }));
    const push = pushService({ timeoutMs: 300 });
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(4);
    expect(logged('push delivered')).toHaveLength(1);
    expect(logged('push retry scheduled').map((l) => String(l.reason))).toEqual(['HTTP 500', expect.stringMatching(/^network: /), 'no answer within 300 ms']);
  });

  it('gives up waiting on a silent service even when the garbage collector runs meanwhile', { timeout: 15_000 }, async () => {
    // nodejs/node#57736: a timeout inside AbortSignal.any() could be collected before it fired, and the wait never ended.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const driver = await member(t);
    await device(driver);
    ps.answer((n) => (n === 1 ? 'hang' : { status: 201 }));
    const push = pushService({ timeoutMs: 300 });
    await push.sendToUser(driver.id, MESSAGE);
    for (let i = 0; i < 5; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    await push.settled();
    expect(ps.received).toHaveLength(2);
    expect(logged('push retry scheduled').map((l) => String(l.reason))).toEqual(['no answer within 300 ms']);
  });

  it('waits as long as a 429 Retry-After says, and gives up on one too far away', async () => {
    const driver = await member(t);
    await device(driver);
    ps.answer((n) => (n === 1 ? { status: 429, headers: { 'Retry-After': '1' } } : { status: 201 }));
    const push = pushService({ retryBaseMs: 10 });
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(2);
    expect(ps.received[1].at - ps.received[0].at).toBeGreaterThanOrEqual(990);

    ps.reset();
    ps.answer(() => ({ status: 429, headers: { 'Retry-After': '3600' } }));
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(1);
    expect(logged('push not delivered: Retry-After too far away')).toHaveLength(1);
  });

  it('never follows a redirect: one request, nothing to where it points, the device kept', async () => {
    const driver = await member(t);
    const phone = await device(driver);
    for (const status of [301, 302, 307, 308]) {
      ps.reset();
      ps.answer((n) => (n === 1 ? { status, headers: { Location: `https://${ps.host}/elsewhere` } } : { status: 201 }));
      const push = pushService();
      await push.sendToUser(driver.id, MESSAGE);
      await push.settled();
      await new Promise((r) => setTimeout(r, 100));
      expect(ps.received.map((r) => r.path), String(status)).toEqual([new URL(phone.json.endpoint).pathname]);
    }
    expect(await stored(phone)).toBe(1);
    expect(logged('push not delivered').map((l) => l.reason)).toEqual([301, 302, 307, 308].map((s) => `HTTP ${s}: a redirect, not followed`));
  });

  it('verifies the push service\'s certificate: one it does not trust gets nothing', async () => {
    const driver = await member(t);
    await device(driver);
    const push = pushService({ agent: ps.untrustingAgent, maxAttempts: 2 });
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(0);
    const [gaveUp] = logged('push not delivered: gave up after retries');
    expect(String(gaveUp?.reason)).toMatch(/^network: (SELF_SIGNED_CERT|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE)/);
  });

  it('sends only to hosts allowed today, and to no suspended or deleted member', async () => {
    const driver = await member(t);
    await device(driver);
    // PUSH_ENDPOINT_HOSTS narrowed since the device subscribed.
    const narrowed = pushService({}, { ...t.app.deps.config, pushEndpointHosts: ['fcm.googleapis.com'] });
    await narrowed.sendToUser(driver.id, MESSAGE);
    await narrowed.settled();
    expect(ps.received).toHaveLength(0);
    expect(String(logged('push not delivered')[0]?.reason)).toMatch(/^endpoint refused: /);

    const push = pushService();
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, driver.id));
    await push.sendToUser(driver.id, MESSAGE);
    await t.database.db.update(users).set({ suspendedAt: null, deletedAt: new Date() }).where(eq(users.id, driver.id));
    await push.settled();
    await push.sendToUser(driver.id, MESSAGE);
    await push.settled();
    expect(ps.received).toHaveLength(0);
  });

  it('stops cleanly: close ends a retry wait at once, and the message is not lost: it is a job another process delivers', async () => {
    const driver = await member(t);
    await device(driver);
    ps.answer((n) => (n === 1 ? { status: 503, headers: { 'Retry-After': '60' } } : { status: 201 }));
    const push = pushService();
    await push.sendToUser(driver.id, MESSAGE);
    await ps.until(1);
    const started = performance.now();
    await push.close();
    expect(performance.now() - started).toBeLessThan(500);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, 'push.send')).orderBy(desc(jobs.id)).limit(1);
    expect(job).toMatchObject({ state: 'pending', attempts: 1, lastError: 'the server is stopping' });
    // Another process (or this one restarted) takes it once its retry is due.
    await t.database.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.id, job.id));
    const other = pushService();
    await other.jobs.runDue();
    expect(ps.received).toHaveLength(2);
    expect((await t.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0].state).toBe('done');
  });
});
