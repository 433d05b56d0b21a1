import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MSG } from '../../../common/contracts/moderation.ts';
import { categories, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost, expectCountersConsistent } from '../../test/forum.ts';
import { call, lastAudit, type Member, member } from '../../test/members.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(testDatabases)('admin moderation: routes and the posts tool (%s)', (kind) => {
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
      // The posts tool and the reports queue are moderators' too (issue 18).
      expect(res.json().message).toBe(url.includes('/categories') ? 'Admins only' : 'Moderators only');
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
    expect(await lastAudit(t.database.db)).toMatchObject({ actorId: admin.id, action: 'post.pin', targetType: 'post', targetId: String(p.id) });
    expect((await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: true })).json().isLocked).toBe(true);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.lock', targetId: String(p.id) });
    await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: false });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.unlock' });
    await as(admin.cookie, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: false });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.unpin' });

    const mine = await createComment(t, author.cookie, p.id);
    const before = (await lastAudit(t.database.db)).id;
    expect((await as(author.cookie, 'DELETE', `/api/forum/comments/${mine.id}`)).statusCode).toBe(200);
    expect((await lastAudit(t.database.db)).id).toBe(before);

    const theirs = await createComment(t, other.cookie, p.id);
    expect((await as(admin.cookie, 'DELETE', `/api/forum/comments/${theirs.id}`)).statusCode).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'comment.delete', targetType: 'comment', targetId: String(theirs.id) });

    expect((await as(admin.cookie, 'DELETE', `/api/forum/posts/${p.id}`)).statusCode).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.delete', targetType: 'post', targetId: String(p.id) });
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
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.move', targetId: String(p.id), details: { from: from.id, to: to.id } });
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
});
