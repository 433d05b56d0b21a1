// Blocks (issue 18; docs/API.md "Blocks"): the calls and who may make them, the chat's aliases on
// the same rows, and what a block stops: chat either way, and every notification the blocked member's
// actions would send the blocker (one filter in notifications' fan-out).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBlockedMember, ZBlockedMembers } from '../../../common/contracts/blocks.ts';
import { BLOCK_MSG } from '../../../common/rules/blocks.ts';
import { CHAT_MSG } from '../../../common/rules/chat.ts';
import { memberBlocks, notifications, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';

describe.each(testDatabases)('blocks on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cat = await addCategory(t.database.db);
  });
  afterAll(() => t.close());

  const get = (m: Member) => call(t, 'GET', '/api/blocks', { cookie: m.cookie });
  const block = (m: Member, userId: unknown) => call(t, 'POST', '/api/blocks', { cookie: m.cookie, body: { userId } });
  const unblock = (m: Member, userId: number | string) => call(t, 'DELETE', `/api/blocks/${userId}`, { cookie: m.cookie });
  const rowsOf = (blockerId: number) => t.database.db.select().from(memberBlocks).where(eq(memberBlocks.blockerId, blockerId));
  const moderator = async () => {
    const m = await member(t);
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, m.id));
    return m;
  };

  describe('who may call', () => {
    it('a guest: 401 on each, nothing stored', async () => {
      const target = await member(t);
      for (const res of [
        await call(t, 'GET', '/api/blocks'),
        await call(t, 'POST', '/api/blocks', { body: { userId: target.id } }),
        await call(t, 'DELETE', `/api/blocks/${target.id}`),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Authentication required');
      }
      expect(await t.database.db.select().from(memberBlocks).where(eq(memberBlocks.blockedId, target.id))).toEqual([]);
    });

    it('a suspended account: 401 (its cookie is a guest’s), nothing stored', async () => {
      const [s, target] = [await member(t, 'suspended'), await member(t)];
      expect((await get(s)).statusCode).toBe(401);
      const res = await block(s, target.id);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
      expect((await unblock(s, target.id)).statusCode).toBe(401);
      expect(await rowsOf(s.id)).toEqual([]);
    });

    it.each(['unverified', 'member', 'admin', 'moderator'] as const)('%s: may block, list and unblock', async (role) => {
      const me = role === 'moderator' ? await moderator() : await member(t, role);
      const target = await member(t);
      const res = await block(me, target.id);
      expect(res.statusCode, res.body).toBe(201);
      const summary = ZBlockedMember.parse(res.json());
      expect(summary).toMatchObject({ id: target.id, username: target.username });
      expect(ZBlockedMembers.parse((await get(me)).json())).toEqual([summary]);
      const off = await unblock(me, target.id);
      expect(off.statusCode).toBe(204);
      expect(off.body).toBe('');
      expect((await get(me)).json()).toEqual([]);
    });

    it('another member: sees only their own list, and unblocking someone else’s block changes nothing', async () => {
      const [a, b, other] = [await member(t), await member(t), await member(t)];
      expect((await block(a, b.id)).statusCode).toBe(201);
      expect((await get(other)).json()).toEqual([]);
      expect((await unblock(other, b.id)).statusCode).toBe(204);
      expect((await rowsOf(a.id)).map((r) => r.blockedId)).toEqual([b.id]);
    });

    it('admins and moderators can be blocked (their moderation is not a notification and still reaches you)', async () => {
      const [me, admin, mod] = [await member(t), await member(t, 'admin'), await moderator()];
      expect((await block(me, admin.id)).statusCode).toBe(201);
      expect((await block(me, mod.id)).statusCode).toBe(201);
      expect(ZBlockedMembers.parse((await get(me)).json()).map((b) => b.id)).toEqual([admin.id, mod.id]);
    });
  });

  describe('input', () => {
    it('yourself: 400 with a clear message, nothing stored', async () => {
      const me = await member(t);
      const res = await block(me, me.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BLOCK_MSG.self);
      expect(await rowsOf(me.id)).toEqual([]);
    });

    it('an unknown or deleted member: 404 Member not found', async () => {
      const [me, gone] = [await member(t), await member(t)];
      await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      for (const id of [gone.id, 999_999_999]) {
        const res = await block(me, id);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(BLOCK_MSG.memberNotFound);
      }
      expect(await rowsOf(me.id)).toEqual([]);
    });

    it.each([['missing', undefined], ['text', 'bob'], ['zero', 0], ['negative', -3], ['fraction', 1.5]])('userId %s: 400', async (_label, userId) => {
      const me = await member(t);
      const res = await block(me, userId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(BLOCK_MSG.userIdInvalid);
      expect(await rowsOf(me.id)).toEqual([]);
    });

    it('DELETE with a path that is not an id: 400', async () => {
      const me = await member(t);
      const res = await unblock(me, 'bob');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(BLOCK_MSG.userIdInvalid);
    });

    it('blocking twice is idempotent (the first block and its time); unblocking someone not blocked: 204', async () => {
      const [me, target, stranger] = [await member(t), await member(t), await member(t)];
      const first = ZBlockedMember.parse((await block(me, target.id)).json());
      const again = await block(me, target.id);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first);
      expect(await rowsOf(me.id)).toHaveLength(1);
      expect((await unblock(me, stranger.id)).statusCode).toBe(204);
      expect(await rowsOf(me.id)).toHaveLength(1);
    });
  });

  describe('chat', () => {
    it('the /api/chat/blocks aliases read and write the same blocks', async () => {
      const [a, b, c] = [await member(t), await member(t), await member(t)];
      expect((await block(a, b.id)).statusCode).toBe(201);
      expect((await call(t, 'GET', '/api/chat/blocks', { cookie: a.cookie })).json()).toEqual([{ id: b.id, username: b.username }]);
      const viaChat = await call(t, 'POST', '/api/chat/blocks', { cookie: a.cookie, body: { userId: c.id } });
      expect(viaChat.statusCode).toBe(200);
      expect(ZBlockedMembers.parse((await get(a)).json()).map((x) => x.id)).toEqual([b.id, c.id]);
      const self = await call(t, 'POST', '/api/chat/blocks', { cookie: a.cookie, body: { userId: a.id } });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(BLOCK_MSG.self);
      expect((await call(t, 'DELETE', `/api/chat/blocks/${b.id}`, { cookie: a.cookie })).json()).toEqual([{ id: c.id, username: c.username }]);
    });

    it('a block made here stops chat either way', async () => {
      const [a, b] = [await member(t), await member(t)];
      await block(a, b.id);
      for (const [x, y] of [
        [b, a],
        [a, b],
      ] as const) {
        const res = await call(t, 'POST', '/api/chat/start', { cookie: x.cookie, body: { recipientId: y.id } });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(CHAT_MSG.blocked);
      }
    });
  });

  describe('notifications', () => {
    const rowsFor = (userId: number, actorId: number) =>
      t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.actorId, actorId)));

    it('a blocked member’s comment, reply and @mention reach the blocker not at all; others still hear', async () => {
      const [blocker, blocked, bystander] = [await member(t), await member(t), await member(t)];
      const post = await createPost(t, blocker.cookie, cat.id);
      const mine = await createComment(t, blocker.cookie, post.id);
      expect((await block(blocker, blocked.id)).statusCode).toBe(201);
      // A comment on the blocker's post, a reply to their comment, and mentions of them (and of a bystander).
      await createComment(t, blocked.cookie, post.id, { content: `Hello @${blocker.username} and @${bystander.username}` });
      await createComment(t, blocked.cookie, post.id, { content: 'A reply', parentId: mine.id });
      await createPost(t, blocked.cookie, cat.id, { content: `Ask @${blocker.username} or @${bystander.username}` });
      expect(await rowsFor(blocker.id, blocked.id)).toEqual([]);
      expect((await rowsFor(bystander.id, blocked.id)).map((n) => n.type)).toEqual(['mention', 'mention']);
    });

    it('a followed post: a blocked member’s comment is not told to a follower who blocked them', async () => {
      const [author, follower, blocked] = [await member(t), await member(t), await member(t)];
      const post = await createPost(t, author.cookie, cat.id);
      const f = await call(t, 'PUT', `/api/forum/posts/${post.id}/follow`, { cookie: follower.cookie, body: { level: 'follow' } });
      expect(f.statusCode, f.body).toBe(200);
      await block(follower, blocked.id);
      await createComment(t, blocked.cookie, post.id);
      expect(await rowsFor(follower.id, blocked.id)).toEqual([]);
      expect((await rowsFor(author.id, blocked.id)).map((n) => n.type)).toEqual(['comment']);
    });

    it('one way: the blocker’s own actions still notify the member they blocked; unblocking restores', async () => {
      const [blocker, blocked] = [await member(t), await member(t)];
      const theirs = await createPost(t, blocked.cookie, cat.id);
      await block(blocker, blocked.id);
      await createComment(t, blocker.cookie, theirs.id);
      expect((await rowsFor(blocked.id, blocker.id)).map((n) => n.type)).toEqual(['comment']);
      expect((await unblock(blocker, blocked.id)).statusCode).toBe(204);
      const mine = await createPost(t, blocker.cookie, cat.id);
      await createComment(t, blocked.cookie, mine.id, { content: `Thanks @${blocker.username}` });
      expect((await rowsFor(blocker.id, blocked.id)).map((n) => n.type)).toEqual(['comment']);
    });
  });
});
