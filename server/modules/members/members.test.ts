import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/rules/auth.ts';
import { CHAT_MSG } from '../../../common/rules/chat.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import type { TProfile, TPublicProfile } from '../../../common/contracts/members.ts';
import { MEMBERS_MSG, STATUS_MAX } from '../../../common/rules/members.ts';
import { REACTION_EMOJI } from '../../../common/reactions.ts';
import {
  bookmarks,
  commentReactions,
  commentVotes,
  comments,
  memberBlocks,
  notifications,
  payReports,
  postReactions,
  postVotes,
  posts,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema/index.ts';
import { AUTH_MSG, createSession } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { codeIn, get, lastMailTo, mailsTo, PASSWORD, post, registerUser, sessionCookie, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, expectCountersConsistent } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import type { TDataExport } from './export-service.ts';
import { maskEmail, UNUSABLE_PASSWORD_HASH } from './service.ts';

const NEW_PASSWORD = 'N3w-Kerb$ide-2025';

/** Every route of the module, with a valid body, for the authorisation cases. */
const ROUTES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object }> = [
  { method: 'GET', url: '/api/profile' },
  { method: 'PATCH', url: '/api/profile', body: { statusText: 'Hello' } },
  { method: 'POST', url: '/api/onboarding', body: {} },
  { method: 'POST', url: '/api/profile/password', body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } },
  { method: 'POST', url: '/api/profile/sessions/end-others' },
  { method: 'POST', url: '/api/profile/email', body: { newEmail: 'someone@example.test', password: PASSWORD } },
  { method: 'POST', url: '/api/profile/email/verify', body: { code: '123456' } },
  { method: 'GET', url: '/api/auth/me/export' },
  { method: 'DELETE', url: '/api/profile', body: { password: PASSWORD } },
  { method: 'GET', url: '/api/users/anyone' },
  { method: 'GET', url: '/api/users/anyone/posts' },
  { method: 'GET', url: '/api/directory/users' },
];

describe.each(testDatabases)('members API (%s)', (kind) => {
  let t: TestApp;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const login = async (email: string, password = PASSWORD) => post(t, '/api/auth/login', { email, password });
  const authUser = (cookie?: string) => get(t, '/api/auth/user', cookie);
  /** A second session of the member, as a sign-in on another device makes. */
  const anotherDevice = async (userId: number) => `sid=${await createSession(db(), userId, new Date())}`;

  /** A member with email and password known (signUp through the API), a month old. */
  async function fullMember() {
    const u = await signUp(t);
    await db().update(users).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, u.id));
    return u;
  }

  async function insertPost(authorId: number, opts: { title?: string; deleted?: boolean; createdAt?: Date } = {}) {
    const slug = unique('mp-');
    const [p] = await db()
      .insert(posts)
      .values({
        slug,
        title: opts.title ?? `Post ${slug}`,
        content: `Content of ${slug}`,
        contentHtml: `<p>Content of ${slug}</p>`,
        excerpt: `Content of ${slug}`,
        categoryId,
        authorId,
        createdAt: opts.createdAt ?? new Date(),
        deletedAt: opts.deleted ? new Date() : null,
      })
      .returning();
    // What creating a post does to its category's counter (kept on write).
    if (!opts.deleted) await db().execute(sql`update categories set post_count = post_count + 1 where id = ${categoryId}`);
    return p;
  }

  async function insertComment(postId: number, authorId: number, content = 'A comment from a member') {
    const [c] = await db().insert(comments).values({ postId, authorId, content, contentHtml: `<p>${content}</p>` }).returning();
    await db().execute(sql`update posts set comment_count = comment_count + 1 where id = ${postId}`);
    return c;
  }

  describe('authorisation', () => {
    let suspended: Member;
    beforeAll(async () => {
      suspended = await member(t, 'suspended');
    });

    it.each(ROUTES)('$method $url: a guest gets 401 (before any validation)', async ({ method, url, body }) => {
      const res = await call(t, method, url, { body });
      expect(res.statusCode).toBe(401);
      // Even a bad body: a guest is told to sign in, not what is wrong with the body.
      if (body) expect((await call(t, method, url, { body: { junk: true } })).statusCode).toBe(401);
    });

    it.each(ROUTES)('$method $url: a suspended member is a guest (401)', async ({ method, url, body }) => {
      expect((await call(t, method, url, { body, cookie: suspended.cookie })).statusCode).toBe(401);
    });

    it('refuses a cross-site state change (403) and sends no-store on every answer', async () => {
      const m = await member(t);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        payload: { statusText: 'x' },
        headers: { cookie: m.cookie, origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      const profile = await get(t, '/api/profile', m.cookie);
      expect(profile.headers['cache-control']).toBe('no-store');
      expect((await get(t, '/api/profile')).headers['cache-control']).toBe('no-store');
    });
  });

  describe('own profile', () => {
    it('GET /api/profile: the user with pendingEmail null, never the password hash', async () => {
      const m = await fullMember();
      const res = await get(t, '/api/profile', m.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json() as TProfile;
      expect(body).toMatchObject({ id: m.id, username: m.username, email: m.email, firstName: 'Sam', pendingEmail: null, emailVerified: true });
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('PATCH saves names, avatar and status (trimmed) and answers the user', async () => {
      const m = await member(t);
      const res = await call(t, 'PATCH', '/api/profile', {
        cookie: m.cookie,
        body: { firstName: '  Priya ', lastName: 'Shah', avatar: 'van', statusText: '  Owner driver, Leeds  ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: m.id, firstName: 'Priya', lastName: 'Shah', avatar: 'van', statusText: 'Owner driver, Leeds' });
      expect((await authUser(m.cookie)).json()).toMatchObject({ avatar: 'van', statusText: 'Owner driver, Leeds' });
      // Only what is sent changes; an empty status clears it.
      const again = await call(t, 'PATCH', '/api/profile', { cookie: m.cookie, body: { statusText: '' } });
      expect(again.json()).toMatchObject({ firstName: 'Priya', avatar: 'van', statusText: '' });
    });

    it.each([
      [{ statusText: 'x'.repeat(STATUS_MAX + 1) }, 'statusText', 'Status must be at most 100 characters'],
      [{ avatar: 'unicycle' }, 'avatar', 'Please choose an avatar'],
      [{ avatar: '' }, 'avatar', 'Please choose an avatar'],
      [{ firstName: '   ' }, 'firstName', MSG.firstNameRequired],
      [{ lastName: '' }, 'lastName', MSG.lastNameRequired],
      [{}, '_', MEMBERS_MSG.nothingToUpdate],
    ])('PATCH %j → 400 on %s', async (body, field, message) => {
      const m = await member(t);
      const res = await call(t, 'PATCH', '/api/profile', { cookie: m.cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    });

    it('a status of exactly 100 characters is accepted', async () => {
      const m = await member(t);
      const res = await call(t, 'PATCH', '/api/profile', { cookie: m.cookie, body: { statusText: 's'.repeat(STATUS_MAX) } });
      expect(res.statusCode).toBe(200);
    });

    it('one member cannot change another: the profile is always the caller’s own', async () => {
      const [a, b] = [await member(t), await member(t)];
      await call(t, 'PATCH', '/api/profile', { cookie: a.cookie, body: { statusText: 'I am A', id: b.id } as object });
      expect((await get(t, '/api/profile', b.cookie)).json()).toMatchObject({ id: b.id, statusText: '' });
    });
  });

  describe('onboarding', () => {
    it('saves avatar and status and marks the member onboarded', async () => {
      const m = await member(t);
      expect((await authUser(m.cookie)).json()).toMatchObject({ onboarded: false });
      const res = await call(t, 'POST', '/api/onboarding', { cookie: m.cookie, body: { avatar: 'bike', statusText: 'Cargo bike, Hackney' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ onboarded: true, avatar: 'bike', statusText: 'Cargo bike, Hackney' });
    });

    it('skipping ({}) only marks it done; a second time keeps the first date', async () => {
      const m = await member(t);
      const res = await call(t, 'POST', '/api/onboarding', { cookie: m.cookie, body: {} });
      expect(res.json()).toMatchObject({ onboarded: true, avatar: 'car', statusText: '' });
      const [first] = await db().select({ at: users.onboardedAt }).from(users).where(eq(users.id, m.id));
      await call(t, 'POST', '/api/onboarding', { cookie: m.cookie, body: { avatar: 'team' } });
      const [second] = await db().select({ at: users.onboardedAt, avatar: users.avatar }).from(users).where(eq(users.id, m.id));
      expect(second).toEqual({ at: first.at, avatar: 'team' });
    });

    it('a too-long status or unknown avatar is refused with the message and changes nothing', async () => {
      const m = await member(t);
      const long = await call(t, 'POST', '/api/onboarding', { cookie: m.cookie, body: { avatar: 'van', statusText: 'y'.repeat(101) } });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ message: MEMBERS_MSG.statusMax });
      const bad = await call(t, 'POST', '/api/onboarding', { cookie: m.cookie, body: { avatar: 'spaceship' } });
      expect(bad.json()).toMatchObject({ message: MEMBERS_MSG.chooseAvatar });
      expect((await authUser(m.cookie)).json()).toMatchObject({ onboarded: false, avatar: 'car' });
    });
  });

  describe('password change', () => {
    const change = (cookie: string, body: object) => call(t, 'POST', '/api/profile/password', { cookie, body });

    it('refuses a wrong current password (400, field message) and keeps the old one', async () => {
      const m = await fullMember();
      const res = await change(m.cookie, { currentPassword: 'Wrong-pass1!', newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MEMBERS_MSG.currentPasswordIncorrect,
        errors: { currentPassword: MEMBERS_MSG.currentPasswordIncorrect },
      });
      expect((await login(m.email)).statusCode).toBe(200);
    });

    it('checks the new password: spec §5 rules, not common, not the same', async () => {
      const m = await fullMember();
      const weak = await change(m.cookie, { currentPassword: PASSWORD, newPassword: 'password' });
      expect(weak.json()).toMatchObject({ message: MSG.passwordStrength });
      const common = await change(m.cookie, { currentPassword: PASSWORD, newPassword: 'P@ssw0rd' });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ message: AUTH_MSG.commonPassword, errors: { newPassword: AUTH_MSG.commonPassword } });
      const same = await change(m.cookie, { currentPassword: PASSWORD, newPassword: PASSWORD });
      expect(same.json()).toMatchObject({ message: MEMBERS_MSG.samePassword });
      const missing = await change(m.cookie, { currentPassword: '', newPassword: NEW_PASSWORD });
      expect(missing.json()).toMatchObject({ message: MEMBERS_MSG.currentPasswordRequired });
    });

    it('changes it and always signs out every other session, keeping the current one (an old client’s opt-out is ignored)', async () => {
      const m = await fullMember();
      const other1 = sessionCookie(await login(m.email))!;
      const other2 = sessionCookie(await login(m.email))!;
      const res = await change(m.cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, signOutOtherSessions: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MEMBERS_MSG.passwordChangedSignedOut });
      expect((await login(m.email)).statusCode).toBe(401);
      expect((await login(m.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await authUser(other1)).statusCode).toBe(401);
      expect((await authUser(other2)).statusCode).toBe(401);
      expect((await authUser(m.cookie)).statusCode).toBe(200);
      // The current session and the sign-in above with the new password.
      expect(await db().select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(2);
    });

    it('voids a reset link mailed before the change', async () => {
      const m = await fullMember();
      await post(t, '/api/auth/forgot-password', { email: m.email });
      const link = (await lastMailTo(t, m.email))!.text.match(/token=([\w-]+)/)![1];
      await change(m.cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      const reset = await post(t, '/api/auth/reset-password', { token: link, password: 'An0ther-Pass!word' });
      expect(reset.statusCode).toBe(400);
    });

    it('counts wrong passwords like failed sign-ins: the sixth try in 15 minutes is 429', async () => {
      const m = await fullMember();
      const ip = '10.250.1.1';
      for (let i = 0; i < 5; i++) {
        const res = await post(t, '/api/profile/password', { currentPassword: `Wrong-${i}-A!`, newPassword: NEW_PASSWORD }, { cookie: m.cookie, ip });
        expect(res.statusCode, `try ${i}: ${res.body}`).toBe(400);
      }
      const locked = await post(t, '/api/profile/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { cookie: m.cookie, ip });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    });
  });

  describe('email change', () => {
    const request = (cookie: string, body: object) => call(t, 'POST', '/api/profile/email', { cookie, body });
    const confirm = (cookie: string, code: string) => call(t, 'POST', '/api/profile/email/verify', { cookie, body: { code } });

    it('mails a code to the new address, shows it pending, switches on the code and tells the old address', async () => {
      const m = await fullMember();
      const newEmail = `${unique('new_')}@Example.test`;
      const res = await request(m.cookie, { newEmail, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MEMBERS_MSG.emailCodeSent, pendingEmail: newEmail.toLowerCase() });

      const codeMail = await lastMailTo(t, newEmail);
      expect(codeMail).toMatchObject({ kind: 'email_change_code' });
      const code = codeIn(codeMail!.text);
      // Nothing changed yet: the profile shows the pending address, sign-in is still by the old one.
      expect((await get(t, '/api/profile', m.cookie)).json()).toMatchObject({ email: m.email, pendingEmail: newEmail.toLowerCase() });

      const done = await confirm(m.cookie, code);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ id: m.id, email: newEmail.toLowerCase(), emailVerified: true });
      expect((await get(t, '/api/profile', m.cookie)).json()).toMatchObject({ email: newEmail.toLowerCase(), pendingEmail: null });

      const notice = await lastMailTo(t, m.email);
      expect(notice).toMatchObject({ kind: 'email_changed' });
      expect(notice!.text).toContain(maskEmail(newEmail.toLowerCase()));
      expect(notice!.text).not.toContain(newEmail.toLowerCase());

      expect((await login(m.email)).statusCode).toBe(401);
      expect((await login(newEmail)).statusCode).toBe(200);
      // The code is single use.
      expect((await confirm(m.cookie, code)).statusCode).toBe(400);
    });

    it('keeps chat blocks either way (a blocked member still cannot message) and signs out every other session', async () => {
      const m = await fullMember();
      const [blocker, blockedByM] = [await member(t), await member(t)];
      const chat = (from: { cookie: string }, method: 'GET' | 'POST', url: string, body?: object) => call(t, method, url, { cookie: from.cookie, body });
      // A conversation from before the blocks, so sends as well as new chats can be tried.
      const started = await chat(m, 'POST', '/api/chat/start', { recipientId: blocker.id });
      expect(started.statusCode, started.body).toBe(200);
      const conv = (started.json() as { id: number }).id;
      expect((await chat(blocker, 'POST', '/api/chat/blocks', { userId: m.id })).statusCode).toBe(200);
      expect((await chat(m, 'POST', '/api/chat/blocks', { userId: blockedByM.id })).statusCode).toBe(200);
      const otherDevice = await anotherDevice(m.id);

      const newEmail = `${unique('blk_')}@example.test`;
      await request(m.cookie, { newEmail, password: PASSWORD });
      const done = await confirm(m.cookie, codeIn((await lastMailTo(t, newEmail))!.text));
      expect(done.statusCode, done.body).toBe(200);

      // The block the other member placed still stops messages both ways, as before the change.
      expect((await chat(blocker, 'GET', '/api/chat/blocks')).json()).toEqual([{ id: m.id, username: m.username }]);
      for (const [from, to] of [
        [m, blocker],
        [blocker, m],
      ] as const) {
        const start = await chat(from, 'POST', '/api/chat/start', { recipientId: to.id });
        expect(start.statusCode).toBe(403);
        expect(start.json().message).toBe(CHAT_MSG.blocked);
        const sent = await chat(from, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'can you hear me?' });
        expect(sent.statusCode).toBe(403);
        expect(sent.json().message).toBe(CHAT_MSG.blocked);
      }
      // And the member's own block stays.
      expect((await chat(m, 'GET', '/api/chat/blocks')).json()).toEqual([{ id: blockedByM.id, username: blockedByM.username }]);
      expect((await chat(blockedByM, 'POST', '/api/chat/start', { recipientId: m.id })).statusCode).toBe(403);

      // Every other session ended; this one stays signed in.
      expect((await authUser(otherDevice)).statusCode).toBe(401);
      expect((await authUser(m.cookie)).json()).toMatchObject({ id: m.id, email: newEmail });
      expect(await db().select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(1);
    });

    it('409 when the address belongs to another account (verified or not); 400 for a wrong password or the same address', async () => {
      const m = await fullMember();
      const other = await registerUser(t); // unverified, still holds the address
      const taken = await request(m.cookie, { newEmail: other.email.toUpperCase(), password: PASSWORD });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'An account with this email already exists' });
      const wrong = await request(m.cookie, { newEmail: `${unique('x')}@example.test`, password: 'Wrong-pass1!' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: MEMBERS_MSG.currentPasswordIncorrect, errors: { password: MEMBERS_MSG.currentPasswordIncorrect } });
      const same = await request(m.cookie, { newEmail: m.email, password: PASSWORD });
      expect(same.json()).toMatchObject({ message: MEMBERS_MSG.sameEmail });
      const empty = await request(m.cookie, { newEmail: 'not-an-email', password: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ newEmail: MSG.invalidEmail, password: MEMBERS_MSG.confirmPassword });
      expect(await mailsTo(t, other.email)).toHaveLength(1); // only its own sign-up code
    });

    it('409 at the code when someone took the address in the meantime; the email stays', async () => {
      const m = await fullMember();
      const newEmail = `${unique('race_')}@example.test`;
      await request(m.cookie, { newEmail, password: PASSWORD });
      const code = codeIn((await lastMailTo(t, newEmail))!.text);
      await registerUser(t, { email: newEmail });
      expect((await confirm(m.cookie, code)).statusCode).toBe(409);
      expect((await get(t, '/api/profile', m.cookie)).json()).toMatchObject({ email: m.email });
    });

    it('a wrong code counts; after 5 the code is dead; a newer request voids the older code', async () => {
      const m = await fullMember();
      const first = `${unique('a_')}@example.test`;
      await request(m.cookie, { newEmail: first, password: PASSWORD });
      const firstCode = codeIn((await lastMailTo(t, first))!.text);
      // The resend gap (one a minute) applies: move the first code back in time.
      await db().update(verificationCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(verificationCodes.userId, m.id));
      const second = `${unique('b_')}@example.test`;
      await request(m.cookie, { newEmail: second, password: PASSWORD });
      const secondCode = codeIn((await lastMailTo(t, second))!.text);
      // The first code no longer works: a wrong try at the newer one (the first of five).
      const wrong = secondCode === '000000' ? '000001' : '000000';
      expect((await confirm(m.cookie, firstCode === secondCode ? wrong : firstCode)).json()).toMatchObject({ message: AUTH_MSG.invalidCode });
      for (let i = 0; i < 3; i++) expect((await confirm(m.cookie, wrong)).json()).toMatchObject({ message: AUTH_MSG.invalidCode });
      expect((await confirm(m.cookie, wrong)).json()).toMatchObject({ message: AUTH_MSG.tooManyCodeAttempts });
      expect((await confirm(m.cookie, secondCode)).json()).toMatchObject({ message: AUTH_MSG.tooManyCodeAttempts });
      expect((await get(t, '/api/profile', m.cookie)).json()).toMatchObject({ email: m.email, pendingEmail: null });
    });

    it('asks for a minute between codes (429) and 400 when no change is pending', async () => {
      const m = await fullMember();
      expect((await confirm(m.cookie, '123456')).json()).toMatchObject({ message: AUTH_MSG.invalidCode });
      await request(m.cookie, { newEmail: `${unique('c_')}@example.test`, password: PASSWORD });
      const again = await request(m.cookie, { newEmail: `${unique('d_')}@example.test`, password: PASSWORD });
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('an expired code does not work', async () => {
      const m = await fullMember();
      const newEmail = `${unique('e_')}@example.test`;
      await request(m.cookie, { newEmail, password: PASSWORD });
      const code = codeIn((await lastMailTo(t, newEmail))!.text);
      await db().update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, m.id));
      expect((await confirm(m.cookie, code)).json()).toMatchObject({ message: AUTH_MSG.invalidCode });
    });
  });

  describe('sign out everywhere', () => {
    const endOthers = (cookie?: string) => call(t, 'POST', '/api/profile/sessions/end-others', { cookie });

    it('ends every other session of the member, keeps this one, and leaves other members alone', async () => {
      const m = await fullMember();
      const someoneElse = await fullMember();
      const [other1, other2] = [await anotherDevice(m.id), await anotherDevice(m.id)];
      const res = await endOthers(m.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MEMBERS_MSG.otherSessionsEnded });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await authUser(other1)).statusCode).toBe(401);
      expect((await authUser(other2)).statusCode).toBe(401);
      expect((await authUser(m.cookie)).json()).toMatchObject({ id: m.id });
      expect((await authUser(someoneElse.cookie)).statusCode).toBe(200);
      // With nothing else signed in it still answers the same.
      expect((await endOthers(m.cookie)).statusCode).toBe(200);
    });

    it('works for an unverified member too; a guest gets 401 and changes nothing', async () => {
      const unverified = await member(t, 'unverified');
      expect((await endOthers(unverified.cookie)).statusCode).toBe(200);
      expect((await authUser(unverified.cookie)).statusCode).toBe(200);
      const res = await endOthers();
      expect(res.statusCode).toBe(401);
    });
  });

  describe('data export', () => {
    it('is an attachment with everything of theirs and nothing secret', async () => {
      const m = await fullMember();
      const other = await member(t);
      const mine = await insertPost(m.id, { title: 'My own post about rotas' });
      const theirs = await insertPost(other.id);
      const myComment = await insertComment(theirs.id, m.id, 'My comment on their post');
      const theirComment = await insertComment(mine.id, other.id);
      expect((await call(t, 'POST', `/api/forum/posts/${theirs.id}/vote`, { cookie: m.cookie, body: { voteType: 'upvote' } })).statusCode).toBe(200);
      expect((await call(t, 'POST', `/api/forum/comments/${theirComment.id}/vote`, { cookie: m.cookie, body: { voteType: 'downvote' } })).statusCode).toBe(200);
      const emoji = REACTION_EMOJI[0];
      expect((await call(t, 'POST', `/api/forum/posts/${theirs.id}/reactions`, { cookie: m.cookie, body: { emoji } })).statusCode).toBe(200);
      expect((await call(t, 'POST', `/api/forum/comments/${theirComment.id}/reactions`, { cookie: m.cookie, body: { emoji } })).statusCode).toBe(200);
      await db().insert(notifications).values({
        userId: m.id,
        type: 'comment',
        actorId: other.id,
        postId: mine.id,
        commentId: theirComment.id,
        title: 'New comment',
        message: 'Someone commented on your post',
      });
      // Someone else's notification is not theirs.
      await db().insert(notifications).values({ userId: other.id, type: 'comment', title: 'Not yours', message: 'Not yours' });

      const res = await get(t, '/api/auth/me/export', m.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="kerbside-data-${m.username}.json"`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toMatch(/password|argon2|\$argon|token|code_hash|codeHash/i);

      const data = res.json() as TDataExport;
      expect(data.format).toEqual({ name: 'kerbside-data-export', version: 1 });
      expect(data.profile).toMatchObject({ id: m.id, username: m.username, email: m.email, firstName: 'Sam' });
      expect(data.posts.map((p) => p.id)).toEqual([mine.id]);
      expect(data.posts[0]).toMatchObject({ title: 'My own post about rotas', content: mine.content, category: { id: categoryId } });
      expect(data.comments).toEqual([expect.objectContaining({ id: myComment.id, postId: theirs.id, postSlug: theirs.slug, content: 'My comment on their post' })]);
      expect(data.votes.posts).toEqual([expect.objectContaining({ postId: theirs.id, vote: 'upvote' })]);
      expect(data.votes.comments).toEqual([expect.objectContaining({ commentId: theirComment.id, postId: mine.id, vote: 'downvote' })]);
      expect(data.reactions.posts).toEqual([expect.objectContaining({ postId: theirs.id, emoji })]);
      expect(data.reactions.comments).toEqual([expect.objectContaining({ commentId: theirComment.id, emoji })]);
      expect(data.notifications).toEqual([
        expect.objectContaining({ title: 'New comment', isRead: false, postId: mine.id, commentId: theirComment.id }),
      ]);
      expect(data.messages).toEqual([]);
    });

    it('includes the members they blocked, the posts they saved and their pay reports', async () => {
      const m = await fullMember();
      const other = await member(t);
      const saved = await insertPost(other.id);
      expect((await call(t, 'POST', '/api/blocks', { cookie: m.cookie, body: { userId: other.id } })).statusCode).toBe(201);
      expect((await call(t, 'PUT', `/api/forum/posts/${saved.id}/bookmark`, { cookie: m.cookie })).statusCode).toBeLessThan(300);
      await db().insert(payReports).values({
        userId: m.id, network: 'evri', engagement: 'self_employed', vehicle: 'van', postcodeArea: 'M', region: 'north-west',
        periodStart: '2026-11-09', periodEnd: '2026-11-15', hours: 40, drops: 600, miles: 300, grossPay: 640, costFuel: 90,
      });
      const data = (await get(t, '/api/auth/me/export', m.cookie)).json() as TDataExport;
      expect(data.blocks).toEqual([expect.objectContaining({ userId: other.id, username: other.username })]);
      expect(data.bookmarks).toEqual([expect.objectContaining({ postId: saved.id, postSlug: saved.slug })]);
      expect(data.payReports).toEqual([
        expect.objectContaining({ network: 'evri', postcodeArea: 'M', periodStart: '2026-11-09', hours: 40, grossPay: 640, costs: { fuel: 90, vehicle: 0, insurance: 0, other: 0 } }),
      ]);
      expect(JSON.stringify(data.payReports)).not.toMatch(/userId|M14/);

      // Deleting the account takes all three with it.
      expect((await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: PASSWORD } })).statusCode).toBe(200);
      expect(await db().select().from(memberBlocks).where(eq(memberBlocks.blockerId, m.id))).toEqual([]);
      expect(await db().select().from(bookmarks).where(eq(bookmarks.userId, m.id))).toEqual([]);
      expect(await db().select().from(payReports).where(eq(payReports.userId, m.id))).toEqual([]);
    });

    it('includes their own deleted posts, marked deleted', async () => {
      const m = await fullMember();
      const gone = await insertPost(m.id, { deleted: true });
      const data = (await get(t, '/api/auth/me/export', m.cookie)).json() as TDataExport;
      expect(data.posts).toEqual([expect.objectContaining({ id: gone.id, deletedAt: expect.any(String) })]);
    });
  });

  describe('account deletion', () => {
    it('refuses a wrong or missing password and changes nothing', async () => {
      const m = await fullMember();
      const wrong = await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: 'Wrong-pass1!' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: MEMBERS_MSG.currentPasswordIncorrect });
      const missing = await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: '' } });
      expect(missing.json()).toMatchObject({ message: MEMBERS_MSG.confirmPassword });
      const none = await call(t, 'DELETE', '/api/profile', { cookie: m.cookie });
      expect(none.statusCode).toBe(400);
      expect((await authUser(m.cookie)).statusCode).toBe(200);
    });

    it('ends every session, anonymises the row, keeps posts as Anonymous and every counter', async () => {
      const m = await fullMember();
      const other = await member(t);
      const otherSession = sessionCookie(await login(m.email))!;
      const mine = await insertPost(m.id, { title: 'A post that outlives its author' });
      const myComment = await insertComment(mine.id, m.id);
      const theirs = await insertPost(other.id);
      await call(t, 'POST', `/api/forum/posts/${theirs.id}/vote`, { cookie: m.cookie, body: { voteType: 'upvote' } });
      await call(t, 'POST', `/api/forum/posts/${theirs.id}/reactions`, { cookie: m.cookie, body: { emoji: REACTION_EMOJI[1] } });
      await db().insert(notifications).values({ userId: m.id, type: 'comment', title: 'Gone', message: 'Gone' });
      await db().insert(notifications).values({ userId: other.id, type: 'reply', actorId: m.id, title: 'Kept', message: 'Kept' });
      const [before] = await db().select().from(posts).where(eq(posts.id, theirs.id));
      // Start an email change so a code exists.
      await call(t, 'POST', '/api/profile/email', { cookie: m.cookie, body: { newEmail: `${unique('z')}@example.test`, password: PASSWORD } });

      const res = await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: MEMBERS_MSG.accountDeleted });
      expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

      expect((await authUser(m.cookie)).statusCode).toBe(401);
      expect((await authUser(otherSession)).statusCode).toBe(401);
      expect((await login(m.email)).statusCode).toBe(401);

      const [row] = await db().select().from(users).where(eq(users.id, m.id));
      expect(row).toMatchObject({ username: `deleted-${m.id}`, firstName: '', lastName: '', statusText: '', passwordHash: UNUSABLE_PASSWORD_HASH });
      expect(row.email).toMatch(new RegExp(`^deleted-${m.id}-[0-9a-f]+@deleted\\.invalid$`));
      expect(row.deletedAt).not.toBeNull();
      expect(await db().select().from(sessions).where(eq(sessions.userId, m.id))).toEqual([]);
      expect(await db().select().from(verificationCodes).where(eq(verificationCodes.userId, m.id))).toEqual([]);
      expect(await db().select().from(notifications).where(eq(notifications.userId, m.id))).toEqual([]);
      const [kept] = await db().select().from(notifications).where(and(eq(notifications.userId, other.id), eq(notifications.title, 'Kept')));
      expect(kept.actorId).toBeNull();

      // Posts and comments stay, shown as 'Anonymous' (author null).
      const list = (await get(t, '/api/forum/posts?limit=50&sortBy=newest')).json() as TPostList;
      expect(list.posts.find((p) => p.id === mine.id)).toMatchObject({ title: 'A post that outlives its author', author: null });
      const detail = (await get(t, `/api/forum/posts/${mine.id}`)).json() as { author: unknown; comments: Array<{ id: number; author: unknown }> };
      expect(detail.author).toBeNull();
      expect(detail.comments.find((c) => c.id === myComment.id)).toMatchObject({ author: null });

      // Votes and reactions stay, so the counters still equal a recount.
      const [after] = await db().select().from(posts).where(eq(posts.id, theirs.id));
      expect({ up: after.upvotes, down: after.downvotes }).toEqual({ up: before.upvotes, down: before.downvotes });
      const [recount] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(postVotes)
        .where(and(eq(postVotes.postId, theirs.id), eq(postVotes.value, 1)));
      expect(after.upvotes).toBe(recount.n);
      expect(await db().select().from(postReactions).where(eq(postReactions.userId, m.id))).toHaveLength(1);
      await expectCountersConsistent(db());

      // Their public profile is gone, under either name.
      expect((await get(t, `/api/users/${m.username}`, other.cookie)).statusCode).toBe(404);
      expect((await get(t, `/api/users/deleted-${m.id}`, other.cookie)).statusCode).toBe(404);
    });

    it('frees the username and email for a new account', async () => {
      const m = await fullMember();
      await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: PASSWORD } });
      const again = await registerUser(t, { username: m.username.toUpperCase(), email: m.email });
      expect(again.username).toBe(m.username.toUpperCase());
    });

    it('keeps comment votes and reactions rows of the member', async () => {
      const m = await fullMember();
      const other = await member(t);
      const p = await insertPost(other.id);
      const c = await insertComment(p.id, other.id);
      await call(t, 'POST', `/api/forum/comments/${c.id}/vote`, { cookie: m.cookie, body: { voteType: 'downvote' } });
      await call(t, 'POST', `/api/forum/comments/${c.id}/reactions`, { cookie: m.cookie, body: { emoji: REACTION_EMOJI[0] } });
      await call(t, 'DELETE', '/api/profile', { cookie: m.cookie, body: { password: PASSWORD } });
      const [row] = await db().select().from(comments).where(eq(comments.id, c.id));
      expect(row.downvotes).toBe(1);
      expect(await db().select().from(commentVotes).where(eq(commentVotes.userId, m.id))).toHaveLength(1);
      expect(await db().select().from(commentReactions).where(eq(commentReactions.userId, m.id))).toHaveLength(1);
    });
  });

  describe('public profile and their posts', () => {
    let author: Member;
    let viewer: Member;
    const postIds: number[] = [];

    beforeAll(async () => {
      author = await member(t);
      viewer = await member(t);
      await call(t, 'PATCH', '/api/profile', { cookie: author.cookie, body: { avatar: 'freight', statusText: 'HGV class 1' } });
      for (let i = 0; i < 5; i++) postIds.push((await insertPost(author.id, { createdAt: new Date(Date.now() - (10 - i) * 60_000) })).id);
      await insertPost(author.id, { deleted: true });
      await insertComment(postIds[0], author.id);
      await insertComment(postIds[1], author.id);
      const [deletedComment] = await db()
        .insert(comments)
        .values({ postId: postIds[2], authorId: author.id, content: 'x', contentHtml: 'x', deletedAt: new Date() })
        .returning();
      expect(deletedComment.id).toBeGreaterThan(0);
    });

    it('shows avatar, username, member since, status and counts of live posts and comments', async () => {
      const res = await get(t, `/api/users/${author.username}`, viewer.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.id, author.id));
      expect(res.json()).toEqual({
        id: author.id,
        username: author.username,
        avatar: 'freight',
        statusText: 'HGV class 1',
        joinedDate: row.createdAt.toISOString(),
        postCount: 5,
        commentCount: 2,
        isModerator: false,
      } satisfies TPublicProfile);
      expect(res.body).not.toMatch(/email|firstName|password/);
    });

    it('finds the username case-insensitively; 404 Member not found for unknown or unverified', async () => {
      expect((await get(t, `/api/users/${author.username.toUpperCase()}`, viewer.cookie)).json()).toMatchObject({ id: author.id });
      const unknown = await get(t, '/api/users/nobody_by_this_name', viewer.cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: MEMBERS_MSG.memberNotFound });
      const unverified = await registerUser(t);
      expect((await get(t, `/api/users/${unverified.username}`, viewer.cookie)).statusCode).toBe(404);
      expect((await get(t, `/api/users/${unverified.username}/posts`, viewer.cookie)).statusCode).toBe(404);
    });

    it('a suspended member keeps a public page (their posts still carry their name)', async () => {
      const s = await member(t, 'suspended');
      expect((await get(t, `/api/users/${s.username}`, viewer.cookie)).statusCode).toBe(200);
    });

    it('lists their live posts newest first, paginated, in the forum list shape', async () => {
      const page1 = (await get(t, `/api/users/${author.username}/posts?limit=2`, viewer.cookie)).json() as TPostList;
      expect(page1.posts.map((p) => p.id)).toEqual([postIds[4], postIds[3]]);
      expect(page1).toMatchObject({ totalCount: 5, hasMore: true });
      expect(page1.posts[0]).toMatchObject({ author: { username: author.username, avatar: 'freight' }, category: { id: categoryId }, userVote: null });
      const page3 = (await get(t, `/api/users/${author.username}/posts?limit=2&page=3`, viewer.cookie)).json() as TPostList;
      expect(page3.posts.map((p) => p.id)).toEqual([postIds[0]]);
      expect(page3).toMatchObject({ totalCount: 5, hasMore: false });
      const none = (await get(t, `/api/users/${viewer.username}/posts`, viewer.cookie)).json() as TPostList;
      expect(none).toEqual({ posts: [], totalCount: 0, hasMore: false });
      expect((await get(t, `/api/users/${author.username}/posts?page=abc`, viewer.cookie)).statusCode).toBe(400);
    });

    it("shows the viewer's own vote on the listed posts", async () => {
      await call(t, 'POST', `/api/forum/posts/${postIds[4]}/vote`, { cookie: viewer.cookie, body: { voteType: 'upvote' } });
      const page = (await get(t, `/api/users/${author.username}/posts?limit=1`, viewer.cookie)).json() as TPostList;
      expect(page.posts[0]).toMatchObject({ id: postIds[4], userVote: 'upvote', upvotes: 1 });
    });
  });
});
