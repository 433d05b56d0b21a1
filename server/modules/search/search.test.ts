import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSearchQuery } from '../../../common/contracts/forum-search.ts';
import { SEARCH_MAX_RESULTS } from '../../../common/rules/forum.ts';
import { ZPostList, type TPost, type TPostList } from '../../../common/contracts/forum.ts';
import type { Db } from '../../db/client.ts';
import { categories, postVotes, posts, users } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { createSession } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { chooseStrategy, MAX_WORDS, searchPosts, searchWords, tsQueryText } from './service.ts';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-03-01T12:00:00Z');

type Spec = {
  key: string;
  title: string;
  content?: string;
  category?: 'pay-rates' | 'insurance';
  author: 'alice' | 'bob' | 'carol' | 'gone' | null;
  hoursAgo: number;
  views?: number;
  hot?: number;
  pinned?: boolean;
  deleted?: boolean;
};

// alice and carol drive vans, bob rides a bike, 'gone' was a van driver who deleted the account.
const FIXTURE: Spec[] = [
  { key: 'evri', title: 'Evri cutting rates again in Leeds', content: 'From next month it is less per parcel.', author: 'alice', hoursAgo: 30, views: 50, hot: 5 },
  { key: 'dpd', title: 'DPD depot rota', content: 'Anyone else on the early shift at the Evri hub too?', author: 'bob', hoursAgo: 20, views: 10, hot: 9 },
  // Ranking: the older post has the word in its title, the newer ones only in the body (one of them three times, one pinned).
  { key: 'tachoTitle', title: 'Tachograph rules for a van with a trailer', content: 'Do the rules change above 3.5 tonnes?', category: 'insurance', author: 'bob', hoursAgo: 100, views: 5, hot: 1 },
  { key: 'tachoBody', title: 'Question about a Luton', content: 'Had the tachograph checked, then the tachograph failed, the tachograph again.', category: 'insurance', author: 'alice', hoursAgo: 10, views: 500, hot: 8 },
  { key: 'tachoPinned', title: 'Read me first', content: 'Rules of the forum, including tachograph talk.', author: 'carol', hoursAgo: 1000, pinned: true, views: 1, hot: 0 },
  { key: 'tachoDeleted', title: 'Tachograph for sale', content: 'Deleted post.', author: 'alice', hoursAgo: 5, deleted: true },
  { key: 'tachoGone', title: 'Tachograph calibration costs', content: 'Written by an account that is gone now.', author: 'gone', hoursAgo: 40 },
  { key: 'special', title: 'Quotes & pipes | bangs! (and: stars*)', content: 'Text with "quotes" and it\'s fine.', author: null, hoursAgo: 60 },
  // 25 posts about ULEZ for paging: distinct dates, views and scores in scrambled orders.
  ...Array.from({ length: 25 }, (_, i): Spec => ({
    key: `ulez${i}`,
    title: `ULEZ charge question ${i}`,
    content: `Paying the clean air zone charge on round ${i}.`,
    category: i % 3 === 0 ? 'insurance' : 'pay-rates',
    author: i % 2 ? 'alice' : i % 5 ? 'bob' : 'carol',
    hoursAgo: 200 + ((i * 7) % 25),
    views: ((i * 11) % 25) + 100,
    hot: ((i * 13) % 25) / 10,
  })),
];

async function insertFixture(db: Db) {
  const cats = await db.select().from(categories);
  const bySlug = (slug: string) => cats.find((c) => c.slug === slug)!;
  const people = await db
    .insert(users)
    .values(
      (['alice', 'bob', 'carol', 'gone'] as const).map((u) => ({
        email: `${u}@search.test`,
        username: `${u}_search`,
        firstName: u[0].toUpperCase() + u.slice(1),
        lastName: 'Driver',
        passwordHash: 'not-a-real-hash',
        avatar: u === 'bob' ? 'bike' : 'van',
        statusText: `${u} status`,
        emailVerifiedAt: new Date(),
        onboardedAt: new Date(),
      })),
    )
    .returning();
  const person = Object.fromEntries(people.map((p) => [p.username.replace('_search', ''), p]));
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, person.gone.id));

  const inserted = await db
    .insert(posts)
    .values(
      FIXTURE.map((f, i) => ({
        slug: `search-${f.key}`,
        title: f.title,
        content: f.content ?? `Body of ${f.key}.`,
        contentHtml: `<p>${f.key}</p>`,
        excerpt: `Excerpt of ${f.key}`,
        categoryId: bySlug(f.category ?? 'pay-rates').id,
        authorId: f.author === null ? null : person[f.author].id,
        isPinned: f.pinned ?? false,
        viewCount: f.views ?? i,
        hotScore: f.hot ?? 0,
        createdAt: new Date(BASE - f.hoursAgo * HOUR),
        deletedAt: f.deleted ? new Date() : null,
      })),
    )
    .returning({ id: posts.id });
  await db.execute(
    sql`update categories set post_count = (select count(*) from posts where posts.category_id = categories.id and posts.deleted_at is null)`,
  );
  const id = Object.fromEntries(FIXTURE.map((f, i) => [f.key, inserted[i].id])) as Record<string, number>;
  return { id, person, pay: bySlug('pay-rates'), insurance: bySlug('insurance') };
}

const ulez = FIXTURE.map((f, i) => ({ ...f, index: i })).filter((f) => f.key.startsWith('ulez'));

describe('search words', () => {
  it('keeps runs of letters and digits only, lower-cased, each once', () => {
    expect(searchWords(`Evri & DPD | "quotes" !bang (x:*) 3.5t <-> Evri`)).toEqual(['evri', 'dpd', 'quotes', 'bang', 'x', '3', '5t']);
    expect(searchWords('Café Łódź 東京')).toEqual(['café', 'łódź', '東京']);
    expect(searchWords(`'"&|!:*()<->`)).toEqual([]);
  });

  it(`uses at most ${MAX_WORDS} words, each a prefix, all required`, () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(MAX_WORDS);
    expect(tsQueryText(['evr', 'leeds'])).toBe('evr:* & leeds:*');
  });

  // The shares of the bench words (bench/README.md "The data"): 'tachograph' in 100 posts at any size (the
  // planner, with no statistics on it, estimates 0.5 %), 'ulez' ~9 %, 'evr' ~21 %, 'delivery' ~68 %.
  const at = (posts: number, share: number, indexed = share) => ({ matches: share * posts, indexed: indexed * posts, posts });
  it.each([
    // A walk of the narrow rows (derived.post_search) is cheap enough for 9 % at any size.
    [100_000, 'matches', 'walk', 'walk', 'walk'],
    [1_000_000, 'matches', 'walk', 'walk', 'walk'],
  ] as const)('at %i posts: a rare word → %s, 9 %% → %s, 21 %% → %s, 68 %% → %s', (posts, rare, mid, evr, common) => {
    expect(chooseStrategy(at(posts, 0.005), 1000)).toBe(rare);
    expect(chooseStrategy(at(posts, 0.093), 1000)).toBe(mid);
    expect(chooseStrategy(at(posts, 0.21), 1000)).toBe(evr);
    expect(chooseStrategy(at(posts, 0.68), 1000)).toBe(common);
  });

  it('windows a word in 1–1.5 % of posts at 1M, reads all matches of a rarer one and walks for a commoner one', () => {
    expect(chooseStrategy(at(1_000_000, 0.01), 1000)).toBe('window');
    expect(chooseStrategy(at(1_000_000, 0.015), 1000)).toBe('window');
    expect(chooseStrategy(at(1_000_000, 0.03), 1000)).toBe('walk');
    expect(chooseStrategy(at(1_000_000, 0.001), 1000)).toBe('matches');
    expect(chooseStrategy(at(100, 0.5), 1000)).toBe('walk'); // a small forum: every strategy is cheap, reading its 100 rows cheapest
  });

  it('weighs the index by its rarest word, and the walk by all the filters', () => {
    expect(chooseStrategy(at(1_000_000, 0.68 * 0.21, 0.21), 1000)).toBe('walk');
    expect(chooseStrategy(at(1_000_000, 0.68 * 0.005, 0.005), 1000)).toBe('matches');
    // In a category holding 2 % of the posts, 'ulez' is in 0.19 % of the forum: a walk would read 540,000 posts,
    // its matches are 93,000; the window reads the category's posts among the newest (through its index).
    expect(chooseStrategy({ ...at(1_000_000, 0.093 * 0.02, 0.093), inCategory: 20_000 }, 1000)).toBe('window');
    // A rare word in that category: its 5,000 (estimated) matches are read, whatever their category.
    expect(chooseStrategy({ ...at(1_000_000, 0.005 * 0.02, 0.005), inCategory: 20_000 }, 1000)).toBe('matches');
  });
});

describe.each(testDatabases)('GET /api/forum/search on %s', (kind) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixture>>;

  const get = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/forum/search${query}`, headers: cookie ? { cookie } : {} });
  const search = async (query: string, cookie?: string) => {
    const res = await get(query, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return ZPostList.parse(res.json());
  };
  const ids = (body: TPostList) => body.posts.map((p) => p.id);
  const keys = (body: TPostList) => body.posts.map((p) => FIXTURE[Object.values(f.id).indexOf(p.id)].key);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedDatabase(t.database.db, { seedDemo: false }, { info: () => {} });
    f = await insertFixture(t.database.db);
  });
  afterAll(() => t.close());

  describe('text', () => {
    it("matches words by prefix: 'evr' finds Evri in a title and in a body", async () => {
      const body = await search('?q=evr');
      expect(new Set(keys(body))).toEqual(new Set(['evri', 'dpd']));
      expect(body.totalCount).toBe(2);
      expect(body.hasMore).toBe(false);
      expect(keys(await search('?q=EVRI%20leeds'))).toEqual(['evri']); // every word required
      expect(keys(await search('?q=cutting%20rat'))).toEqual(['evri']);
    });

    it('ranks a title match above body-only matches, even newer, repeated or pinned ones', async () => {
      // Title matches first (equal ranks: newer first), then the body matches (three mentions above one).
      expect(keys(await search('?q=tachograph'))).toEqual(['tachoGone', 'tachoTitle', 'tachoBody', 'tachoPinned']);
      expect(keys(await search('?q=tachograph&category=insurance'))).toEqual(['tachoTitle', 'tachoBody']);
    });

    it('leaves deleted posts out and shows a deleted account as Anonymous', async () => {
      const body = await search('?q=tachograph');
      expect(ids(body)).not.toContain(f.id.tachoDeleted);
      expect(body.posts.find((p) => p.id === f.id.tachoGone)?.author).toBeNull();
      expect(await search('?q=for%20sale')).toEqual({ posts: [], totalCount: 0, hasMore: false });
    });

    it('pages through the matches with totalCount and hasMore', async () => {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await search(`?q=ulez&page=${page}&limit=10&sortBy=newest`);
        expect(body.totalCount).toBe(25);
        expect(body.hasMore).toBe(page < 3);
        expect(body.posts).toHaveLength(page < 3 ? 10 : 5);
        seen.push(...ids(body));
      }
      const newest = ulez.slice().sort((a, b) => a.hoursAgo - b.hoursAgo).map((u) => f.id[u.key]);
      expect(seen).toEqual(newest);
      expect(await search('?q=ulez&page=4&limit=10')).toEqual({ posts: [], totalCount: 25, hasMore: false });
      expect(ids(await search('?q=ulez&page=0&limit=10&sortBy=newest'))).toEqual(newest.slice(0, 10));
    });

    it.each([
      ['popular', (u: Spec) => -(u.hot ?? 0)],
      ['views', (u: Spec) => -(u.views ?? 0)],
      ['newest', (u: Spec) => u.hoursAgo],
    ] as const)('sorts by %s when asked', async (sortBy, key) => {
      const body = await search(`?q=ulez&sortBy=${sortBy}&limit=50`);
      expect(ids(body)).toEqual(ulez.slice().sort((a, b) => key(a) - key(b)).map((u) => f.id[u.key]));
    });

    it('puts no pinned post first: a search lists matches', async () => {
      const body = await search('?q=tachograph&sortBy=newest');
      expect(keys(body)).toEqual(['tachoBody', 'tachoGone', 'tachoTitle', 'tachoPinned']);
    });

    it('filters by category slug or id, and answers 404 for an unknown one', async () => {
      const bySlug = await search('?q=ulez&category=insurance&limit=50');
      const byId = await search(`?q=ulez&category=${f.insurance.id}&limit=50`);
      expect(ids(byId)).toEqual(ids(bySlug));
      expect(bySlug.totalCount).toBe(9);
      expect(bySlug.posts.every((p) => p.category.slug === 'insurance')).toBe(true);
      const res = await get('?q=ulez&category=no-such-category');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Category not found' });
    });

    it('treats quotes, &, |, !, :, *, parentheses and friends as word breaks, never as syntax', async () => {
      for (const q of [`"evri"`, `evri & dpd`, `evri | leeds`, `!evri`, `evri:*`, `(evri)`, `evri:A`, `evri <-> leeds`, `evri\\`, `''`, `&&`, `()`, `:*`, `!!`, `%_`, `🚚📦`, `x'); drop table posts; --`]) {
        const res = await get(`?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
        ZPostList.parse(res.json());
      }
      expect(keys(await search(`?q=${encodeURIComponent('"evri" (leeds)')}`))).toEqual(['evri']);
      expect(keys(await search(`?q=${encodeURIComponent('pipes | bangs!')}`))).toEqual(['special']);
      expect((await search(`?q=${encodeURIComponent('!!')}`)).totalCount).toBe(0);
      expect((await search('?q=the')).totalCount).toBe(0); // only a stop word
    });
  });

  describe('profession', () => {
    const vanPosts = () =>
      FIXTURE.filter((x) => (x.author === 'alice' || x.author === 'carol') && !x.deleted).map((x) => ({ ...x, id: f.id[x.key] }));

    it("lists the posts of members with that avatar, pinned first then newest, leaving deleted accounts out", async () => {
      const body = await search('?profession=van&limit=50');
      const expected = vanPosts().sort((a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || a.hoursAgo - b.hoursAgo);
      expect(ids(body)).toEqual(expected.map((x) => x.id));
      expect(body.totalCount).toBe(expected.length);
      expect(body.hasMore).toBe(false);
      expect(body.posts.every((p) => p.author?.avatar === 'van')).toBe(true);
    });

    it('pages and counts a profession, and sorts it', async () => {
      const all = vanPosts().length;
      const first = await search('?profession=van&limit=5');
      expect(first.totalCount).toBe(all);
      expect(first.hasMore).toBe(true);
      const views = await search('?profession=van&sortBy=views&limit=50');
      const expected = vanPosts().sort((a, b) => Number(b.pinned ?? false) - Number(a.pinned ?? false) || (b.views ?? 0) - (a.views ?? 0) || b.id - a.id);
      expect(ids(views)).toEqual(expected.map((x) => x.id));
      expect(await search('?profession=van&limit=5&page=9')).toEqual({ posts: [], totalCount: all, hasMore: false });
    });

    it('combines with a category and with a text', async () => {
      const insurance = await search('?profession=van&category=insurance&limit=50');
      const expectedIns = vanPosts().filter((x) => x.category === 'insurance');
      expect(new Set(ids(insurance))).toEqual(new Set(expectedIns.map((x) => x.id)));
      expect(insurance.totalCount).toBe(expectedIns.length);

      expect(keys(await search('?profession=bike&q=tachograph'))).toEqual(['tachoTitle']);
      expect(keys(await search('?profession=van&q=tachograph&sortBy=newest'))).toEqual(['tachoBody', 'tachoPinned']);
      const both = await search('?profession=bike&q=ulez&category=insurance&limit=50');
      const expectedBoth = ulez.filter((u) => u.author === 'bob' && u.category === 'insurance');
      expect(new Set(ids(both))).toEqual(new Set(expectedBoth.map((u) => f.id[u.key])));
      expect(both.totalCount).toBe(expectedBoth.length);
      expect(await search('?profession=express')).toEqual({ posts: [], totalCount: 0, hasMore: false });
    });
  });

  describe('validation', () => {
    it.each([
      ['?q=a', 'Search must be at least 2 characters'],
      ['?q=%20a%20', 'Search must be at least 2 characters'],
      ['?q=%20%20%20', 'Search must be at least 2 characters'],
      ['', 'Search must be at least 2 characters'],
      ['?q=', 'Search must be at least 2 characters'],
      ['?page=2&sortBy=newest', 'Search must be at least 2 characters'],
      ['?profession=pilot', 'Unknown profession'],
      ['?q=evri&profession=pilot', 'Unknown profession'],
      ['?q=evri&sortBy=oldest', 'Sort must be one of popular, newest, views, active'],
      [`?q=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
    ])('%s → 400 %s', async (query, message) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it("trims the text: ' ul ' searches 'ul'", async () => {
      expect((await search('?q=%20ul%20&limit=50')).totalCount).toBe(25);
    });
  });

  describe('posts and viewers', () => {
    it('returns the same post shape as the list', async () => {
      const fromSearch = (await search('?q=evri%20leeds')).posts[0];
      const res = await t.app.inject({ method: 'GET', url: '/api/forum/posts?limit=50' });
      const fromList = (res.json() as TPostList).posts.find((p: TPost) => p.id === fromSearch.id);
      expect(fromSearch).toEqual(fromList);
      expect(fromSearch.content).toBe('Excerpt of evri');
    });

    it('shows a member their own votes and a guest none', async () => {
      const db = t.database.db;
      await db.insert(postVotes).values([
        { postId: f.id.evri, userId: f.person.bob.id, value: 1 },
        { postId: f.id.dpd, userId: f.person.alice.id, value: -1 },
      ]);
      const cookie = `sid=${await createSession(db, f.person.bob.id, new Date())}`;
      const asBob = await search('?q=evr', cookie);
      expect(asBob.posts.find((p) => p.id === f.id.evri)?.userVote).toBe('upvote');
      expect(asBob.posts.find((p) => p.id === f.id.dpd)?.userVote).toBeNull();
      const asGuest = await search('?q=evr');
      expect(asGuest.posts.every((p) => p.userVote === null)).toBe(true);
    });
  });

  describe('bounded work', () => {
    const direct = (query: Record<string, string>, opts: Parameters<typeof searchPosts>[3]) =>
      searchPosts(t.database.db, ZSearchQuery.parse(query), null, opts);

    it(`reaches at most SEARCH_MAX_RESULTS (${SEARCH_MAX_RESULTS}) posts: the newest matches`, async () => {
      const first = await direct({ q: 'ulez', limit: '4', sortBy: 'views' }, { maxResults: 10 });
      expect(first.totalCount).toBe(10);
      // Newest by id, which is creation order in a real table (the fixture's dates are scrambled on purpose).
      const newest10 = ulez.slice(-10);
      const byViews = newest10.sort((a, b) => (b.views ?? 0) - (a.views ?? 0)).map((u) => f.id[u.key]);
      const pages = [first, await direct({ q: 'ulez', limit: '4', sortBy: 'views', page: '2' }, { maxResults: 10 }), await direct({ q: 'ulez', limit: '4', sortBy: 'views', page: '3' }, { maxResults: 10 })];
      expect(pages.flatMap((p) => p.posts.map((x) => x.id))).toEqual(byViews);
      expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
      expect(await direct({ q: 'ulez', limit: '4', page: '4' }, { maxResults: 10 })).toEqual({ posts: [], totalCount: 10, hasMore: false });

      const profession = await direct({ profession: 'van', limit: '4', page: '3' }, { maxResults: 10 });
      expect(profession.posts).toHaveLength(2);
      expect(profession.hasMore).toBe(false);
      expect(profession.totalCount).toBe(10);
    });

    it.each<Record<string, string>>([
      { q: 'ulez' },
      { q: 'ulez', sortBy: 'popular', limit: '3', page: '2' },
      { q: 'tachograph' },
      { q: 'ulez', category: 'insurance' },
      { q: 'ulez', profession: 'van', sortBy: 'newest' },
      { q: 'ulez charge' },
      { q: 'charge ulez the', sortBy: 'views' },
      { q: 'tachograph the rules' },
      { q: 'rules tachograph', category: 'insurance', sortBy: 'newest' },
      { q: 'tachograph', profession: 'van', category: 'pay-rates' },
      { q: 'the' },
    ])('finds the same page by every strategy: %o', async (query) => {
      for (const maxResults of [5, 1000]) {
        const walk = await direct(query, { maxResults, strategy: 'walk' });
        expect(await direct(query, { maxResults, strategy: 'window' })).toEqual(walk);
        expect(await direct(query, { maxResults, strategy: 'matches' })).toEqual(walk);
        expect(await direct(query, { maxResults })).toEqual(walk);
      }
    });
  });
});
