import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, lastMailTo, mailsTo, PASSWORD, post, registerUser, sessionCookie, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';

const SENT = { message: 'If an account exists for that email, we have sent a link to reset the password.' };
const NEW_PASSWORD = 'Van&Route77';

describe.each(testDatabases)('password reset (%s)', (kind) => {
  let t: TestApp;
  const appUrl = 'https://kerbside.example';
  const adminEmail = `${unique('chief')}@kerbside.test`;
  beforeAll(async () => {
    t = await buildTestApp(kind, { APP_URL: appUrl, ADMIN_EMAILS: adminEmail });
  });
  afterAll(() => t?.close());

  // With an https APP_URL the session cookie is __Host-sid and Secure; the Origin must be APP_URL's.
  const origin = { origin: appUrl };
  const forgot = (email: string) => post(t, '/api/auth/forgot-password', { email }, { headers: origin });
  const reset = (token: string, password = NEW_PASSWORD) => post(t, '/api/auth/reset-password', { token, password }, { headers: origin });
  const login = (email: string, password: string) => post(t, '/api/auth/login', { email, password }, { headers: origin });
  const tokenFromMail = async (email: string) => {
    const mail = await lastMailTo(t, email);
    const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!m) throw new Error('no reset link');
    return m[1];
  };
  const verifiedMember = async () => {
    const u = await registerUser(t);
    const res = await post(t, '/api/auth/verify-code', { email: u.email, code: u.code }, { headers: origin });
    return { ...u, cookie: sessionCookie(res)! };
  };

  it('gives the same answer for unknown and known addresses, mailing only the known', async () => {
    const u = await verifiedMember();
    const unknown = `${unique('ghost')}@example.test`;
    const a = await forgot(unknown);
    const b = await forgot(u.email.toUpperCase());
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
    }
    expect(await mailsTo(t, unknown)).toHaveLength(0);
    const mail = await lastMailTo(t, u.email);
    expect(mail).toMatchObject({ kind: 'password_reset', subject: 'Reset your Kerbside password' });
    const token = await tokenFromMail(u.email);
    expect(mail!.text).toContain(`${appUrl}/reset-password?token=${token}`);
    expect(mail!.html).toContain(`${appUrl}/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Stored only as a hash, valid 30 minutes.
    const rows = await t.database.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
    const mine = rows.find((r) => r.createdAt.getTime() === Math.max(...rows.map((x) => x.createdAt.getTime())))!;
    expect(mine.expiresAt.getTime() - mine.createdAt.getTime()).toBe(30 * 60_000);
  });

  it('mails no link for a deleted account', async () => {
    const u = await verifiedMember();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, u.email));
    const before = (await mailsTo(t, u.email)).length;
    expect((await forgot(u.email)).json()).toEqual(SENT);
    expect(await mailsTo(t, u.email)).toHaveLength(before);
  });

  it('sends at most 3 links an hour, silently', async () => {
    const u = await verifiedMember();
    for (let i = 0; i < 4; i++) {
      const res = await forgot(u.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
    }
    expect((await mailsTo(t, u.email)).filter((m) => m.kind === 'password_reset')).toHaveLength(3);
  });

  it('resets the password, ends every session and works once', async () => {
    const u = await verifiedMember();
    const second = sessionCookie(await login(u.email, PASSWORD))!;
    await forgot(u.email);
    const token = await tokenFromMail(u.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. Please sign in.' });
    for (const cookie of [u.cookie, second]) expect((await get(t, '/api/auth/user', cookie)).statusCode).toBe(401);
    expect((await login(u.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Other$Pass99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This reset link is invalid or has expired' });
  });

  it('voids the other links of the account when one is used', async () => {
    const u = await verifiedMember();
    await forgot(u.email);
    const first = await tokenFromMail(u.email);
    await forgot(u.email);
    const second = await tokenFromMail(u.email);
    expect((await reset(second)).statusCode).toBe(200);
    const old = await reset(first, 'Other$Pass99');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: 'This reset link is invalid or has expired' });
  });

  it('refuses an expired or unknown link', async () => {
    const u = await verifiedMember();
    await forgot(u.email);
    const token = await tokenFromMail(u.email);
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    for (const tok of [token, 'x'.repeat(43), 'short']) {
      const res = await reset(tok);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This reset link is invalid or has expired');
    }
    expect((await login(u.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a common or weak new password and keeps the link usable', async () => {
    const u = await verifiedMember();
    await forgot(u.email);
    const token = await tokenFromMail(u.email);
    const common = await reset(token, 'P@ssw0rd');
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ password: 'This password is too common. Please choose a less common password' });
    const weak = await reset(token, 'alllowercase');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe('Password must contain uppercase, lowercase, number, and special character');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('verifies the email of an unverified account (and promotes an ADMIN_EMAILS address)', async () => {
    const u = await registerUser(t, { email: adminEmail });
    await forgot(u.email);
    expect((await reset(await tokenFromMail(u.email))).statusCode).toBe(200);
    const res = await login(u.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ emailVerified: true, isAdmin: true });
    expect(res.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({ secure: true, httpOnly: true });
  });
});
