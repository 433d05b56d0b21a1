// The Web Push API (docs/API.md "Push"): the VAPID public key (configured, or made once and kept),
// members' devices stored, taken over, capped and forgotten, the endpoint rules (only https on an
// allowed host, default port, no credentials; keys of the right lengths), who may call what, and the
// rate limit. Sending is sender.test.ts.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '../../config.ts';
import { systemClock } from '../../core.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { pushSubscriptions, sessions, siteSettings, users } from '../../db/schema/index.ts';
import { PUSH_LIMITS, PUSH_MSG } from '../../../common/rules/push.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD, sessionCookie, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, suspend, type Member } from '../../test/members.ts';
import { browserSubscription } from '../../test/push-service.ts';
import { isAllowedPushHost } from './endpoints.ts';
import { createPushService } from './service.ts';
import { loadVapid, VAPID_SETTING_KEY } from './vapid.ts';

const HOSTS = 'push.test,*.notify.push.test';
const endpointOn = (host: string) => `https://${host}/wpush/v2/${unique('e')}`;

describe('allowed push hosts', () => {
  it('match exactly, or any host under a *. entry, and nothing that merely ends alike', () => {
    const hosts = DEFAULT_PUSH_ENDPOINT_HOSTS;
    for (const ok of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'wns2-par02p.notify.windows.com', 'a.b.notify.windows.com']) {
      expect(isAllowedPushHost(ok, hosts), ok).toBe(true);
    }
    for (const no of ['notify.windows.com', 'evilnotify.windows.com', 'fcm.googleapis.com.evil.example', 'evilfcm.googleapis.com', 'x.fcm.googleapis.com', '.notify.windows.com', 'fcm.googleapis.com.', 'localhost', '127.0.0.1']) {
      expect(isAllowedPushHost(no, hosts), no).toBe(false);
    }
  });
});

describe.each(testDatabases)('web push API on %s', (kind) => {
  let t: TestApp;
  let driver: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: HOSTS });
    driver = await member(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const subscribe = (m: Member | null, body: unknown) => call(t, 'POST', '/api/push/subscriptions', { cookie: m?.cookie, body: body as object });
  const unsubscribe = (m: Member | null, body: unknown) => call(t, 'DELETE', '/api/push/subscriptions', { cookie: m?.cookie, body: body as object });
  const rowsOf = (endpoint: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  const devicesOf = (userId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('gives anyone the VAPID public key: one P-256 point, the same on every call and after a restart', async () => {
    const first = await call(t, 'GET', '/api/push/public-key');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const { publicKey } = first.json() as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(((await call(t, 'GET', '/api/push/public-key', { cookie: driver.cookie })).json() as { publicKey: string }).publicKey).toBe(publicKey);

    // Kept in the database: a new process (a restart, another worker) reads the same pair.
    const [row] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, VAPID_SETTING_KEY));
    expect(row.value).toMatchObject({ publicKey });
    const restarted = createPushService({ config: t.app.deps.config, db: t.database.db, log: pino({ level: 'silent' }), clock: systemClock, jobs: createJobRunner({ db: t.database.db, log: pino({ level: 'silent' }), embedded: false }) });
    expect(await restarted.publicKey()).toBe(publicKey);
    restarted.close();
  });

  it('makes the key pair once however many processes ask at once, and uses the configured one when set', async () => {
    const fresh = await buildTestApp(kind);
    try {
      const config = fresh.app.deps.config;
      const pairs = await Promise.all(Array.from({ length: 6 }, () => loadVapid(fresh.database.db, config)));
      expect(new Set(pairs.map((p) => `${p.publicKey}/${p.privateKey}`)).size).toBe(1);
      expect(pairs[0].subject).toBe('mailto:no-reply@localhost');

      const configured = webpush.generateVAPIDKeys();
      const withKeys = { ...config, vapidKeys: configured, vapidSubject: 'https://kerbside.example' };
      expect(await loadVapid(fresh.database.db, withKeys)).toEqual({ subject: 'https://kerbside.example', ...configured });
    } finally {
      await fresh.close();
    }
    const configured = webpush.generateVAPIDKeys();
    const app = await buildTestApp(kind, { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey });
    try {
      expect((await call(app, 'GET', '/api/push/public-key')).json()).toEqual({ publicKey: configured.publicKey });
      expect(await app.database.db.select().from(siteSettings).where(eq(siteSettings.key, VAPID_SETTING_KEY))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("stores a verified member's device (201), several per member, with the browser's keys", async () => {
    const m = await member(t);
    const phone = browserSubscription(endpointOn('push.test'));
    const laptop = browserSubscription(endpointOn('eu-1.notify.push.test'));
    const res = await subscribe(m, phone.json);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ endpoint: phone.json.endpoint, devices: 1 });
    expect((await subscribe(m, laptop.json)).json()).toEqual({ endpoint: laptop.json.endpoint, devices: 2 });
    const rows = await devicesOf(m.id);
    expect(rows.map((r) => [r.endpoint, r.p256dh, r.auth]).sort()).toEqual(
      [
        [phone.json.endpoint, phone.json.keys.p256dh, phone.json.keys.auth],
        [laptop.json.endpoint, laptop.json.keys.p256dh, laptop.json.keys.auth],
      ].sort(),
    );
  });

  it('keeps one row per endpoint: the same browser again updates it, and another member signing in there takes it over', async () => {
    const first = await member(t);
    const second = await member(t);
    const browser = browserSubscription(endpointOn('push.test'));
    expect((await subscribe(first, browser.json)).statusCode).toBe(201);
    expect((await subscribe(first, browser.json)).json()).toEqual({ endpoint: browser.json.endpoint, devices: 1 });
    expect(await rowsOf(browser.json.endpoint)).toHaveLength(1);

    // The browser's keys change when it subscribes again; the endpoint is the same browser.
    const renewed = { ...browserSubscription(browser.json.endpoint).json };
    const res = await subscribe(second, renewed);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf(browser.json.endpoint);
    expect(row).toMatchObject({ userId: second.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
    expect(await devicesOf(first.id)).toHaveLength(0);
    // Written as the canonical URL: a default port and an upper-case host are the same endpoint.
    const spelled = { ...renewed, endpoint: browser.json.endpoint.replace('https://push.test/', 'https://PUSH.test:443/') };
    expect((await subscribe(second, spelled)).json()).toEqual({ endpoint: browser.json.endpoint, devices: 1 });
    expect(await rowsOf(browser.json.endpoint)).toHaveLength(1);
  });

  it(`keeps a member's ${PUSH_LIMITS.devicesPerMember} most recent devices`, async () => {
    const m = await member(t);
    const [session] = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, m.id));
    // Devices subscribed over the past days (put straight into the database: the rate limit is not under test).
    const older = Array.from({ length: PUSH_LIMITS.devicesPerMember }, (_, i) => {
      const b = browserSubscription(endpointOn('push.test')).json;
      const at = new Date(Date.now() - (PUSH_LIMITS.devicesPerMember - i) * 86_400_000);
      return { userId: m.id, sessionTokenHash: session.tokenHash, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth, createdAt: at, updatedAt: at };
    });
    await t.database.db.insert(pushSubscriptions).values(older);
    // The oldest subscribes again, so it is now the most recent; then a new device.
    const again = await subscribe(m, { endpoint: older[0].endpoint, keys: { p256dh: older[0].p256dh, auth: older[0].auth } });
    expect(again.json()).toEqual({ endpoint: older[0].endpoint, devices: PUSH_LIMITS.devicesPerMember });
    const added = browserSubscription(endpointOn('push.test'));
    const res = await subscribe(m, added.json);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ endpoint: added.json.endpoint, devices: PUSH_LIMITS.devicesPerMember });
    const kept = (await devicesOf(m.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual([older[0].endpoint, ...older.slice(2).map((r) => r.endpoint), added.json.endpoint].sort());
  });

  it('forgets a device when the sign-in it subscribed under ends: "sign out everywhere" the others, sign-out this one', async () => {
    const m = await member(t);
    const [{ email }] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, m.id));
    const login = await call(t, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const laptop = { ...m, cookie: sessionCookie(login)! };
    const phoneDevice = browserSubscription(endpointOn('push.test')).json;
    const laptopDevice = browserSubscription(endpointOn('push.test')).json;
    expect((await subscribe(m, phoneDevice)).statusCode).toBe(201);
    expect((await subscribe(laptop, laptopDevice)).statusCode).toBe(201);

    expect((await call(t, 'POST', '/api/profile/sessions/end-others', { cookie: m.cookie })).statusCode).toBe(200);
    expect((await devicesOf(m.id)).map((r) => r.endpoint)).toEqual([phoneDevice.endpoint]);

    expect((await call(t, 'POST', '/api/logout', { cookie: m.cookie })).statusCode).toBeLessThan(400);
    expect(await devicesOf(m.id)).toHaveLength(0);
  });

  it('refuses, with a clear message and nothing stored, any endpoint off the push services or keys of the wrong shape', async () => {
    const m = await member(t);
    const good = browserSubscription(endpointOn('push.test')).json;
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const cases: Array<[string, unknown, string]> = [
      ['plain http', { ...good, endpoint: good.endpoint.replace('https:', 'http:') }, PUSH_MSG.endpointNotHttps],
      ['not a URL', { ...good, endpoint: 'push.test/wpush' }, PUSH_MSG.endpointNotHttps],
      ['another scheme', { ...good, endpoint: 'wss://push.test/x' }, PUSH_MSG.endpointNotHttps],
      ['a host not listed', { ...good, endpoint: endpointOn('evil.example') }, PUSH_MSG.endpointHost],
      ['a listed name inside another host', { ...good, endpoint: endpointOn('push.test.evil.example') }, PUSH_MSG.endpointHost],
      ['a host that only ends alike', { ...good, endpoint: endpointOn('evilpush.test') }, PUSH_MSG.endpointHost],
      ['under an exact entry', { ...good, endpoint: endpointOn('a.push.test') }, PUSH_MSG.endpointHost],
      ['the bare name of a *. entry', { ...good, endpoint: endpointOn('notify.push.test') }, PUSH_MSG.endpointHost],
      ['an address', { ...good, endpoint: endpointOn('127.0.0.1') }, PUSH_MSG.endpointHost],
      ['localhost', { ...good, endpoint: endpointOn('localhost') }, PUSH_MSG.endpointHost],
      ['a user name', { ...good, endpoint: 'https://me@push.test/wpush/1' }, PUSH_MSG.endpointPlain],
      ['a password', { ...good, endpoint: 'https://me:pw@push.test/wpush/1' }, PUSH_MSG.endpointPlain],
      ['a port', { ...good, endpoint: 'https://push.test:8443/wpush/1' }, PUSH_MSG.endpointPlain],
      ['a backslash that makes another host', { ...good, endpoint: 'https://evil.example\\@push.test/wpush/1' }, PUSH_MSG.endpointHost],
      ['too long', { ...good, endpoint: `https://push.test/${'x'.repeat(PUSH_LIMITS.endpointMax)}` }, PUSH_MSG.endpointTooLong],
      ['no endpoint', { keys: good.keys }, PUSH_MSG.endpointRequired],
      ['no keys', { endpoint: good.endpoint }, PUSH_MSG.p256dh],
      ['a short p256dh', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } }, PUSH_MSG.p256dh],
      ['a compressed p256dh', { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(33, 2).toString('base64url') } }, PUSH_MSG.p256dh],
      ['a p256dh in plain base64', { ...good, keys: { ...good.keys, p256dh: Buffer.from(good.keys.p256dh, 'base64url').toString('base64').replace(/.$/, '+') } }, PUSH_MSG.p256dh],
      ['a p256dh off the curve', { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }, PUSH_MSG.p256dhNotOnCurve],
      ['a short auth', { ...good, keys: { ...good.keys, auth: good.keys.auth.slice(0, 20) } }, PUSH_MSG.auth],
      ['a long auth', { ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, PUSH_MSG.auth],
      ['an auth of another type', { ...good, keys: { ...good.keys, auth: 16 } }, PUSH_MSG.auth],
    ];
    const failures: string[] = [];
    for (const [name, body, message] of cases) {
      const res = await subscribe(m, body);
      const got = res.json() as { message?: string };
      if (res.statusCode !== 400 || got.message !== message) failures.push(`${name}: ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
    expect(await devicesOf(m.id)).toEqual([]);
  });

  it('accepts the real push services by default, padded keys too, and stores them canonical', async () => {
    const app = await buildTestApp(kind);
    try {
      const m = await member(app);
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/dXk2:APA91bH',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
        'https://web.push.apple.com/QGx3-lZ1',
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      ]) {
        const b = browserSubscription(endpoint).json;
        const res = await call(app, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: { ...b, keys: { p256dh: `${b.keys.p256dh}=`, auth: `${b.keys.auth}==` } } });
        expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(201);
        const [row] = await app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
        expect(row).toMatchObject({ p256dh: b.keys.p256dh, auth: b.keys.auth });
      }
      const refused = await call(app, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: browserSubscription(endpointOn('push.test')).json });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: PUSH_MSG.endpointHost, errors: { endpoint: PUSH_MSG.endpointHost } });
    } finally {
      await app.close();
    }
  });

  it("forgets the caller's device (204); another member's, or one not stored, is 404 and stays", async () => {
    const owner = await member(t);
    const other = await member(t);
    const phone = browserSubscription(endpointOn('push.test'));
    await subscribe(owner, phone.json);

    const theirs = await unsubscribe(other, { endpoint: phone.json.endpoint });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: PUSH_MSG.notFound });
    expect(await rowsOf(phone.json.endpoint)).toHaveLength(1);

    const mine = await unsubscribe(owner, { endpoint: phone.json.endpoint });
    expect(mine.statusCode).toBe(204);
    expect(mine.body).toBe('');
    expect(await rowsOf(phone.json.endpoint)).toHaveLength(0);
    expect((await unsubscribe(owner, { endpoint: phone.json.endpoint })).statusCode).toBe(404);
    expect((await unsubscribe(owner, {})).statusCode).toBe(400);
  });

  it('lets guests and suspended accounts do nothing but read the key; unverified members may only turn push off', async () => {
    const admin = await member(t, 'admin');
    const unverified = await member(t, 'unverified');
    const suspended = await member(t);
    const other = await member(t);
    const owner = await member(t);
    const phone = browserSubscription(endpointOn('push.test'));
    expect((await subscribe(owner, phone.json)).statusCode).toBe(201);
    const suspendedPhone = browserSubscription(endpointOn('push.test'));
    expect((await subscribe(suspended, suspendedPhone.json)).statusCode).toBe(201);
    await suspend(t.database.db, suspended.id);

    const fresh = () => browserSubscription(endpointOn('push.test')).json;
    const mine = { endpoint: phone.json.endpoint };
    const seen: Record<string, number[]> = {};
    for (const [who, m] of [
      ['guest', null],
      ['unverified', unverified],
      ['suspended', suspended],
      ['member', owner],
      ['other', other],
      ['admin', admin],
    ] as const) {
      seen[who] = [
        (await call(t, 'GET', '/api/push/public-key', { cookie: m?.cookie })).statusCode,
        (await subscribe(m, fresh())).statusCode,
        (await unsubscribe(m, who === 'member' ? { endpoint: endpointOn('push.test') } : mine)).statusCode,
      ];
    }
    expect(seen).toEqual({
      guest: [200, 401, 401],
      unverified: [200, 403, 404],
      suspended: [200, 401, 401],
      member: [200, 201, 404],
      other: [200, 201, 404],
      admin: [200, 201, 404],
    });
    // No one but the owner touched the owner's device; the suspended account's stays until it is theirs to remove.
    expect(await rowsOf(phone.json.endpoint)).toHaveLength(1);
    expect(await rowsOf(suspendedPhone.json.endpoint)).toHaveLength(1);

    // An unverified member (an email change pending, say) can still turn push off on their own device.
    const later = await member(t);
    const device = browserSubscription(endpointOn('push.test'));
    await subscribe(later, device.json);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, later.id));
    expect((await unsubscribe(later, { endpoint: device.json.endpoint })).statusCode).toBe(204);
  });

  it('limits how often a member turns push on or off', async () => {
    const m = await member(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = i % 2 === 0 ? await subscribe(m, browserSubscription(endpointOn('push.test')).json) : await unsubscribe(m, { endpoint: endpointOn('push.test') });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: expect.stringMatching(/^You are changing notification settings too quickly\. Please wait \d+ seconds? before trying again\.$/) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 404, 201, 404, 201, 404, 201, 404, 201, 404, 429]);
  });
});
