// Forum content for the server tests: categories; posts and comments through the API as a member
// writes them (createPost, createComment), or rows inserted directly so a test does not depend on
// those endpoints (insertPost, insertComment); and a recount of every counter the write paths keep.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { categories, comments, posts } from '../db/schema/index.ts';
import { hotScore } from '../modules/posts/index.ts';
import type { TestApp } from './app.ts';
import { unique } from './auth.ts';
import { call } from './members.ts';

export async function addCategory(db: Db, name = 'Category') {
  const slug = unique('cat-');
  const [c] = await db.insert(categories).values({ name: `${name} ${slug}`, slug }).returning();
  return c;
}

export const postBody = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  title: `A question about ${unique('t')}`,
  content: 'Does anyone know how the **new** depot rota works?',
  categoryId,
  ...overrides,
});

/**
 * Creates a post through the API and returns its body; fails the test on anything but 201. The row is then
 * dated 11 minutes back so fixtures never run into the 5-in-10-minutes posting limit.
 */
export async function createPost(t: TestApp, cookie: string, categoryId: number, overrides: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/forum/posts', { cookie, body: postBody(categoryId, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { id: number; slug: string; [k: string]: unknown };
  const createdAt = new Date(Date.now() - 11 * 60_000);
  // Its latest activity too: a post without replies was last active when it was written.
  await t.database.db.update(posts).set({ createdAt, lastActivityAt: createdAt }).where(eq(posts.id, created.id));
  return created;
}

export async function createComment(t: TestApp, cookie: string, postId: number, body: { content?: string; parentId?: number | null } = {}) {
  const res = await call(t, 'POST', `/api/forum/posts/${postId}/comments`, { cookie, body: { content: 'Good question, same here.', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; [k: string]: unknown };
}

export async function insertPost(db: Db, opts: { categoryId: number; authorId: number | null; deleted?: boolean; createdAt?: Date }) {
  const slug = unique('post-');
  const createdAt = opts.createdAt ?? new Date();
  const [p] = await db
    .insert(posts)
    .values({
      slug,
      title: `Title of ${slug}`,
      content: `Content of ${slug}`,
      contentHtml: `<p>Content of ${slug}</p>`,
      excerpt: `Content of ${slug}`,
      categoryId: opts.categoryId,
      authorId: opts.authorId,
      createdAt,
      // What creating a post stores: without replies, its latest activity is its creation.
      lastActivityAt: createdAt,
      // What creating a post stores, so a post nobody voted on still has its hot score.
      hotScore: hotScore(0, 0, 0, createdAt),
      deletedAt: opts.deleted ? new Date() : null,
    })
    .returning();
  return p;
}

export async function insertComment(db: Db, opts: { postId: number; authorId: number | null; deleted?: boolean }) {
  const [c] = await db
    .insert(comments)
    .values({
      postId: opts.postId,
      authorId: opts.authorId,
      content: 'A comment',
      contentHtml: '<p>A comment</p>',
      deletedAt: opts.deleted ? new Date() : null,
    })
    .returning();
  return c;
}

/** Every stored counter equals a recount from the rows it counts. */
export async function expectCountersConsistent(db: Db) {
  const drift = await db.execute(sql`
    select 'category' as kind, c.id, c.post_count as stored,
      (select count(*)::int from posts p where p.category_id = c.id and p.deleted_at is null) as actual
    from categories c
    union all
    select 'post', p.id, p.comment_count,
      (select count(*)::int from comments k where k.post_id = p.id and k.deleted_at is null)
    from posts p`);
  const rows = (drift as unknown as { rows: Array<{ kind: string; id: number; stored: number; actual: number }> }).rows;
  expect(rows.filter((r) => Number(r.stored) !== Number(r.actual))).toEqual([]);
}
