import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MSG } from '../../../common/contracts/moderation.ts';
import { auditLog, categories, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost, expectCountersConsistent } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(testDatabases)('admin moderation (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let other: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    author = await member(t);
    other = await member(t);
  });
  afterAll(() => t.close());

  const as = (cookie: string | undefined, method: Method, url: string, body?: object) => call(t, method, url, { cookie, body });
  const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const category = async (id: number) => (await t.database.db.select().from(categories).where(eq(categories.id, id)))[0];

  it('every admin route: guest 401, member 403, unverified 403, and nothing changes', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    const unverifiedAdmin = await member(t, 'unverified');
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/posts'],
      ['POST', `/api/admin/posts/${p.id}/move`, { categoryId: c.id }],
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/1/resolve', {}],
      ['POST', '/api/admin/reports/1/dismiss', {}],
      ['GET', '/api/admin/categories'],
      ['POST', '/api/admin/categories', { name: 'Nope', color: '#123456' }],
      ['PATCH', `/api/admin/categories/${c.id}`, { name: 'Nope' }],
      ['PUT', '/api/admin/categories/order', { ids: [c.id] }],
      ['DELETE', `/api/admin/categories/${c.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await as(undefined, method, url, body)).statusCode, `${method} ${url} guest`).toBe(401);
      const res = await as(other.cookie, method, url, body);
      expect(res.statusCode, `${method} ${url} member`).toBe(403);
      expect(res.json().message).toBe('Admins only');
      expect((await as(unverifiedAdmin.cookie, method, url, body)).statusCode, `${method} ${url} unverified`).toBe(403);
    }
    expect((await category(c.id)).name).toBe(c.name);
    // The forum's admin paths too.
    expect((await as(other.cookie, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: true })).statusCode).toBe(403);
    expect((await as(other.cookie, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: true })).statusCode).toBe(403);
    expect((await as(undefined, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: true })).statusCode).toBe(401);
  });

  it('admin GET routes answer 200', async () => {
    for (const url of ['/api/admin/posts', '/api/admin/reports', '/api/admin/reports?status=dismissed', '/api/admin/categories']) {
      expect((await as(admin.cookie, 'GET', url)).statusCode, url).toBe(200);
    }
    const bad = await as(admin.cookie, 'GET', '/api/admin/reports?status=closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be open, resolved or dismissed');
  });

  it('pin, lock and admin deletes of posts and comments are audited; an author deleting their own is not', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    expect((await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: true })).json().isPinned).toBe(true);
    expect(await lastAudit()).toMatchObject({ actorId: admin.id, action: 'post.pin', targetType: 'post', targetId: String(p.id) });
    expect((await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: true })).json().isLocked).toBe(true);
    expect(await lastAudit()).toMatchObject({ action: 'post.lock', targetId: String(p.id) });
    await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: false });
    expect(await lastAudit()).toMatchObject({ action: 'post.unlock' });
    await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: false });
    expect(await lastAudit()).toMatchObject({ action: 'post.unpin' });

    const mine = await createComment(t, author.cookie, p.id);
    const before = (await lastAudit()).id;
    expect((await as(author.cookie, 'DELETE', `/api/forum/comments/${mine.id}`)).statusCode).toBe(200);
    expect((await lastAudit()).id).toBe(before);

    const theirs = await createComment(t, other.cookie, p.id);
    expect((await as(admin.cookie, 'DELETE', `/api/forum/comments/${theirs.id}`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'comment.delete', targetType: 'comment', targetId: String(theirs.id) });

    expect((await as(admin.cookie, 'DELETE', `/api/forum/posts/${p.id}`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'post.delete', targetType: 'post', targetId: String(p.id) });
    await expectCountersConsistent(t.database.db);
  });

  it('finds posts by title, slug, id or pasted address', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id, { title: 'Zebra crossing parking fines in Leeds' });
    for (const q of ['zebra crossing', p.slug, String(p.id), `http://localhost:5000/forum/post/${p.slug}?x=1`]) {
      const res = await as(admin.cookie, 'GET', `/api/admin/posts?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().posts[0], q).toMatchObject({
        id: p.id,
        slug: p.slug,
        title: 'Zebra crossing parking fines in Leeds',
        isPinned: false,
        isLocked: false,
        category: { id: c.id },
        author: { username: author.username },
      });
    }
    expect((await as(admin.cookie, 'GET', '/api/admin/posts?q=%25%25nothing-like-this%25')).json().posts).toEqual([]);
  });

  it('moves a post: counters on both categories stay right, audited; bad input changes nothing', async () => {
    const from = await addCategory(t.database.db);
    const to = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, from.id);
    await createPost(t, author.cookie, from.id);

    const res = await as(admin.cookie, 'POST', `/api/admin/posts/${p.id}/move`, { categoryId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, category: { id: to.id } });
    expect((await category(from.id)).postCount).toBe(1);
    expect((await category(to.id)).postCount).toBe(1);
    expect(await lastAudit()).toMatchObject({ action: 'post.move', targetId: String(p.id), details: { from: from.id, to: to.id } });
    await expectCountersConsistent(t.database.db);

    // Same category: nothing changes.
    expect((await as(admin.cookie, 'POST', `/api/admin/posts/${p.id}/move`, { categoryId: to.id })).statusCode).toBe(200);
    expect((await category(to.id)).postCount).toBe(1);

    const missing = await as(admin.cookie, 'POST', `/api/admin/posts/${p.id}/move`, { categoryId: 999_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MODERATION_MSG.categoryNotFound);
    const noBody = await as(admin.cookie, 'POST', `/api/admin/posts/${p.id}/move`, {});
    expect(noBody.statusCode).toBe(400);
    expect((await as(admin.cookie, 'POST', '/api/admin/posts/999999999/move', { categoryId: from.id })).json().message).toBe('Post not found');
    expect((await t.database.db.select().from(posts).where(eq(posts.id, p.id)))[0].categoryId).toBe(to.id);
    await expectCountersConsistent(t.database.db);
  });

  it('creates and edits categories: slug from the name, unique (409), colour checked, audited', async () => {
    const name = `Night shifts ${Date.now()}`;
    const res = await as(admin.cookie, 'POST', '/api/admin/categories', { name, description: 'After dark', color: '#AA3300' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name, slug: `night-shifts-${name.split(' ')[2]}`, description: 'After dark', color: '#aa3300', postCount: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'category.create', targetType: 'category', targetId: String(created.id) });
    // Last in the order.
    const list = (await as(admin.cookie, 'GET', '/api/admin/categories')).json();
    expect(list[list.length - 1].id).toBe(created.id);

    const dup = await as(admin.cookie, 'POST', '/api/admin/categories', { name: 'Other', slug: created.slug, color: '#000000' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MODERATION_MSG.slugTaken);

    const invalid: Array<[object, string]> = [
      [{ name: '', color: '#000000' }, MODERATION_MSG.nameRequired],
      [{ name: 'Fine', color: 'red' }, MODERATION_MSG.colorInvalid],
      [{ name: 'Fine', color: '#12345' }, MODERATION_MSG.colorInvalid],
      [{ name: 'Fine', slug: 'Not OK!', color: '#000000' }, MODERATION_MSG.slugInvalid],
      [{ name: 'Fine', description: 'x'.repeat(301), color: '#000000' }, MODERATION_MSG.descriptionMax],
    ];
    for (const [body, message] of invalid) {
      const r = await as(admin.cookie, 'POST', '/api/admin/categories', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe(message);
    }

    const other = await addCategory(t.database.db);
    const patched = await as(admin.cookie, 'PATCH', `/api/admin/categories/${created.id}`, { description: 'Late runs', color: '#00ff00' });
    expect(patched.json()).toMatchObject({ description: 'Late runs', color: '#00ff00', name });
    expect(await lastAudit()).toMatchObject({ action: 'category.update', details: { color: { from: '#aa3300', to: '#00ff00' } } });
    const taken = await as(admin.cookie, 'PATCH', `/api/admin/categories/${created.id}`, { slug: other.slug });
    expect(taken.statusCode).toBe(409);
    expect((await as(admin.cookie, 'PATCH', `/api/admin/categories/${created.id}`, {})).json().message).toBe(MODERATION_MSG.nothingToUpdate);
    expect((await as(admin.cookie, 'PATCH', '/api/admin/categories/999999999', { name: 'X' })).statusCode).toBe(404);
    // The public list shows the change.
    const pub = (await as(undefined, 'GET', '/api/forum/categories')).json();
    expect(pub.find((c: { id: number }) => c.id === created.id)).toMatchObject({ description: 'Late runs', color: '#00ff00' });
  });

  it('orders categories; the public list follows; a wrong list is 400 and changes nothing', async () => {
    const all = (await as(admin.cookie, 'GET', '/api/admin/categories')).json() as Array<{ id: number }>;
    const reversed = all.map((c) => c.id).reverse();
    const res = await as(admin.cookie, 'PUT', '/api/admin/categories/order', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect((await as(undefined, 'GET', '/api/forum/categories')).json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(await lastAudit()).toMatchObject({ action: 'category.reorder', details: { ids: reversed } });

    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 999_999_999], []]) {
      const bad = await as(admin.cookie, 'PUT', '/api/admin/categories/order', { ids });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MODERATION_MSG.orderInvalid);
    }
    expect((await as(undefined, 'GET', '/api/forum/categories')).json().map((c: { id: number }) => c.id)).toEqual(reversed);
  });

  it('deletes a category only when empty, or after moving its posts to another', async () => {
    const full = await addCategory(t.database.db);
    const dest = await addCategory(t.database.db);
    const live = await createPost(t, author.cookie, full.id);
    const gone = await createPost(t, author.cookie, full.id);
    await as(author.cookie, 'DELETE', `/api/forum/posts/${gone.id}`);

    const refused = await as(admin.cookie, 'DELETE', `/api/admin/categories/${full.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe("Move or delete this category's posts first");
    expect(await category(full.id)).toBeTruthy();

    const self = await as(admin.cookie, 'DELETE', `/api/admin/categories/${full.id}`, { moveTo: full.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MODERATION_MSG.moveToSelf);
    const nowhere = await as(admin.cookie, 'DELETE', `/api/admin/categories/${full.id}`, { moveTo: 999_999_999 });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe(MODERATION_MSG.moveToNotFound);

    const moved = await as(admin.cookie, 'DELETE', `/api/admin/categories/${full.id}`, { moveTo: dest.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await category(full.id)).toBeUndefined();
    expect((await category(dest.id)).postCount).toBe(1);
    const rows = await t.database.db.select({ id: posts.id, categoryId: posts.categoryId }).from(posts).where(eq(posts.categoryId, dest.id));
    expect(rows.map((r) => r.id).sort()).toEqual([live.id, gone.id].sort());
    expect(await lastAudit()).toMatchObject({ action: 'category.delete', targetId: String(full.id), details: { movedTo: dest.id, postsMoved: 1 } });
    await expectCountersConsistent(t.database.db);

    // An empty one (only a deleted post in it) goes without moveTo.
    const empty = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, empty.id);
    await as(admin.cookie, 'DELETE', `/api/forum/posts/${p.id}`);
    expect((await as(admin.cookie, 'DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(200);
    expect(await category(empty.id)).toBeUndefined();
    expect((await as(admin.cookie, 'DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(404);
    await expectCountersConsistent(t.database.db);
  });

  it('dismisses a report (audited); a closed report cannot be closed again; a member report cannot delete the member', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    const r1 = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'I think this is off topic here.' })).json();
    const third = await member(t);
    await as(third.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Same, looks like an advert to me.' });

    const queue = (await as(admin.cookie, 'GET', '/api/admin/reports')).json();
    expect(queue.reports[0]).toMatchObject({ target: { type: 'post', id: p.id, postSlug: p.slug, href: `/forum/posts/${p.slug}` }, targetReportCount: 2 });
    expect(queue.openCount).toBeGreaterThanOrEqual(2);

    const res = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/dismiss`, { resolution: 'Fine where it is' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'report.dismiss', targetId: String(r1.id), details: { reportIds: [r1.id] } });
    const again = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/resolve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MSG.reportClosed);
    expect((await as(admin.cookie, 'POST', '/api/admin/reports/999999999/dismiss', {})).statusCode).toBe(404);
    const badAction = await as(admin.cookie, 'POST', `/api/admin/reports/${r1.id}/resolve`, { action: 'ban' });
    expect(badAction.statusCode).toBe(400);

    const u = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'user', targetId: author.id, reason: 'Rude to everybody in every thread.' })).json();
    const refused = await as(admin.cookie, 'POST', `/api/admin/reports/${u.id}/resolve`, { action: 'delete_target' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MODERATION_MSG.cannotDeleteMember);
    expect((await as(admin.cookie, 'POST', `/api/admin/reports/${u.id}/resolve`, { resolution: 'Warned by email' })).statusCode).toBe(200);
    const resolved = (await as(admin.cookie, 'GET', '/api/admin/reports?status=resolved')).json();
    expect(resolved.reports.find((r: { id: number }) => r.id === u.id)).toMatchObject({
      target: { type: 'user', username: author.username, href: `/profile/${author.username}` },
      resolution: 'Warned by email',
    });
  });

  it('resolving with delete_target deletes the post, closes every open report on it and keeps counters right', async () => {
    const c = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, c.id);
    const a = (await as(other.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Scam advert, please remove.' })).json();
    const third = await member(t);
    const b = (await as(third.cookie, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'Scam, asks for bank details.' })).json();
    const res = await as(admin.cookie, 'POST', `/api/admin/reports/${a.id}/resolve`, { action: 'delete_target' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(undefined, 'GET', `/api/forum/posts/${p.slug}`)).statusCode).toBe(404);
    expect((await category(c.id)).postCount).toBe(0);
    const open = (await as(admin.cookie, 'GET', '/api/admin/reports')).json();
    expect(open.reports.some((r: { id: number }) => r.id === a.id || r.id === b.id)).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'report.resolve', details: { reportIds: expect.arrayContaining([a.id, b.id]) } });
    await expectCountersConsistent(t.database.db);
  });
});
