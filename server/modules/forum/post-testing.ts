// Fixtures for the post, comment and view tests: members in every role, requests as a browser on the
// site sends them, and a recount of every counter the write paths keep.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { categories, posts, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { freshIp, signUp, unique } from '../auth/testing.ts';

const DAY = 24 * 3_600_000;

export type Role = 'member' | 'admin' | 'unverified' | 'suspended' | 'newcomer';
export type Member = { id: number; cookie: string; username: string };

/**
 * A signed-in account through the real sign-up. Accounts are a month old unless 'newcomer' (an hour old),
 * so the first-day posting limit only applies where a test asks for it.
 */
export async function member(t: TestApp, role: Role = 'member'): Promise<Member> {
  const u = await signUp(t);
  const db = t.database.db;
  await db
    .update(users)
    .set({
      createdAt: new Date(Date.now() - (role === 'newcomer' ? 3_600_000 : 30 * DAY)),
      isAdmin: role === 'admin',
      emailVerifiedAt: role === 'unverified' ? null : new Date(),
      suspendedAt: role === 'suspended' ? new Date() : null,
    })
    .where(eq(users.id, u.id));
  return { id: u.id, cookie: u.cookie, username: u.username };
}

export async function addCategory(db: Db, name = 'Category') {
  const slug = unique('cat-');
  const [c] = await db.insert(categories).values({ name: `${name} ${slug}`, slug }).returning();
  return c;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as the site's own pages send it (same Origin, a fresh client address). */
export function call(t: TestApp, method: Method, url: string, opts: { body?: object; cookie?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method,
    url,
    payload: opts.body,
    headers: {
      origin: t.app.deps.config.appUrl,
      'x-forwarded-for': freshIp(),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
  });
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
  await t.database.db.update(posts).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(posts.id, created.id));
  return created;
}

export async function createComment(t: TestApp, cookie: string, postId: number, body: { content?: string; parentId?: number | null } = {}) {
  const res = await call(t, 'POST', `/api/forum/posts/${postId}/comments`, { cookie, body: { content: 'Good question, same here.', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; [k: string]: unknown };
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
