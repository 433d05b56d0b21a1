import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZMaintenanceStatus } from '../../../common/contracts/maintenance.ts';
import { MAINTENANCE_MSG } from '../../../common/rules/maintenance.ts';
import { auditLog, conversations, messages, siteSettings, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD, sessionCookie, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost, postBody } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { connect, listen } from '../../test/sockets.ts';
import { setMaintenance } from './service.ts';

const PAUSED = 'Kerbside is under maintenance. Please try again shortly.';

describe.each(testDatabases)('maintenance mode on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let plain: Member;
  let categoryId: number;
  let boss: { id: number; email: string };
  let driver: { id: number; email: string };

  const status = async () => {
    const res = await call(t, 'GET', '/api/maintenance/status');
    expect(res.statusCode).toBe(200);
    return ZMaintenanceStatus.parse(res.json());
  };
  const setTo = (body: object, who: Member | null = admin) => call(t, 'PUT', '/api/admin/maintenance', { cookie: who?.cookie, body });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [admin, plain] = [await member(t, 'admin'), await member(t)];
    categoryId = (await addCategory(t.database.db)).id;
    boss = await signUp(t);
    driver = await signUp(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    expect((await setTo({ maintenanceMode: false, message: '' })).statusCode).toBe(200);
  });

  it('the spec §3 status: off with no message by default', async () => {
    await t.database.db.delete(siteSettings).where(eq(siteSettings.key, 'maintenance'));
    const fresh = await buildTestApp(kind);
    try {
      const res = await call(fresh, 'GET', '/api/maintenance/status');
      expect(res.json()).toEqual({ maintenanceMode: false, message: '' });
    } finally {
      await fresh.close();
    }
  });

  describe('PUT /api/admin/maintenance', () => {
    it('guest 401, unverified and member 403; the switch stays off', async () => {
      expect((await setTo({ maintenanceMode: true, message: 'x' }, null)).statusCode).toBe(401);
      for (const who of [await member(t, 'unverified'), plain]) {
        const res = await setTo({ maintenanceMode: true, message: 'x' }, who);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Admins only');
      }
      expect(await status()).toEqual({ maintenanceMode: false, message: '' });
    });

    it('an admin turns it on with a message (trimmed) and off again; both audited; the status shows it at once', async () => {
      const on = await setTo({ maintenanceMode: true, message: '  Upgrading the database, back by 22:00.  ' });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toEqual({ maintenanceMode: true, message: 'Upgrading the database, back by 22:00.' });
      expect(await status()).toEqual({ maintenanceMode: true, message: 'Upgrading the database, back by 22:00.' });
      expect((await setTo({ maintenanceMode: false })).json()).toEqual({ maintenanceMode: false, message: '' });
      expect(await status()).toEqual({ maintenanceMode: false, message: '' });

      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'site'));
      expect(audit.slice(-2).map((a) => [a.action, a.actorId])).toEqual([
        ['maintenance.on', admin.id],
        ['maintenance.off', admin.id],
      ]);
    });

    it.each([
      [{ message: 'no switch' }, MAINTENANCE_MSG.modeRequired],
      [{ maintenanceMode: 'yes', message: '' }, MAINTENANCE_MSG.modeRequired],
      [{ maintenanceMode: true, message: 'x'.repeat(501) }, MAINTENANCE_MSG.messageMax],
    ])('%j: 400, unchanged', async (body, message) => {
      const res = await setTo(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await status()).toEqual({ maintenanceMode: false, message: '' });
    });

    it('500 characters of message is fine', async () => {
      expect((await setTo({ maintenanceMode: false, message: 'm'.repeat(500) })).statusCode).toBe(200);
    });
  });

  describe('while on', () => {
    beforeEach(async () => {
      expect((await setTo({ maintenanceMode: true, message: 'Back soon' })).statusCode).toBe(200);
    });

    it("a member's and a guest's writes answer 503 with Retry-After and change nothing", async () => {
      const res = await call(t, 'POST', '/api/forum/posts', { cookie: plain.cookie, body: postBody(categoryId, { title: 'During maintenance' }) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: PAUSED, maintenance: true });
      expect(res.headers['retry-after']).toBe('30');
      const reg = await call(t, 'POST', '/api/auth/register', {
        body: { firstName: 'A', lastName: 'B', username: 'during_maint', email: 'during@example.test', password: PASSWORD },
      });
      expect(reg.statusCode).toBe(503);
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        expect((await call(t, method, '/api/profile', { cookie: plain.cookie, body: method === 'DELETE' ? undefined : {} })).statusCode).toBe(503);
      }
      const list = await call(t, 'GET', '/api/forum/posts?page=1&limit=20&sortBy=newest');
      expect(list.json().posts.map((p: { title: string }) => p.title)).not.toContain('During maintenance');
    });

    it('every write the read-only interface disables answers the maintenance message, not a generic error', async () => {
      const post = await createPost(t, admin.cookie, categoryId, { title: 'Open during maintenance' });
      const writes: Array<[string, object | undefined]> = [
        [`/api/forum/posts/${post.id}/comments`, { content: 'A comment during maintenance' }],
        [`/api/forum/posts/${post.id}/vote`, { voteType: 'upvote' }],
        [`/api/forum/posts/${post.id}/reactions`, { emoji: '👍' }],
        ['/api/uploads', undefined],
      ];
      for (const [url, body] of writes) {
        const res = await call(t, 'POST', url, { cookie: plain.cookie, body });
        expect([url, res.statusCode, res.json()]).toEqual([url, 503, { message: PAUSED, maintenance: true }]);
      }
      const detail = await call(t, 'GET', `/api/forum/posts/${post.slug}`, { cookie: plain.cookie });
      expect(detail.json()).toMatchObject({ upvotes: 0, comments: [] });
    });

    it("a member's chat send over the socket is paused too: an error frame, nothing stored", async () => {
      const [low, high] = plain.id < admin.id ? [plain.id, admin.id] : [admin.id, plain.id];
      const [conversation] = await t.database.db.insert(conversations).values({ userLowId: low, userHighId: high }).returning();
      const url = await listen(t);
      const socket = await connect(url, plain.cookie);
      try {
        socket.send({ type: 'send_message', conversationId: conversation!.id, content: 'During maintenance', clientMessageId: 'maint-1' });
        expect(await socket.next('error')).toEqual({ type: 'error', message: PAUSED, clientMessageId: 'maint-1' });
        expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation!.id))).toEqual([]);
      } finally {
        await socket.close();
      }
    });

    it('reads still work for everyone', async () => {
      expect((await call(t, 'GET', '/api/forum/posts?page=1&limit=20&sortBy=newest')).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: plain.cookie })).statusCode).toBe(200);
    });

    it("an admin's writes go through", async () => {
      const p = await createPost(t, admin.cookie, categoryId, { title: 'Admin note during maintenance' });
      expect(p.title).toBe('Admin note during maintenance');
    });

    it('sign-in and sign-out still work for anyone, so an admin can get in and switch it off', async () => {
      const u = await signUp(t).catch(() => null);
      expect(u, 'sign-up is a write: refused').toBeNull();

      // A member signs in and out (neither is paused for anyone).
      const memberLogin = await call(t, 'POST', '/api/auth/login', { body: { email: driver.email, password: PASSWORD } });
      expect(memberLogin.statusCode, memberLogin.body).toBe(200);
      const memberCookie = sessionCookie(memberLogin)!;
      expect((await call(t, 'POST', '/api/forum/posts', { cookie: memberCookie, body: postBody(categoryId) })).statusCode).toBe(503);
      expect((await call(t, 'POST', '/api/logout', { cookie: memberCookie })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: memberCookie })).statusCode).toBe(401);

      // An admin signs in and switches it off.
      const login = await call(t, 'POST', '/api/auth/login', { body: { email: boss.email, password: PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = sessionCookie(login)!;
      const off = await call(t, 'PUT', '/api/admin/maintenance', { cookie, body: { maintenanceMode: false, message: '' } });
      expect(off.statusCode).toBe(200);
      expect(await status()).toEqual({ maintenanceMode: false, message: '' });
    });

    it('the analytics and vitals beacons are not paused', async () => {
      const res = await call(t, 'POST', '/api/metrics/vitals', { body: { reports: [] } });
      expect(res.statusCode).not.toBe(503);
      const a = await call(t, 'POST', '/api/analytics/session/start', { body: {} });
      expect(a.statusCode).not.toBe(503);
    });
  });

  it('another process sees the switch within 2 s (it is read from the database)', async () => {
    await setMaintenance(t.database.db, { maintenanceMode: true, message: 'Elsewhere' }, new Date());
    const write = () => call(t, 'POST', '/api/forum/posts', { cookie: plain.cookie, body: postBody(categoryId) });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await write()).statusCode).toBe(503);
    expect(await status()).toEqual({ maintenanceMode: true, message: 'Elsewhere' });
    await setMaintenance(t.database.db, { maintenanceMode: false, message: '' }, new Date());
    await new Promise((r) => setTimeout(r, 2100));
    expect((await write()).statusCode).toBe(201);
  });
});
