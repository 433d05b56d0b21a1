import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBookmarkState } from '../../../common/contracts/bookmarks.ts';
import { ZPostDetail, ZPostList, type TPostList } from '../../../common/contracts/forum.ts';
import { bookmarks, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

// Issue 18: a member's saved posts. Every call is the caller's own; guests and suspended accounts hear 401.

describe.each(testDatabases)('bookmarks on %s', (kind) => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let categoryId: number;
  const post: number[] = [];

  const saved = async (who: Member, query = '') => {
    const res = await call(t, 'GET', `/api/bookmarks${query}`, { cookie: who.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZPostList.parse(res.json()) as TPostList;
  };
  const rows = (userId: number) => t.database.db.select().from(bookmarks).where(eq(bookmarks.userId, userId));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await member(t);
    bob = await member(t);
    categoryId = (await addCategory(t.database.db, 'Saved')).id;
    for (let i = 0; i < 4; i++) post.push((await insertPost(t.database.db, { categoryId, authorId: bob.id })).id);
  });
  afterAll(() => t.close());

  describe('authorisation', () => {
    const routes = [
      ['PUT', () => `/api/forum/posts/${post[0]}/bookmark`],
      ['DELETE', () => `/api/forum/posts/${post[0]}/bookmark`],
      ['GET', () => '/api/bookmarks'],
    ] as const;

    it.each(routes)('a guest: %s answers 401 and saves nothing', async (method, url) => {
      const res = await call(t, method, url());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
    });

    it.each(routes)('a suspended member: %s answers 401', async (method, url) => {
      const suspended = await member(t, 'suspended');
      const res = await call(t, method, url(), { cookie: suspended.cookie });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
      expect(await rows(suspended.id)).toEqual([]);
    });

    it.each(['unverified', 'member', 'admin'] as const)('%s may save, list and remove their own', async (role) => {
      const who = await member(t, role);
      const put = await call(t, 'PUT', `/api/forum/posts/${post[1]}/bookmark`, { cookie: who.cookie });
      expect(put.statusCode, put.body).toBe(200);
      expect(ZBookmarkState.parse(put.json())).toEqual({ bookmarked: true });
      expect((await saved(who)).posts.map((p) => p.id)).toEqual([post[1]]);
      const del = await call(t, 'DELETE', `/api/forum/posts/${post[1]}/bookmark`, { cookie: who.cookie });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ bookmarked: false });
      expect(await rows(who.id)).toEqual([]);
    });

    it("another member neither sees nor removes someone's bookmark", async () => {
      const a = await member(t);
      const b = await member(t);
      await call(t, 'PUT', `/api/forum/posts/${post[2]}/bookmark`, { cookie: a.cookie });
      expect((await saved(b)).posts).toEqual([]);
      // B's DELETE removes B's (none): A's stays.
      expect((await call(t, 'DELETE', `/api/forum/posts/${post[2]}/bookmark`, { cookie: b.cookie })).statusCode).toBe(200);
      expect((await rows(a.id)).map((r) => r.postId)).toEqual([post[2]]);
      // The flag on the list is the reader's own.
      const list = ZPostList.parse((await call(t, 'GET', `/api/forum/posts?category=${categoryId}`, { cookie: b.cookie })).json());
      expect(list.posts.find((p) => p.id === post[2])?.bookmarked).toBe(false);
    });

    it('a cross-site write is refused and saves nothing', async () => {
      const res = await call(t, 'PUT', `/api/forum/posts/${post[3]}/bookmark`, { cookie: alice.cookie, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(await rows(alice.id)).toEqual([]);
    });
  });

  describe('saving', () => {
    it('answers 404 Post not found for a missing, deleted or malformed post, and saves nothing', async () => {
      const gone = await insertPost(t.database.db, { categoryId, authorId: bob.id, deleted: true });
      for (const id of ['999999', String(gone.id), 'abc', '0']) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const res = await call(t, method, `/api/forum/posts/${id}/bookmark`, { cookie: alice.cookie });
          expect(res.statusCode, `${method} ${id}`).toBe(404);
          expect(res.json().message).toBe('Post not found');
        }
      }
      expect(await rows(alice.id)).toEqual([]);
    });

    it('saving twice keeps one bookmark and its first time', async () => {
      const who = await member(t);
      await call(t, 'PUT', `/api/forum/posts/${post[0]}/bookmark`, { cookie: who.cookie });
      const [first] = await rows(who.id);
      const again = await call(t, 'PUT', `/api/forum/posts/${post[0]}/bookmark`, { cookie: who.cookie });
      expect(again.statusCode).toBe(200);
      expect(await rows(who.id)).toEqual([first]);
      // Removing what is not saved is fine too.
      await call(t, 'DELETE', `/api/forum/posts/${post[0]}/bookmark`, { cookie: who.cookie });
      expect((await call(t, 'DELETE', `/api/forum/posts/${post[0]}/bookmark`, { cookie: who.cookie })).statusCode).toBe(200);
    });
  });

  describe('GET /api/bookmarks', () => {
    it('lists newest saved first, pages, and drops deleted posts', async () => {
      const who = await member(t);
      const db = t.database.db;
      for (const [i, id] of post.entries()) {
        await call(t, 'PUT', `/api/forum/posts/${id}/bookmark`, { cookie: who.cookie });
        // Saved a minute apart, oldest first: post[3] is the newest saved.
        await db.update(bookmarks).set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) }).where(and(eq(bookmarks.userId, who.id), eq(bookmarks.postId, id)));
      }
      const all = await saved(who);
      expect(all.posts.map((p) => p.id)).toEqual([...post].reverse());
      expect(all.posts.every((p) => p.bookmarked === true)).toBe(true);
      expect(all.totalCount).toBe(4);

      const page2 = await saved(who, '?limit=3&page=2');
      expect(page2.posts.map((p) => p.id)).toEqual([post[0]]);
      expect(page2.hasMore).toBe(false);
      expect((await saved(who, '?limit=3')).hasMore).toBe(true);

      // A deleted post leaves the list and its count; its row stays (a restored post comes back).
      const extra = await insertPost(db, { categoryId, authorId: bob.id });
      await call(t, 'PUT', `/api/forum/posts/${extra.id}/bookmark`, { cookie: who.cookie });
      await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, extra.id));
      const after = await saved(who);
      expect(after.posts.map((p) => p.id)).not.toContain(extra.id);
      expect(after.totalCount).toBe(4);
    });

    it('rejects a page that is not a number with a 400', async () => {
      const res = await call(t, 'GET', '/api/bookmarks?page=two', { cookie: alice.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Page must be a whole number');
    });
  });

  describe('the bookmarked flag', () => {
    it('is on the post page for a member and absent for a guest', async () => {
      await call(t, 'PUT', `/api/forum/posts/${post[3]}/bookmark`, { cookie: alice.cookie });
      const mine = ZPostDetail.parse((await call(t, 'GET', `/api/forum/posts/${post[3]}`, { cookie: alice.cookie })).json());
      expect(mine.bookmarked).toBe(true);
      const other = ZPostDetail.parse((await call(t, 'GET', `/api/forum/posts/${post[3]}`, { cookie: bob.cookie })).json());
      expect(other.bookmarked).toBe(false);
      const guest = (await call(t, 'GET', `/api/forum/posts/${post[3]}`)).json();
      expect(guest).not.toHaveProperty('bookmarked');
    });
  });
});
