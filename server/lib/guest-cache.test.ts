import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCategory, TPostDetail, TPostList } from '../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../common/rules/forum.ts';
import { posts, users } from '../db/schema/index.ts';
import { notFound } from '../http-errors.ts';
import { createLocalBus, type EventBus } from '../realtime/bus.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { unique } from '../test/auth.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, createComment, createPost, insertPost } from '../test/forum.ts';
import { call, member, type Member } from '../test/members.ts';
import { changesForumContent, createGuestCache, GUEST_CACHE_TTL_MS, matchesEtag, type LoadedAnswer } from './guest-cache.ts';

const silent = { error: () => {}, warn: () => {} } as never;
const json = (body: string, status?: number): LoadedAnswer => ({ body, contentType: 'application/json', status });

describe('guest cache (unit)', () => {
  const clockAt = (ms: number) => {
    const clock = { t: ms, now: () => new Date(clock.t) };
    return clock;
  };

  it('keeps an answer for the TTL of the clock, then makes it again', async () => {
    const clock = clockAt(0);
    const cache = createGuestCache({ clock, log: silent }, { ttlMs: 1000 });
    let made = 0;
    const load = async () => json(`{"n":${++made}}`);
    const first = await cache.answer('k', load);
    expect(first).toMatchObject({ body: '{"n":1}', status: 200, contentType: 'application/json' });
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    clock.t = 999;
    expect((await cache.answer('k', load)).body).toBe('{"n":1}');
    clock.t = 1000;
    expect((await cache.answer('k', load)).body).toBe('{"n":2}');
  });

  it('loads once for concurrent misses of one key', async () => {
    const cache = createGuestCache({ clock: clockAt(0), log: silent });
    let made = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      made++;
      await gate;
      return json('{}');
    };
    const answers = Promise.all([cache.answer('k', load), cache.answer('k', load), cache.answer('k', load)]);
    release();
    expect(new Set(await answers).size).toBe(1);
    expect(made).toBe(1);
  });

  it('with a TTL of 0 keeps nothing: every request, concurrent ones too, has its answer made (the bench’s uncached paths)', async () => {
    const cache = createGuestCache({ clock: clockAt(0), log: silent }, { ttlMs: 0 });
    let made = 0;
    const load = async () => json(`${++made}`);
    const answers = await Promise.all([cache.answer('k', load), cache.answer('k', load)]);
    expect(answers.map((a) => a.body)).toEqual(['1', '2']);
    expect((await cache.answer('k', load)).body).toBe('3');
    expect(cache.size()).toBe(0);
  });

  it('after invalidate() nothing made before it is served, not even what was loading then', async () => {
    const cache = createGuestCache({ clock: clockAt(0), log: silent });
    let made = 0;
    const load = async () => json(`${++made}`);
    await cache.answer('k', load);
    void cache.invalidate();
    expect((await cache.answer('k', load)).body).toBe('2');

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.answer('k2', async () => {
      await gate;
      return json('before the write');
    });
    void cache.invalidate();
    // A request after the write does not join the load that started before it.
    const after = cache.answer('k2', async () => json('after the write'));
    release();
    expect((await slow).body).toBe('before the write');
    expect((await after).body).toBe('after the write');
    expect((await cache.answer('k2', load)).body).toBe('after the write');
  });

  it('never keeps a 5xx or a failed load; keeps a 404', async () => {
    const cache = createGuestCache({ clock: clockAt(0), log: silent });
    let made = 0;
    const failing = async () => json(`${++made}`, 503);
    await cache.answer('k', failing);
    expect((await cache.answer('k', failing)).body).toBe('2');
    await expect(cache.answer('t', () => Promise.reject(notFound()))).rejects.toThrow();
    expect((await cache.answer('t', async () => json('ok'))).body).toBe('ok');
    await cache.answer('gone', async () => json('{"message":"Not found"}', 404));
    expect((await cache.answer('gone', failing)).status).toBe(404);
  });

  it('is bounded by entries and by bytes, least recently used out first', async () => {
    const cache = createGuestCache({ clock: clockAt(0), log: silent }, { maxEntries: 2, maxBytes: 20 });
    await cache.answer('a', async () => json('aaaa'));
    await cache.answer('b', async () => json('bbbb'));
    await cache.answer('a', async () => json('new a')); // a hit: 'a' is now the most recent
    await cache.answer('c', async () => json('cccc'));
    expect(cache.size()).toBe(2);
    expect((await cache.answer('a', async () => json('new a'))).body).toBe('aaaa');
    expect((await cache.answer('b', async () => json('new b'))).body).toBe('new b');
    await cache.answer('big', async () => json('x'.repeat(11))); // 22 bytes held (text and UTF-8): larger than the whole cache, not kept
    expect((await cache.answer('big', async () => json('again'))).body).toBe('again');
  });

  it('another process’s invalidate() reaches it over the bus', async () => {
    const bus = createLocalBus(silent);
    const one = createGuestCache({ clock: clockAt(0), log: silent }, { bus });
    const two = createGuestCache({ clock: clockAt(0), log: silent }, { bus });
    await Promise.all([one.ready(), two.ready()]);
    await two.answer('k', async () => json('old'));
    await one.invalidate();
    expect((await two.answer('k', async () => json('new'))).body).toBe('new');
    await Promise.all([one.close(), two.close(), bus.close()]);
  });

  it('empties itself when the bus resyncs after Redis was away (writes elsewhere may not have reached it)', async () => {
    const local = createLocalBus(silent);
    let resync = () => {};
    const bus: EventBus = { ...local, kind: 'redis', onResync: (handler) => ((resync = handler), () => {}) };
    const cache = createGuestCache({ clock: clockAt(0), log: silent }, { bus });
    await cache.ready();
    await cache.answer('k', async () => json('before the outage'));
    expect((await cache.answer('k', async () => json('unused'))).body).toBe('before the outage');
    resync();
    expect((await cache.answer('k', async () => json('after'))).body).toBe('after');
    await Promise.all([cache.close(), local.close()]);
  });

  it('matches If-None-Match like RFC 9110 (lists, weak validators, *)', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });

  it('counts as a write what changes what guests read, not beacons, sign-ins or chat', () => {
    expect(changesForumContent('POST', '/api/forum/posts')).toBe(true);
    expect(changesForumContent('PATCH', '/api/profile')).toBe(true);
    expect(changesForumContent('DELETE', '/api/admin/categories/:id')).toBe(true);
    expect(changesForumContent('GET', '/api/forum/posts')).toBe(false);
    expect(changesForumContent('POST', '/api/analytics/page-view')).toBe(false);
    expect(changesForumContent('POST', '/api/auth/login')).toBe(false);
    expect(changesForumContent('POST', '/api/inbox/conversations/:id/messages')).toBe(false);
    // A member's own blocks and saved posts; a pay report changes the public index.
    expect(changesForumContent('POST', '/api/blocks')).toBe(false);
    expect(changesForumContent('PUT', '/api/forum/posts/:id/bookmark')).toBe(false);
    expect(changesForumContent('POST', '/api/pay-reports')).toBe(true);
  });
});

describe.each(testDatabases)('guest answers from the cache (%s)', (kind) => {
  let t: TestApp;
  let author: Member, reader: Member;

  const guest = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const listOf = async (slug: string, headers: Record<string, string> = {}) => {
    const res = await guest(`/api/forum/posts?category=${slug}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPostList;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    author = await member(t);
    reader = await member(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('serves a guest the same list until the TTL passes, and a member that list with their own marks (issue 31)', async () => {
    // The cache reads the core's clock, which reads Date: only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const cat = await addCategory(t.database.db);
    await createPost(t, author.cookie, cat.id);
    const first = await guest(`/api/forum/posts?category=${cat.slug}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    // Lengths, not totalCount: that comes from the category's stored count, which insertPost leaves alone.
    expect((first.json() as TPostList).posts).toHaveLength(1);

    // Behind the API's back: no write request, so nothing tells the cache.
    await insertPost(t.database.db, { categoryId: cat.id, authorId: author.id });
    const again = await guest(`/api/forum/posts?category=${cat.slug}`);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The same query spelt differently is the same answer.
    expect((await guest(`/api/forum/posts?sortBy=newest&page=1&category=${cat.slug}`)).body).toBe(first.body);
    // A member's list is the shared one with their own votes and saved posts on it: what a guest reads.
    const mine = await listOf(cat.slug, { cookie: reader.cookie });
    expect(mine.posts.map((p) => p.id)).toEqual((first.json() as TPostList).posts.map((p) => p.id));
    expect(mine.posts[0]).toMatchObject({ userVote: null, bookmarked: false });

    vi.advanceTimersByTime(GUEST_CACHE_TTL_MS - 100);
    expect((await listOf(cat.slug)).posts).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect((await listOf(cat.slug)).posts).toHaveLength(2);
  });

  it('a write through the API is seen by the next guest request at once: a post, a comment, a vote', async () => {
    const cat = await addCategory(t.database.db);
    const word = unique('zq');
    const search = () => guest(`/api/forum/search?q=${word}`).then((r) => r.json() as TPostList);
    const categoryCount = async () => ((await guest('/api/forum/categories')).json() as TCategory[]).find((c) => c.id === cat.id)!.postCount;
    expect((await listOf(cat.slug)).totalCount).toBe(0);
    expect((await search()).totalCount).toBe(0);
    expect(await categoryCount()).toBe(0);

    const p = await createPost(t, author.cookie, cat.id, { title: `About ${word} and the depot` });
    expect((await listOf(cat.slug)).posts.map((x) => x.id)).toEqual([p.id]);
    expect((await search()).posts.map((x) => x.id)).toEqual([p.id]);
    expect(await categoryCount()).toBe(1);
    const page = () => guest(`/api/forum/posts/${p.slug}`).then((r) => r.json() as TPostDetail);
    expect((await page()).comments).toEqual([]);

    const c = await createComment(t, reader.cookie, p.id);
    expect((await listOf(cat.slug)).posts[0].commentCount).toBe(1);
    expect((await page()).comments.map((x) => x.id)).toEqual([c.id]);

    const vote = await call(t, 'POST', `/api/forum/posts/${p.id}/vote`, { cookie: reader.cookie, body: { voteType: 'upvote' } });
    expect(vote.statusCode, vote.body).toBe(200);
    expect((await listOf(cat.slug)).posts[0]).toMatchObject({ upvotes: 1, userVote: null });
    expect((await page()).upvotes).toBe(1);
    // The voter's own answer carries their vote: never the guests' copy.
    expect((await listOf(cat.slug, { cookie: reader.cookie })).posts[0]).toMatchObject({ upvotes: 1, userVote: 'upvote' });
    const own = await guest(`/api/forum/posts/${p.id}`, { cookie: reader.cookie });
    expect(own.json()).toMatchObject({ userVote: 'upvote', canEdit: false });
    expect((await guest(`/api/forum/posts/${p.id}`, { cookie: author.cookie })).json()).toMatchObject({ userVote: null, canEdit: true });
  });

  it('answers 304 to a matching If-None-Match, for guests and members', async () => {
    const cat = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, cat.id);
    const url = `/api/forum/posts?category=${cat.slug}`;
    const first = await guest(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const revalidated = await guest(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await guest(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await guest(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // Same guest, same post: the view is not counted twice, so the page is unchanged.
    const viewer = { 'x-forwarded-for': '203.0.113.20', 'user-agent': 'Phone' };
    const pageEtag = (await guest(`/api/forum/posts/${p.id}`, viewer)).headers.etag as string;
    expect((await guest(`/api/forum/posts/${p.id}`, { ...viewer, 'if-none-match': pageEtag })).statusCode).toBe(304);

    const mine = await guest(url, { cookie: reader.cookie });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const again = await guest(url, { cookie: reader.cookie, 'if-none-match': mine.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A write makes the guests' copy new: the old validator no longer matches.
    await createPost(t, author.cookie, cat.id);
    const changed = await guest(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as TPostList).totalCount).toBe(2);
  });

  it('counts every guest’s view on a cached post page, and shows it', async () => {
    const cat = await addCategory(t.database.db);
    const p = await createPost(t, author.cookie, cat.id);
    const view = async (ip: string) => {
      const res = await guest(`/api/forum/posts/${p.slug}`, { 'x-forwarded-for': ip, 'user-agent': 'Firefox' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TPostDetail;
    };
    const first = await view('203.0.113.1');
    expect(first.viewCount).toBe(1);
    // Renamed behind the API's back: the guests' copy is still the cached one.
    await t.database.db.update(posts).set({ title: 'Renamed directly' }).where(eq(posts.id, p.id));
    const second = await view('203.0.113.2');
    expect(second).toMatchObject({ title: first.title, viewCount: 2 });
    expect((await view('203.0.113.3')).viewCount).toBe(3);
    expect((await view('203.0.113.1')).viewCount).toBe(3); // the first guest again: counted once
    expect((await guest(`/api/forum/posts/${p.slug.toUpperCase()}`)).json()).toMatchObject({ title: first.title });
    await t.app.viewCounter.flush();
    const [row] = await t.database.db.select({ n: posts.viewCount }).from(posts).where(eq(posts.id, p.id));
    expect(row.n).toBe(4); // three addresses above, and this last request's
  });

  it('answers a missing post with 404 and its message, and finds it once written', async () => {
    const res = await guest('/api/forum/posts/no-such-post-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: FORUM_MSG.postNotFound });
    expect((await guest('/api/forum/posts/no-such-post-here')).json()).toEqual({ message: FORUM_MSG.postNotFound });
  });

  it('a profile change (a name on every post) is seen by guests at once', async () => {
    const cat = await addCategory(t.database.db);
    await createPost(t, author.cookie, cat.id);
    expect((await listOf(cat.slug)).posts[0].author?.firstName).toBe('Sam');
    const res = await call(t, 'PATCH', '/api/profile', { cookie: author.cookie, body: { firstName: 'Robin' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(cat.slug)).posts[0].author?.firstName).toBe('Robin');
    await t.database.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, author.id));
  });
});

const REDIS_URL = process.env.REDIS_URL;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
describe.skipIf(!REDIS_URL || !TEST_DATABASE_URL)('guest cache across two app processes sharing Redis', () => {
  let one: TestApp, two: TestApp;
  let author: Member;

  beforeAll(async () => {
    one = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! });
    two = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! }, { sameDatabaseAs: one });
    author = await member(one);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a write in one makes the other’s cached answer stale at once', async () => {
    const cat = await addCategory(one.database.db);
    const url = `/api/forum/posts?category=${cat.slug}`;
    const countIn = async (app: TestApp) => ((await app.app.inject({ method: 'GET', url })).json() as TPostList).posts.length;
    expect(await countIn(two)).toBe(0);
    await insertPost(one.database.db, { categoryId: cat.id, authorId: author.id });
    expect(await countIn(two)).toBe(0); // cached in the second process

    await createPost(one, author.cookie, cat.id);
    expect(await countIn(two)).toBe(2);
    expect(await countIn(one)).toBe(2);
  });
});
