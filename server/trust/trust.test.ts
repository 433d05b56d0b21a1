import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { londonDate } from '../../common/london-day.ts';
import { ZAdminMemberDetail } from '../../common/contracts/admin.ts';
import { ZTrustStatus } from '../../common/contracts/members.ts';
import { TRUST_MSG, trustAllowances } from '../../common/rules/trust.ts';
import type { Db } from '../db/client.ts';
import { commentReactions, comments, heldItems, jobs, messages, postVotes, posts, reports, userVisits, users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { testDatabases } from '../test/databases.ts';
import { addCategory, insertComment, insertPost, postBody } from '../test/forum.ts';
import { call, insertMember, lastAudit, member, type Member } from '../test/members.ts';
import { insertUpload, photoMarkdown } from '../test/photos.ts';
import { recomputeLevels } from './recompute.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** `n` visit days ending today (London days), with `reads` posts read spread over them. */
async function addVisits(db: Db, userId: number, n: number, reads: number) {
  if (n === 0) return;
  const rows = Array.from({ length: n }, (_, i) => ({ userId, day: londonDate(new Date(Date.now() - i * DAY)), postsRead: i === 0 ? reads : 0 }));
  await db.insert(userVisits).values(rows);
}

const verifiedDaysAgo = (db: Db, userId: number, days: number | null) =>
  db
    .update(users)
    .set({ emailVerifiedAt: days === null ? null : new Date(Date.now() - days * DAY - MINUTE) })
    .where(eq(users.id, userId));

const levelOf = async (db: Db, userId: number) =>
  (await db.select({ level: users.trustLevel, pinned: users.trustLevelPinned, at: users.trustComputedAt }).from(users).where(eq(users.id, userId)))[0];

describe.each(testDatabases)('trust levels (%s)', (kind) => {
  let t: TestApp;
  let db: Db;
  let categoryId: number;
  let others: Member[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    db = t.database.db;
    categoryId = (await addCategory(db)).id;
    others = [await insertMember(t), await insertMember(t), await insertMember(t)];
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member with what level 2 asks for: 20 days verified, 7 visits, 40 reads, 3 posts, 3 upvotes and reactions from others. */
  async function established(opts: { selfVote?: boolean } = {}) {
    const m = await insertMember(t, { level: 0 });
    await verifiedDaysAgo(db, m.id, 20);
    await addVisits(db, m.id, 7, 40);
    const [a, b] = [await insertPost(db, { categoryId, authorId: m.id }), await insertPost(db, { categoryId, authorId: m.id })];
    const c = await insertComment(db, { postId: a.id, authorId: m.id });
    await db.insert(postVotes).values([
      { postId: a.id, userId: others[0].id, value: 1 },
      // A downvote is nothing received.
      { postId: b.id, userId: others[1].id, value: -1 },
      opts.selfVote ? { postId: b.id, userId: m.id, value: 1 } : { postId: b.id, userId: others[2].id, value: 1 },
    ]);
    await db.insert(commentReactions).values({ commentId: c.id, userId: others[1].id, emoji: '👍' });
    return { m, post: a };
  }

  describe('the job computes levels from real rows', () => {
    it('each level from its stats; self-votes, downvotes and old or other flags do not count', async () => {
      // Level 1: a day verified, 2 visits, 10 reads.
      const basic = await insertMember(t, { level: 0 });
      await verifiedDaysAgo(db, basic.id, 3);
      await addVisits(db, basic.id, 2, 10);
      // One read short.
      const reader = await insertMember(t, { level: 0 });
      await verifiedDaysAgo(db, reader.id, 3);
      await addVisits(db, reader.id, 2, 9);
      const { m: member2 } = await established();
      // Their own upvote is not "from others": 2 received, so level 1.
      const { m: selfVoter } = await established({ selfVote: true });
      // An upheld report on their post (three members reported it: one item) keeps them at level 1;
      // a report upheld 200 days ago and a rejected one count for nothing against them.
      const { m: flagged, post } = await established();
      const now = new Date();
      await db.insert(reports).values([
        ...others.map((o) => ({ reporterId: o.id, targetType: 'post' as const, targetId: post.id, reason: 'spam', status: 'resolved' as const, resolvedAt: now })),
        { reporterId: others[0].id, targetType: 'post', targetId: post.id, reason: 'old', status: 'resolved', resolvedAt: new Date(Date.now() - 200 * DAY) },
        { reporterId: others[1].id, targetType: 'post', targetId: post.id, reason: 'wrong', status: 'dismissed', resolvedAt: now },
      ]);
      // Four of their own reports rejected: level 1, whatever else they have.
      const { m: wrongFlagger } = await established();
      await db.insert(reports).values(
        Array.from({ length: 4 }, () => ({ reporterId: wrongFlagger.id, targetType: 'post' as const, targetId: post.id, reason: 'meh', status: 'dismissed' as const, resolvedAt: now })),
      );
      // Never verified: level 0 whatever they did.
      const unverified = await insertMember(t, { level: 2 });
      await verifiedDaysAgo(db, unverified.id, null);
      await addVisits(db, unverified.id, 30, 500);

      const result = await t.app.trust.runOnce();
      expect(result.changed).toBeGreaterThanOrEqual(6);
      expect((await levelOf(db, basic.id)).level).toBe(1);
      expect((await levelOf(db, reader.id)).level).toBe(0);
      expect((await levelOf(db, member2.id)).level).toBe(2);
      expect((await levelOf(db, selfVoter.id)).level).toBe(1);
      expect((await levelOf(db, flagged.id)).level).toBe(1);
      expect((await levelOf(db, wrongFlagger.id)).level).toBe(1);
      expect((await levelOf(db, unverified.id)).level).toBe(0);
      expect((await levelOf(db, member2.id)).at).toBeInstanceOf(Date);

      // A level that no longer holds is taken away at the next run: a second upheld item drops to 0.
      const second = await insertComment(db, { postId: post.id, authorId: flagged.id });
      await db.insert(reports).values({ reporterId: others[2].id, targetType: 'comment', targetId: second.id, reason: 'spam', status: 'resolved', resolvedAt: new Date() });
      await t.app.trust.runOnce();
      expect((await levelOf(db, flagged.id)).level).toBe(0);
    });

    it('writes only the rows whose level changed (or once a day), and batches cover every member', async () => {
      const { m } = await established();
      await t.app.trust.runOnce();
      const first = await levelOf(db, m.id);
      expect(first.level).toBe(2);
      // Nothing changed: the row is not written again within the day.
      const again = await recomputeLevels(db, new Date(Date.now() + MINUTE));
      expect(again.changed).toBe(0);
      expect((await levelOf(db, m.id)).at).toEqual(first.at);
      // A day on, it is confirmed (trust_computed_at moves, the level does not).
      const later = new Date(Date.now() + DAY + MINUTE);
      await recomputeLevels(db, later);
      expect((await levelOf(db, m.id)).at).toEqual(later);
      // Small batches reach the same levels as one big one.
      await db.update(users).set({ trustLevel: 0 }).where(eq(users.id, m.id));
      const batched = await recomputeLevels(db, new Date(), 3);
      const [{ n }] = await db.select({ n: count() }).from(users);
      expect(batched.members).toBe(n);
      expect((await levelOf(db, m.id)).level).toBe(2);
    });

    it('the scheduled run: a job of the runner, once an hour (the hour’s run at start-up when none ran yet)', async () => {
      const m = await insertMember(t, { level: 0 });
      await verifiedDaysAgo(db, m.id, 3);
      await addVisits(db, m.id, 2, 10);
      // What a process does as it starts: the hour's run (its row keyed by the hour), which sets the level.
      const hour = Math.floor(Date.now() / HOUR);
      await t.app.jobs.runDue();
      expect((await levelOf(db, m.id)).level).toBe(1);
      const runs = await db.select({ key: jobs.key, state: jobs.state }).from(jobs).where(eq(jobs.name, 'trust.recompute'));
      expect(runs).toEqual([{ key: expect.stringMatching(new RegExp(`^(${hour}|${hour + 1})$`)), state: 'done' }]);
    });

    it('an admin’s pin is left alone: the computed level moves under it', async () => {
      const m = await insertMember(t, { level: 0 });
      await verifiedDaysAgo(db, m.id, 3);
      await addVisits(db, m.id, 2, 10);
      await db.update(users).set({ trustLevelPinned: 0 }).where(eq(users.id, m.id));
      await t.app.trust.runOnce();
      expect(await levelOf(db, m.id)).toMatchObject({ level: 1, pinned: 0 });
    });
  });

  describe('visits and posts read', () => {
    it('a signed-in request marks the London day; opening a post counts once per post a day; a guest counts nothing', async () => {
      const m = await insertMember(t);
      const today = londonDate(new Date());
      expect((await call(t, 'GET', '/api/profile', { cookie: m.cookie })).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await db.select().from(userVisits).where(eq(userVisits.userId, m.id))).toEqual([{ userId: m.id, day: today, postsRead: 0 }]));

      const [p1, p2] = [await insertPost(db, { categoryId, authorId: others[0].id }), await insertPost(db, { categoryId, authorId: others[0].id })];
      for (const ref of [p1.id, p1.slug, p2.id]) expect((await call(t, 'GET', `/api/forum/posts/${ref}`, { cookie: m.cookie })).statusCode).toBe(200);
      expect((await call(t, 'GET', `/api/forum/posts/${p1.id}`)).statusCode).toBe(200);
      await t.app.trust.visits.flush();
      expect(await db.select().from(userVisits).where(eq(userVisits.userId, m.id))).toEqual([{ userId: m.id, day: today, postsRead: 2 }]);
    });
  });

  describe('GET /api/profile/trust', () => {
    it('a new member: their level, what it allows and what the next one needs, with what they have', async () => {
      const m = await insertMember(t, { level: 0 });
      await verifiedDaysAgo(db, m.id, 3);
      await addVisits(db, m.id, 1, 12);
      const res = await call(t, 'GET', '/api/profile/trust', { cookie: m.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const body = ZTrustStatus.parse(res.json());
      expect(body).toEqual({
        level: 0,
        name: 'New',
        pinned: false,
        staff: false,
        allows: trustAllowances(0),
        next: {
          level: 1,
          name: 'Basic',
          needs: [
            { label: 'a day since you verified your email', have: 3, met: true },
            { label: 'visits on 2 different days', have: 1, met: false },
            { label: '10 posts read', have: 12, met: true },
            { label: 'no more than 1 upheld report against you', have: 0, met: true },
            { label: 'no more than 5 of your reports rejected', have: 0, met: true },
          ],
        },
        computedAt: null,
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('admins and moderators are held to level 3; a pinned level says so and has no next', async () => {
      const admin = await member(t, 'admin');
      expect((await call(t, 'GET', '/api/profile/trust', { cookie: admin.cookie })).json()).toMatchObject({ level: 3, name: 'Regular', staff: true, next: null });
      const pinned = await insertMember(t, { level: 0 });
      await db.update(users).set({ trustLevelPinned: 2 }).where(eq(users.id, pinned.id));
      expect((await call(t, 'GET', '/api/profile/trust', { cookie: pinned.cookie })).json()).toMatchObject({ level: 2, pinned: true, next: null, allows: trustAllowances(2) });
    });

    it('a guest hears 401', async () => {
      expect((await call(t, 'GET', '/api/profile/trust')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/admin/members/:id/trust-level', () => {
    let admin: Member;
    beforeAll(async () => {
      admin = await member(t, 'admin');
    });
    const pin = (cookie: string | undefined, id: number, body: object) => call(t, 'PUT', `/api/admin/members/${id}/trust-level`, { cookie, body });
    const twoLinks = 'See https://example.com/a and https://example.com/b for the rota.';

    it('an admin pins a level (audited); the member is held to it at once; null unpins', async () => {
      const m = await insertMember(t); // level 2
      expect((await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId, { content: twoLinks }) })).statusCode).toBe(201);

      const res = await pin(admin.cookie, m.id, { level: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZAdminMemberDetail.parse(res.json()).trust).toMatchObject({ level: 0, computed: 2, pinned: 0 });
      expect(await lastAudit(db)).toMatchObject({ actorId: admin.id, action: 'user.trust_pin', targetType: 'user', targetId: String(m.id), details: { username: m.username, level: 0, was: 2 } });
      // The same pin again changes nothing and records nothing.
      const auditBefore = (await lastAudit(db)).id;
      expect((await pin(admin.cookie, m.id, { level: 0 })).statusCode).toBe(200);
      expect((await lastAudit(db)).id).toBe(auditBefore);

      const refused = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId, { content: twoLinks }) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(TRUST_MSG.tooManyLinks(1));

      const unpinned = await pin(admin.cookie, m.id, { level: null });
      expect(unpinned.json().trust).toMatchObject({ level: 2, computed: 2, pinned: null });
      expect(await lastAudit(db)).toMatchObject({ action: 'user.trust_unpin', targetId: String(m.id), details: { was: 0 } });
      expect((await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId, { content: twoLinks }) })).statusCode).toBe(201);
    });

    it('400 for anything but 0 to 3 or null; 404 for no such member; members 403, guests 401', async () => {
      const m = await insertMember(t);
      for (const body of [{ level: 4 }, { level: -1 }, { level: 1.5 }, { level: '2' }, {}]) {
        const res = await pin(admin.cookie, m.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(TRUST_MSG.levelInvalid);
      }
      expect((await pin(admin.cookie, 999_999, { level: 1 })).statusCode).toBe(404);
      expect((await pin(m.cookie, m.id, { level: 3 })).statusCode).toBe(403);
      expect((await pin(undefined, m.id, { level: 3 })).statusCode).toBe(401);
      expect(await levelOf(db, m.id)).toMatchObject({ pinned: null });
    });
  });

  describe('what one post, comment or message may carry, by level', () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/page-${i}`).join(' and ');
    const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@driver_${i}`).join(' ');
    const postsBy = async (id: number) => (await db.select({ n: count() }).from(posts).where(eq(posts.authorId, id)))[0].n;
    const commentsBy = async (id: number) => (await db.select({ n: count() }).from(comments).where(eq(comments.authorId, id)))[0].n;

    it('posts: links, photos and mentions over the level’s allowance are 400 with the trust message, and nothing is stored', async () => {
      const m = await insertMember(t, { level: 0 });
      const photos = [await insertUpload(db, m.id), await insertUpload(db, m.id)];
      for (const [content, message] of [
        [`Two links: ${links(2)}`, TRUST_MSG.tooManyLinks(1)],
        [photoMarkdown(photos), TRUST_MSG.tooManyPhotos(1)],
        [`Asking ${mentions(3)}`, TRUST_MSG.tooManyMentions(2)],
      ] as const) {
        const res = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId, { content }) });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ message, errors: { content: message } });
      }
      expect(await postsBy(m.id)).toBe(0);

      // Level 1 carries 5 links; a sixth is refused.
      const basic = await insertMember(t, { level: 1 });
      expect((await call(t, 'POST', '/api/forum/posts', { cookie: basic.cookie, body: postBody(categoryId, { content: links(5) }) })).statusCode).toBe(201);
      const sixth = await call(t, 'POST', '/api/forum/posts', { cookie: basic.cookie, body: postBody(categoryId, { content: links(6) }) });
      expect(sixth.json().message).toBe(TRUST_MSG.tooManyLinks(5));
    });

    it('edits of posts and comments are held to the same, and change nothing when refused', async () => {
      const m = await insertMember(t, { level: 0 });
      const post = await insertPost(db, { categoryId, authorId: m.id });
      const comment = await insertComment(db, { postId: post.id, authorId: m.id });
      const editPost = await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: m.cookie, body: { content: links(2) } });
      expect(editPost.statusCode).toBe(400);
      expect(editPost.json().message).toBe(TRUST_MSG.tooManyLinks(1));
      const editComment = await call(t, 'PATCH', `/api/forum/comments/${comment.id}`, { cookie: m.cookie, body: { content: `Hi ${mentions(3)}` } });
      expect(editComment.statusCode).toBe(400);
      expect(editComment.json().message).toBe(TRUST_MSG.tooManyMentions(2));
      expect((await db.select({ content: posts.content }).from(posts).where(eq(posts.id, post.id)))[0].content).toBe(post.content);
      expect((await db.select({ content: comments.content }).from(comments).where(eq(comments.id, comment.id)))[0].content).toBe(comment.content);
      // An admin editing it is held to level 3's.
      const admin = await member(t, 'admin');
      expect((await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: admin.cookie, body: { content: links(20) } })).statusCode).toBe(200);
    });

    it('comments: over the allowance is 400 and nothing is stored', async () => {
      const m = await insertMember(t, { level: 0 });
      const post = await insertPost(db, { categoryId, authorId: others[0].id });
      const res = await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: m.cookie, body: { content: `Links: ${links(2)}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TRUST_MSG.tooManyLinks(1));
      expect(await commentsBy(m.id)).toBe(0);
      const member2 = await insertMember(t, { level: 2 });
      expect((await call(t, 'POST', `/api/forum/posts/${post.id}/comments`, { cookie: member2.cookie, body: { content: `Links: ${links(2)}` } })).statusCode).toBe(201);
    });

    it('chat messages: mentions over the allowance are 400 and not sent', async () => {
      const m = await insertMember(t, { level: 0 });
      const to = await insertMember(t);
      const conversation = await call(t, 'POST', '/api/chat/start', { cookie: m.cookie, body: { recipientId: to.id } });
      expect(conversation.statusCode, conversation.body).toBe(200);
      const id = conversation.json().id as number;
      const res = await call(t, 'POST', `/api/inbox/conversations/${id}/messages`, { cookie: m.cookie, body: { text: `Ask ${mentions(3)}` } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(TRUST_MSG.tooManyMentions(2));
      expect((await db.select({ n: count() }).from(messages).where(and(eq(messages.conversationId, id))))[0].n).toBe(0);
      // Links are a post's and a comment's limit, not a message's.
      expect((await call(t, 'POST', `/api/inbox/conversations/${id}/messages`, { cookie: m.cookie, body: { text: `Ask ${mentions(2)} ${links(3)}` } })).statusCode).toBe(201);
    });
  });
});

describe.each(testDatabases)('posts per day by level, on the app’s clock (%s)', (kind) => {
  // A winter Tuesday: London clocks read UTC.
  const NOW = new Date('2026-11-24T13:30:00Z');
  let t: TestApp;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { clock: { now: () => NOW } });
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `n` posts of the member's, `minutesAgo` before the clock, one a minute. */
  const postedAgo = (authorId: number, n: number, minutesAgo: number) =>
    t.database.db.insert(posts).values(
      Array.from({ length: n }, (_, i) => ({
        slug: `day-${authorId}-${i}`,
        title: 'Earlier today',
        content: 'x',
        contentHtml: 'x',
        excerpt: 'x',
        categoryId,
        authorId,
        createdAt: new Date(NOW.getTime() - (minutesAgo - i) * MINUTE),
      })),
    );

  it('a new member’s 4th post of the day is refused with the clock time they may post again; a level-2 member’s is not', async () => {
    const m = await insertMember(t, { level: 0 });
    await postedAgo(m.id, 3, 30); // 13:00, 13:01, 13:02
    const res = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId) });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe('You can post again tomorrow at 13:00.');
    expect(Number(res.headers['retry-after'])).toBe(23.5 * 3600);
    expect((await t.database.db.select({ n: count() }).from(posts).where(eq(posts.authorId, m.id)))[0].n).toBe(3);

    const established = await insertMember(t, { level: 2 });
    await postedAgo(established.id, 3, 30);
    expect((await call(t, 'POST', '/api/forum/posts', { cookie: established.cookie, body: postBody(categoryId) })).statusCode).toBe(201);
  });

  it('posts the review queue holds count towards the day (an approved one counts as its post)', async () => {
    const m = await insertMember(t, { level: 0 });
    const held = (status: 'pending' | 'rejected' | 'approved', minutesAgo: number) => ({
      kind: 'post' as const,
      authorId: m.id,
      categoryId,
      title: 'Held',
      content: 'Held for a moderator',
      reason: 'link',
      status,
      createdAt: new Date(NOW.getTime() - minutesAgo * MINUTE),
    });
    await t.database.db.insert(heldItems).values([held('pending', 40), held('rejected', 30), held('approved', 20)]);
    await postedAgo(m.id, 1, 10);
    const res = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId) });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe('You can post again tomorrow at 12:50.');
  });

  it('later the same day: "at HH:MM"', async () => {
    const m = await insertMember(t, { level: 0 });
    // Three posts yesterday at 15:10 (within the last 24 hours): free again today at 15:10.
    await postedAgo(m.id, 3, 22 * 60 + 20);
    const res = await call(t, 'POST', '/api/forum/posts', { cookie: m.cookie, body: postBody(categoryId) });
    expect(res.json().message).toBe('You can post again at 15:10.');
  });
});
