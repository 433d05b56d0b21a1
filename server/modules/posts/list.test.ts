import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCategoryList, ZPostList, type TPostList } from '../../../common/contracts/forum.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from '../../../common/rules/site.ts';
import type { Db } from '../../db/client.ts';
import { bookmarks, categories, postVotes, posts, users } from '../../db/schema/index.ts';
import { CATEGORIES } from '../../db/seed/categories.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { createSession } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { postsPageQuery } from './list-service.ts';

const silent = { info: () => {} };
const HOUR = 3_600_000;
const BASE = Date.parse('2026-02-01T12:00:00Z');

type Fixture = {
  id: number;
  categoryId: number;
  isPinned: boolean;
  deleted: boolean;
  createdAt: number;
  viewCount: number;
  hotScore: number;
};

/**
 * 60 posts in Pay & Rates with distinct dates, views and hot scores in scrambled orders (one deleted),
 * and 3 in Insurance with equal views (one pinned, oldest). Category post counts are recounted after.
 */
async function insertFixture(db: Db) {
  const cats = await db.select().from(categories);
  const pay = cats.find((c) => c.slug === 'pay-rates')!;
  const insurance = cats.find((c) => c.slug === 'insurance')!;
  const [alice, bob, gone] = await db
    .insert(users)
    .values(
      ['alice', 'bob', 'gone'].map((u, i) => ({
        email: `${u}@example.com`,
        username: u,
        firstName: u[0].toUpperCase() + u.slice(1),
        lastName: 'Driver',
        passwordHash: 'not-a-real-hash',
        avatar: ['van', 'bike', 'car'][i],
        statusText: `${u} status`,
        emailVerifiedAt: new Date(),
        onboardedAt: new Date(),
      })),
    )
    .returning();
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

  const rows = [
    ...Array.from({ length: 60 }, (_, i) => ({
      categoryId: pay.id,
      isPinned: false,
      deleted: i === 13,
      createdAt: BASE - ((i * 37) % 60) * HOUR,
      viewCount: (i * 7) % 60 + 1,
      hotScore: ((i * 11) % 60) / 10,
      authorId: i === 5 ? null : i === 6 ? gone.id : i % 2 ? alice.id : bob.id,
    })),
    ...Array.from({ length: 3 }, (_, i) => ({
      categoryId: insurance.id,
      isPinned: i === 0,
      deleted: false,
      createdAt: BASE - (100 + i) * HOUR - (i === 0 ? 1000 * HOUR : 0),
      viewCount: 500,
      hotScore: -1,
      authorId: alice.id,
    })),
  ];
  const inserted = await db
    .insert(posts)
    .values(
      rows.map((r, i) => ({
        slug: `post-${i}`,
        title: `Post ${i}`,
        content: `Full **markdown** content of post ${i}. `.repeat(20),
        contentHtml: `<p>Post ${i}</p>`,
        excerpt: `Excerpt of post ${i}`,
        categoryId: r.categoryId,
        authorId: r.authorId,
        isPinned: r.isPinned,
        isLocked: i === 2,
        viewCount: r.viewCount,
        hotScore: r.hotScore,
        upvotes: i,
        downvotes: 1,
        commentCount: 2,
        shareCount: 3,
        createdAt: new Date(r.createdAt),
        deletedAt: r.deleted ? new Date() : null,
      })),
    )
    .returning({ id: posts.id });
  await db.execute(
    sql`update categories set post_count = (select count(*) from posts where posts.category_id = categories.id and posts.deleted_at is null)`,
  );
  const fixtures: Fixture[] = rows.map((r, i) => ({ ...r, id: inserted[i].id }));
  return { fixtures, pay, insurance, alice, bob };
}

const byKey = (key: 'createdAt' | 'viewCount' | 'hotScore') => (a: Fixture, b: Fixture) =>
  Number(b.isPinned) - Number(a.isPinned) || b[key] - a[key] || b.id - a.id;

describe.each(testDatabases)('forum read API on %s', (kind) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixture>>;
  let visible: Fixture[];

  const list = async (query: string, cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/forum/posts${query}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TPostList;
    ZPostList.parse(body);
    return body;
  };
  const ids = (body: TPostList) => body.posts.map((p) => p.id);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDatabase(t.database.db, { seedDemo: false }, silent);
    f = await insertFixture(t.database.db);
    visible = f.fixtures.filter((x) => !x.deleted);
  });
  afterAll(() => t.close());

  describe('GET /api/forum/categories', () => {
    it('lists every category in position order with its post count', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/forum/categories' });
      expect(res.statusCode).toBe(200);
      const body = ZCategoryList.parse(res.json());
      expect(body.map((c) => c.slug)).toEqual(CATEGORIES.map((c) => c.slug));
      expect(Object.keys(body[0]).sort()).toEqual(['allowAnonymous', 'color', 'description', 'id', 'isQa', 'name', 'postCount', 'slug']);
      expect(body.find((c) => c.slug === 'pay-rates')?.postCount).toBe(59);
      expect(body.find((c) => c.slug === 'insurance')?.postCount).toBe(3);
      expect(body.find((c) => c.slug === 'off-topic')).toMatchObject({ postCount: 0, name: 'Off Topic', color: '#0369a1' });
    });
  });

  describe('GET /api/forum/posts', () => {
    it('defaults to page 1 of 20, newest first, pinned on top, deleted posts left out', async () => {
      const body = await list('');
      expect(ids(body)).toEqual(visible.slice().sort(byKey('createdAt')).slice(0, PAGE_SIZE).map((x) => x.id));
      expect(body.posts[0].isPinned).toBe(true);
      expect(body.totalCount).toBe(62);
      expect(body.hasMore).toBe(true);
    });

    it.each([
      ['newest', 'createdAt'],
      ['popular', 'hotScore'],
      ['views', 'viewCount'],
    ] as const)('sorts by %s across pages with no gaps or repeats', async (sortBy, key) => {
      const expected = visible.slice().sort(byKey(key)).map((x) => x.id);
      const pages: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = await list(`?sortBy=${sortBy}&page=${page}&limit=20`);
        pages.push(...ids(body));
        expect(body.hasMore).toBe(page < 4);
        expect(body.totalCount).toBe(62);
      }
      expect(pages).toEqual(expected);
      const deleted = f.fixtures.find((x) => x.deleted)!.id;
      expect(pages).not.toContain(deleted);
    });

    it('breaks ties on the sort column by newest id', async () => {
      const body = await list(`?sortBy=views&category=insurance`);
      const [pinned, ...rest] = f.fixtures.filter((x) => x.categoryId === f.insurance.id);
      expect(ids(body)).toEqual([pinned.id, ...rest.map((x) => x.id).sort((a, b) => b - a)]);
    });

    it('treats a page below 1 as page 1 and an empty page as absent', async () => {
      const first = ids(await list('?page=1'));
      expect(ids(await list('?page=0'))).toEqual(first);
      expect(ids(await list('?page=-3'))).toEqual(first);
      expect(ids(await list('?page='))).toEqual(first);
    });

    it('caps the limit at PAGE_SIZE_MAX and raises one below 1 to 1', async () => {
      const big = await list('?limit=1000');
      expect(big.posts.length).toBe(PAGE_SIZE_MAX);
      expect(big.hasMore).toBe(true);
      expect((await list('?limit=0')).posts.length).toBe(1);
    });

    it('answers a page past the end with no posts', async () => {
      const body = await list('?page=99');
      expect(body).toEqual({ posts: [], totalCount: 62, hasMore: false });
    });

    it('serves the landing preview: page=1, limit=3, newest', async () => {
      const body = await list('?page=1&limit=3&sortBy=newest');
      expect(body.posts.length).toBe(3);
      expect(body.hasMore).toBe(true);
    });

    // Issue 18: the landing's "Latest" is the newest posts by date; a months-old pinned post is not among them.
    it('with pinnedFirst=false orders pinned posts by the sort like any other, across pages', async () => {
      const unpinned = (key: 'createdAt' | 'viewCount' | 'hotScore') => (a: Fixture, b: Fixture) => b[key] - a[key] || b.id - a.id;
      const latest = await list('?page=1&limit=3&sortBy=newest&pinnedFirst=false');
      expect(ids(latest)).toEqual(visible.slice().sort(unpinned('createdAt')).slice(0, 3).map((x) => x.id));
      expect(latest.posts.some((p) => p.isPinned)).toBe(false);
      expect(latest.hasMore).toBe(true);
      for (const [sortBy, key] of [['newest', 'createdAt'], ['popular', 'hotScore'], ['views', 'viewCount']] as const) {
        const pages: number[] = [];
        for (let page = 1; page <= 4; page++) pages.push(...ids(await list(`?sortBy=${sortBy}&page=${page}&limit=20&pinnedFirst=false`)));
        expect(pages, sortBy).toEqual(visible.slice().sort(unpinned(key)).map((x) => x.id));
      }
      // The forum list itself keeps pinned on top.
      expect((await list('?limit=3&sortBy=newest&pinnedFirst=true')).posts[0].isPinned).toBe(true);
    });

    it('rejects a pinnedFirst that is not true or false', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/forum/posts?pinnedFirst=maybe' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('pinnedFirst must be true or false');
    });

    it('filters by category slug or id, pinned first within it, with its own total', async () => {
      const bySlug = await list('?category=insurance');
      const byId = await list(`?category=${f.insurance.id}`);
      expect(ids(byId)).toEqual(ids(bySlug));
      expect(bySlug.totalCount).toBe(3);
      expect(bySlug.hasMore).toBe(false);
      expect(bySlug.posts[0].isPinned).toBe(true);
      expect(bySlug.posts.every((p) => p.category.slug === 'insurance')).toBe(true);

      const pay = await list('?category=pay-rates&sortBy=popular&page=3');
      expect(pay.totalCount).toBe(59);
      expect(pay.hasMore).toBe(false);
      const expected = visible.filter((x) => x.categoryId === f.pay.id).sort(byKey('hotScore')).slice(40).map((x) => x.id);
      expect(ids(pay)).toEqual(expected);
    });

    it('answers 404 for an unknown category', async () => {
      for (const category of ['no-such-category', '999999']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/forum/posts?category=${category}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Category not found' });
      }
    });

    it('rejects a sort or page it does not understand with a 400 and a message', async () => {
      const badSort = await t.app.inject({ method: 'GET', url: '/api/forum/posts?sortBy=oldest' });
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().message).toBe('Sort must be one of popular, newest, views, active, top');
      const badPage = await t.app.inject({ method: 'GET', url: '/api/forum/posts?page=two' });
      expect(badPage.statusCode).toBe(400);
      expect(badPage.json().errors.page).toBe('Page must be a whole number');
    });

    it('returns the spec §3 post shape, with the excerpt as content and Anonymous authors as null', async () => {
      const body = await list('?limit=50&sortBy=views&category=pay-rates');
      const post = body.posts.find((p) => p.title === 'Post 2')!;
      expect(post).toEqual({
        id: f.fixtures[2].id,
        slug: 'post-2',
        title: 'Post 2',
        excerpt: 'Excerpt of post 2',
        content: 'Excerpt of post 2',
        createdAt: new Date(f.fixtures[2].createdAt).toISOString(),
        viewCount: f.fixtures[2].viewCount,
        commentCount: 2,
        upvotes: 2,
        downvotes: 1,
        shareCount: 3,
        isPinned: false,
        isLocked: true,
        userVote: null,
        category: { id: f.pay.id, name: 'Pay & Rates', slug: 'pay-rates', color: f.pay.color, description: f.pay.description },
        author: { username: 'bob', firstName: 'Bob', lastName: 'Driver', avatar: 'bike', statusText: 'bob status' },
        tags: [],
        areas: [],
      });
      expect(body.posts.find((p) => p.title === 'Post 5')?.author).toBeNull(); // author row gone
      expect(body.posts.find((p) => p.title === 'Post 6')?.author).toBeNull(); // account marked deleted
    });

    it('gives guests userVote null everywhere', async () => {
      await t.database.db.insert(postVotes).values({ postId: f.fixtures[0].id, userId: f.alice.id, value: 1 });
      const body = await list('?limit=50&sortBy=views');
      expect(body.posts.every((p) => p.userVote === null)).toBe(true);
    });

    it("shows a signed-in member their own votes and nobody else's", async () => {
      const db = t.database.db;
      const query = '?limit=50&category=pay-rates&sortBy=newest';
      const [up, down, other] = (await list(query)).posts.slice(1, 4);
      await db.insert(postVotes).values([
        { postId: up.id, userId: f.bob.id, value: 1 },
        { postId: down.id, userId: f.bob.id, value: -1 },
        { postId: other.id, userId: f.alice.id, value: -1 },
      ]);
      const token = await createSession(db, f.bob.id, new Date());
      const body = await list(query, `sid=${token}`);
      const vote = (id: number) => body.posts.find((p) => p.id === id)?.userVote;
      expect(vote(up.id)).toBe('upvote');
      expect(vote(down.id)).toBe('downvote');
      expect(vote(other.id)).toBeNull();
      expect(vote(f.fixtures[0].id)).toBeNull(); // alice's upvote
      expect(body.posts.filter((p) => p.userVote !== null).length).toBe(2);

      const stale = await list('?limit=50', 'sid=not-a-real-token');
      expect(stale.posts.every((p) => p.userVote === null)).toBe(true);
    });

    // Issue 31: a member's list is the guests' cached one with their own marks laid on it.
    it("lays each member's own votes and saved posts on the one shared list, and leaves the guests' as it was", async () => {
      const db = t.database.db;
      const query = '?limit=10&category=pay-rates&sortBy=views';
      const guestBefore = await list(query);
      const [a, b] = guestBefore.posts;
      await db.insert(postVotes).values([
        { postId: a.id, userId: f.alice.id, value: -1 },
        { postId: b.id, userId: f.bob.id, value: 1 },
      ]);
      await db.insert(bookmarks).values({ postId: a.id, userId: f.bob.id });
      const asBob = await list(query, `sid=${await createSession(db, f.bob.id, new Date())}`);
      const asAlice = await list(query, `sid=${await createSession(db, f.alice.id, new Date())}`);
      const marks = (body: TPostList, id: number) => {
        const p = body.posts.find((x) => x.id === id)!;
        return { userVote: p.userVote, bookmarked: p.bookmarked };
      };
      expect(marks(asBob, a.id)).toEqual({ userVote: null, bookmarked: true });
      expect(marks(asBob, b.id)).toEqual({ userVote: 'upvote', bookmarked: false });
      expect(marks(asAlice, a.id)).toEqual({ userVote: 'downvote', bookmarked: false });
      expect(marks(asAlice, b.id)).toEqual({ userVote: null, bookmarked: false });
      // The same list otherwise: order, counts, authors.
      const common = (body: TPostList) => body.posts.map(({ userVote: _v, bookmarked: _b, isNew: _n, ...rest }) => rest);
      expect(common(asBob)).toEqual(common(guestBefore));
      expect(common(asAlice)).toEqual(common(guestBefore));
      // The shared answer is untouched: a guest still sees no member's marks.
      const guestAfter = await list(query);
      expect(guestAfter).toEqual(guestBefore);
      expect(guestAfter.posts.some((p) => 'bookmarked' in p || 'isNew' in p)).toBe(false);
    });
    it("answers a member's unchanged list 304 by its ETag, and a new one once their own mark changes", async () => {
      const db = t.database.db;
      const cookie = `sid=${await createSession(db, f.alice.id, new Date())}`;
      const get = (etag?: string) =>
        t.app.inject({ method: 'GET', url: '/api/forum/posts?limit=5&sortBy=views', headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });
      const first = await get();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const top = (first.json() as TPostList).posts.find((p) => !p.bookmarked);
      expect((await t.app.inject({ method: 'PUT', url: `/api/forum/posts/${top!.id}/bookmark`, headers: { cookie } })).statusCode).toBe(200);
      const after = await get(etag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect((after.json() as TPostList).posts.find((p) => p.id === top!.id)).toMatchObject({ bookmarked: true });
      // A shared phone: the next member's browser offers the last one's ETag; their marks differ, so it is theirs, whole.
      const bob = `sid=${await createSession(db, f.bob.id, new Date())}`;
      const next = await t.app.inject({
        method: 'GET',
        url: '/api/forum/posts?limit=5&sortBy=views',
        headers: { cookie: bob, 'if-none-match': String(after.headers.etag) },
      });
      expect(next.statusCode).toBe(200);
      expect((next.json() as TPostList).posts.find((p) => p.id === top!.id)).toMatchObject({ bookmarked: false });
      // A guest's answer keeps its own (shared) ETag.
      const guest = await t.app.inject({ method: 'GET', url: '/api/forum/posts?limit=5&sortBy=views' });
      expect(guest.headers.etag).not.toBe(after.headers.etag);
    });
  });

  // The page query must be an index walk in the sort's own order: no Sort node over the posts.
  describe('query plans', () => {
    const cases = [
      ['newest', undefined, 'posts_newest_idx'],
      ['popular', undefined, 'posts_popular_idx'],
      ['views', undefined, 'posts_views_idx'],
      ['newest', 'category', 'posts_category_newest_idx'],
    ] as const;
    it.each(cases)('sortBy=%s (%s) walks %s', async (sortBy, withCategory, index) => {
      const db = t.database.db;
      const plan = await db.transaction(async (tx) => {
        // The fixture is tiny, so a sequential scan would win on cost; forbid it to see which order is available.
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = postsPageQuery(tx as unknown as Db, {
          filter: { categoryId: withCategory ? f.pay.id : undefined },
          sortBy,
          limit: 21,
          offset: 20,
        });
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
        return result.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
    });

    it('pinnedFirst=false walks a newest index twice (pinned, then not), never the whole table', async () => {
      const db = t.database.db;
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = postsPageQuery(tx as unknown as Db, { filter: {}, sortBy: 'newest', limit: 4, offset: 0, pinnedFirst: false });
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
        return result.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      // posts_created_idx (drizzle/0014: created_at, id, without is_pinned) serves this as well as posts_newest_idx.
      expect(plan.match(/Index Scan using posts_(newest|created)_idx/g)?.length).toBe(2);
      expect(plan).not.toMatch(/Seq Scan/);
    });
  });
});
