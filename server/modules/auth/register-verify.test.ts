import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUser, ZVerifyCodeResponse } from '../../../common/contracts/auth.ts';
import { users, verificationCodes } from '../../db/schema/index.ts';
import { AUTH_MSG } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, lastMailTo, latestCode, mailsTo, newUser, post, registerUser, sessionCookie, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

describe.each(testDatabases)('register and verify (%s)', (kind) => {
  let t: TestApp;
  const bossEmail = `${unique('boss')}@kerbside.test`;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_EMAILS: `someone@else.test, ${bossEmail.toUpperCase()}` });
  });
  afterAll(() => t?.close());

  const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const codeRows = (userId: number) => t.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));

  describe('POST /api/auth/register', () => {
    it('creates an unverified account, stores a lower-cased email and an argon2id hash, and mails a code', async () => {
      const u = newUser({ email: `  ${unique('Mixed')}@Example.TEST ` });
      const res = await post(t, '/api/auth/register', u);
      expect(res.statusCode).toBe(201);
      const email = u.email.trim().toLowerCase();
      expect(res.json()).toEqual({ message: AUTH_MSG.registered, email, requiresVerification: true });

      const row = await userRow(email);
      expect(row).toMatchObject({ username: u.username, firstName: 'Sam', lastName: 'Driver', isAdmin: false, emailVerifiedAt: null });
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(row.passwordHash).not.toContain(u.password);

      const mail = await lastMailTo(t, email);
      expect(mail).toMatchObject({ subject: 'Your Kerbside verification code', kind: 'verification' });
      expect(mail!.text).toContain('It expires in 10 minutes.');
      const code = await latestCode(t, email);
      expect(mail!.html).toContain(code);
      // Only a salted hash of the code is stored.
      const [stored] = await codeRows(row.id);
      expect(stored.codeHash).not.toContain(code);
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(10 * 60_000);
    });

    it('answers an email that is already registered (whatever its case) as a new one, and creates nothing (enumeration.test.ts)', async () => {
      const first = await registerUser(t);
      const again = newUser({ email: first.email.toUpperCase() });
      const res = await post(t, '/api/auth/register', again);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: AUTH_MSG.registered, email: first.email, requiresVerification: true });
      expect(await t.database.db.select().from(users).where(eq(users.username, again.username))).toEqual([]);
    });

    it('refuses a username that is taken in any letter case', async () => {
      const first = await registerUser(t);
      const res = await post(t, '/api/auth/register', newUser({ username: first.username.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This username is already taken');
    });

    it('refuses a common password with a field error', async () => {
      for (const password of ['P@ssw0rd', 'Password1!']) {
        const res = await post(t, '/api/auth/register', newUser({ password }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: 'This password is too common. Please choose a less common password',
          errors: { password: 'This password is too common. Please choose a less common password' },
        });
      }
    });

    // Issue 30 item 7: a password manager's `#` (or any symbol) is the special character.
    it('accepts a password whose only symbol is one spec §5 does not list, and signs in with it', async () => {
      const member = await signUp(t, { password: 'Kerb#side2025' });
      const res = await post(t, '/api/auth/login', { email: member.email, password: 'Kerb#side2025' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.username).toBe(member.username);
    });

    it('answers invalid input with the spec messages per field and creates nothing', async () => {
      const email = `${unique('bad')}@example.test`;
      const res = await post(t, '/api/auth/register', { firstName: ' ', lastName: '', username: 'a-', email, password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 8 characters',
      });
      expect(await userRow(email)).toBeUndefined();
    });

    it('lets exactly one of two racing registrations of the same email through', async () => {
      const email = `${unique('race')}@example.test`;
      const results = await Promise.all([
        post(t, '/api/auth/register', newUser({ email })),
        post(t, '/api/auth/register', newUser({ email })),
      ]);
      // Both answer as for a new address; one account, and one code (the second is within the resend gap).
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(results[0].json()).toEqual(results[1].json());
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      expect(await mailsTo(t, email)).toHaveLength(1);
    });

    it('settles a race on the username (case-insensitive) the same way', async () => {
      const username = unique('Race_');
      const results = await Promise.all([
        post(t, '/api/auth/register', newUser({ username })),
        post(t, '/api/auth/register', newUser({ username: username.toLowerCase() })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('This username is already taken');
    });
  });

  describe('POST /api/auth/verify-code', () => {
    it('verifies, signs in with a fresh session and reports a new user', async () => {
      const u = await registerUser(t);
      const res = await post(t, '/api/auth/verify-code', { email: u.email.toUpperCase(), code: u.code });
      expect(res.statusCode).toBe(200);
      const body = ZVerifyCodeResponse.parse(res.json());
      expect(body).toMatchObject({ autoLogin: true, isNewUser: true, message: 'Email verified successfully' });
      expect(body.user).toMatchObject({ email: u.email, username: u.username, emailVerified: true, isAdmin: false, onboarded: false });
      const cookie = sessionCookie(res);
      expect(cookie).toBeDefined();
      const set = res.cookies.find((c) => c.name === 'sid')!;
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      const me = await get(t, '/api/auth/user', cookie);
      expect(me.statusCode).toBe(200);
      expect(ZUser.parse(me.json()).id).toBe(body.user!.id);
    });

    it('reports isNewUser false for an account that has been onboarded', async () => {
      const u = await registerUser(t);
      await t.database.db.update(users).set({ onboardedAt: new Date() }).where(eq(users.email, u.email));
      const res = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
      expect(res.json()).toMatchObject({ isNewUser: false, user: { onboarded: true } });
    });

    it('refuses a wrong code, and an unknown email with the same answer', async () => {
      const u = await registerUser(t);
      const wrong = u.code === '000000' ? '111111' : '000000';
      const a = await post(t, '/api/auth/verify-code', { email: u.email, code: wrong });
      const b = await post(t, '/api/auth/verify-code', { email: `${unique('nobody')}@example.test`, code: u.code });
      for (const res of [a, b]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Invalid or expired verification code' });
        expect(sessionCookie(res)).toBeUndefined();
      }
    });

    it('refuses an expired code', async () => {
      const u = await registerUser(t);
      const row = await userRow(u.email);
      await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, row.id));
      const res = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid or expired verification code');
      expect((await userRow(u.email)).emailVerifiedAt).toBeNull();
    });

    it('uses a code once; verifying again answers as for an unknown address', async () => {
      const u = await registerUser(t);
      expect((await post(t, '/api/auth/verify-code', { email: u.email, code: u.code })).statusCode).toBe(200);
      const again = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: 'Invalid or expired verification code' });
      const [row] = await codeRows((await userRow(u.email)).id);
      expect(row.usedAt).not.toBeNull();
    });

    it('voids a code after 5 wrong tries, even for the right code, until a new one is sent', async () => {
      const u = await registerUser(t);
      const wrong = u.code === '000000' ? '111111' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push((await post(t, '/api/auth/verify-code', { email: u.email, code: wrong })).json().message);
      // One answer for every failure, so a used-up code does not tell a waiting account from no account.
      expect(answers).toEqual(Array(5).fill('Invalid or expired verification code'));
      const right = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe('Invalid or expired verification code');

      // A new code (past the one-minute wait) works.
      const row = await userRow(u.email);
      await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 2 * 60_000) }).where(eq(verificationCodes.userId, row.id));
      expect((await post(t, '/api/auth/resend-verification', { email: u.email })).statusCode).toBe(200);
      const fresh = await latestCode(t, u.email);
      expect((await post(t, '/api/auth/verify-code', { email: u.email, code: fresh })).statusCode).toBe(200);
    });

    it('counts parallel wrong guesses one by one', async () => {
      const u = await registerUser(t);
      const wrongs = ['000001', '000002', '000003', '000004', '000005', '000006', '000007'].filter((c) => c !== u.code).slice(0, 6);
      await Promise.all(wrongs.map((code) => post(t, '/api/auth/verify-code', { email: u.email, code })));
      const [row] = await codeRows((await userRow(u.email)).id);
      expect(row.failedAttempts).toBe(5);
      expect((await post(t, '/api/auth/verify-code', { email: u.email, code: u.code })).statusCode).toBe(400);
    });

    it('makes an ADMIN_EMAILS address an admin once verified, and nobody else', async () => {
      const boss = await registerUser(t, { email: bossEmail });
      expect((await userRow(boss.email)).isAdmin).toBe(false);
      const res = await post(t, '/api/auth/verify-code', { email: boss.email, code: boss.code });
      expect(res.json().user.isAdmin).toBe(true);
      expect((await userRow(boss.email)).isAdmin).toBe(true);
    });

    it('rejects a code that is not exactly 6 digits before looking anything up', async () => {
      for (const code of ['12345', '1234567', '12a456', '']) {
        const res = await post(t, '/api/auth/verify-code', { email: 'someone@example.test', code });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toHaveProperty('code');
      }
    });
  });

  describe('POST /api/auth/resend-verification', () => {
    const resent = { message: 'A new verification code has been sent to your email.' };
    const backdateCodes = async (userId: number, ms: number) => {
      const rows = await codeRows(userId);
      for (const r of rows) {
        await t.database.db
          .update(verificationCodes)
          .set({ createdAt: new Date(r.createdAt.getTime() - ms) })
          .where(eq(verificationCodes.id, r.id));
      }
    };

    it('gives the same answer and sends nothing for unknown and verified addresses', async () => {
      const unknown = `${unique('ghost')}@example.test`;
      const a = await post(t, '/api/auth/resend-verification', { email: unknown });
      const u = await registerUser(t);
      await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
      const before = (await mailsTo(t, u.email)).length;
      const b = await post(t, '/api/auth/resend-verification', { email: u.email });
      for (const res of [a, b]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(resent);
      }
      expect(await mailsTo(t, unknown)).toHaveLength(0);
      expect(await mailsTo(t, u.email)).toHaveLength(before);
    });

    it('waits a minute between codes (answering as ever, sending nothing), then sends a new one that voids the old', async () => {
      const u = await registerUser(t);
      const soon = await post(t, '/api/auth/resend-verification', { email: u.email });
      expect(soon.statusCode).toBe(200);
      expect(soon.json()).toEqual(resent);
      expect(await mailsTo(t, u.email)).toHaveLength(1);

      const row = await userRow(u.email);
      await backdateCodes(row.id, 61_000);
      const ok = await post(t, '/api/auth/resend-verification', { email: u.email.toUpperCase() });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual(resent);
      const fresh = await latestCode(t, u.email);
      expect(await mailsTo(t, u.email)).toHaveLength(2);

      if (fresh !== u.code) {
        const old = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code });
        expect(old.json().message).toBe('Invalid or expired verification code');
      }
      expect((await post(t, '/api/auth/verify-code', { email: u.email, code: fresh })).statusCode).toBe(200);
    });

    it('sends at most 5 codes an hour', async () => {
      const u = await registerUser(t);
      const row = await userRow(u.email);
      // Four more codes over the last hour make five.
      for (let i = 0; i < 4; i++) {
        await backdateCodes(row.id, 2 * 60_000);
        expect((await post(t, '/api/auth/resend-verification', { email: u.email })).statusCode).toBe(200);
      }
      await backdateCodes(row.id, 2 * 60_000);
      const res = await post(t, '/api/auth/resend-verification', { email: u.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(resent);
      expect(await mailsTo(t, u.email)).toHaveLength(5);
      const live = await t.database.db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.userId, row.id)));
      expect(live.filter((c) => c.expiresAt > new Date())).toHaveLength(1);
    });
  });
});
