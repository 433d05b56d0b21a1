import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZAdminReportList } from '../../../common/contracts/moderation.ts';
import { FLAGS_TO_HIDE } from '../../../common/rules/trust.ts';
import { categories, comments, posts, reports, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, expectCountersConsistent, insertComment, insertPost } from '../../test/forum.ts';
import { call, lastAudit, member, type Member } from '../../test/members.ts';
import { connect, listen, type TestSocket } from '../../test/sockets.ts';

// Flags hide (issue 28 item 5): reports from FLAGS_TO_HIDE different members at level ≥ 1 hide a post or
// comment until a moderator decides; upheld keeps it removed, rejected restores it and its counts.

const reason = 'Spam: advertising a fake courier job with a phone number.';

describe.each(testDatabases)('flags hide posts and comments (%s)', (kind) => {
  let t: TestApp;
  let author: Member;
  let moderator: Member;
  let admin: Member;
  let trusted: Member[];
  let fresh: Member[];
  let category: { id: number; slug: string };
  let url: string;
  const sockets: TestSocket[] = [];

  const setLevel = (m: Member, level: number) => t.database.db.update(users).set({ trustLevel: level }).where(eq(users.id, m.id));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    url = await listen(t);
    author = await member(t);
    admin = await member(t, 'admin');
    moderator = await member(t);
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    // Members at level 1 (basic): their flags count. Level 0 (new): theirs do not.
    trusted = [];
    fresh = [];
    for (let i = 0; i < 4; i++) {
      trusted.push(await member(t));
      fresh.push(await member(t));
    }
    for (const m of trusted) await setLevel(m, 1);
    for (const m of fresh) await setLevel(m, 0);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await t.close();
  });

  beforeEach(async () => {
    category = await addCategory(t.database.db);
  });

  // A post and a comment as writing them stores them, counters included.
  const newPost = async (words = 'Cheap van hire, call 07000 000000 today') => {
    const p = await insertPost(t.database.db, { categoryId: category.id, authorId: author.id, createdAt: new Date(Date.now() - 60 * 60_000) });
    await t.database.db.update(posts).set({ title: words, content: `${words}. Best prices in town.` }).where(eq(posts.id, p.id));
    await t.database.db.update(categories).set({ postCount: sql`${categories.postCount} + 1` }).where(eq(categories.id, category.id));
    return p;
  };
  const newComment = async (postId: number, content = 'Buy followers now at cheap-followers dot example') => {
    const c = await insertComment(t.database.db, { postId, authorId: author.id });
    await t.database.db.update(comments).set({ content, contentHtml: `<p>${content}</p>` }).where(eq(comments.id, c.id));
    await t.database.db.update(posts).set({ commentCount: sql`${posts.commentCount} + 1` }).where(eq(posts.id, postId));
    return c;
  };
  const report = async (by: Member, targetType: 'post' | 'comment', targetId: number) => {
    const res = await call(t, 'POST', '/api/reports', { cookie: by.cookie, body: { targetType, targetId, reason } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const postCount = async () => (await t.database.db.select().from(categories).where(eq(categories.id, category.id)))[0].postCount;
  const postRow = async (id: number) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
  const commentRow = async (id: number) => (await t.database.db.select().from(comments).where(eq(comments.id, id)))[0];
  /** What a guest sees of the post: in the category's list, its page, and a search for its words. */
  const guestSees = async (p: { id: number; slug: string }) => {
    const list = await call(t, 'GET', `/api/forum/posts?category=${category.slug}&sortBy=newest`);
    const page = await call(t, 'GET', `/api/forum/posts/${p.slug}`);
    const search = await call(t, 'GET', `/api/forum/search?q=${encodeURIComponent('Cheap van hire')}&category=${category.slug}`);
    return {
      inList: (list.json().posts as Array<{ id: number }>).some((x) => x.id === p.id),
      page: page.statusCode,
      inSearch: (search.json().posts as Array<{ id: number }>).some((x) => x.id === p.id),
    };
  };
  /** The author's newest notification. */
  const lastNotice = async () => (await call(t, 'GET', '/api/forum/notifications?limit=1', { cookie: author.cookie })).json()[0];
  const openReportsOn = (targetType: 'post' | 'comment', id: number) =>
    t.database.db.select().from(reports).where(and(eq(reports.targetType, targetType), eq(reports.targetId, id)));

  it(`${FLAGS_TO_HIDE} members at level 1 hide a post: gone from the list, its page and search, and counted out`, async () => {
    const p = await newPost();
    expect(await guestSees(p)).toEqual({ inList: true, page: 200, inSearch: true });
    const before = await postCount();

    await report(trusted[0], 'post', p.id);
    await report(trusted[1], 'post', p.id);
    expect(await guestSees(p)).toEqual({ inList: true, page: 200, inSearch: true });
    expect(await postCount()).toBe(before);

    await report(trusted[2], 'post', p.id);
    expect(await guestSees(p)).toEqual({ inList: false, page: 404, inSearch: false });
    expect(await postCount()).toBe(before - 1);
    const row = await postRow(p.id);
    expect(row.hiddenAt).not.toBeNull();
    expect(row.deletedAt).not.toBeNull();
    // A member sees it no more than a guest; reporting it again finds nothing.
    expect((await call(t, 'GET', `/api/forum/posts/${p.id}`, { cookie: trusted[3].cookie })).statusCode).toBe(404);
    expect((await call(t, 'POST', '/api/reports', { cookie: trusted[3].cookie, body: { targetType: 'post', targetId: p.id, reason } })).statusCode).toBe(404);
    await expectCountersConsistent(t.database.db);
    // Its author is told why it went.
    expect(await lastNotice()).toMatchObject({
      type: 'review',
      title: 'Your post is hidden for review',
      message: `Your post “${row.title}” was reported by several members and is hidden while moderators review it.`,
      isRead: false,
      postSlug: null,
    });
  });

  it(`${FLAGS_TO_HIDE} members at level 0 do not hide it, nor one member reporting again and again`, async () => {
    const p = await newPost();
    for (const m of fresh.slice(0, 3)) await report(m, 'post', p.id);
    expect(await guestSees(p)).toMatchObject({ inList: true, page: 200 });

    // One trusted member: a second report while the first is open is refused (409) …
    await report(trusted[0], 'post', p.id);
    const again = await call(t, 'POST', '/api/reports', { cookie: trusted[0].cookie, body: { targetType: 'post', targetId: p.id, reason } });
    expect(again.statusCode).toBe(409);
    // … and even open reports of theirs stored twice more count once: with a second member, two flags.
    await t.database.db.insert(reports).values([
      { reporterId: trusted[0].id, targetType: 'post', targetId: p.id, reason },
      { reporterId: trusted[0].id, targetType: 'post', targetId: p.id, reason },
    ]);
    await report(trusted[1], 'post', p.id);
    expect(await guestSees(p)).toMatchObject({ inList: true, page: 200 });
    expect((await postRow(p.id)).hiddenAt).toBeNull();

    // An admin's pin to level 1 makes a new member's flag count.
    await t.database.db.update(users).set({ trustLevelPinned: 1 }).where(eq(users.id, fresh[3].id));
    await report(fresh[3], 'post', p.id);
    expect(await guestSees(p)).toMatchObject({ inList: false, page: 404 });
    await t.database.db.update(users).set({ trustLevelPinned: null }).where(eq(users.id, fresh[3].id));
  });

  it("a moderator's or an admin's report alone does not hide it (they delete instead)", async () => {
    const p = await newPost();
    await report(moderator, 'post', p.id);
    await report(admin, 'post', p.id);
    expect(await guestSees(p)).toMatchObject({ inList: true, page: 200 });
    expect((await postRow(p.id)).hiddenAt).toBeNull();
  });

  it('upheld: every report on it is resolved, it stays removed as a deleted post, and counts stay down', async () => {
    const p = await newPost();
    const ids = [];
    for (const m of trusted.slice(0, 3)) ids.push(await report(m, 'post', p.id));
    const down = await postCount();

    const res = await call(t, 'POST', `/api/admin/reports/${ids[1]}/resolve`, { cookie: moderator.cookie, body: { resolution: 'Spam' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await openReportsOn('post', p.id)).map((r) => r.status)).toEqual(['resolved', 'resolved', 'resolved']);
    const row = await postRow(p.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.hiddenAt).toBeNull();
    expect(await postCount()).toBe(down);
    expect(await guestSees(p)).toEqual({ inList: false, page: 404, inSearch: false });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'report.resolve', actorId: moderator.id, details: expect.objectContaining({ flags: 'upheld' }) });
    expect(await lastNotice()).toMatchObject({ type: 'review', title: 'Your post was removed', postSlug: null });
    await expectCountersConsistent(t.database.db);
  });

  it('rejected: every report on it is dismissed, and it is back with its counts, in the list and search', async () => {
    const p = await newPost();
    const before = await postCount();
    const ids = [];
    for (const m of trusted.slice(0, 3)) ids.push(await report(m, 'post', p.id));
    expect(await postCount()).toBe(before - 1);

    const res = await call(t, 'POST', `/api/admin/reports/${ids[0]}/dismiss`, { cookie: moderator.cookie, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect((await openReportsOn('post', p.id)).map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    const row = await postRow(p.id);
    expect(row.deletedAt).toBeNull();
    expect(row.hiddenAt).toBeNull();
    expect(await postCount()).toBe(before);
    expect(await guestSees(p)).toEqual({ inList: true, page: 200, inSearch: true });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'report.dismiss', details: expect.objectContaining({ flags: 'rejected' }) });
    expect(await lastNotice()).toMatchObject({ type: 'review', title: 'Your post is back', postSlug: p.slug });
    // The decision was on all of them: closing another is 409.
    expect((await call(t, 'POST', `/api/admin/reports/${ids[2]}/dismiss`, { cookie: moderator.cookie, body: {} })).statusCode).toBe(409);
    await expectCountersConsistent(t.database.db);
  });

  it('a hidden comment: counted out, a "hidden" placeholder in the thread, and back when the flags are rejected', async () => {
    const p = await newPost('Where to park in Leeds');
    const c = await newComment(p.id);
    // A reader of the thread, live: the hidden comment leaves it as a deleted one does.
    const live = await connect(url, trusted[3].cookie);
    sockets.push(live);
    live.send({ type: 'subscribe_post', postId: p.id });
    await live.next('post_subscribed');
    const ids = [];
    for (const m of trusted.slice(0, 3)) ids.push(await report(m, 'comment', c.id));
    expect(await live.next('post_comment_deleted')).toEqual({ type: 'post_comment_deleted', postId: p.id, commentId: c.id, commentCount: 0 });
    expect((await postRow(p.id)).commentCount).toBe(0);
    const row = await commentRow(c.id);
    expect(row.hiddenAt).not.toBeNull();
    expect(row.deletedAt).not.toBeNull();
    expect(await lastNotice()).toMatchObject({
      title: 'Your comment is hidden for review',
      message: 'Your comment on “Where to park in Leeds” was reported by several members and is hidden while moderators review it.',
      postSlug: p.slug,
      commentId: c.id,
    });

    const thread = (await call(t, 'GET', `/api/forum/posts/${p.id}/comments`)).json().comments as Array<Record<string, unknown>>;
    expect(thread).toEqual([expect.objectContaining({ id: c.id, isDeleted: true, isHidden: true, content: '', contentHtml: '', author: null })]);
    const page = (await call(t, 'GET', `/api/forum/posts/${p.slug}`)).json();
    expect(page.commentCount).toBe(0);
    expect(page.comments).toEqual([expect.objectContaining({ id: c.id, isHidden: true })]);
    await expectCountersConsistent(t.database.db);

    expect((await call(t, 'POST', `/api/admin/reports/${ids[2]}/dismiss`, { cookie: admin.cookie, body: {} })).statusCode).toBe(200);
    expect((await postRow(p.id)).commentCount).toBe(1);
    const back = (await call(t, 'GET', `/api/forum/posts/${p.id}/comments`)).json().comments as Array<Record<string, unknown>>;
    expect(back).toEqual([expect.objectContaining({ id: c.id, isDeleted: false, content: 'Buy followers now at cheap-followers dot example' })]);
    expect(back[0]).not.toHaveProperty('isHidden');
    await expectCountersConsistent(t.database.db);
  });

  it('an upheld comment becomes a deleted one: no placeholder without replies', async () => {
    const p = await newPost('Parking at the Manchester hub');
    const c = await newComment(p.id);
    const ids = [];
    for (const m of trusted.slice(0, 3)) ids.push(await report(m, 'comment', c.id));
    expect((await call(t, 'POST', `/api/admin/reports/${ids[0]}/resolve`, { cookie: moderator.cookie, body: {} })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/forum/posts/${p.id}/comments`)).json().comments).toEqual([]);
    expect((await postRow(p.id)).commentCount).toBe(0);
    expect((await openReportsOn('comment', c.id)).every((r) => r.status === 'resolved')).toBe(true);
    await expectCountersConsistent(t.database.db);
  });

  it("the moderators' queue lists what flags hid first, with its removed text; its history is theirs alone", async () => {
    const hidden = await newPost('Hidden spam post');
    for (const m of trusted.slice(0, 3)) await report(m, 'post', hidden.id);
    // A newer report on something still up comes after it all the same.
    const other = await newPost('Only reported once');
    await report(fresh[0], 'post', other.id);

    const res = await call(t, 'GET', '/api/admin/reports?status=open', { cookie: moderator.cookie });
    expect(res.statusCode).toBe(200);
    const list = ZAdminReportList.parse(res.json());
    const firstThree = list.reports.slice(0, 3);
    expect(firstThree.map((r) => r.target.id)).toEqual([hidden.id, hidden.id, hidden.id]);
    expect(firstThree[0].target).toMatchObject({ type: 'post', exists: false, hidden: true, removedContent: 'Hidden spam post. Best prices in town.' });
    const live = list.reports.find((r) => r.target.id === other.id)!;
    expect(live.target).toMatchObject({ exists: true, hidden: false, removedContent: null });

    const guest = await call(t, 'GET', `/api/forum/posts/${hidden.id}/revisions`);
    expect(guest.statusCode).toBe(404);
    const mod = await call(t, 'GET', `/api/forum/posts/${hidden.id}/revisions`, { cookie: moderator.cookie });
    expect(mod.statusCode).toBe(200);
    expect(mod.json()).toMatchObject({ removed: true, hidden: true, versions: [{ content: 'Hidden spam post. Best prices in town.' }] });
  });
});
