import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUser } from '../../../common/contracts/auth.ts';
import { loginFailures, sessions, users } from '../../db/schema/index.ts';
import { createSession, hashToken } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, get, PASSWORD, post, registerUser, sessionCookie, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

describe.each(testDatabases)('sign in, session and sign out (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, opts: { ip?: string; cookie?: string } = {}) =>
    post(t, '/api/auth/login', { email, password }, opts);
  const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
    t.database.db.update(users).set(values).where(eq(users.id, id));
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
  // The account's failures from every address slow its next attempt down (2 s after the 4th, doubling;
  // account-lock.test.ts): moving the last minute's 70 s back, well inside the 15-minute window, lets it go ahead.
  const passDelay = (email: string) =>
    t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '70 seconds'` })
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, new Date(Date.now() - 70_000))));

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, any email case, and returns the user', async () => {
      const u = await signUp(t);
      const res = await login(`  ${u.email.toUpperCase()} `, PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Login successful');
      const user = ZUser.parse(res.json().user);
      expect(user).toMatchObject({ id: u.id, email: u.email, username: u.username, emailVerified: true });
      expect(res.json().user).not.toHaveProperty('passwordHash');
      expect(sessionCookie(res)).toBeDefined();
    });

    it('gives a new token at every sign-in; each stays valid until its own logout', async () => {
      const u = await signUp(t);
      const a = sessionCookie(await login(u.email, PASSWORD))!;
      const b = sessionCookie(await login(u.email, PASSWORD))!;
      expect(new Set([u.cookie, a, b]).size).toBe(3);
      for (const c of [u.cookie, a, b]) expect((await get(t, '/api/auth/user', c)).statusCode).toBe(200);

      expect((await post(t, '/api/logout', undefined, { cookie: a })).statusCode).toBe(200);
      expect((await get(t, '/api/auth/user', a)).statusCode).toBe(401);
      expect((await get(t, '/api/auth/user', b)).statusCode).toBe(200);
      // Only the hash of a token is stored.
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
      expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(tokenOf(u.cookie)), hashToken(tokenOf(b))].sort());
    });

    it('replaces the session of the cookie it was sent with', async () => {
      const u = await signUp(t);
      const next = sessionCookie(await login(u.email, PASSWORD, { cookie: u.cookie }))!;
      expect(next).not.toBe(u.cookie);
      expect((await get(t, '/api/auth/user', u.cookie)).statusCode).toBe(401);
      expect((await get(t, '/api/auth/user', next)).statusCode).toBe(200);
    });

    it('answers a wrong password, an unknown email and a deleted account alike', async () => {
      const u = await signUp(t);
      const gone = await signUp(t);
      await setUser(gone.id, { deletedAt: new Date() });
      const answers = [
        await login(u.email, 'Wrong$Pass1'),
        await login(`${unique('nobody')}@example.test`, PASSWORD),
        await login(gone.email, PASSWORD),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password' });
        expect(sessionCookie(res)).toBeUndefined();
      }
    });

    it('asks an unverified account to verify, only with the right password', async () => {
      const u = await registerUser(t);
      const right = await login(u.email, PASSWORD);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ message: 'Please verify your email address before signing in.', requiresVerification: true, email: u.email });
      expect(sessionCookie(right)).toBeUndefined();
      const wrong = await login(u.email, 'Wrong$Pass1');
      expect(wrong.statusCode).toBe(401);
    });

    it('refuses a suspended account, only with the right password', async () => {
      const u = await signUp(t);
      await setUser(u.id, { suspendedAt: new Date() });
      const res = await login(u.email, PASSWORD);
      expect(res.statusCode).toBe(403);
      // No end set: until an admin lifts it (issue 18).
      expect(res.json()).toEqual({ message: 'Your account is suspended until an admin lifts it. Contact support if you think this is a mistake.' });
      expect((await login(u.email, 'Wrong$Pass1')).statusCode).toBe(401);
    });

    it('locks an account+IP after 5 failures for 15 minutes, with Retry-After, even for the right password', async () => {
      const u = await signUp(t);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect((await login(u.email, 'Wrong$Pass1', { ip })).statusCode).toBe(401);
        await passDelay(u.email);
      }
      const locked = await login(u.email, PASSWORD, { ip });
      expect(locked.statusCode).toBe(429);
      // 15 minutes from the oldest of the five (moved 70 s back by passDelay).
      const wait = Number(locked.headers['retry-after']);
      expect(wait).toBeGreaterThan(13 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60 - 70);
      expect(locked.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again in 14 minutes.' });

      // Another address is not locked out; the IP is stored hashed.
      expect((await login(u.email, PASSWORD)).statusCode).toBe(200);
      const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, u.email));
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => !r.ipHash.includes(ip) && /^[0-9a-f]{64}$/.test(r.ipHash))).toBe(true);

      // Once the failures age out of the window, the right password works again.
      await t.database.db
        .update(loginFailures)
        .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
        .where(eq(loginFailures.email, u.email));
      expect((await login(u.email, PASSWORD, { ip })).statusCode).toBe(200);
    });

    it('counts failures for unknown emails the same way (no enumeration by lockout)', async () => {
      const email = `${unique('ghost')}@example.test`;
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect((await login(email, PASSWORD, { ip })).statusCode).toBe(401);
        await passDelay(email);
      }
      const res = await login(email, PASSWORD, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });

    it('clears an account+IP failure count on a successful sign-in', async () => {
      const u = await signUp(t);
      const ip = freshIp();
      for (let i = 0; i < 4; i++) await login(u.email, 'Wrong$Pass1', { ip });
      await passDelay(u.email);
      expect((await login(u.email, PASSWORD, { ip })).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(u.email, 'Wrong$Pass1', { ip })).statusCode).toBe(401);
      await passDelay(u.email);
      expect((await login(u.email, PASSWORD, { ip })).statusCode).toBe(200);
    });

    it('allows at most 20 attempts a minute from one IP, answering 429 {message} with Retry-After', async () => {
      const ip = freshIp();
      // Invalid bodies are cheap and still count: the limit runs before validation.
      for (let i = 0; i < 20; i++) expect((await login('not-an-email', '', { ip })).statusCode).toBe(400);
      const res = await login('not-an-email', '', { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: 'Too many sign-in attempts. Please wait a minute and try again.' });
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await login('not-an-email', '')).statusCode).toBe(400); // another IP
    });

    it('refuses a cross-site sign-in (Origin check)', async () => {
      const u = await signUp(t);
      const res = await post(t, '/api/auth/login', { email: u.email, password: PASSWORD }, { headers: { origin: 'http://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('answers validation errors with the spec messages', async () => {
      const res = await login('nope', '');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ email: 'Invalid email address', password: 'Password is required' });
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers 401 to a guest, a bad cookie and an expired session', async () => {
      const u = await signUp(t);
      await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, u.id));
      for (const cookie of [undefined, 'sid=not-a-session', u.cookie]) {
        const res = await get(t, '/api/auth/user', cookie);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Not logged in' });
      }
    });

    it('returns the member itself (not wrapped), never cached', async () => {
      const u = await signUp(t);
      const res = await get(t, '/api/auth/user', u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(Object.keys(res.json()).sort()).toEqual(Object.keys(ZUser.shape).sort());
      expect(ZUser.parse(res.json())).toMatchObject({ id: u.id, username: u.username, firstName: 'Sam', lastName: 'Driver', avatar: 'car', statusText: '', isAdmin: false, chatSuspended: false, onboarded: false });
      expect(new Date(res.json().createdAt).toISOString()).toBe(res.json().createdAt);
    });

    it('shows an unverified session as emailVerified false, and a suspended one as signed out', async () => {
      const pending = await registerUser(t);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, pending.email));
      const token = await createSession(t.database.db, row.id, new Date());
      const res = await get(t, '/api/auth/user', `sid=${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().emailVerified).toBe(false);

      const member = await signUp(t);
      await setUser(member.id, { suspendedAt: new Date(), chatSuspendedAt: new Date() });
      expect((await get(t, '/api/auth/user', member.cookie)).statusCode).toBe(401);
    });

    it('reflects admin and chat suspension', async () => {
      const u = await signUp(t);
      await setUser(u.id, { isAdmin: true, chatSuspendedAt: new Date() });
      expect((await get(t, '/api/auth/user', u.cookie)).json()).toMatchObject({ isAdmin: true, chatSuspended: true });
    });
  });

  describe('logout', () => {
    it('POST ends the session and clears the cookie', async () => {
      const u = await signUp(t);
      const res = await post(t, '/api/logout', undefined, { cookie: u.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out' });
      const cleared = res.cookies.find((c) => c.name === 'sid');
      expect(cleared?.value).toBe('');
      expect((await get(t, '/api/auth/user', u.cookie)).statusCode).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    });

    it('GET from our own page ends the session and redirects to / (other cases: logout.test.ts)', async () => {
      const u = await signUp(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: u.cookie, 'sec-fetch-site': 'same-origin' } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await get(t, '/api/auth/user', u.cookie)).statusCode).toBe(401);
    });

    it('is fine for guests, and ends a suspended account’s session too', async () => {
      expect((await post(t, '/api/logout')).json()).toEqual({ message: 'Logged out' });
      expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'none' } })).statusCode).toBe(302);
      const u = await signUp(t);
      await setUser(u.id, { suspendedAt: new Date() });
      await post(t, '/api/logout', undefined, { cookie: u.cookie });
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    });
  });
});
