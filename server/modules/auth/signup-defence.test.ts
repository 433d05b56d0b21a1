import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_UP_MIN_FILL_MS, SIGN_UP_MSG, SIGN_UP_TOKEN_MAX_AGE_MS } from '../../../common/rules/auth.ts';
import { users } from '../../db/schema/index.ts';
import { AUTH_MSG } from '../../identity/index.ts';
import { addressKey } from '../../plugins/rate-limits.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { formToken, freshIp, get, mailsTo, newUser, post, registerUser, type NewUser } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

// Issue 28 item 6: sign-up bot defence without third parties. A bot that fills the hidden field, or
// sends the form sooner than a person could (judged by a token the server signed when the form
// opened), is refused with one quiet answer that does not say which trap it met; a disposable address
// is refused clearly; and one client address creates at most 3 accounts an hour and 5 a day, whatever
// X-Forwarded-For it writes.
describe.each(testDatabases)('sign-up bot defence (%s)', (kind) => {
  let t: TestApp; // TRUST_PROXY=loopback: the tests stand in for a proxy and send X-Forwarded-For
  let direct: TestApp; // TRUST_PROXY unset: nobody's X-Forwarded-For is believed
  let timed: TestApp; // a clock the test moves
  const clock = { at: Date.now(), now: () => new Date(clock.at) };
  // One app per hook, so a busy machine building three apps never meets one hook's timeout.
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  beforeAll(async () => {
    direct = await buildTestApp(kind, { TRUST_PROXY: '' });
  });
  beforeAll(async () => {
    timed = await buildTestApp(kind, {}, { clock });
  });
  afterAll(async () => {
    await t?.close();
    await direct?.close();
    await timed?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const accountsFor = async (app: TestApp, email: string) => app.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  /** Refused, and nothing made: no account, no mail. */
  async function expectNothingCreated(app: TestApp, u: NewUser) {
    expect(await accountsFor(app, u.email)).toEqual([]);
    expect(await mailsTo(app, u.email)).toEqual([]);
  }
  const freshToken = async (app: TestApp) => (await get(app, '/api/auth/register-token')).json().token as string;
  const quietRefusal = { status: 400, body: { message: SIGN_UP_MSG.refused } };
  const answer = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });

  describe('GET /api/auth/register-token', () => {
    it('gives a guest a signed, timestamped token that no cache keeps', async () => {
      const res = await get(t, '/api/auth/register-token');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { token } = res.json();
      expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
      expect(Math.abs(Number(token.split('.')[0]) - Date.now())).toBeLessThan(60_000);
    });
  });

  describe('a normal sign-up', () => {
    it('passes: an empty hidden field and a form opened a few seconds ago', async () => {
      const u = newUser();
      const res = await post(t, '/api/auth/register', { ...u, website: '', formToken: await formToken(t) });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: AUTH_MSG.registered, email: u.email.toLowerCase(), requiresVerification: true });
      expect(await accountsFor(t, u.email)).toHaveLength(1);
      expect(await mailsTo(t, u.email)).toHaveLength(1);
    });
  });

  describe('the honeypot', () => {
    it('a filled hidden field is refused quietly and creates nothing', async () => {
      for (const website of ['https://cheap-loans.example', ' ', 0, false, { url: 'x' }, ['x']]) {
        const u = newUser();
        const res = await post(t, '/api/auth/register', { ...u, website, formToken: await formToken(t) });
        expect(answer(res), JSON.stringify(website)).toEqual(quietRefusal);
        await expectNothingCreated(t, u);
      }
    });
  });

  describe('the minimum time to fill the form', () => {
    it('a form sent sooner than 3 s after it opened is refused quietly; the same form sent 3 s after opening passes', async () => {
      const token = await freshToken(timed);
      const u = newUser();
      clock.at += SIGN_UP_MIN_FILL_MS - 1_000;
      const early = await post(timed, '/api/auth/register', { ...u, formToken: token });
      expect(answer(early)).toEqual(quietRefusal);
      await expectNothingCreated(timed, u);

      clock.at += 1_000;
      const inTime = await post(timed, '/api/auth/register', { ...u, formToken: token });
      expect(inTime.statusCode).toBe(201);
      expect(await accountsFor(timed, u.email)).toHaveLength(1);
    });

    it('a token older than a day is refused: the form asks for a fresh one', async () => {
      const token = await freshToken(timed);
      clock.at += SIGN_UP_TOKEN_MAX_AGE_MS + 1_000;
      const u = newUser();
      expect(answer(await post(timed, '/api/auth/register', { ...u, formToken: token }))).toEqual(quietRefusal);
      await expectNothingCreated(timed, u);
    });

    it('no token, a plain client timestamp, a backdated or forged token are all refused alike', async () => {
      const real = await freshToken(t);
      const [issuedAt, signature] = real.split('.') as [string, string];
      const backdated = `${Number(issuedAt) - 60_000}.${signature}`;
      const forged = `${Date.now() - 60_000}.${'A'.repeat(43)}`;
      for (const token of [undefined, null, '', String(Date.now() - 60_000), Date.now() - 60_000, backdated, forged, `${real}x`, { issuedAt }]) {
        const u = newUser();
        const res = await post(t, '/api/auth/register', { ...u, formToken: token });
        expect(answer(res), JSON.stringify(token)).toEqual(quietRefusal);
        await expectNothingCreated(t, u);
      }
      // The spec's payload alone (no token at all) is refused the same way.
      const { firstName, lastName, username, email, password } = newUser();
      const bare = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName, lastName, username, email, password },
        headers: { origin: t.app.deps.config.appUrl, 'x-forwarded-for': freshIp() },
      });
      expect(answer(bare)).toEqual(quietRefusal);
    });

    it('the honeypot and the timing answer exactly alike, so a bot cannot tell which trap it met', async () => {
      const honeypot = await post(t, '/api/auth/register', { ...newUser(), website: 'x', formToken: await formToken(t) });
      const tooFast = await post(t, '/api/auth/register', { ...newUser(), formToken: await freshToken(t) });
      expect(honeypot.statusCode).toBe(tooFast.statusCode);
      expect(honeypot.body).toBe(tooFast.body);
    });
  });

  describe('disposable email addresses', () => {
    it('are refused with a clear message on the email field, and nothing is created', async () => {
      for (const email of [`${newUser().username}@mailinator.com`, `${newUser().username}@Guerrillamail.COM`, `${newUser().username}@inbox.mailinator.com`]) {
        const u = newUser({ email });
        const res = await post(t, '/api/auth/register', u);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: SIGN_UP_MSG.disposableEmail, errors: { email: SIGN_UP_MSG.disposableEmail } });
        await expectNothingCreated(t, u);
      }
    });

    it('everyday providers pass, and a domain that merely ends in the letters of a listed one is not caught', async () => {
      for (const domain of ['gmail.com', 'btinternet.com', 'hotmail.co.uk', 'kerbsidemailinator.com', 'mailinator.com.example.test']) {
        const u = newUser({ email: `${newUser().username}@${domain}` });
        expect((await post(t, '/api/auth/register', u)).statusCode, domain).toBe(201);
      }
    });
  });

  describe('sign-ups per client address', () => {
    it('3 an hour from one address, then 429 saying when; a refusal creates nothing and other addresses are unaffected', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await registerFrom(t, ip);
      const u = newUser();
      const res = await post(t, '/api/auth/register', u, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: SIGN_UP_MSG.perHour('60 minutes') });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3_500);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3_600);
      await expectNothingCreated(t, u);
      await registerFrom(t, freshIp());
    });

    it("counts a taken address like a new one (no enumeration), but not a person's mistakes (a taken username, a common password, the traps)", async () => {
      const owner = await registerUser(t);
      const ip = freshIp();
      await registerFrom(t, ip);
      // An address that has an account answers as a new one and counts as one.
      expect((await post(t, '/api/auth/register', newUser({ email: owner.email }), { ip })).statusCode).toBe(201);
      expect((await post(t, '/api/auth/register', newUser({ username: owner.username }), { ip })).statusCode).toBe(409);
      expect((await post(t, '/api/auth/register', newUser({ password: 'Password1!' }), { ip })).json()).toEqual({
        message: AUTH_MSG.commonPassword,
        errors: { password: AUTH_MSG.commonPassword },
      });
      expect((await post(t, '/api/auth/register', { ...newUser(), website: 'x' }, { ip })).statusCode).toBe(400);
      await registerFrom(t, ip); // the third
      expect((await post(t, '/api/auth/register', newUser(), { ip })).statusCode).toBe(429);
    });

    it('5 a day: after the hour, two more, then 429 until tomorrow', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await registerFrom(t, ip);
      vi.setSystemTime(Date.now() + 61 * 60_000);
      for (let i = 0; i < 2; i++) await registerFrom(t, ip);
      const res = await post(t, '/api/auth/register', newUser(), { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: SIGN_UP_MSG.perDay });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(22 * 3_600);
      vi.setSystemTime(Date.now() + 23 * 60 * 60_000);
      await registerFrom(t, ip);
    });

    it('TRUST_PROXY unset: a new X-Forwarded-For on every request from the same peer still meets the cap', async () => {
      for (let i = 0; i < 3; i++) await registerFrom(direct, freshIp());
      const res = await post(direct, '/api/auth/register', newUser(), { ip: freshIp() });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(SIGN_UP_MSG.perHour('60 minutes'));
    });

    it('behind a trusted proxy: a client writing its own X-Forwarded-For first is still counted by its real address', async () => {
      const real = freshIp();
      for (let i = 0; i < 3; i++) await registerFrom(t, `${freshIp()}, ${real}`);
      expect((await post(t, '/api/auth/register', newUser(), { ip: `203.0.113.${Math.floor(Math.random() * 250)}, ${real}` })).statusCode).toBe(429);
    });

    it('IPv6: every address in one /56 counts as one; another /56 is another address', async () => {
      const group = Math.floor(Math.random() * 0xffff).toString(16);
      const byte = 0x10 + Math.floor(Math.random() * 0xe0); // two hex digits
      const in56 = (b: number, low: string, host: string) => `2001:db8:${group}:${b.toString(16)}${low}::${host}`;
      for (const [low, host] of [['01', '1'], ['02', '2'], ['ff', '3:4']]) await registerFrom(t, in56(byte, low!, host!));
      expect((await post(t, '/api/auth/register', newUser(), { ip: in56(byte, '42', '9') })).statusCode).toBe(429);
      expect((await post(t, '/api/auth/register', newUser(), { ip: in56(byte ^ 1, '00', '1') })).statusCode).toBe(201);
    });
  });
});

// Two processes behind one load balancer share the caps through Redis (REDIS_URL), as main.ts sets up.
describe.skipIf(!process.env.REDIS_URL || !process.env.TEST_DATABASE_URL)('sign-ups per address across two processes (Redis)', () => {
  let redis: Redis;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    one = await buildTestApp('postgres', {}, { redis });
  });
  beforeAll(async () => {
    two = await buildTestApp('postgres', {}, { sameDatabaseAs: one, redis });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    redis?.disconnect();
  });

  it('3 sign-ups from one address through either process, then 429 from both', async () => {
    const ip = freshIp();
    await registerFrom(one, ip);
    await registerFrom(two, ip);
    await registerFrom(one, ip);
    for (const app of [two, one]) {
      const res = await post(app, '/api/auth/register', newUser(), { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(SIGN_UP_MSG.perHour('60 minutes'));
    }
    // A form token signed in one process is good in the other: one secret, kept in the database.
    expect((await post(two, '/api/auth/register', { ...newUser(), formToken: await formToken(one) }, { ip: freshIp() })).statusCode).toBe(201);
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and keys IPv6 by its /56', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:aa:bb01::1')).toBe('2001:db8:aa:bb00::/56');
    expect(addressKey('2001:DB8:AA:BBFF:1:2:3:4')).toBe('2001:db8:aa:bb00::/56');
    expect(addressKey('2001:db8:aa:cc01::1')).toBe('2001:db8:aa:cc00::/56');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/56');
    expect(addressKey('::1')).toBe('0:0:0:0::/56');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
  });
});

async function registerFrom(app: TestApp, ip: string) {
  const res = await post(app, '/api/auth/register', newUser(), { ip });
  if (res.statusCode !== 201) throw new Error(`sign-up from ${ip} answered ${res.statusCode}: ${res.body}`);
}
