import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MSG } from '../../../common/contracts/moderation.ts';
import { categories, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost, expectCountersConsistent } from '../../test/forum.ts';
import { call, lastAudit, type Member, member } from '../../test/members.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe.each(testDatabases)('categories (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    author = await member(t);
  });
  afterAll(() => t.close());

  const as = (cookie: string | undefined, method: Method, url: string, body?: object) => call(t, method, url, { cookie, body });
  const category = async (id: number) => (await t.database.db.select().from(categories).where(eq(categories.id, id)))[0];

  it('creates and edits categories: slug from the name, unique (409), colour checked, audited', async () => {
    const name = `Night shifts ${Date.now()}`;
    const res = await as(admin.cookie, 'POST', '/api/admin/categories', { name, description: 'After dark', color: '#AA3300' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name, slug: `night-shifts-${name.split(' ')[2]}`, description: 'After dark', color: '#aa3300', postCount: 0 });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'category.create', targetType: 'category', targetId: String(created.id) });
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
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'category.update', details: { color: { from: '#aa3300', to: '#00ff00' } } });
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
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'category.reorder', details: { ids: reversed } });

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
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'category.delete', targetId: String(full.id), details: { movedTo: dest.id, postsMoved: 1 } });
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
});
