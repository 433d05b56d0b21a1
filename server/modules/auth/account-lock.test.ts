import Fastify from 'fastify';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from '../../config.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_LOCK_FAILURES, AUTH_MSG, hashIp, LOCK_MARK } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { mailsTo, PASSWORD, post, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

const WRONG = 'Wrong$Pass1';
const NEW_PASSWORD = 'Van&Route77';

// Finding 3 of issue 12: with `trustProxy: true` any client chose its address with X-Forwarded-For, so
// 12 wrong passwords from 12 forged addresses never met a 429. Now the header is believed only from
// TRUST_PROXY, and an account's failures from every address together slow it down and then lock it.
describe.each(testDatabases)('per-account sign-in limit and TRUST_PROXY (%s)', (kind) => {
  let direct: TestApp; // TRUST_PROXY unset: X-Forwarded-For is ignored
  let proxied: TestApp; // TRUST_PROXY=1: one proxy in front, its X-Forwarded-For is believed
  beforeAll(async () => {
    direct = await buildTestApp(kind, { TRUST_PROXY: '' });
    proxied = await buildTestApp(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  let serial = 0;
  /** A new address for every call: what an attacker forging X-Forwarded-For would send. */
  const newAddress = () => `198.51.${100 + Math.floor(serial / 250)}.${(serial++ % 250) + 1}`;
  const login = (t: TestApp, email: string, password: string, ip = newAddress()) => post(t, '/api/auth/login', { email, password }, { ip });
  const rowsOf = (t: TestApp, email: string) => t.database.db.select().from(loginFailures).where(eq(loginFailures.email, email));
  /** Moves the last minute's failures (not a lock) 70 s back: past the longest delay (64 s), well inside the 15-minute window. */
  const passDelay = (t: TestApp, email: string) =>
    t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '70 seconds'` })
      .where(and(eq(loginFailures.email, email), ne(loginFailures.ipHash, LOCK_MARK), gt(loginFailures.createdAt, new Date(Date.now() - 70_000))));
  /** ACCOUNT_LOCK_FAILURES wrong passwords, each from its own address, waiting out each delay. */
  async function lockOut(t: TestApp, email: string) {
    const statuses = [];
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) {
      statuses.push((await login(t, email, WRONG)).statusCode);
      await passDelay(t, email);
    }
    return statuses;
  }
  const lockMails = async (t: TestApp, email: string) => (await mailsTo(t, email)).filter((m) => m.kind === 'account_locked');

  it('TRUST_PROXY unset: 12 wrong passwords from 12 forged X-Forwarded-For addresses meet 429, all counted as one address', async () => {
    const u = await signUp(direct);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await login(direct, u.email, WRONG));
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(ACCOUNT_FREE_FAILURES + 1).fill(401), ...Array(12 - ACCOUNT_FREE_FAILURES - 1).fill(429)]);
    const refused = answers[ACCOUNT_FREE_FAILURES + 1];
    expect(refused.json()).toEqual({ message: AUTH_MSG.loginSlowDown(2) });
    expect(refused.headers['retry-after']).toBe('2');
    // The header was ignored: every failure is the TCP peer's.
    expect(new Set((await rowsOf(direct, u.email)).map((r) => r.ipHash))).toEqual(new Set([hashIp('127.0.0.1')]));
  });

  it('TRUST_PROXY unset: a per-IP limit holds however X-Forwarded-For changes', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await post(direct, '/api/auth/forgot-password', { email: `${unique('nobody')}@example.test` })).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]); // post() sends a fresh X-Forwarded-For each time
  });

  it('TRUST_PROXY=1: a client behind the proxy cannot choose its address by writing its own X-Forwarded-For first', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await post(proxied, '/api/auth/forgot-password', { email: 'nobody@example.test' }, { ip: `${newAddress()}, 203.0.113.50` })).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('TRUST_PROXY=1: each X-Forwarded-For address counts as its own, yet 12 wrong passwords from 12 addresses meet 429', async () => {
    const u = await signUp(proxied);
    const addresses = Array.from({ length: 12 }, newAddress);
    const answers = [];
    for (const ip of addresses) answers.push(await login(proxied, u.email, WRONG, ip));
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(ACCOUNT_FREE_FAILURES + 1).fill(401), ...Array(12 - ACCOUNT_FREE_FAILURES - 1).fill(429)]);
    expect(answers[ACCOUNT_FREE_FAILURES + 1].json()).toEqual({ message: AUTH_MSG.loginSlowDown(2) });
    // The addresses were believed (req.ip is the X-Forwarded-For client): each failure is its sender's.
    const counted = (await rowsOf(proxied, u.email)).map((r) => r.ipHash).sort();
    expect(counted).toEqual(addresses.slice(0, ACCOUNT_FREE_FAILURES + 1).map(hashIp).sort());
  });

  it('slows an account down from every address: 2 s after the 4th failure, then 4 s, 8 s … also for the right password', async () => {
    const u = await signUp(proxied);
    const waits: string[] = [];
    for (let i = 0; i < 7; i++) {
      expect((await login(proxied, u.email, WRONG)).statusCode).toBe(401);
      const next = await login(proxied, u.email, PASSWORD);
      if (i + 1 > ACCOUNT_FREE_FAILURES) {
        expect(next.statusCode).toBe(429);
        waits.push(next.headers['retry-after'] as string);
        expect(next.json()).toEqual({ message: AUTH_MSG.loginSlowDown(Number(next.headers['retry-after'])) });
        await passDelay(proxied, u.email);
      } else {
        // Up to three wrong passwords cost nothing; the right one signs in (and clears that address's count).
        expect(next.statusCode).toBe(200);
      }
    }
    expect(waits).toEqual(['2', '4', '8', '16']);
  });

  it('locks the account for 15 minutes at the 10th failure from any addresses: the right password is refused, the owner is mailed once', async () => {
    const u = await signUp(proxied);
    expect(await lockOut(proxied, u.email)).toEqual(Array(ACCOUNT_LOCK_FAILURES).fill(401));
    const locked = await login(proxied, u.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    // Later attempts, right or wrong, from any address: still locked, and no second mail.
    for (const password of [WRONG, PASSWORD, WRONG]) {
      await passDelay(proxied, u.email);
      expect((await login(proxied, u.email, password)).statusCode).toBe(429);
    }
    const mails = await lockMails(proxied, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Sign-ins to your Kerbside account are paused');
    expect(mails[0].text).toContain('with a wrong password 10 times, so we have paused sign-ins to it for 15 minutes');
    expect(mails[0].text).toMatch(/\/reset-password\?token=[\w-]{43}\b/);
    expect((await rowsOf(proxied, u.email)).filter((r) => r.ipHash === LOCK_MARK)).toHaveLength(1);

    // Never for good: 15 minutes after it began, the lock is over and the right password works.
    await proxied.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '15 minutes'` })
      .where(eq(loginFailures.email, u.email));
    expect((await login(proxied, u.email, PASSWORD)).statusCode).toBe(200);
  });

  it('ends the lock at once when the mailed link resets the password', async () => {
    const u = await signUp(proxied);
    await lockOut(proxied, u.email);
    const [mail] = await lockMails(proxied, u.email);
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1];
    expect((await post(proxied, '/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(proxied, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('treats an unknown address alike (slowed, then locked) and mails nobody', async () => {
    const email = `${unique('ghost')}@example.test`;
    expect(await lockOut(proxied, email)).toEqual(Array(ACCOUNT_LOCK_FAILURES).fill(401));
    const res = await login(proxied, email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    expect(await mailsTo(proxied, email)).toEqual([]);
  });

  it('counts parallel guesses one at a time: of 12 at once from 12 addresses, only the free ones reach the password check', async () => {
    const u = await signUp(proxied);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(proxied, u.email, WRONG)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_FREE_FAILURES + 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - ACCOUNT_FREE_FAILURES - 1);
  });

  it('req.ip: the TCP peer when TRUST_PROXY is unset, the address the trusted proxies saw otherwise', async () => {
    // The same option app.ts gives Fastify, on a bare instance (building the whole app per value is slow).
    async function ipSeen(trust: string, forwardedFor: string) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trust }).trustProxy) });
      app.get('/ip', async (req) => ({ ip: req.ip }));
      const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      await app.close();
      return (res.json() as { ip: string }).ip;
    }
    expect(await ipSeen('', '198.51.100.7')).toBe('127.0.0.1');
    expect(await ipSeen('1', '198.51.100.7')).toBe('198.51.100.7');
    // One hop: only the entry our proxy wrote counts, not what the client put before it.
    expect(await ipSeen('1', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen('2', '203.0.113.9, 198.51.100.7')).toBe('203.0.113.9');
    expect(await ipSeen('loopback', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen('127.0.0.1,10.0.0.0/8', '203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(await ipSeen('10.0.0.0/8', '203.0.113.9')).toBe('127.0.0.1');
  });
});
