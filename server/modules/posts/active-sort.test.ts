import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPostList, type TPostList } from '../../../common/contracts/forum.ts';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, insertPost } from '../../test/forum.ts';
import { call, insertMember } from '../../test/members.ts';
import { postsPageQuery } from './list-service.ts';

// Issue 30 item 14: "Latest activity" (sortBy=active) bumps a thread when it gets a reply, as Discourse's
// default list does: posts ordered by their newest visible reply, or their creation without one.

const silent = { info: () => {} };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases)('sortBy=active on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number; slug: string };
  let author: { id: number; cookie: string };
  let replier: { id: number; cookie: string };
  // The fixture's posts by name.
  const p: Record<string, number> = {};

  const list = async (query: string, path = '/api/forum/posts') => {
    const res = await call(t, 'GET', `${path}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPostList.parse(res.json()) as TPostList;
  };
  const names = (body: TPostList) => body.posts.map((x) => Object.keys(p).find((k) => p[k] === x.id) ?? x.id);
  const active = async () => names(await list(`?sortBy=active&category=${cat.slug}`));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const db = t.database.db;
    await seedDatabase(db, { seedDemo: false }, silent);
    cat = await addCategory(db, 'Active');
    author = await insertMember(t);
    replier = await insertMember(t);
    const now = Date.now();
    const fixture: Array<[string, { age: number; pinned?: boolean; deleted?: boolean }]> = [
      ['pinned', { age: 30 * DAY, pinned: true }],
      ['old', { age: 5 * DAY }],
      ['middle', { age: 3 * DAY }],
      ['recent', { age: 1 * DAY }],
      ['deleted', { age: 2 * HOUR, deleted: true }],
    ];
    for (const [name, f] of fixture) {
      const row = await insertPost(db, { categoryId: cat.id, authorId: author.id, deleted: f.deleted, createdAt: new Date(now - f.age) });
      if (f.pinned) await db.update(posts).set({ isPinned: true }).where(eq(posts.id, row.id));
      p[name] = row.id;
    }
    await db.execute(
      sql`update categories set post_count = (select count(*) from posts where posts.category_id = categories.id and posts.deleted_at is null)`,
    );
  });
  afterAll(() => t.close());

  it('without replies, is the newest order: pinned first, then by creation', async () => {
    expect(await active()).toEqual(['pinned', 'recent', 'middle', 'old']);
    const body = await list(`?sortBy=active&category=${cat.slug}`);
    expect(body.totalCount).toBe(4);
    // No reply yet: no "last reply" to show.
    expect(body.posts.every((x) => x.lastReplyAt === undefined)).toBe(true);
  });

  it('a reply bumps an older post above newer ones; pinned posts stay first; newest is unchanged', async () => {
    const reply = await createComment(t, replier.cookie, p.old, { content: 'Same depot here, they changed the rota last week.' });
    expect(await active()).toEqual(['pinned', 'old', 'recent', 'middle']);
    const body = await list(`?sortBy=active&category=${cat.slug}`);
    const old = body.posts.find((x) => x.id === p.old)!;
    expect(Date.parse(old.lastReplyAt!)).toBeGreaterThan(Date.parse(old.createdAt));
    expect(Date.now() - Date.parse(old.lastReplyAt!)).toBeLessThan(60_000);
    // The spec's default order does not move.
    expect(names(await list(`?category=${cat.slug}`))).toEqual(['pinned', 'recent', 'middle', 'old']);
    // A reply to a reply bumps it too.
    const question = await createComment(t, author.cookie, p.middle, { content: 'Which depot are you at?' });
    expect(await active()).toEqual(['pinned', 'middle', 'old', 'recent']);
    await createComment(t, replier.cookie, p.old, { content: 'Leeds, the one off the ring road.', parentId: reply.id });
    expect(await active()).toEqual(['pinned', 'old', 'middle', 'recent']);
    expect(question.id).toBeGreaterThan(0);
  });

  it('pages through the same order with no gaps or repeats', async () => {
    const whole = await active();
    const pages: Array<string | number> = [];
    for (let page = 1; page <= 2; page++) {
      const body = await list(`?sortBy=active&category=${cat.slug}&limit=2&page=${page}`);
      pages.push(...names(body));
      expect(body.hasMore).toBe(page < 2);
    }
    expect(pages).toEqual(whole);
  });

  it('an edit does not bump a post', async () => {
    const res = await call(t, 'PATCH', `/api/forum/posts/${p.recent}`, {
      cookie: author.cookie,
      body: { content: 'Edited: does anyone know how the new depot rota works now?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await active()).toEqual(['pinned', 'old', 'middle', 'recent']);
  });

  it('a deleted reply stops counting: the post falls back to its previous reply, or its creation', async () => {
    const first = await createComment(t, replier.cookie, p.recent, { content: 'First reply on the recent one.' });
    const second = await createComment(t, author.cookie, p.recent, { content: 'Second reply on the recent one.' });
    const onOld = await createComment(t, replier.cookie, p.old, { content: 'A later reply on the old one.' });
    // old's reply is the newest, then recent's two.
    expect(await active()).toEqual(['pinned', 'old', 'recent', 'middle']);
    // Deleting old's newest reply: old falls back to its earlier reply (still above middle's), below recent's.
    expect((await call(t, 'DELETE', `/api/forum/comments/${onOld.id}`, { cookie: replier.cookie })).statusCode).toBe(200);
    expect(await active()).toEqual(['pinned', 'recent', 'old', 'middle']);
    // Deleting both of recent's replies: it falls back to its creation (a day old), below the others' replies.
    for (const c of [second, first]) {
      const by = c === second ? author : replier;
      expect((await call(t, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: by.cookie })).statusCode).toBe(200);
    }
    expect(await active()).toEqual(['pinned', 'old', 'middle', 'recent']);
    const body = await list(`?sortBy=active&category=${cat.slug}`);
    expect(body.posts.find((x) => x.id === p.recent)!.lastReplyAt).toBeUndefined();
    // With no reply left it is unanswered again, in its creation's place.
    expect(names(await list(`?sortBy=active&unanswered=true&category=${cat.slug}`))).toEqual(['pinned', 'recent']);
  });

  it('a reply hidden by flags stops counting, and counts again when a moderator restores it', async () => {
    const spam = await createComment(t, replier.cookie, p.recent, { content: 'Cheap van hire, call now.' });
    expect(await active()).toEqual(['pinned', 'recent', 'old', 'middle']);
    const flaggers = [await insertMember(t), await insertMember(t), await insertMember(t)];
    const reportIds: number[] = [];
    for (const f of flaggers) {
      const res = await call(t, 'POST', '/api/reports', {
        cookie: f.cookie,
        body: { targetType: 'comment', targetId: spam.id, reason: 'Spam: advertising van hire with a phone number.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      reportIds.push(res.json().id);
    }
    expect(await active()).toEqual(['pinned', 'old', 'middle', 'recent']);

    const moderator = await insertMember(t);
    await t.database.db.execute(sql`update users set is_moderator = true where id = ${moderator.id}`);
    const res = await call(t, 'POST', `/api/admin/reports/${reportIds[0]}/dismiss`, { cookie: moderator.cookie, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(await active()).toEqual(['pinned', 'recent', 'old', 'middle']);
    expect(await active()).not.toContain('deleted');
  });

  it('orders a search by latest activity too (matches, never pinned first)', async () => {
    const body = await list(`?q=title&sortBy=active&category=${cat.slug}`, '/api/forum/search');
    expect(names(body)).toEqual(['recent', 'old', 'middle', 'pinned']);
  });

  it('still refuses a sort it does not know, naming the ones it does', async () => {
    const res = await call(t, 'GET', '/api/forum/posts?sortBy=oldest');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sort must be one of popular, newest, views, active, top');
    const search = await call(t, 'GET', '/api/forum/search?q=evri&sortBy=oldest');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Sort must be one of popular, newest, views, active');
  });

  // A page is an index walk in last-activity order (posts_active_idx), never a sort of every post, so page
  // 1 of 1,000,000 posts costs what it costs of 100.
  it.each([
    [undefined, 'posts_active_idx'],
    ['category', 'posts_category_active_idx'],
  ] as const)('the page query (%s) walks %s', async (withCategory, index) => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = postsPageQuery(tx as unknown as Db, { filter: { categoryId: withCategory ? cat.id : undefined }, sortBy: 'active', limit: 21, offset: 20 });
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
