import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPost, TPostDetail } from '../../../common/contracts/forum.ts';
import type { TAreaList, TAreaPage, TTag } from '../../../common/contracts/labels.ts';
import { COURIER_MSG } from '../../../common/rules/courier.ts';
import { LABEL_MSG } from '../../../common/rules/labels.ts';
import type { Clock } from '../../core.ts';
import { labelCounts, postLabels, posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory } from '../../test/forum.ts';
import { call, lastAudit, member, type Member } from '../../test/members.ts';

// Tags, postcode areas and local alerts (issue 32 items 4–6; docs/API.md "Tags and areas"). The attacker:
// fresh accounts pushing alerts to an area's phones, and any reader looking for who shows an area.

const HOUR = 3_600_000;

describe.each(testDatabases)('tags, areas and alerts (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let reader: Member;
  let categoryId: number;
  let otherCategoryId: number;
  // The services' time: the real one, moved forward where a test says so.
  let ahead = 0;
  const clock: Clock = { now: () => new Date(Date.now() + ahead) };

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { clock });
    admin = await member(t, 'admin');
    author = await member(t);
    reader = await member(t);
    categoryId = (await addCategory(t.database.db)).id;
    otherCategoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const write = async (body: Record<string, unknown>, who: Member = author) => {
    const res = await call(t, 'POST', '/api/forum/posts', { cookie: who.cookie, body: { title: `Depot news ${Math.random()}`, content: 'What is happening at the depot today?', categoryId, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    // Dated 11 minutes back, as createPost does, so no fixture meets the 5-in-10-minutes posting limit.
    const at = new Date(Date.now() - 11 * 60_000);
    const post = res.json() as TPostDetail;
    await t.database.db.update(posts).set({ createdAt: at, lastActivityAt: at }).where(eq(posts.id, post.id));
    return { ...post, createdAt: at.toISOString() };
  };
  const listed = async (query: string, who?: Member) => {
    const res = await call(t, 'GET', `/api/forum/posts?${query}`, { cookie: who?.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { posts: TPost[]; totalCount: number; hasMore: boolean };
  };
  const ids = (l: { posts: TPost[] }) => l.posts.map((p) => p.id);
  const bell = async (who: Member) => (await call(t, 'GET', '/api/forum/notifications', { cookie: who.cookie })).json() as Array<{ type: string; title: string; message: string; postId: number }>;

  it('every site starts with the networks and the trade topics; anyone reads them', async () => {
    const res = await call(t, 'GET', '/api/tags');
    expect(res.statusCode).toBe(200);
    const tags = res.json().tags as TTag[];
    expect(tags.filter((x) => x.kind === 'network').map((x) => x.slug)).toEqual(expect.arrayContaining(['evri', 'amazon-flex', 'dpd', 'yodel', 'royal-mail', 'inpost']));
    expect(tags.filter((x) => x.kind === 'topic').map((x) => x.slug)).toEqual(expect.arrayContaining(['ulez', 'insurance', 'tax', 'vans']));
    expect(tags.findIndex((x) => x.kind === 'topic')).toBeGreaterThan(tags.findLastIndex((x) => x.kind === 'network'));
    expect((await call(t, 'GET', '/api/tags/EVRI')).json()).toMatchObject({ slug: 'evri', name: 'Evri', kind: 'network' });
    expect((await call(t, 'GET', '/api/tags/no-such-tag')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/tags/no-such-tag')).json()).toEqual({ message: LABEL_MSG.tagNotFound });
  });

  it('a post carries up to 3 tags and 3 areas, shown by name everywhere it is listed', async () => {
    const post = await write({ tags: ['evri', 'ULEZ'], areas: ['ls', 'M'] });
    expect(post.tags).toEqual([
      { slug: 'evri', name: 'Evri' },
      { slug: 'ulez', name: 'ULEZ and clean air zones' },
    ]);
    expect(post.areas).toEqual(['LS', 'M']);
    expect(post.alert).toBeUndefined();
    const inList = (await listed('limit=50')).posts.find((p) => p.id === post.id)!;
    expect(inList).toMatchObject({ tags: post.tags, areas: ['LS', 'M'] });
    const plain = await write({});
    expect(plain).toMatchObject({ tags: [], areas: [] });
  });

  it('refuses unknown, too many or repeated tags and areas, and creates nothing', async () => {
    const before = (await listed('limit=1')).totalCount;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tags: ['evri', 'tesco'] }, LABEL_MSG.tagUnknown],
      [{ tags: ['evri', 'dpd', 'ups', 'dhl'] }, LABEL_MSG.tagsMax],
      [{ tags: ['evri', 'EVRI'] }, LABEL_MSG.repeated],
      [{ tags: 'evri' }, LABEL_MSG.tagUnknown],
      [{ areas: ['LS', 'M', 'B', 'G'] }, LABEL_MSG.areasMax],
      [{ areas: ['LS6'] }, COURIER_MSG.areaInvalid],
      [{ areas: ['ls', 'LS'] }, LABEL_MSG.repeated],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, 'POST', '/api/forum/posts', { cookie: author.cookie, body: { title: 'A refused post here', content: 'Some content that is long enough', categoryId, ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await listed('limit=1')).totalCount).toBe(before);
  });

  describe('a tag’s and an area’s list', () => {
    let tagged: TPostDetail[];

    beforeAll(async () => {
      // Nine posts in a fresh topic tag, four of them also about BD, written a minute apart.
      const made = await call(t, 'POST', '/api/admin/tags', { cookie: admin.cookie, body: { slug: 'list-test', name: 'List test', kind: 'topic' } });
      expect(made.statusCode, made.body).toBe(201);
      tagged = [];
      for (let i = 0; i < 9; i++) {
        const p = await write({ tags: ['list-test'], areas: i % 2 === 0 ? ['BD'] : [], ...(i === 8 ? { categoryId: otherCategoryId } : {}) });
        await t.database.db.update(posts).set({ createdAt: new Date(Date.now() - (20 - i) * 60_000), lastActivityAt: new Date(Date.now() - (20 - i) * 60_000), viewCount: (i * 7) % 10 }).where(eq(posts.id, p.id));
        tagged.push(p);
      }
    });

    it('holds exactly the tag’s live posts, in the same order as the whole list, for every sort; an unknown tag is a 404', async () => {
      for (const sortBy of ['newest', 'popular', 'views', 'active', 'top']) {
        const all = await listed(`sortBy=${sortBy}&limit=100&period=all`);
        const expected = ids(all).filter((id) => tagged.some((p) => p.id === id));
        const page1 = await listed(`tag=list-test&sortBy=${sortBy}&limit=4&period=all`);
        const page2 = await listed(`tag=list-test&sortBy=${sortBy}&limit=4&page=2&period=all`);
        const page3 = await listed(`tag=list-test&sortBy=${sortBy}&limit=4&page=3&period=all`);
        expect([...ids(page1), ...ids(page2), ...ids(page3)], sortBy).toEqual(expected);
        expect(page1).toMatchObject({ totalCount: 9, hasMore: true });
        expect(page3.hasMore).toBe(false);
      }
      const mixed = await listed('tag=list-test&pinnedFirst=false&limit=100');
      expect(ids(mixed)).toEqual(ids(await listed('pinnedFirst=false&limit=100')).filter((id) => tagged.some((p) => p.id === id)));
      const res = await call(t, 'GET', '/api/forum/posts?tag=nope');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: LABEL_MSG.tagNotFound });
    });

    it('an area alone, a tag with an area, and a tag with a category narrow as they should', async () => {
      const bd = await listed('area=bd&limit=100');
      expect(ids(bd).sort()).toEqual(tagged.filter((_, i) => i % 2 === 0).map((p) => p.id).sort());
      expect(bd.totalCount).toBe(5);
      const both = await listed('tag=list-test&area=BD&limit=100');
      expect(both.totalCount).toBe(5);
      const inCategory = await listed(`tag=list-test&category=${otherCategoryId}&limit=100`);
      expect(ids(inCategory)).toEqual([tagged[8]!.id]);
      expect((await call(t, 'GET', '/api/forum/posts?area=XX')).statusCode).toBe(400);
    });

    it('follows every change: a pin, a vote, an edit of the tags, a delete', async () => {
      const [a, b] = [tagged[0]!, tagged[1]!];
      expect((await call(t, 'PUT', `/api/forum/posts/${a.id}/pin`, { cookie: admin.cookie, body: { pinned: true } })).statusCode).toBe(200);
      expect(ids(await listed('tag=list-test&limit=1'))).toEqual([a.id]);
      expect((await call(t, 'POST', `/api/forum/posts/${b.id}/vote`, { cookie: reader.cookie, body: { voteType: 'upvote' } })).statusCode).toBe(200);
      expect(ids(await listed('tag=list-test&sortBy=top&period=all&limit=1'))).toEqual([b.id]);
      // Untagged: out of the tag's list and its count at once; the area stays.
      const edited = await call(t, 'PATCH', `/api/forum/posts/${a.id}`, { cookie: author.cookie, body: { tags: [] } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().tags).toEqual([]);
      expect((await listed('tag=list-test&limit=100')).totalCount).toBe(8);
      expect(ids(await listed('area=BD&limit=1'))).toEqual([a.id]);
      expect((await call(t, 'DELETE', `/api/forum/posts/${b.id}`, { cookie: author.cookie })).statusCode).toBe(200);
      const after = await listed('tag=list-test&limit=100');
      expect(after.totalCount).toBe(7);
      expect(ids(after)).not.toContain(b.id);
      // The derived rows and counts equal a recount from posts.
      const recount = await t.database.db.execute(sql`select count(*)::int as n from posts where deleted_at is null and cardinality(tag_ids) + cardinality(areas) > 0`);
      const rows = await t.database.db.select({ n: sql<number>`count(distinct ${postLabels.postId})::int` }).from(postLabels);
      expect(rows[0]!.n).toBe((recount as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
      const counts = await t.database.db.select().from(labelCounts);
      for (const c of counts) {
        const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(postLabels).where(eq(postLabels.label, c.label));
        expect(c.postCount, c.label).toBe(n!.n);
      }
    });
  });

  describe('admins manage tags', () => {
    it('create, rename and remove (audited); a removed tag leaves every post; members and guests are refused', async () => {
      const made = await call(t, 'POST', '/api/admin/tags', { cookie: admin.cookie, body: { slug: 'Cargo-Bikes', name: ' Cargo bikes ', kind: 'topic', description: 'Pedal power' } });
      expect(made.statusCode, made.body).toBe(201);
      const tag = made.json() as TTag;
      expect(tag).toMatchObject({ slug: 'cargo-bikes', name: 'Cargo bikes', kind: 'topic', description: 'Pedal power', postCount: 0 });
      expect(await lastAudit(t.database.db)).toMatchObject({ action: 'tag.create', targetType: 'tag', actorId: admin.id });
      expect((await call(t, 'POST', '/api/admin/tags', { cookie: admin.cookie, body: { slug: 'cargo-bikes', name: 'Again', kind: 'topic' } })).statusCode).toBe(409);
      for (const [body, message] of [
        [{ slug: 'Bad Slug', name: 'x', kind: 'topic' }, LABEL_MSG.tagSlug],
        [{ slug: 'ok', name: '', kind: 'topic' }, LABEL_MSG.tagName],
        [{ slug: 'ok', name: 'x', kind: 'place' }, LABEL_MSG.tagKind],
      ] as const) {
        const res = await call(t, 'POST', '/api/admin/tags', { cookie: admin.cookie, body });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect((await call(t, 'POST', '/api/admin/tags', { cookie: author.cookie, body: { slug: 'x', name: 'x', kind: 'topic' } })).statusCode).toBe(403);
      expect((await call(t, 'POST', '/api/admin/tags', { body: { slug: 'x', name: 'x', kind: 'topic' } })).statusCode).toBe(401);

      const post = await write({ tags: ['cargo-bikes', 'evri'] });
      const renamed = await call(t, 'PATCH', `/api/admin/tags/${tag.id}`, { cookie: admin.cookie, body: { name: 'E-cargo bikes' } });
      expect(renamed.json()).toMatchObject({ name: 'E-cargo bikes', postCount: 1 });
      expect(((await call(t, 'GET', `/api/forum/posts/${post.id}`)).json() as TPostDetail).tags[0]).toEqual({ slug: 'cargo-bikes', name: 'E-cargo bikes' });
      expect((await call(t, 'PUT', '/api/tags/cargo-bikes/follow', { cookie: reader.cookie })).statusCode).toBe(200);

      const removed = await call(t, 'DELETE', `/api/admin/tags/${tag.id}`, { cookie: admin.cookie });
      expect(removed.json()).toEqual({ message: LABEL_MSG.tagDeleted });
      expect(await lastAudit(t.database.db)).toMatchObject({ action: 'tag.delete', targetId: String(tag.id) });
      expect(((await call(t, 'GET', `/api/forum/posts/${post.id}`)).json() as TPostDetail).tags).toEqual([{ slug: 'evri', name: 'Evri' }]);
      expect((await call(t, 'GET', '/api/follows/labels', { cookie: reader.cookie })).json().tags).not.toContain('cargo-bikes');
      expect((await call(t, 'DELETE', `/api/admin/tags/${tag.id}`, { cookie: admin.cookie })).statusCode).toBe(404);
      expect((await call(t, 'PATCH', '/api/admin/tags/abc', { cookie: admin.cookie, body: { name: 'x' } })).statusCode).toBe(404);
    });
  });

  describe('following and alerts', () => {
    it('a follower of a tag or an area hears of each new post there, once; guests 401, unverified 403', async () => {
      const follower = await member(t);
      expect((await call(t, 'PUT', '/api/tags/dpd/follow')).statusCode).toBe(401);
      expect((await call(t, 'PUT', '/api/tags/dpd/follow', { cookie: (await member(t, 'unverified')).cookie })).statusCode).toBe(403);
      expect((await call(t, 'PUT', '/api/tags/nope/follow', { cookie: follower.cookie })).statusCode).toBe(404);
      expect((await call(t, 'PUT', '/api/areas/QQ/follow', { cookie: follower.cookie })).statusCode).toBe(404);
      expect((await call(t, 'PUT', '/api/tags/dpd/follow', { cookie: follower.cookie })).json()).toEqual({ following: true, message: LABEL_MSG.following });
      expect((await call(t, 'PUT', '/api/areas/ne/follow', { cookie: follower.cookie })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/follows/labels', { cookie: follower.cookie })).json()).toEqual({ tags: ['dpd'], areas: ['NE'] });
      const post = await write({ tags: ['dpd'], areas: ['NE'] });
      const told = (await bell(follower)).filter((n) => n.postId === post.id);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ type: 'followed_tag', title: 'New post tagged DPD' });
      await write({ areas: ['NE'] });
      expect((await bell(follower))[0]).toMatchObject({ type: 'followed_area', title: 'New post about NE' });
      // The author is not told of their own post.
      expect((await call(t, 'PUT', '/api/areas/NE/follow', { cookie: author.cookie })).statusCode).toBe(200);
      const mine = await write({ areas: ['NE'] });
      expect((await bell(author)).some((n) => n.postId === mine.id)).toBe(false);
      expect((await call(t, 'DELETE', '/api/areas/NE/follow', { cookie: follower.cookie })).json()).toEqual({ following: false, message: LABEL_MSG.notFollowing });
    });

    it('an alert names one area, is short, shows until it expires and reaches the area’s followers first', async () => {
      const follower = await member(t);
      const blocker = await member(t);
      for (const m of [follower, blocker]) expect((await call(t, 'PUT', '/api/areas/HX/follow', { cookie: m.cookie })).statusCode).toBe(200);
      expect((await call(t, 'POST', '/api/blocks', { cookie: blocker.cookie, body: { userId: author.id } })).statusCode).toBeLessThan(300);
      for (const [body, message] of [
        [{ alert: { kind: 'van_theft' }, areas: [] }, LABEL_MSG.alertArea],
        [{ alert: { kind: 'van_theft' }, areas: ['HX', 'LS'] }, LABEL_MSG.alertArea],
        [{ alert: { kind: 'aliens' }, areas: ['HX'] }, LABEL_MSG.alertKind],
        [{ alert: { kind: 'weather', hours: 5 }, areas: ['HX'] }, LABEL_MSG.alertHours],
        [{ alert: { kind: 'weather', place: 'x'.repeat(81) }, areas: ['HX'] }, LABEL_MSG.alertPlace],
        [{ alert: { kind: 'weather' }, areas: ['HX'], content: 'y'.repeat(501) }, LABEL_MSG.alertContent],
      ] as const) {
        const res = await call(t, 'POST', '/api/forum/posts', { cookie: author.cookie, body: { title: 'Van stolen on the ring road', content: 'Keep your doors locked tonight', categoryId, ...body } });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const alert = await write({ title: 'Two vans broken into at Elland Road', areas: ['hx'], alert: { kind: 'van_theft', place: ' Elland Road ' } });
      expect(alert.alert).toMatchObject({ kind: 'van_theft', place: 'Elland Road' });
      expect(Math.abs(Date.parse(alert.alert!.expiresAt) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
      const told = await bell(follower);
      expect(told[0]).toMatchObject({ type: 'area_alert', title: 'Van theft alert in HX (Elland Road)', postId: alert.id });
      expect((await bell(blocker)).some((n) => n.postId === alert.id)).toBe(false);

      const page = async (who?: Member) => (await call(t, 'GET', '/api/areas/hx', { cookie: who?.cookie })).json() as TAreaPage;
      expect((await page()).alerts.map((p) => p.id)).toEqual([alert.id]);
      expect((await page()).area).toMatchObject({ code: 'HX', region: { slug: 'yorkshire', name: 'Yorkshire and the Humber' } });
      // The area keeps it; the kind and place may be corrected, the area not.
      expect((await call(t, 'PATCH', `/api/forum/posts/${alert.id}`, { cookie: author.cookie, body: { areas: ['LS'] } })).json().message).toBe(LABEL_MSG.alertArea);
      const fixed = await call(t, 'PATCH', `/api/forum/posts/${alert.id}`, { cookie: author.cookie, body: { alert: { kind: 'other', place: 'Elland Rd' } } });
      expect(fixed.json().alert).toMatchObject({ kind: 'other', place: 'Elland Rd' });
      expect((await call(t, 'PATCH', `/api/forum/posts/${alert.id}`, { cookie: author.cookie, body: { content: 'z'.repeat(501) } })).json().message).toBe(LABEL_MSG.alertContent);
      const plain = await write({});
      expect((await call(t, 'PATCH', `/api/forum/posts/${plain.id}`, { cookie: author.cookie, body: { alert: { kind: 'other' } } })).json().message).toBe(LABEL_MSG.alertNotAlert);
      // A day later it has expired: off the top of the page, still a post of the area.
      ahead = 24 * HOUR + 60_000;
      try {
        expect((await page()).alerts).toEqual([]);
        expect(ids(await listed('area=HX&limit=100'))).toContain(alert.id);
      } finally {
        ahead = 0;
      }
    });

    it('a new member sends no alert; a Basic member two a day: fresh accounts cannot flood an area’s phones', async () => {
      const newcomer = await member(t, 'newcomer');
      const res = await call(t, 'POST', '/api/forum/posts', { cookie: newcomer.cookie, body: { title: 'Road closed by the bridge', content: 'Closed all night', categoryId, areas: ['WF'], alert: { kind: 'road_closure' } } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LABEL_MSG.alertLevel);
      const basic = await member(t);
      await t.database.db.update(users).set({ trustLevel: 1 }).where(eq(users.id, basic.id));
      for (let i = 0; i < 2; i++) await write({ areas: ['WF'], alert: { kind: 'road_closure' } }, basic);
      const third = await call(t, 'POST', '/api/forum/posts', { cookie: basic.cookie, body: { title: 'Another closure here', content: 'Closed all night', categoryId, areas: ['WF'], alert: { kind: 'road_closure' } } });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^You can send another alert (at|tomorrow at) \d\d:\d\d\.$/);
      // An ordinary post about the area is still theirs to write.
      await write({ areas: ['WF'] }, basic);
    });
  });

  describe('areas', () => {
    it('/api/areas lists the areas with recent posts, newest activity first; an area page is any UK area', async () => {
      const newest = await write({ areas: ['ZE'] });
      await t.database.db.update(posts).set({ createdAt: new Date() }).where(eq(posts.id, newest.id));
      const list = (await call(t, 'GET', '/api/areas')).json() as TAreaList;
      expect(list.areas[0]).toMatchObject({ code: 'ZE', region: { slug: 'scotland' }, recentPosts: 1, postCount: 1 });
      expect(list.areas.every((a) => a.recentPosts > 0)).toBe(true);
      expect((await call(t, 'GET', '/api/areas/TR')).json()).toMatchObject({ area: { code: 'TR', postCount: 0, recentPosts: 0, lastPostAt: null }, alerts: [], members: [] });
      for (const code of ['QQ', 'LS6', 'ls%20', 'x'.repeat(100)]) expect((await call(t, 'GET', `/api/areas/${code}`)).statusCode).toBe(404);
    });

    it('lists members who show the area: to a guest only those who show it to everyone', async () => {
      const open = await member(t);
      const membersOnly = await member(t);
      const hidden = await member(t);
      for (const [m, areaVisibility] of [[open, 'everyone'], [membersOnly, 'members'], [hidden, 'nobody']] as const) {
        expect((await call(t, 'PUT', '/api/profile/courier', { cookie: m.cookie, body: { area: 'KW', areaVisibility } })).statusCode).toBe(200);
      }
      const names = async (who?: Member) => ((await call(t, 'GET', '/api/areas/KW', { cookie: who?.cookie })).json() as TAreaPage).members.map((m) => m.username);
      expect(await names()).toEqual([open.username]);
      expect((await names(reader)).sort()).toEqual([open.username, membersOnly.username].sort());
      expect(await names(await member(t, 'unverified'))).toEqual([open.username]);
    });
  });

  it('a search narrows by tag and area like the list; an unknown tag is a 404', async () => {
    const word = `tachograph${Math.random().toString(36).slice(2, 7)}`;
    const inTag = await write({ title: `The ${word} question`, tags: ['vans'], areas: ['SR'] });
    await write({ title: `Another ${word} question` });
    const search = async (q: string) => {
      const res = await call(t, 'GET', `/api/forum/search?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { posts: TPost[]; totalCount: number };
    };
    expect((await search(`q=${word}`)).totalCount).toBe(2);
    expect(ids(await search(`q=${word}&tag=vans`))).toEqual([inTag.id]);
    expect(ids(await search(`q=${word}&area=sr`))).toEqual([inTag.id]);
    expect(ids(await search(`q=${word}&tag=vans&area=LS`))).toEqual([]);
    expect((await call(t, 'GET', `/api/forum/search?q=${word}&tag=nope`)).statusCode).toBe(404);
  });

  it('tags and areas have feeds and are in the sitemap; a post page names them in its structured data', async () => {
    const post = await write({ tags: ['insurance'], areas: ['IV'] });
    const feed = await call(t, 'GET', '/feeds/tags/insurance.rss');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(post.title);
    const areaFeed = await call(t, 'GET', '/feeds/areas/IV.atom');
    expect(areaFeed.body).toContain(post.title);
    expect((await call(t, 'GET', '/feeds/tags/nope.rss')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/feeds/areas/QQ.rss')).statusCode).toBe(404);
    const sitemap = (await call(t, 'GET', '/sitemap.xml')).body;
    expect(sitemap).toContain('/tags/insurance</loc>');
    expect(sitemap).toContain('/areas/IV</loc>');
  });

  it('a held post keeps its tags and areas until a moderator publishes it', async () => {
    const newcomer = await member(t, 'newcomer');
    const res = await call(t, 'POST', '/api/forum/posts', {
      cookie: newcomer.cookie,
      body: { title: 'My first post with a link', content: 'See https://example.com/rates for the rates', categoryId, tags: ['yodel'], areas: ['DN'] },
    });
    if (res.statusCode === 201) return; // the review setting held nothing: nothing to publish
    expect(res.statusCode, res.body).toBe(202);
    const heldId = res.json().heldItem.id as number;
    const approved = await call(t, 'POST', `/api/admin/review/${heldId}/approve`, { cookie: admin.cookie });
    expect(approved.statusCode, approved.body).toBe(200);
    const published = (await listed('area=DN&limit=100')).posts.find((p) => p.title === 'My first post with a link');
    expect(published).toMatchObject({ tags: [{ slug: 'yodel', name: 'Yodel' }], areas: ['DN'] });
  });
});
