import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, ZAdminMemberDetail, ZAdminMemberList, ZAuditPage, type TAdminMemberDetail } from '../../../common/contracts/admin.ts';
import { ZStartChatResponse } from '../../../common/contracts/chat.ts';
import { ADMIN_MEMBERS_PAGE } from '../../../common/rules/members.ts';
import { auditLog, comments, posts, users, verificationCodes } from '../../db/schema/index.ts';
import { AUTH_MSG } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { codeIn, lastMailTo, mailsTo, PASSWORD, post as postAs, registerUser } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { connect, listen, type TestSocket } from '../../test/sockets.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases)('admin members on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let admin: Member;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    url = await listen(t);
    admin = await member(t, 'admin');
  }, 180_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.close();
  });

  const req = (m: Member | undefined, method: Method, path: string, body?: object) => call(t, method, path, { cookie: m?.cookie, body });
  const detailOf = async (id: number): Promise<TAdminMemberDetail> => {
    const res = await req(admin, 'GET', `/api/admin/members/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZAdminMemberDetail.parse(res.json());
  };
  const emailOf = async (id: number) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
  const login = async (id: number) => postAs(t, '/api/auth/login', { email: await emailOf(id), password: PASSWORD });
  const auditFor = (id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id));
  const startChat = async (a: Member, b: Member) => {
    const res = await req(a, 'POST', '/api/chat/start', { recipientId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    return ZStartChatResponse.parse(res.json()).id;
  };
  const openSocket = async (m: Member) => {
    const s = await connect(url, m.cookie);
    sockets.push(s);
    return s;
  };

  describe('authorisation on every route', () => {
    let unverified: Member, plain: Member, suspendedAccount: Member;
    beforeAll(async () => {
      [unverified, plain, suspendedAccount] = [await member(t, 'unverified'), await member(t), await member(t, 'suspended')];
    });
    // A fresh target per route, so each admin call changes something real.
    const routes = (id: number): Array<[Method, string, object?]> => [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/members?q=driver&status=all'],
      ['GET', `/api/admin/members/${id}`],
      ['POST', `/api/admin/members/${id}/chat-suspension`, { reason: 'spam' }],
      ['DELETE', `/api/admin/members/${id}/chat-suspension`],
      ['POST', `/api/admin/members/${id}/suspension`, {}],
      ['DELETE', `/api/admin/members/${id}/suspension`],
      ['POST', `/api/admin/members/${id}/admin`],
      ['DELETE', `/api/admin/members/${id}/admin`],
      ['POST', `/api/admin/members/${id}/resend-verification`],
      ['DELETE', `/api/admin/members/${id}`],
      ['GET', '/api/admin/audit-log'],
    ];

    it('guest 401; unverified, member and suspended account refused; admin 200; refused calls change nothing', async () => {
      for (const [method, path, body] of routes(plain.id)) {
        const label = `${method} ${path}`;
        expect((await req(undefined, method, path, body)).statusCode, label).toBe(401);
        const unv = await req(unverified, method, path, body);
        expect(unv.statusCode, label).toBe(403);
        // Chat access is a moderator's tool too (issue 18), and so is a short suspension (issue 28).
        expect(unv.json().message).toBe(path.endsWith('chat-suspension') || (method === 'POST' && path.endsWith('/suspension')) ? 'Moderators only' : 'Admins only');
        expect((await req(plain, method, path, body)).statusCode, label).toBe(403);
        // A suspended account's session is no session at all.
        expect((await req(suspendedAccount, method, path, body)).statusCode, label).toBe(401);
      }
      const after = await detailOf(plain.id);
      expect(after).toMatchObject({ suspended: false, chatSuspended: false, isAdmin: false, verified: true });
      expect(await auditFor(plain.id)).toEqual([]);

      for (const [method, path, body] of routes(0)) {
        // Resend needs an unverified member; every other action a verified one.
        const target = path.endsWith('resend-verification') ? await member(t, 'unverified') : await member(t);
        // Past the one-minute gap since the sign-up code.
        await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 5 * 60_000) }).where(eq(verificationCodes.userId, target.id));
        const res = await req(admin, method, path.replace('/0', `/${target.id}`), body);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
      }
    });

    it('bad input: 400 with a clear message and nothing changed', async () => {
      const target = await member(t);
      const bad = await req(admin, 'POST', '/api/admin/members/abc/suspension', {});
      expect(bad.statusCode).toBe(400);
      const long = await req(admin, 'POST', `/api/admin/members/${target.id}/chat-suspension`, { reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('Reason must be at most 500 characters');
      expect((await detailOf(target.id)).chatSuspended).toBe(false);
      const status = await req(admin, 'GET', '/api/admin/members?status=banned');
      expect(status.statusCode).toBe(400);
      const cursor = await req(admin, 'GET', '/api/admin/audit-log?cursor=nope');
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().message).toBe(ADMIN_MSG.badCursor);
      for (const [method, path] of [
        ['GET', '/api/admin/members/99999999'],
        ['POST', '/api/admin/members/99999999/suspension'],
        ['DELETE', '/api/admin/members/99999999'],
      ] as const) {
        const res = await req(admin, method, path, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().message).toBe(ADMIN_MSG.memberNotFound);
      }
    });
  });

  describe('members list and detail', () => {
    it('searches username and email case-insensitively, filters by status, pages of 20 with totalCount', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const made: Member[] = [];
      for (let i = 0; i < ADMIN_MEMBERS_PAGE + 2; i++) {
        const m = await member(t);
        await t.database.db
          .update(users)
          .set({ username: `${tag}_${i}`, email: `${tag.toUpperCase()}_${i}@example.test`.toLowerCase() })
          .where(eq(users.id, m.id));
        made.push(m);
      }
      const page1 = ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${tag.toUpperCase()}`)).json());
      expect(page1.totalCount).toBe(ADMIN_MEMBERS_PAGE + 2);
      expect(page1.members).toHaveLength(ADMIN_MEMBERS_PAGE);
      expect(page1.hasMore).toBe(true);
      const page2 = ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${tag}&page=2`)).json());
      expect(page2.members).toHaveLength(2);
      expect(page2.hasMore).toBe(false);
      const ids = new Set([...page1.members, ...page2.members].map((m) => m.id));
      expect(ids.size).toBe(ADMIN_MEMBERS_PAGE + 2);

      const byEmail = ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${tag}_3@EXAMPLE`)).json());
      expect(byEmail.members.map((m) => m.username)).toEqual([`${tag}_3`]);
      // '%' is searched for, not a wildcard.
      expect(ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${tag}%25`)).json()).totalCount).toBe(0);

      await t.database.db.update(users).set({ chatSuspendedAt: new Date() }).where(eq(users.id, made[0].id));
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, made[1].id));
      await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, made[2].id));
      await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, made[3].id));
      const only = async (status: string) =>
        ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${tag}&status=${status}`)).json()).members.map((m) => m.id);
      expect(await only('chat_suspended')).toEqual([made[0].id]);
      expect(await only('suspended')).toEqual([made[1].id]);
      expect(await only('unverified')).toEqual([made[2].id]);
      expect(await only('admins')).toEqual([made[3].id]);
      await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, made[3].id));
    });

    it('detail: email, states, post and comment counts, sessions and last seen', async () => {
      const m = await member(t);
      const cat = await addCategory(t.database.db);
      const p = await createPost(t, m.cookie, cat.id);
      await createComment(t, m.cookie, p.id);
      await createComment(t, m.cookie, p.id);
      const d = await detailOf(m.id);
      expect(d).toMatchObject({
        id: m.id,
        username: m.username,
        email: await emailOf(m.id),
        verified: true,
        suspended: false,
        chatSuspended: false,
        isAdmin: false,
        postCount: 1,
        commentCount: 2,
        activeSessions: 1,
      });
      expect(Date.now() - Date.parse(d.lastSeenAt!)).toBeLessThan(60_000);
    });
  });

  describe('chat suspension', () => {
    it('takes effect at once: REST send 403 suspended, the open socket is told and its next send refused; lifting restores chat', async () => {
      const [a, b] = [await member(t), await member(t)];
      const conv = await startChat(a, b);
      const sa = await openSocket(a);
      sa.send({ type: 'send_message', conversationId: conv, content: 'before', clientMessageId: 'adm-1' });
      await sa.next('new_message', (f) => f.message.clientMessageId === 'adm-1');

      const res = await req(admin, 'POST', `/api/admin/members/${a.id}/chat-suspension`, { reason: 'abusive messages' });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZAdminMemberDetail.parse(res.json())).toMatchObject({ chatSuspended: true, suspended: false });

      // Pushed to the open page (spec §4 toast), without waiting for the member to act: the access, as data.
      expect(await sa.next('chat_access')).toEqual({ type: 'chat_access', allowed: false, reason: 'suspended' });
      sa.send({ type: 'send_message', conversationId: conv, content: 'after', clientMessageId: 'adm-2' });
      const refused = await sa.next('error', (f) => f.clientMessageId === 'adm-2');
      expect(refused.message).toContain('suspended');
      const rest = await req(a, 'POST', `/api/inbox/conversations/${conv}/messages`, { text: 'via rest' });
      expect(rest.statusCode).toBe(403);
      expect(rest.json().message).toContain('suspended');
      expect((await req(a, 'GET', '/api/auth/user')).json().chatSuspended).toBe(true);

      // Twice is harmless and records nothing new.
      expect((await req(admin, 'POST', `/api/admin/members/${a.id}/chat-suspension`, {})).statusCode).toBe(200);
      const rows = await auditFor(a.id);
      expect(rows.map((r) => r.action)).toEqual(['user.chat_suspend']);
      expect(rows[0]).toMatchObject({ actorId: admin.id, details: { username: a.username, reason: 'abusive messages' } });

      const lift = await req(admin, 'DELETE', `/api/admin/members/${a.id}/chat-suspension`);
      expect(lift.statusCode).toBe(200);
      expect(lift.json().chatSuspended).toBe(false);
      expect(await sa.next('chat_access', (f) => f.allowed)).toEqual({ type: 'chat_access', allowed: true });
      sa.send({ type: 'send_message', conversationId: conv, content: 'back again', clientMessageId: 'adm-3' });
      await sa.next('new_message', (f) => f.message.clientMessageId === 'adm-3');
      expect((await auditFor(a.id)).map((r) => r.action)).toEqual(['user.chat_unsuspend', 'user.chat_suspend']);
    });
  });

  describe('account suspension', () => {
    it('ends every session, refuses sign-in with a clear message; lifting lets them back in', async () => {
      const m = await member(t);
      const second = await login(m.id);
      expect(second.statusCode).toBe(200);
      expect((await detailOf(m.id)).activeSessions).toBe(2);
      const open = await openSocket(m);

      const res = await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { reason: 'spam' });
      expect(res.statusCode, res.body).toBe(200);
      // Its open socket closes at once (not at the next heartbeat).
      expect(await open.closed).toEqual({ code: 4401, reason: 'Session ended' });
      expect(ZAdminMemberDetail.parse(res.json())).toMatchObject({ suspended: true, activeSessions: 0 });
      expect((await req(m, 'GET', '/api/auth/user')).statusCode).toBe(401);
      const refused = await login(m.id);
      expect(refused.statusCode).toBe(403);
      // No duration: until an admin lifts it (issue 18), told with the reason.
      expect(refused.json().message).toBe('Your account is suspended until an admin lifts it. Reason: spam. Contact support if you think this is a mistake.');
      expect((await auditFor(m.id))[0]).toMatchObject({ action: 'user.suspend', actorId: admin.id, details: { reason: 'spam' } });

      const lift = await req(admin, 'DELETE', `/api/admin/members/${m.id}/suspension`);
      expect(lift.json().suspended).toBe(false);
      expect((await login(m.id)).statusCode).toBe(200);
      expect((await auditFor(m.id))[0]!.action).toBe('user.unsuspend');
    });

    it('an admin cannot suspend themselves (409)', async () => {
      const res = await req(admin, 'POST', `/api/admin/members/${admin.id}/suspension`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_MSG.selfSuspend);
      expect((await detailOf(admin.id)).suspended).toBe(false);
    });
  });

  describe('admin role', () => {
    it('make admin opens the admin area to them; remove closes it; the last admin cannot be removed (409)', async () => {
      const m = await member(t);
      expect((await req(m, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
      const made = await req(admin, 'POST', `/api/admin/members/${m.id}/admin`);
      expect(made.json().isAdmin).toBe(true);
      expect((await req(m, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
      const removed = await req(m, 'DELETE', `/api/admin/members/${m.id}/admin`);
      expect(removed.statusCode).toBe(200);
      expect((await req(m, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
      expect((await auditFor(m.id)).map((r) => [r.action, r.actorId])).toEqual([
        ['user.remove_admin', m.id],
        ['user.make_admin', admin.id],
      ]);

      // Leave `admin` as the only admin of this database.
      await t.database.db.update(users).set({ isAdmin: false }).where(and(eq(users.isAdmin, true)));
      await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
      const last = await req(admin, 'DELETE', `/api/admin/members/${admin.id}/admin`);
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe('The last admin cannot be removed');
      expect((await detailOf(admin.id)).isAdmin).toBe(true);
      const del = await req(admin, 'DELETE', `/api/admin/members/${admin.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(ADMIN_MSG.selfDelete);
    });

    it('two admins removing each other at once: one wins, one admin is left', async () => {
      const [x, y] = [await member(t, 'admin'), await member(t, 'admin')];
      await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
      try {
        const [r1, r2] = await Promise.all([req(x, 'DELETE', `/api/admin/members/${y.id}/admin`), req(y, 'DELETE', `/api/admin/members/${x.id}/admin`)]);
        const codes = [r1.statusCode, r2.statusCode].sort();
        // The loser is refused as the last admin, or, having lost its own role first, as a member.
        expect(codes[0]).toBe(200);
        expect([403, 409]).toContain(codes[1]);
        const left = await t.database.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
        expect(left).toHaveLength(1);
      } finally {
        await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
      }
    });
  });

  describe('resend verification', () => {
    it('mails a fresh code to an unverified member that verifies them; 409 once verified; 429 too soon', async () => {
      const u = await registerUser(t);
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
      // The sign-up code was just sent: the member's own limits apply to the admin's resend too.
      const soon = await req(admin, 'POST', `/api/admin/members/${row!.id}/resend-verification`);
      expect(soon.statusCode).toBe(429);
      expect(soon.json().message).toBe(AUTH_MSG.resendWait);
      await t.database.db
        .update(verificationCodes)
        .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(verificationCodes.userId, row!.id));

      const res = await req(admin, 'POST', `/api/admin/members/${row!.id}/resend-verification`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: ADMIN_MSG.verificationSent });
      expect(await mailsTo(t, u.email)).toHaveLength(2);
      const code = codeIn((await lastMailTo(t, u.email))!.text);
      // The sign-up code no longer works; the new one does.
      if (code !== u.code) expect((await postAs(t, '/api/auth/verify-code', { email: u.email, code: u.code })).statusCode).not.toBe(200);
      const verified = await postAs(t, '/api/auth/verify-code', { email: u.email, code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await auditFor(row!.id))[0]!.action).toBe('user.resend_verification');

      const again = await req(admin, 'POST', `/api/admin/members/${row!.id}/resend-verification`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ADMIN_MSG.alreadyVerified);
    });
  });

  describe('delete', () => {
    it('anonymises the member like a self-deletion: sessions gone, sign-in refused, posts kept as Anonymous', async () => {
      const m = await member(t);
      const cat = await addCategory(t.database.db);
      const p = await createPost(t, m.cookie, cat.id);
      const c = await createComment(t, m.cookie, p.id);
      const email = await emailOf(m.id);
      const open = await openSocket(m);
      const res = await req(admin, 'DELETE', `/api/admin/members/${m.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await open.closed).code).toBe(4401);
      expect(res.json()).toEqual({ message: ADMIN_MSG.memberDeleted });
      expect((await req(m, 'GET', '/api/auth/user')).statusCode).toBe(401);
      expect((await postAs(t, '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
      expect((await req(admin, 'GET', `/api/admin/members/${m.id}`)).statusCode).toBe(404);
      const [stored] = await t.database.db.select().from(posts).where(eq(posts.id, p.id));
      expect(stored).toMatchObject({ authorId: null, deletedAt: null });
      const [cm] = await t.database.db.select().from(comments).where(eq(comments.id, c.id));
      expect(cm!.authorId).toBeNull();
      const [u] = await t.database.db.select().from(users).where(eq(users.id, m.id));
      expect(u!.username).toBe(`deleted-${m.id}`);
      expect((await auditFor(m.id))[0]).toMatchObject({ action: 'user.delete', actorId: admin.id, details: { username: m.username } });
      expect((await req(admin, 'DELETE', `/api/admin/members/${m.id}`)).statusCode).toBe(404);
    });
  });

  describe('audit log', () => {
    it('newest first with actor, action, target and details; pages by cursor; filters by target', async () => {
      const m = await member(t);
      await req(admin, 'POST', `/api/admin/members/${m.id}/chat-suspension`, { reason: 'r1' });
      await req(admin, 'DELETE', `/api/admin/members/${m.id}/chat-suspension`);
      await req(admin, 'POST', `/api/admin/members/${m.id}/admin`);
      const res = await req(admin, 'GET', '/api/admin/audit-log');
      expect(res.statusCode).toBe(200);
      const page = ZAuditPage.parse(res.json());
      expect(page.entries.slice(0, 3).map((e) => e.action)).toEqual(['user.make_admin', 'user.chat_unsuspend', 'user.chat_suspend']);
      expect(page.entries[2]).toMatchObject({
        actor: { id: admin.id, username: admin.username },
        targetType: 'user',
        targetId: String(m.id),
        targetLabel: m.username,
        details: { reason: 'r1', username: m.username },
      });
      const ids = page.entries.map((e) => e.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);

      const mine = ZAuditPage.parse((await req(admin, 'GET', `/api/admin/audit-log?targetType=user&targetId=${m.id}`)).json());
      expect(mine.entries).toHaveLength(3);
      expect(mine.nextCursor).toBeNull();

      // More than a page: the cursor walks every row once.
      const all = await t.database.db.select({ id: auditLog.id }).from(auditLog);
      const extra = Math.max(0, 51 - all.length);
      for (let i = 0; i < extra; i++) {
        await t.database.db.insert(auditLog).values({ actorId: admin.id, action: 'test.fill', targetType: 'test', targetId: String(i) });
      }
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const r = ZAuditPage.parse((await req(admin, 'GET', `/api/admin/audit-log${cursor ? `?cursor=${cursor}` : ''}`)).json());
        seen.push(...r.entries.map((e) => e.id));
        cursor = r.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(all.length + extra);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });
});
