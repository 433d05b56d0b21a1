import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAdminBulletin, ZAdminBulletinList, ZBulletinList } from '../../../common/contracts/bulletins.ts';
import { BULLETIN_MSG } from '../../../common/rules/bulletins.ts';
import { auditLog, bulletins } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, member, type Member } from '../../test/members.ts';

describe.each(testDatabases)('bulletins on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let plain: Member;
  let unverified: Member;

  const db = () => t.database.db;
  const create = async (body: Record<string, unknown>, who = admin) => {
    const res = await call(t, 'POST', '/api/admin/bulletins', { cookie: who.cookie, body });
    expect(res.statusCode, res.body).toBe(201);
    return ZAdminBulletin.parse(res.json());
  };
  const publicList = async (cookie?: string) => {
    const res = await call(t, 'GET', '/api/bulletins', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZBulletinList.parse(res.json());
  };
  const auditOf = (id: number) =>
    db().select().from(auditLog).where(and(eq(auditLog.targetType, 'bulletin'), eq(auditLog.targetId, String(id))));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [admin, plain, unverified] = [await member(t, 'admin'), await member(t), await member(t, 'unverified')];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db().delete(bulletins);
  });

  describe('GET /api/bulletins', () => {
    it('active bulletins, newest first, in the spec §3 shape; switched-off ones never', async () => {
      const older = await create({ title: 'Depot closed Monday', message: 'Bank holiday.' });
      await db().update(bulletins).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(bulletins.id, older.id));
      const newer = await create({ title: 'New fuel card scheme', message: 'Read the thread.' });
      await create({ title: 'Old news', message: 'Gone.', isActive: false });

      const list = await publicList();
      expect(list.map((b) => b.id)).toEqual([newer.id, older.id]);
      expect(list[0]).toEqual({
        id: newer.id,
        title: 'New fuel card scheme',
        message: 'Read the thread.',
        isActive: true,
        visibilityType: 'everyone',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('members-only bulletins: hidden from guests, shown to any signed-in member', async () => {
      const open = await create({ title: 'For all', message: 'Everyone sees this.' });
      const closed = await create({ title: 'Members', message: 'Only members.', visibilityType: 'members' });
      expect((await publicList()).map((b) => b.id)).toEqual([open.id]);
      for (const who of [plain, unverified, admin]) {
        expect((await publicList(who.cookie)).map((b) => b.id).sort()).toEqual([open.id, closed.id].sort());
      }
      // A suspended account counts as a guest.
      const suspended = await member(t, 'suspended');
      expect((await publicList(suspended.cookie)).map((b) => b.id)).toEqual([open.id]);
    });

    it('is never kept by a shared cache (it depends on the cookie)', async () => {
      const res = await call(t, 'GET', '/api/bulletins');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });
  });

  describe('authorisation of /api/admin/bulletins', () => {
    it.each([
      ['GET', '/api/admin/bulletins'],
      ['POST', '/api/admin/bulletins'],
      ['PATCH', '/api/admin/bulletins/1'],
      ['DELETE', '/api/admin/bulletins/1'],
    ] as const)('%s %s: guest 401, unverified and member 403, nothing changes', async (method, url) => {
      const [row] = await db().insert(bulletins).values({ title: 'Keep', message: 'Me' }).returning();
      const target = url.replace('/1', `/${row.id}`);
      const body = method === 'POST' || method === 'PATCH' ? { title: 'Changed', message: 'Changed' } : undefined;
      expect((await call(t, method, target, { body })).statusCode).toBe(401);
      for (const who of [unverified, plain]) {
        const res = await call(t, method, target, { cookie: who.cookie, body });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Admins only');
      }
      expect(await db().select().from(bulletins)).toEqual([expect.objectContaining({ id: row.id, title: 'Keep', message: 'Me' })]);
    });
  });

  describe('admin create, edit, delete', () => {
    it('creates (201, trimmed, defaults everyone and active) with an audit entry', async () => {
      const b = await create({ title: '  Road works on the A1  ', message: ' Expect delays. ' });
      expect(b).toMatchObject({ title: 'Road works on the A1', message: 'Expect delays.', visibilityType: 'everyone', isActive: true });
      const [row] = await db().select().from(bulletins).where(eq(bulletins.id, b.id));
      expect(row.createdBy).toBe(admin.id);
      expect(await auditOf(b.id)).toEqual([expect.objectContaining({ actorId: admin.id, action: 'bulletin.create' })]);
    });

    it('lists every bulletin, active or not, for the admin', async () => {
      const a = await create({ title: 'A', message: 'a', isActive: false });
      const b = await create({ title: 'B', message: 'b', visibilityType: 'members' });
      const res = await call(t, 'GET', '/api/admin/bulletins', { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      const list = ZAdminBulletinList.parse(res.json());
      expect(list.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    });

    it('edits any field; switching off hides it at once', async () => {
      const b = await create({ title: 'Draft', message: 'Text' });
      const res = await call(t, 'PATCH', `/api/admin/bulletins/${b.id}`, {
        cookie: admin.cookie,
        body: { title: 'Final', visibilityType: 'members' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: b.id, title: 'Final', message: 'Text', visibilityType: 'members', isActive: true });
      expect(await publicList()).toEqual([]);
      expect((await publicList(plain.cookie)).map((x) => x.title)).toEqual(['Final']);

      expect((await call(t, 'PATCH', `/api/admin/bulletins/${b.id}`, { cookie: admin.cookie, body: { isActive: false } })).statusCode).toBe(200);
      expect(await publicList(plain.cookie)).toEqual([]);
      const audit = await auditOf(b.id);
      expect(audit.map((a) => a.action)).toEqual(['bulletin.create', 'bulletin.update', 'bulletin.update']);
      expect(audit[1].details).toEqual({ changed: { title: 'Final', visibilityType: 'members' } });
    });

    it('deletes (204) with an audit entry; a second delete is 404', async () => {
      const b = await create({ title: 'Temporary', message: 'Soon gone' });
      expect((await call(t, 'DELETE', `/api/admin/bulletins/${b.id}`, { cookie: admin.cookie })).statusCode).toBe(204);
      expect(await db().select().from(bulletins)).toEqual([]);
      const again = await call(t, 'DELETE', `/api/admin/bulletins/${b.id}`, { cookie: admin.cookie });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(BULLETIN_MSG.notFound);
      expect((await auditOf(b.id)).map((a) => a.action)).toEqual(['bulletin.create', 'bulletin.delete']);
    });

    it('an unknown or malformed id is 404', async () => {
      for (const id of ['999999', 'abc', '0', '-1']) {
        const res = await call(t, 'PATCH', `/api/admin/bulletins/${id}`, { cookie: admin.cookie, body: { title: 'x' } });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(BULLETIN_MSG.notFound);
      }
    });

    it.each([
      [{ message: 'No title' }, 'title', BULLETIN_MSG.titleRequired],
      [{ title: '   ', message: 'Blank title' }, 'title', BULLETIN_MSG.titleRequired],
      [{ title: 'x'.repeat(121), message: 'Long title' }, 'title', BULLETIN_MSG.titleMax],
      [{ title: 'No message' }, 'message', BULLETIN_MSG.messageRequired],
      [{ title: 'Long', message: 'x'.repeat(2001) }, 'message', BULLETIN_MSG.messageMax],
      [{ title: 'Bad', message: 'visibility', visibilityType: 'admins' }, 'visibilityType', 'Visibility must be everyone or members'],
      [{ title: 'Bad', message: 'active', isActive: 'yes' }, 'isActive', 'isActive must be true or false'],
    ])('POST %j: 400 on %s, nothing stored', async (body, field, message) => {
      const res = await call(t, 'POST', '/api/admin/bulletins', { cookie: admin.cookie, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      expect(await db().select().from(bulletins)).toEqual([]);
    });

    it('the limits themselves are fine: 120-character title, 2000-character message', async () => {
      const b = await create({ title: 't'.repeat(120), message: 'm'.repeat(2000) });
      expect(b.title).toHaveLength(120);
    });

    it('PATCH with nothing or bad values: 400, unchanged', async () => {
      const b = await create({ title: 'Keep', message: 'Me' });
      for (const body of [{}, { title: '' }, { message: 'x'.repeat(2001) }, { visibilityType: 'x' }]) {
        const res = await call(t, 'PATCH', `/api/admin/bulletins/${b.id}`, { cookie: admin.cookie, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const [row] = await db().select().from(bulletins).where(eq(bulletins.id, b.id));
      expect(row).toMatchObject({ title: 'Keep', message: 'Me', visibilityType: 'everyone', isActive: true });
      expect((await auditOf(b.id)).map((a) => a.action)).toEqual(['bulletin.create']);
    });
  });
});
