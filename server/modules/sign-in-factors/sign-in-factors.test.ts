import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_PATTERN, SIGN_IN_MSG } from '../../../common/rules/sign-in.ts';
import { MEMBERS_MSG } from '../../../common/rules/members.ts';
import { auditLog, loginFailures, passkeys, rememberedDevices, signInChallenges, totpFactors, users } from '../../db/schema/index.ts';
import { AUTH_MSG } from '../../identity/index.ts';
import { totpAt } from '../../identity/totp.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, get, mailsTo, PASSWORD, post, sessionCookie, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { softPasskey } from '../../test/webauthn.ts';

type Member = Awaited<ReturnType<typeof signUp>>;

describe.each(testDatabases)('passkeys and two-step sign-in (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    origin = t.app.deps.config.appUrl;
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const send = (method: 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { origin, cookie, 'x-forwarded-for': freshIp() } });
  const login = (email: string, opts: { ip?: string; cookie?: string; password?: string } = {}) =>
    post(t, '/api/auth/login', { email, password: opts.password ?? PASSWORD }, opts);
  const deviceCookie = (res: { cookies: Array<{ name: string; value: string }> }) => {
    const c = res.cookies.find((k) => k.name === 'device' || k.name === '__Host-device');
    return c?.value ? `${c.name}=${c.value}` : undefined;
  };
  // The account's failures slow its next attempt down (account-lock.test.ts): moving the last minute's
  // 70 s back, well inside the 15-minute window, waits that out.
  const passDelay = (email: string) =>
    db()
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '70 seconds'` })
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, new Date(Date.now() - 70_000))));
  const setUser = (id: number, values: Partial<typeof users.$inferInsert>) => db().update(users).set(values).where(eq(users.id, id));

  // ---- passkeys ----

  async function addPasskey(m: Member, name = 'My phone', key = softPasskey(origin)) {
    const opts = await post(t, '/api/profile/passkeys/options', { password: PASSWORD }, { cookie: m.cookie });
    expect(opts.statusCode, opts.body).toBe(200);
    const res = await post(t, '/api/profile/passkeys', { name, response: key.register(opts.json().options) }, { cookie: m.cookie });
    return { res, key };
  }
  async function signInWith(key: ReturnType<typeof softPasskey>, opts: Parameters<typeof key.signIn>[1] & { ip?: string; cookie?: string } = {}) {
    const options = (await post(t, '/api/auth/passkey/options')).json().options;
    const response = key.signIn(options, opts);
    return { res: await post(t, '/api/auth/passkey', { response }, { ip: opts.ip, cookie: opts.cookie }), response };
  }

  describe('passkeys', () => {
    it('adds one after the password, lists it, signs in with it and records its use', async () => {
      const m = await signUp(t);
      const wrong = await post(t, '/api/profile/passkeys/options', { password: 'Wrong$Pass1' }, { cookie: m.cookie });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: MEMBERS_MSG.currentPasswordIncorrect, errors: { password: MEMBERS_MSG.currentPasswordIncorrect } });

      const { res, key } = await addPasskey(m, '  Work phone  ');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ message: SIGN_IN_MSG.passkeyAdded, passkey: { name: 'Work phone', lastUsedAt: null } });
      const [row] = await db().select().from(passkeys).where(eq(passkeys.userId, m.id));
      expect(row.credentialId).toBe(key.credentialId);
      // The user handle is 32 random bytes, never the account's id.
      expect(row.webauthnUserId).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const { res: signedIn } = await signInWith(key);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ message: AUTH_MSG.loginOk, user: { id: m.id } });
      const cookie = sessionCookie(signedIn)!;
      expect((await get(t, '/api/auth/user', cookie)).json().id).toBe(m.id);

      const security = (await get(t, '/api/profile/security', cookie)).json();
      expect(security.passkeys).toHaveLength(1);
      expect(security.passkeys[0].lastUsedAt).not.toBeNull();
      expect(security.twoStep).toMatchObject({ enabled: false, recoveryCodesLeft: 0, required: false });
    });

    it('refuses a replayed answer, another site’s origin, a wrong site id, an unknown key and a counter gone back', async () => {
      const m = await signUp(t);
      const { key } = await addPasskey(m);

      const { res: first, response } = await signInWith(key);
      expect(first.statusCode).toBe(200);
      const replay = await post(t, '/api/auth/passkey', { response });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(SIGN_IN_MSG.passkeyTimedOut);

      // A look-alike site relaying our challenge: the browser writes its own origin into the signed data.
      const phished = await signInWith(key, { origin: 'https://kerbside-login.example' });
      expect(phished.res.statusCode).toBe(400);
      expect(phished.res.json().message).toBe(SIGN_IN_MSG.passkeyFailed);
      const otherSite = await signInWith(key, { rpId: 'example.org' });
      expect(otherSite.res.json().message).toBe(SIGN_IN_MSG.passkeyFailed);

      const stranger = await signInWith(softPasskey(origin));
      expect(stranger.res.statusCode).toBe(400);
      expect(stranger.res.json().message).toBe(SIGN_IN_MSG.passkeyUnknown);

      // A cloned key shows itself by signing with a counter the original has passed.
      const clone = await signInWith(key, { counter: 1 });
      expect(clone.res.statusCode).toBe(400);
      expect(clone.res.json().message).toBe(SIGN_IN_MSG.passkeyFailed);
      // None of them signed anyone in.
      for (const r of [replay, phished.res, otherSite.res, stranger.res, clone.res]) expect(sessionCookie(r)).toBeUndefined();
    });

    it('asks nothing of the database for a sign-in challenge (the form asks on every visit), and takes only its own signed ones', async () => {
      const m = await signUp(t);
      const { key } = await addPasskey(m);
      const before = await db().select().from(signInChallenges);
      for (let i = 0; i < 5; i++) expect((await post(t, '/api/auth/passkey/options')).statusCode).toBe(200);
      expect(await db().select().from(signInChallenges)).toHaveLength(before.length);

      const options = (await post(t, '/api/auth/passkey/options')).json().options as { challenge: string };
      const [issued, nonce] = Buffer.from(options.challenge, 'base64url').toString().split('.');
      const forged = [
        `${issued}.${nonce}.${'A'.repeat(43)}`, // not our signature
        `${Number(issued) - 10 * 60_000}.${nonce}.${'A'.repeat(43)}`, // backdated
        'any-challenge-at-all',
      ];
      for (const text of forged) {
        const res = await post(t, '/api/auth/passkey', { response: key.signIn(options, { challenge: Buffer.from(text).toString('base64url') }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(SIGN_IN_MSG.passkeyTimedOut);
      }
    });

    it('keeps a member’s challenge theirs: another member cannot finish it, and a late one times out', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const opts = (await post(t, '/api/profile/passkeys/options', { password: PASSWORD }, { cookie: a.cookie })).json().options;
      const response = softPasskey(origin).register(opts);
      const stolen = await post(t, '/api/profile/passkeys', { name: 'Mine now', response }, { cookie: b.cookie });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(SIGN_IN_MSG.passkeyTimedOut);

      await db().update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInChallenges.userId, a.id));
      const late = await post(t, '/api/profile/passkeys', { name: 'Late', response }, { cookie: a.cookie });
      expect(late.json().message).toBe(SIGN_IN_MSG.passkeyTimedOut);
      expect(await db().select().from(passkeys).where(eq(passkeys.userId, a.id))).toHaveLength(0);
    });

    it('renames and removes only one’s own, refuses the same key twice and more than ten', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      const { res, key } = await addPasskey(a);
      const id = res.json().passkey.id as number;

      expect((await send('PATCH', `/api/profile/passkeys/${id}`, b.cookie, { name: 'Hijacked' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/profile/passkeys/${id}`, b.cookie)).statusCode).toBe(404);
      const blank = await send('PATCH', `/api/profile/passkeys/${id}`, a.cookie, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(SIGN_IN_MSG.passkeyNameRequired);
      const long = await send('PATCH', `/api/profile/passkeys/${id}`, a.cookie, { name: 'x'.repeat(51) });
      expect(long.json().message).toBe(SIGN_IN_MSG.passkeyNameMax);
      const renamed = await send('PATCH', `/api/profile/passkeys/${id}`, a.cookie, { name: 'Old phone' });
      expect(renamed.json()).toMatchObject({ message: SIGN_IN_MSG.passkeyRenamed, passkey: { name: 'Old phone' } });

      const again = await addPasskey(a, 'Again', key);
      expect(again.res.statusCode).toBe(409);
      expect(again.res.json().message).toBe(SIGN_IN_MSG.passkeyExists);

      for (let i = 0; i < 9; i++) expect((await addPasskey(a, `Key ${i}`)).res.statusCode).toBe(201);
      const full = await post(t, '/api/profile/passkeys/options', { password: PASSWORD }, { cookie: a.cookie });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(SIGN_IN_MSG.passkeysFull);

      const removed = await send('DELETE', `/api/profile/passkeys/${id}`, a.cookie);
      expect(removed.json()).toEqual({ message: SIGN_IN_MSG.passkeyRemoved });
      const gone = await signInWith(key);
      expect(gone.res.json().message).toBe(SIGN_IN_MSG.passkeyUnknown);
    });

    it('signs in no suspended or deleted account, and adds none to an unverified one', async () => {
      const m = await signUp(t);
      const { key } = await addPasskey(m);
      await setUser(m.id, { suspendedAt: new Date(), suspensionReason: 'Spam' });
      const suspended = await signInWith(key);
      expect(suspended.res.statusCode).toBe(403);
      expect(suspended.res.json().message).toContain('suspended');
      expect(sessionCookie(suspended.res)).toBeUndefined();
      await setUser(m.id, { suspendedAt: null, suspensionReason: null, deletedAt: new Date() });
      const deleted = await signInWith(key);
      expect(deleted.res.statusCode).toBe(400);
      expect(deleted.res.json().message).toBe(SIGN_IN_MSG.passkeyUnknown);

      const u = await signUp(t);
      await setUser(u.id, { emailVerifiedAt: null });
      const unverified = await post(t, '/api/profile/passkeys/options', { password: PASSWORD }, { cookie: u.cookie });
      // An unverified account's session is a guest's for the session plugin, or refused by the route.
      expect([401, 403]).toContain(unverified.statusCode);
    });

    it('lets a passkey in while wrong passwords have locked the account', async () => {
      const m = await signUp(t);
      const { key } = await addPasskey(m);
      for (let i = 0; i < 12; i++) await login(m.email, { password: 'Wrong$Pass1' });
      expect((await login(m.email)).statusCode).toBe(429);
      expect((await signInWith(key)).res.statusCode).toBe(200);
    });
  });

  // ---- two-step sign-in ----

  /** Turns the app's codes on; returns the secret and the recovery codes. */
  async function turnOn(m: Member) {
    const setup = await post(t, '/api/profile/two-step/setup', { password: PASSWORD }, { cookie: m.cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const on = await post(t, '/api/profile/two-step/confirm', { code: totpAt(secret, Date.now()) }, { cookie: m.cookie });
    expect(on.statusCode, on.body).toBe(200);
    return { secret, recoveryCodes: on.json().recoveryCodes as string[] };
  }
  /** The app's code for a step not used yet: the next one (the confirm used this one). */
  const nextCode = (secret: string, steps = 1) => totpAt(secret, Date.now() + steps * 30_000);
  const ticketOf = async (email: string, opts: { ip?: string; cookie?: string } = {}) => {
    const res = await login(email, opts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SIGN_IN_MSG.secondStep);
    expect(sessionCookie(res)).toBeUndefined();
    return res.json().secondStep as { ticket: string; canRemember: boolean };
  };
  const second = (ticket: string, code: string, opts: { ip?: string; cookie?: string; rememberDevice?: boolean } = {}) =>
    post(t, '/api/auth/second-step', { ticket, code, ...(opts.rememberDevice === undefined ? {} : { rememberDevice: opts.rememberDevice }) }, opts);

  describe('authenticator-app codes', () => {
    it('sets up with the password, a QR code and a confirming code, and gives ten single-use recovery codes', async () => {
      const m = await signUp(t);
      expect((await post(t, '/api/profile/two-step/setup', { password: 'Wrong$Pass1' }, { cookie: m.cookie })).statusCode).toBe(400);
      expect((await post(t, '/api/profile/two-step/confirm', { code: '123456' }, { cookie: m.cookie })).json().message).toBe(SIGN_IN_MSG.setupFirst);
      const setup = (await post(t, '/api/profile/two-step/setup', { password: PASSWORD }, { cookie: m.cookie })).json();
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.otpauthUrl).toBe(`otpauth://totp/Kerbside:${encodeURIComponent(m.email)}?secret=${setup.secret}&issuer=Kerbside&algorithm=SHA1&digits=6&period=30`);
      expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      // Not on until confirmed: signing in still needs no code.
      expect((await login(m.email)).json().user.id).toBe(m.id);
      const badFormat = await post(t, '/api/profile/two-step/confirm', { code: '12ab56' }, { cookie: m.cookie });
      expect(badFormat.json().message).toBe(SIGN_IN_MSG.codeFormat);
      const stale = totpAt(setup.secret, Date.now() - 120_000);
      const wrong = await post(t, '/api/profile/two-step/confirm', { code: stale }, { cookie: m.cookie });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(SIGN_IN_MSG.codeWrong);

      const on = await post(t, '/api/profile/two-step/confirm', { code: totpAt(setup.secret, Date.now()) }, { cookie: m.cookie });
      expect(on.json().message).toBe(SIGN_IN_MSG.twoStepOn);
      const codes = on.json().recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
      expect((await post(t, '/api/profile/two-step/setup', { password: PASSWORD }, { cookie: m.cookie })).json().message).toBe(SIGN_IN_MSG.twoStepAlreadyOn);
      expect((await get(t, '/api/profile/security', m.cookie)).json().twoStep).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    });

    it('asks for the code after the password; a code works once; a recovery code once, in any case and spacing', async () => {
      const m = await signUp(t);
      const { secret, recoveryCodes } = await turnOn(m);

      const first = await ticketOf(m.email);
      expect(first.canRemember).toBe(true);
      const wrong = await second(first.ticket, totpAt(secret, Date.now() - 120_000));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: SIGN_IN_MSG.codeWrong, errors: { code: SIGN_IN_MSG.codeWrong } });
      const code = nextCode(secret);
      const ok = await second(first.ticket, code);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ message: AUTH_MSG.loginOk, user: { id: m.id } });
      expect((await get(t, '/api/auth/user', sessionCookie(ok))).statusCode).toBe(200);
      // The ticket is spent, and the same code does not work twice (someone reading it over a shoulder).
      expect((await second(first.ticket, code)).json().message).toBe(SIGN_IN_MSG.secondStepExpired);
      const again = await ticketOf(m.email);
      expect((await second(again.ticket, code)).json().message).toBe(SIGN_IN_MSG.codeWrong);

      const typed = ` ${recoveryCodes[0].toUpperCase().replace('-', ' ')} `;
      const byRecovery = await second(again.ticket, typed);
      expect(byRecovery.statusCode, byRecovery.body).toBe(200);
      expect(byRecovery.json().message).toBe(SIGN_IN_MSG.recoveryUsed(9));
      const reused = await second((await ticketOf(m.email)).ticket, recoveryCodes[0]);
      expect(reused.json().message).toBe(SIGN_IN_MSG.recoveryWrong);
      expect((await get(t, '/api/profile/security', m.cookie)).json().twoStep.recoveryCodesLeft).toBe(9);
    });

    it('refuses a bad or expired ticket and malformed codes, changing nothing', async () => {
      const m = await signUp(t);
      const { secret } = await turnOn(m);
      const { ticket } = await ticketOf(m.email);
      expect((await second('x'.repeat(43), nextCode(secret))).json().message).toBe(SIGN_IN_MSG.secondStepExpired);
      for (const code of ['', '12345', '1234567', 'abc', 'zzzzz-zzzzz-zz']) {
        const res = await second(ticket, code);
        expect(res.statusCode).toBe(400);
      }
      await db().update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInChallenges.userId, m.id));
      const late = await second(ticket, nextCode(secret));
      expect(late.json().message).toBe(SIGN_IN_MSG.secondStepExpired);
      expect(sessionCookie(late)).toBeUndefined();
    });

    it('gives someone with the password a handful of guesses at the code, however often they re-enter it, then locks and mails the owner', async () => {
      const m = await signUp(t);
      const { secret } = await turnOn(m);
      const wrongCode = totpAt(secret, Date.now() - 300_000);
      const statuses: number[] = [];
      // Re-entering the password between guesses, from a new address each time, and waiting out every slow-down.
      for (let round = 0; round < 8; round++) {
        const ip = freshIp();
        await passDelay(m.email);
        const res = await login(m.email, { ip });
        statuses.push(res.statusCode);
        if (res.statusCode !== 200) continue;
        for (let i = 0; i < 3; i++) {
          await passDelay(m.email);
          statuses.push((await second(res.json().secondStep.ticket, wrongCode, { ip })).statusCode);
        }
      }
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(7);
      expect(statuses.at(-1)).toBe(429);
      // Locked now, even with the right code; the owner hears of it.
      await passDelay(m.email);
      const locked = await login(m.email);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/Too many failed sign-in attempts. Please try again in/);
      expect((await mailsTo(t, m.email)).some((mail) => mail.kind === 'account_locked')).toBe(true);
    });

    it('a ticket takes five wrong codes, then the sign-in starts again', async () => {
      const m = await signUp(t);
      const { secret } = await turnOn(m);
      const { ticket } = await ticketOf(m.email);
      const wrong = totpAt(secret, Date.now() - 300_000);
      // The account's own limits are not what is tested here: its failures are cleared between guesses.
      for (let i = 0; i < 5; i++) {
        await db().delete(loginFailures).where(eq(loginFailures.email, m.email));
        expect((await second(ticket, wrong)).json().message).toBe(SIGN_IN_MSG.codeWrong);
      }
      expect((await second(ticket, nextCode(secret))).json().message).toBe(SIGN_IN_MSG.secondStepExpired);
    });

    it('remembers a device for its member only, never for an admin, and forgets it on request and on a password reset', async () => {
      const m = await signUp(t);
      const other = await signUp(t);
      const { secret } = await turnOn(m);
      await turnOn(other);

      const done = await second((await ticketOf(m.email)).ticket, nextCode(secret), { rememberDevice: true });
      const device = deviceCookie(done)!;
      expect(device).toBeDefined();
      expect(done.cookies.find((c) => c.name === 'device')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // The same phone: its member signs in with the password alone; another member on it is still asked.
      expect((await login(m.email, { cookie: device })).json().user.id).toBe(m.id);
      expect((await login(other.email, { cookie: device })).json().message).toBe(SIGN_IN_MSG.secondStep);
      expect((await get(t, '/api/profile/security', m.cookie)).json().twoStep.rememberedDevices).toBe(1);

      const forgot = await post(t, '/api/profile/two-step/forget-devices', {}, { cookie: m.cookie });
      expect(forgot.json()).toEqual({ message: SIGN_IN_MSG.devicesForgotten });
      expect((await login(m.email, { cookie: device })).json().message).toBe(SIGN_IN_MSG.secondStep);

      // An admin is always asked: "remember" is neither offered nor honoured.
      const admin = await signUp(t);
      const { secret: adminSecret } = await turnOn(admin);
      await setUser(admin.id, { isAdmin: true });
      const adminTicket = await ticketOf(admin.email);
      expect(adminTicket.canRemember).toBe(false);
      const adminDone = await second(adminTicket.ticket, nextCode(adminSecret), { rememberDevice: true });
      expect(adminDone.statusCode).toBe(200);
      expect(deviceCookie(adminDone)).toBeUndefined();
      expect(await db().select().from(rememberedDevices).where(eq(rememberedDevices.userId, admin.id))).toHaveLength(0);
    });

    it('a password reset still works, then asks for the second step; remembered devices are forgotten', async () => {
      const m = await signUp(t);
      const { secret, recoveryCodes } = await turnOn(m);
      const device = deviceCookie(await second((await ticketOf(m.email)).ticket, nextCode(secret), { rememberDevice: true }))!;
      await post(t, '/api/auth/forgot-password', { email: m.email });
      const mail = (await mailsTo(t, m.email)).find((x) => /reset-password\?token=/.test(x.text))!;
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const NEW = 'Van$Route2026';
      const reset = await post(t, '/api/auth/reset-password', { token, password: NEW });
      expect(reset.json().message).toBe(AUTH_MSG.resetDone);
      expect(sessionCookie(reset)).toBeUndefined();
      const after = await login(m.email, { password: NEW, cookie: device });
      expect(after.json().message).toBe(SIGN_IN_MSG.secondStep);
      expect((await second(after.json().secondStep.ticket, recoveryCodes[0])).statusCode).toBe(200);
    });

    it('turns off only with the password and a code; admins keep it; new recovery codes replace the old', async () => {
      const m = await signUp(t);
      const { secret, recoveryCodes } = await turnOn(m);
      const renewed = await post(t, '/api/profile/two-step/recovery-codes', { password: PASSWORD, code: nextCode(secret) }, { cookie: m.cookie });
      expect(renewed.json().message).toBe(SIGN_IN_MSG.newRecoveryCodes);
      const fresh = renewed.json().recoveryCodes as string[];
      expect(fresh).toHaveLength(10);
      expect((await second((await ticketOf(m.email)).ticket, recoveryCodes[1])).json().message).toBe(SIGN_IN_MSG.recoveryWrong);

      expect((await post(t, '/api/profile/two-step/disable', { password: 'Wrong$Pass1', code: fresh[0] }, { cookie: m.cookie })).statusCode).toBe(400);
      const badCode = await post(t, '/api/profile/two-step/disable', { password: PASSWORD, code: totpAt(secret, Date.now() - 300_000) }, { cookie: m.cookie });
      expect(badCode.json()).toMatchObject({ message: SIGN_IN_MSG.codeWrong });
      expect((await db().select().from(totpFactors).where(eq(totpFactors.userId, m.id)))[0].confirmedAt).not.toBeNull();

      const admin = await signUp(t);
      const { recoveryCodes: adminCodes } = await turnOn(admin);
      await setUser(admin.id, { isAdmin: true });
      const refused = await post(t, '/api/profile/two-step/disable', { password: PASSWORD, code: adminCodes[0] }, { cookie: admin.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SIGN_IN_MSG.adminsKeepTwoStep);
      expect((await get(t, '/api/profile/security', admin.cookie)).json().twoStep.required).toBe(true);

      const off = await post(t, '/api/profile/two-step/disable', { password: PASSWORD, code: fresh[0] }, { cookie: m.cookie });
      expect(off.json()).toEqual({ message: SIGN_IN_MSG.twoStepOff });
      await passDelay(m.email);
      expect((await login(m.email)).json().user.id).toBe(m.id);
      expect((await post(t, '/api/profile/two-step/disable', { password: PASSWORD, code: '123456' }, { cookie: m.cookie })).json().message).toBe(SIGN_IN_MSG.twoStepNotOn);
    });

    it('a passkey that checked its holder is both steps; one that did not asks for the code', async () => {
      const m = await signUp(t);
      const { key } = await addPasskey(m);
      const { secret } = await turnOn(m);
      expect((await signInWith(key)).res.json().user.id).toBe(m.id);
      const noUv = (await signInWith(key, { userVerified: false })).res;
      expect(noUv.json().message).toBe(SIGN_IN_MSG.secondStep);
      expect(sessionCookie(noUv)).toBeUndefined();
      expect((await second(noUv.json().secondStep.ticket, nextCode(secret))).statusCode).toBe(200);
    });

    it('audits a staff account’s sign-in factors, and no member’s', async () => {
      const mod = await signUp(t);
      await setUser(mod.id, { isModerator: true });
      const member = await signUp(t);
      for (const who of [mod, member]) {
        const { secret, recoveryCodes } = await turnOn(who);
        await second((await ticketOf(who.email)).ticket, recoveryCodes[0]);
        await addPasskey(who);
        await post(t, '/api/profile/two-step/recovery-codes', { password: PASSWORD, code: nextCode(secret) }, { cookie: who.cookie });
      }
      const actions = async (id: number) =>
        (await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id))))).map((r) => r.action).sort();
      expect(await actions(mod.id)).toEqual(['account.passkey_add', 'account.recovery_code_used', 'account.recovery_codes_new', 'account.two_step_on']);
      expect(await actions(member.id)).toEqual([]);
    });
  });
});
