// Notification preferences and follows (docs/API.md "Notification preferences", "Follows"): the
// calls, and how the switches and follows decide who is told of a new comment or post.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZNotifyPreferencesResponse } from '../../../common/contracts/notification-preferences.ts';
import { NOTIFY_DEFAULTS, NOTIFY_PREFS_MSG } from '../../../common/rules/notification-preferences.ts';
import type { TDataExport } from '../members/index.ts';
import { categoryFollows, notificationPreferences, notifications, postFollows, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { browserSubscription, decryptPush, startPushService, type BrowserSubscription, type PushServiceStandIn } from '../../test/push-service.ts';

describe.each(testDatabases)('notification preferences and follows on %s', (kind) => {
  let t: TestApp;
  let ps: PushServiceStandIn;
  let cat: { id: number; name: string };

  beforeAll(async () => {
    ps = await startPushService();
    t = await buildTestApp(kind, { PUSH_ENDPOINT_HOSTS: ps.host }, { push: { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 } });
    cat = await addCategory(t.database.db, 'Vans');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });
  afterEach(async () => {
    await t.app.jobs.settled();
    ps.reset();
  });

  const db = () => t.database.db;
  const rowsOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
  const getPrefs = async (m: Member) => {
    const res = await call(t, 'GET', '/api/notification-preferences', { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZNotifyPreferencesResponse.parse(res.json()).preferences;
  };
  const putPrefs = (m: Member, preferences: unknown) => call(t, 'PUT', '/api/notification-preferences', { cookie: m.cookie, body: { preferences } as object });
  const setPrefs = async (m: Member, preferences: unknown) => {
    const res = await putPrefs(m, preferences);
    expect(res.statusCode, res.body).toBe(200);
  };
  const follow = async (m: Member, postId: number, level: 'follow' | 'mute' | 'none') => {
    const res = await call(t, 'PUT', `/api/forum/posts/${postId}/follow`, { cookie: m.cookie, body: { level } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ level });
  };
  const levelOf = async (m: Member, postId: number) => {
    const res = await call(t, 'GET', `/api/forum/posts/${postId}/follow`, { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { level: string }).level;
  };
  async function phoneOf(m: Member): Promise<BrowserSubscription> {
    const b = browserSubscription(`https://${ps.host}/wpush/${unique('d')}`);
    const res = await call(t, 'POST', '/api/push/subscriptions', { cookie: m.cookie, body: b.json });
    expect(res.statusCode, res.body).toBe(201);
    return b;
  }
  async function pushesTo(...devices: BrowserSubscription[]) {
    await t.app.jobs.settled();
    return devices.map((d) => ps.received.filter((r) => r.path === new URL(d.json.endpoint).pathname).map((r) => JSON.parse(decryptPush(r.body, d)) as { title: string }));
  }

  describe('GET / PUT /api/notification-preferences', () => {
    it('a new member has every default, only the channels each kind has', async () => {
      expect(await getPrefs(await member(t))).toEqual(NOTIFY_DEFAULTS);
    });

    it('a subset changes those switches only, answers the full set, and is kept', async () => {
      const m = await member(t);
      const res = await putPrefs(m, { replies: { push: false }, digest: { email: true } });
      expect(res.statusCode, res.body).toBe(200);
      const want = { ...NOTIFY_DEFAULTS, replies: { site: true, push: false, email: true }, digest: { email: true } };
      expect(res.json()).toEqual({ preferences: want });
      await setPrefs(m, { replies: { email: false } });
      expect(await getPrefs(m)).toEqual({ ...want, replies: { site: true, push: false, email: false } });
    });

    it('a kind or channel that does not exist, or a wrong value: 400 with the message, nothing saved', async () => {
      const m = await member(t);
      await setPrefs(m, { chat: { email: false } });
      const before = await getPrefs(m);
      for (const bad of [
        { announcements: { site: true } },
        { digest: { push: true } },
        { chat: { pigeon: true } },
        { weather: { site: true } },
        { replies: { push: false }, announcements: { site: false } },
      ]) {
        const res = await putPrefs(m, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json()).toMatchObject({ message: NOTIFY_PREFS_MSG.noChannel });
      }
      for (const bad of [{ replies: { push: 'no' } }, { replies: true }, 'all off', null]) {
        expect((await putPrefs(m, bad)).statusCode, JSON.stringify(bad)).toBe(400);
      }
      expect(await getPrefs(m)).toEqual(before);
    });

    it('guests and suspended accounts 401, unverified 403, nothing saved', async () => {
      const [unverified, suspended] = [await member(t, 'unverified'), await member(t, 'suspended')];
      for (const [cookie, status] of [[undefined, 401], [suspended.cookie, 401], [unverified.cookie, 403]] as const) {
        expect((await call(t, 'GET', '/api/notification-preferences', { cookie })).statusCode).toBe(status);
        expect((await call(t, 'PUT', '/api/notification-preferences', { cookie, body: { preferences: { chat: { push: false } } } })).statusCode).toBe(status);
      }
      expect(await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, unverified.id))).toEqual([]);
    });
  });

  describe('post follows', () => {
    it("the author follows their own post by default; anyone else: none; follow, mute and none are kept", async () => {
      const [author, reader] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      expect(await levelOf(author, p.id)).toBe('follow');
      expect(await levelOf(reader, p.id)).toBe('none');
      await follow(reader, p.id, 'follow');
      expect(await levelOf(reader, p.id)).toBe('follow');
      await follow(reader, p.id, 'mute');
      expect(await levelOf(reader, p.id)).toBe('mute');
      await follow(reader, p.id, 'none');
      expect(await levelOf(reader, p.id)).toBe('none');
      expect(await db().select().from(postFollows).where(eq(postFollows.userId, reader.id))).toEqual([]);
      // The author's mute is stored, and sticks.
      await follow(author, p.id, 'mute');
      expect(await levelOf(author, p.id)).toBe('mute');
      await follow(author, p.id, 'follow');
      expect(await levelOf(author, p.id)).toBe('follow');
    });

    it("the author cannot choose none on their own post (they are told to mute); a bad level: 400; nothing changes", async () => {
      const author = await member(t);
      const p = await createPost(t, author.cookie, cat.id);
      await follow(author, p.id, 'mute');
      const none = await call(t, 'PUT', `/api/forum/posts/${p.id}/follow`, { cookie: author.cookie, body: { level: 'none' } });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: NOTIFY_PREFS_MSG.authorFollows });
      for (const body of [{ level: 'watch' }, {}, { level: null }]) {
        const res = await call(t, 'PUT', `/api/forum/posts/${p.id}/follow`, { cookie: author.cookie, body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: NOTIFY_PREFS_MSG.levelInvalid });
      }
      expect(await levelOf(author, p.id)).toBe('mute');
    });

    it('a missing or deleted post: 404, nothing stored', async () => {
      const [author, reader] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      await db().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, p.id));
      for (const id of [String(p.id), '999999999', 'abc']) {
        const get = await call(t, 'GET', `/api/forum/posts/${id}/follow`, { cookie: reader.cookie });
        expect(get.statusCode).toBe(404);
        expect(get.json()).toEqual({ message: NOTIFY_PREFS_MSG.postNotFound });
        const put = await call(t, 'PUT', `/api/forum/posts/${id}/follow`, { cookie: reader.cookie, body: { level: 'follow' } });
        expect(put.statusCode).toBe(404);
      }
      expect(await db().select().from(postFollows).where(eq(postFollows.userId, reader.id))).toEqual([]);
    });
  });

  describe('category follows', () => {
    it('follow, list, unfollow (again is fine); a missing category 404', async () => {
      const m = await member(t);
      const other = await addCategory(db(), 'Bikes');
      const list = async () => (await call(t, 'GET', '/api/forum/categories/follows', { cookie: m.cookie })).json() as { categoryIds: number[] };
      expect(await list()).toEqual({ categoryIds: [] });
      for (let i = 0; i < 2; i++) {
        const res = await call(t, 'PUT', `/api/forum/categories/${other.id}/follow`, { cookie: m.cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ categoryId: other.id, following: true });
      }
      await call(t, 'PUT', `/api/forum/categories/${cat.id}/follow`, { cookie: m.cookie });
      expect(await list()).toEqual({ categoryIds: [cat.id, other.id].sort((a, b) => a - b) });
      for (let i = 0; i < 2; i++) {
        const res = await call(t, 'DELETE', `/api/forum/categories/${other.id}/follow`, { cookie: m.cookie });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ categoryId: other.id, following: false });
      }
      expect(await list()).toEqual({ categoryIds: [cat.id] });
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(t, method, '/api/forum/categories/999999999/follow', { cookie: m.cookie });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: NOTIFY_PREFS_MSG.categoryNotFound });
      }
      expect((await db().select().from(categoryFollows).where(eq(categoryFollows.userId, m.id))).map((r) => r.categoryId)).toEqual([cat.id]);
      await call(t, 'DELETE', `/api/forum/categories/${cat.id}/follow`, { cookie: m.cookie });
    });
  });

  describe('who is told of a new comment', () => {
    it('followers of a post hear of every comment (followed_post); the author as "comment"; never the commenter', async () => {
      const [author, fan, commenter] = [await member(t), await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id, { title: 'Electric vans' });
      await follow(fan, p.id, 'follow');
      await follow(commenter, p.id, 'follow');
      const c = await createComment(t, commenter.cookie, p.id);
      expect(await rowsOf(fan.id)).toEqual([
        expect.objectContaining({
          type: 'followed_post',
          title: 'New comment on a post you follow',
          message: `${commenter.username} commented on "Electric vans"`,
          postId: p.id,
          commentId: c.id,
          readAt: null,
        }),
      ]);
      expect((await rowsOf(author.id)).map((r) => r.type)).toEqual(['comment']);
      expect(await rowsOf(commenter.id)).toEqual([]);
    });

    it('one notification per member, by precedence: a follower who is replied to or mentioned hears it as such', async () => {
      const [author, first, named, replier] = [await member(t), await member(t), await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      await follow(first, p.id, 'follow');
      await follow(named, p.id, 'follow');
      const parent = await createComment(t, first.cookie, p.id);
      await createComment(t, replier.cookie, p.id, { parentId: parent.id, content: `Agreed, @${named.username}` });
      expect((await rowsOf(first.id)).map((r) => r.type)).toEqual(['reply']);
      expect((await rowsOf(named.id)).map((r) => r.type)).toEqual(['followed_post', 'mention']);
    });

    it('mute beats everything: no reply, mention, comment or follow notification on a muted post', async () => {
      const [author, muter, commenter] = [await member(t), await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const own = await createComment(t, muter.cookie, p.id);
      await follow(muter, p.id, 'follow');
      await follow(muter, p.id, 'mute');
      await follow(author, p.id, 'mute');
      await createComment(t, commenter.cookie, p.id, { parentId: own.id, content: `@${muter.username} @${author.username} hello` });
      expect(await rowsOf(muter.id)).toEqual([]);
      expect((await rowsOf(author.id)).map((r) => r.commentId)).toEqual([own.id]);
      // Unmuted: told again.
      await follow(muter, p.id, 'none');
      await createComment(t, commenter.cookie, p.id, { parentId: own.id });
      expect((await rowsOf(muter.id)).map((r) => r.type)).toEqual(['reply']);
    });

    it('site switch off: the row is stored already read (readAt = createdAt), not counted, not sent to sockets', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      await setPrefs(author, { replies: { site: false } });
      const sent = vi.spyOn(t.app.gateway, 'sendToUser');
      try {
        await createComment(t, commenter.cookie, p.id);
        expect(sent.mock.calls.filter(([userId]) => userId === author.id)).toEqual([]);
      } finally {
        sent.mockRestore();
      }
      const [row] = await rowsOf(author.id);
      expect(row).toMatchObject({ type: 'comment' });
      expect(row.readAt?.toISOString()).toBe(row.createdAt.toISOString());
      expect((await call(t, 'GET', '/api/forum/notifications/unread-count', { cookie: author.cookie })).json()).toEqual({ count: 0 });
      // Back on: unread and sent again.
      await setPrefs(author, { replies: { site: true } });
      const again = vi.spyOn(t.app.gateway, 'sendToUser');
      try {
        await createComment(t, commenter.cookie, p.id);
        expect(again.mock.calls.filter(([userId]) => userId === author.id).map(([, frame]) => frame.type)).toEqual(['notification:new']);
      } finally {
        again.mockRestore();
      }
      expect((await rowsOf(author.id)).at(-1)?.readAt).toBeNull();
    });

    it('push switch off for a kind: no Web Push for it; other kinds still pushed', async () => {
      const [author, named, commenter] = [await member(t), await member(t), await member(t)];
      const [authorPhone, namedPhone] = await Promise.all([author, named].map(phoneOf));
      const p = await createPost(t, author.cookie, cat.id);
      await setPrefs(author, { replies: { push: false } });
      await setPrefs(named, { replies: { push: false } });
      await createComment(t, commenter.cookie, p.id, { content: `Asking @${named.username}` });
      await ps.until(1);
      const [toAuthor, toNamed] = await pushesTo(authorPhone, namedPhone);
      expect(toAuthor).toEqual([]);
      expect(toNamed.map((n) => n.title)).toEqual(['You were mentioned']);
      // The author's row is stored and unread all the same.
      expect((await rowsOf(author.id)).map((r) => [r.type, r.readAt])).toEqual([['comment', null]]);
    });

    it('a follower with push on gets the Web Push of a followed post', async () => {
      const [author, fan, commenter] = [await member(t), await member(t), await member(t)];
      const fanPhone = await phoneOf(fan);
      const p = await createPost(t, author.cookie, cat.id, { title: 'Parking fines' });
      await follow(fan, p.id, 'follow');
      const c = await createComment(t, commenter.cookie, p.id);
      await ps.until(1);
      expect(await pushesTo(fanPhone)).toEqual([
        [{ title: 'New comment on a post you follow', body: `${commenter.username} commented on "Parking fines"`, url: `/forum/posts/${p.slug}#comment-${c.id}`, tag: `post:${p.id}` }],
      ]);
    });

    it('many followers: one notification each, in a bounded number of queries', async () => {
      const [author, commenter] = [await member(t), await member(t)];
      const p = await createPost(t, author.cookie, cat.id);
      const fans = await Promise.all(Array.from({ length: 30 }, () => member(t)));
      await db().insert(postFollows).values(fans.map((f) => ({ userId: f.id, postId: p.id, level: 'follow' as const })));
      const queries = vi.spyOn(t.database.db, 'select');
      try {
        await createComment(t, commenter.cookie, p.id);
      } finally {
        queries.mockRestore();
      }
      expect(queries.mock.calls.length).toBeLessThan(15);
      const told = await db().select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.postId, p.id), eq(notifications.type, 'followed_post')));
      expect(told.map((r) => r.userId).sort((a, b) => a - b)).toEqual(fans.map((f) => f.id).sort((a, b) => a - b));
    });
  });

  describe('who is told of a new post', () => {
    it('followers of its category (followed_category), a mention wins, never the author; others nothing', async () => {
      const [author, fan, named, stranger] = [await member(t), await member(t), await member(t), await member(t)];
      const quiet = await addCategory(db(), 'Quiet corner');
      for (const m of [fan, named, author]) expect((await call(t, 'PUT', `/api/forum/categories/${quiet.id}/follow`, { cookie: m.cookie })).statusCode).toBe(200);
      const p = await createPost(t, author.cookie, quiet.id, { title: 'Night routes', content: `Ask @${named.username} about the night routes` });
      expect(await rowsOf(fan.id)).toEqual([
        expect.objectContaining({ type: 'followed_category', title: `New post in ${quiet.name}`, message: `${author.username} posted "Night routes"`, postId: p.id, commentId: null }),
      ]);
      expect((await rowsOf(named.id)).map((r) => r.type)).toEqual(['mention']);
      expect(await rowsOf(author.id)).toEqual([]);
      expect(await rowsOf(stranger.id)).toEqual([]);
    });

    it('followed switch off on site: stored read; push off: no Web Push', async () => {
      const [author, fan] = [await member(t), await member(t)];
      const fanPhone = await phoneOf(fan);
      const quiet = await addCategory(db(), 'Depots');
      await call(t, 'PUT', `/api/forum/categories/${quiet.id}/follow`, { cookie: fan.cookie });
      await setPrefs(fan, { followed: { site: false, push: false } });
      await createPost(t, author.cookie, quiet.id);
      const [row] = await rowsOf(fan.id);
      expect(row.readAt?.toISOString()).toBe(row.createdAt.toISOString());
      expect(await pushesTo(fanPhone)).toEqual([[]]);
    });
  });

  it('chat push switch off: no Web Push for a chat message; on again: pushed', async () => {
    const [sam, jo] = [await member(t), await member(t)];
    const joPhone = await phoneOf(jo);
    const started = await call(t, 'POST', '/api/chat/start', { cookie: sam.cookie, body: { recipientId: jo.id } });
    expect(started.statusCode, started.body).toBe(200);
    const conversationId = (started.json() as { id: number }).id;
    const send = async (text: string) => {
      const res = await call(t, 'POST', `/api/inbox/conversations/${conversationId}/messages`, { cookie: sam.cookie, body: { text } });
      expect([200, 201], res.body).toContain(res.statusCode);
      await t.app.jobs.settled();
    };
    await setPrefs(jo, { chat: { push: false } });
    await send('Not pushed');
    expect(await pushesTo(joPhone)).toEqual([[]]);
    await setPrefs(jo, { chat: { push: true } });
    await send('Pushed');
    await ps.until(1);
    expect((await pushesTo(joPhone))[0].map((n) => n.title)).toEqual([`New message from ${sam.username}`]);
  });

  it('the data export carries the preferences, follows and push devices (host and dates, no keys)', async () => {
    const [m, author] = [await member(t), await member(t)];
    const phone = await phoneOf(m);
    const p = await createPost(t, author.cookie, cat.id);
    await follow(m, p.id, 'mute');
    await call(t, 'PUT', `/api/forum/categories/${cat.id}/follow`, { cookie: m.cookie });
    await setPrefs(m, { chat: { email: false } });
    const res = await call(t, 'GET', '/api/auth/me/export', { cookie: m.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as TDataExport;
    expect(data.notificationPreferences).toEqual({ ...NOTIFY_DEFAULTS, chat: { site: true, push: true, email: false } });
    expect(data.follows.posts).toEqual([{ postId: p.id, postSlug: p.slug, level: 'mute', createdAt: expect.any(String) }]);
    expect(data.follows.categories).toEqual([{ categoryId: cat.id, name: cat.name, slug: expect.any(String), createdAt: expect.any(String) }]);
    expect(data.pushDevices).toEqual([{ host: ps.host, createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    expect(res.body).not.toContain(phone.json.keys.p256dh);
    expect(res.body).not.toContain(phone.json.keys.auth);
    expect(res.body).not.toContain(new URL(phone.json.endpoint).pathname);
  });
});
