import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZNotificationList, ZNotificationReadResponse, ZUnreadCount } from '../../../common/contracts/notifications.ts';
import { NOTIFICATION_MSG } from '../../../common/rules/notifications.ts';
import { comments, jobs, notifications, posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, insertMember, member, type Member } from '../../test/members.ts';
import { MAX_MENTIONS, MENTIONS_PER_HOUR, parseMentions } from './service.ts';

describe('parseMentions', () => {
  it('finds @usernames (3–30 word characters), lower-cased, distinct, in order', () => {
    expect(parseMentions('Hi @Sam_Driver and @bob, also @SAM_DRIVER again (@ab is too short)')).toEqual(['sam_driver', 'bob']);
    expect(parseMentions('@start of text\n@line_two,@comma')).toEqual(['start', 'line_two', 'comma']);
  });
  it('not in e-mail addresses, longer words, or code', () => {
    expect(parseMentions('mail dave@example.com or a.@dot')).toEqual([]);
    expect(parseMentions(`@${'a'.repeat(31)} is longer than a username`)).toEqual([]);
    expect(parseMentions('run `npm i @types/node` or\n```\n@decorator\n```\nthen ask @real_one')).toEqual(['real_one']);
  });
  it(`at most ${MAX_MENTIONS}`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(parseMentions(text)).toHaveLength(MAX_MENTIONS);
  });
});

describe.each(testDatabases)('notifications on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number };

  const rowsOf = (userId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
  const list = async (m: Member, query = '') => {
    const res = await call(t, 'GET', `/api/forum/notifications${query}`, { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZNotificationList.parse(res.json());
  };
  const unread = async (m: Member) => {
    const res = await call(t, 'GET', '/api/forum/notifications/unread-count', { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZUnreadCount.parse(res.json()).count;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cat = await addCategory(t.database.db);
  });
  afterAll(() => t.close());

  describe('who gets one', () => {
    it('a comment on your post: the post author, with the commenter and post in the text; never the commenter', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id, { title: 'Van insurance renewals' });
      const c = await createComment(t, commenter.cookie, p.id);
      const [n] = await list(author);
      expect(n).toMatchObject({
        type: 'comment',
        title: 'New comment on your post',
        message: `${commenter.username} commented on "Van insurance renewals"`,
        isRead: false,
        postId: p.id,
        commentId: c.id,
        postSlug: p.slug,
      });
      expect(await rowsOf(author.id)).toHaveLength(1);
      expect((await rowsOf(author.id))[0].actorId).toBe(commenter.id);
      expect(await rowsOf(commenter.id)).toEqual([]);
    });

    it('your own comment on your own post, your own reply to yourself: nothing', async () => {
      const author = await member(t);
      const p = await createPost(t, author.cookie, cat.id);
      const c = await createComment(t, author.cookie, p.id);
      await createComment(t, author.cookie, p.id, { parentId: c.id, content: `Replying to myself, @${author.username}` });
      expect(await rowsOf(author.id)).toEqual([]);
    });

    it("a reply: the parent comment's author (reply) and the post's author (comment), one each", async () => {
      const [author, first, replier] = [await member(t), await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id, { title: 'Fuel cards' });
      const parent = await createComment(t, first.cookie, p.id);
      const beforeAuthor = (await rowsOf(author.id)).length;
      const reply = await createComment(t, replier.cookie, p.id, { parentId: parent.id });
      const [toFirst] = await list(first);
      expect(toFirst).toMatchObject({
        type: 'reply',
        title: 'New reply to your comment',
        message: `${replier.username} replied to your comment on "Fuel cards"`,
        commentId: reply.id,
      });
      const toAuthor = await rowsOf(author.id);
      expect(toAuthor).toHaveLength(beforeAuthor + 1);
      expect(toAuthor.at(-1)).toMatchObject({ type: 'comment', commentId: reply.id });
      expect(await rowsOf(replier.id)).toEqual([]);
    });

    it("a reply to the post author's own comment: one notification for them (reply)", async () => {
      const [author, replier] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const own = await createComment(t, author.cookie, p.id);
      await createComment(t, replier.cookie, p.id, { parentId: own.id });
      expect((await rowsOf(author.id)).map((r) => r.type)).toEqual(['reply']);
    });

    it('a reply to your own comment on someone else’s post: only the post author hears of it', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const c = await createComment(t, commenter.cookie, p.id);
      await createComment(t, commenter.cookie, p.id, { parentId: c.id });
      expect((await rowsOf(author.id)).map((r) => r.type)).toEqual(['comment', 'comment']);
      expect(await rowsOf(commenter.id)).toEqual([]);
    });

    it('@mentions in a comment: case-insensitive, once per person, unknown, unverified and deleted names ignored', async () => {
      const [author, commenter, named, unverified, gone] = [
        await member(t),
        await member(t),
        await member(t),
        await member(t, 'unverified'),
        await member(t),
      ];
      await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const p = await createPost(t, author.cookie, cat.id, { title: 'Who knows the Leeds hub?' });
      const content = `@${named.username.toUpperCase()} you would know. cc @${named.username} @nobody_by_this_name @${unverified.username} @${gone.username}`;
      const c = await createComment(t, commenter.cookie, p.id, { content });
      const [n, ...more] = await list(named);
      expect(more).toEqual([]);
      expect(n).toMatchObject({
        type: 'mention',
        title: 'You were mentioned',
        message: `${commenter.username} mentioned you in a comment on "Who knows the Leeds hub?"`,
        postId: p.id,
        commentId: c.id,
      });
      expect(await rowsOf(unverified.id)).toEqual([]);
      expect(await rowsOf(gone.id)).toEqual([]);
    });

    it('a post author mentioned in a comment on their post gets one notification (comment)', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      await createComment(t, commenter.cookie, p.id, { content: `Good point @${author.username}` });
      expect((await rowsOf(author.id)).map((r) => r.type)).toEqual(['comment']);
    });

    it('@mentions in a post: each named member once (commentId null); the author never', async () => {
      const [author, named] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id, {
        title: 'Thanks to the night shift',
        content: `Shout-out to @${named.username} and @${named.username.toLowerCase()}, and me: @${author.username}`,
      });
      expect(await list(named)).toEqual([
        expect.objectContaining({
          type: 'mention',
          title: 'You were mentioned',
          message: `${author.username} mentioned you in "Thanks to the night shift"`,
          postId: p.id,
          commentId: null,
          postSlug: p.slug,
        }),
      ]);
      expect(await rowsOf(author.id)).toEqual([]);
    });

    it(`mentions notify at most ${MENTIONS_PER_HOUR} an hour per actor, over posts and comments; the rest are dropped, the comments stand`, async () => {
      const [actor, author] = [await member(t), await member(t)];
      const named = await Promise.all(Array.from({ length: MAX_MENTIONS }, () => insertMember(t)));
      const everyone = named.map((m) => `@${m.username}`).join(' ');
      const mentionsBy = async () =>
        (await t.database.db.select().from(notifications).where(and(eq(notifications.actorId, actor.id), eq(notifications.type, 'mention')))).length;

      // A post naming ten spends ten of the hour's allowance.
      await createPost(t, actor.cookie, cat.id, { content: `Thanks to ${everyone}` });
      expect(await mentionsBy()).toBe(MAX_MENTIONS);

      // Fifteen comments naming the same ten (a minute's pause after ten: MEMBER_LIMITS.comment).
      const p = await createPost(t, author.cookie, cat.id);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (let i = 0; i < 15; i++) {
          if (i === 10) vi.setSystemTime(Date.now() + 61_000);
          await createComment(t, actor.cookie, p.id, { content: `Update ${i} for ${everyone}` });
        }
      } finally {
        vi.useRealTimers();
      }
      expect(await mentionsBy()).toBe(MENTIONS_PER_HOUR);
      for (const m of named) expect(await rowsOf(m.id)).toHaveLength(MENTIONS_PER_HOUR / MAX_MENTIONS);
      // Everything else is untouched: the comments stand and the post's author hears of each.
      const commentRows = await t.database.db.select().from(comments).where(eq(comments.authorId, actor.id));
      expect(commentRows).toHaveLength(15);
      expect((await rowsOf(author.id)).filter((n) => n.type === 'comment')).toHaveLength(15);

      // An hour on, mentions are notified again.
      await t.database.db
        .update(notifications)
        .set({ createdAt: sql`created_at - interval '61 minutes'` })
        .where(eq(notifications.actorId, actor.id));
      await createComment(t, actor.cookie, p.id, { content: `Last one for ${everyone}` });
      expect(await mentionsBy()).toBe(MENTIONS_PER_HOUR + MAX_MENTIONS);
    });

    it('a long post title is cut in the message', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const title = `A very long title about ${'multi-drop '.repeat(12)}`.trim();
      const p = await createPost(t, author.cookie, cat.id, { title: title.slice(0, 150) });
      await createComment(t, commenter.cookie, p.id);
      const [n] = await list(author);
      expect(n.message).toMatch(/^\S+ commented on "A very long title about multi-drop .*…"$/);
      expect(n.message.length).toBeLessThan(commenter.username.length + 80);
    });

    it('a failure to notify never fails the comment: the job is logged, kept and runs again (issue 29)', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const warnings: unknown[] = [];
      const logged = vi.spyOn(t.app.log, 'warn').mockImplementation((obj: unknown) => void warnings.push(obj));
      await t.database.db.execute(sql`alter table notifications rename to notifications_away`);
      try {
        const res = await call(t, 'POST', `/api/forum/posts/${p.id}/comments`, { cookie: commenter.cookie, body: { content: 'Still posted' } });
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await t.database.db.execute(sql`alter table notifications_away rename to notifications`);
        logged.mockRestore();
      }
      expect(warnings).toEqual([expect.objectContaining({ name: 'event:comment.created:notifications', attempt: 1 })]);
      expect(await rowsOf(author.id)).toEqual([]);
      // Its retry (after the backoff: here, at once) notifies the author, once.
      await t.database.db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.name, 'event:comment.created:notifications'));
      await t.app.jobs.runDue();
      expect(await rowsOf(author.id)).toEqual([expect.objectContaining({ type: 'comment' })]);
      await t.app.jobs.runDue();
      expect(await rowsOf(author.id)).toHaveLength(1);
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, 'event:comment.created:notifications')).orderBy(sql`id desc`).limit(1);
      expect(job).toMatchObject({ state: 'done', attempts: 2 });
    });

    it('a push that fails leaves the notification stored', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const warnings: unknown[] = [];
      const sent = vi.spyOn(t.app.gateway, 'sendToUser').mockRejectedValue(new Error('redis down'));
      const warned = vi.spyOn(t.app.log, 'warn').mockImplementation((obj: unknown) => void warnings.push(obj));
      try {
        await createComment(t, commenter.cookie, p.id);
      } finally {
        sent.mockRestore();
        warned.mockRestore();
      }
      expect(warnings).toHaveLength(1);
      expect(await rowsOf(author.id)).toHaveLength(1);
    });
  });

  describe('the calls', () => {
    let owner: Member, other: Member, suspended: Member;
    let postId: number;
    beforeAll(async () => {
      [owner, other, suspended] = [await member(t), await member(t), await member(t, 'suspended')];
      const commenter = await member(t);
      const p = await createPost(t, owner.cookie, cat.id);
      postId = p.id;
      for (let i = 0; i < 3; i++) await createComment(t, commenter.cookie, p.id, { content: `Comment ${i}` });
      const q = await createPost(t, other.cookie, cat.id);
      await createComment(t, commenter.cookie, q.id);
    });

    it('guests and suspended accounts: 401 on every call', async () => {
      const mine = (await rowsOf(owner.id))[0];
      for (const cookie of [undefined, suspended.cookie]) {
        expect((await call(t, 'GET', '/api/forum/notifications', { cookie })).statusCode).toBe(401);
        expect((await call(t, 'GET', '/api/forum/notifications/unread-count', { cookie })).statusCode).toBe(401);
        expect((await call(t, 'POST', '/api/forum/notifications/read-all', { cookie })).statusCode).toBe(401);
        expect((await call(t, 'POST', `/api/forum/notifications/${mine.id}/read`, { cookie })).statusCode).toBe(401);
      }
      expect((await rowsOf(owner.id)).every((r) => r.readAt === null)).toBe(true);
    });

    it('the list: only your own, newest first; limit honoured, at most 50', async () => {
      const mine = await list(owner);
      expect(mine.map((n) => n.id)).toEqual((await rowsOf(owner.id)).map((r) => r.id).reverse());
      expect(mine.map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringContaining('commented on')]));
      expect(await list(owner, '?limit=2')).toEqual(mine.slice(0, 2));

      // 55 more, straight into the table: the panel shows the newest 50.
      const base = Date.now();
      await t.database.db.insert(notifications).values(
        Array.from({ length: 55 }, (_, i) => ({
          userId: other.id,
          type: 'comment' as const,
          postId,
          title: 'New comment on your post',
          message: `n${i}`,
          createdAt: new Date(base + i * 1000),
        })),
      );
      for (const query of ['', '?limit=50', '?limit=500', '?limit=abc']) {
        const page = await list(other, query);
        expect(page).toHaveLength(50);
        expect(page[0].message).toBe('n54');
      }
    });

    it('postSlug is null once the post is gone', async () => {
      await t.database.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, postId));
      try {
        expect((await list(owner)).every((n) => n.postSlug === null && n.postId === postId)).toBe(true);
      } finally {
        await t.database.db.update(posts).set({ deletedAt: null }).where(eq(posts.id, postId));
      }
    });

    it("read one: the owner's 200 and count −1 (again is fine); another member's or a missing id: 404", async () => {
      const [first] = await list(owner);
      const before = await unread(owner);
      expect(before).toBe(3);

      for (const cookie of [other.cookie]) {
        for (const id of [String(first.id), '999999999', 'abc', '0', '-1']) {
          const res = await call(t, 'POST', `/api/forum/notifications/${id}/read`, { cookie });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: NOTIFICATION_MSG.notFound });
        }
      }
      expect(await unread(owner)).toBe(before);

      for (let i = 0; i < 2; i++) {
        const res = await call(t, 'POST', `/api/forum/notifications/${first.id}/read`, { cookie: owner.cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(ZNotificationReadResponse.parse(res.json())).toEqual({ id: first.id, isRead: true });
        expect(await unread(owner)).toBe(before - 1);
      }
      expect((await list(owner)).find((n) => n.id === first.id)?.isRead).toBe(true);
    });

    it("read-all: {count: 0}, every one of yours read, nobody else's touched", async () => {
      const otherUnread = await unread(other);
      expect(otherUnread).toBeGreaterThan(0);
      const res = await call(t, 'POST', '/api/forum/notifications/read-all', { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ count: 0 });
      expect(await unread(owner)).toBe(0);
      expect((await list(owner)).every((n) => n.isRead)).toBe(true);
      expect(await unread(other)).toBe(otherUnread);
      // Nothing left to read: still fine.
      expect((await call(t, 'POST', '/api/forum/notifications/read-all', { cookie: owner.cookie })).json()).toEqual({ count: 0 });
    });

    it('read-all from another site is refused (origin check)', async () => {
      const res = await call(t, 'POST', '/api/forum/notifications/read-all', { cookie: other.cookie, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(await unread(other)).toBeGreaterThan(0);
    });
  });
});
