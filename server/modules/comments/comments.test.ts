import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZComment, ZCommentList, ZPostDetail, type TComment } from '../../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { commentReactions, commentVotes, comments, notifications, posts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost, expectCountersConsistent } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { hotScore } from '../posts/index.ts';

describe.each(testDatabases)('comments API on %s', (kind) => {
  let t: TestApp;
  let cat: { id: number };
  let author: Member, commenter: Member, other: Member, admin: Member, unverified: Member, suspended: Member;

  const postRow = async (id: number) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
  const page = async (ref: number | string, cookie?: string) => {
    const res = await call(t, 'GET', `/api/forum/posts/${ref}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return ZPostDetail.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cat = await addCategory(t.database.db);
    author = await member(t);
    commenter = await member(t);
    other = await member(t);
    admin = await member(t, 'admin');
    unverified = await member(t, 'unverified');
    suspended = await member(t, 'suspended');
  });
  afterAll(() => t.close());
  // Comments count against MEMBER_LIMITS.comment (10 a minute): each group of tests writes as fresh members.
  const freshWriters = () =>
    beforeAll(async () => {
      commenter = await member(t);
      other = await member(t);
    });

  describe('POST /api/forum/posts/:id/comments', () => {
    let p: { id: number };
    beforeAll(async () => {
      p = await createPost(t, author.cookie, cat.id);
    });
    const add = (cookie: string | undefined, body: object, id = p.id) => call(t, 'POST', `/api/forum/posts/${id}/comments`, { cookie, body });

    it('guest 401, suspended 401, unverified 403', async () => {
      expect((await add(undefined, { content: 'Hello there' })).statusCode).toBe(401);
      expect((await add(suspended.cookie, { content: 'Hello there' })).statusCode).toBe(401);
      const res = await add(unverified.cookie, { content: 'Hello there' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Email verification required');
    });

    it('a member comments: 201, markdown rendered, count +1 and hot score recomputed together', async () => {
      const res = await add(commenter.cookie, { content: 'Try **Evri** <b>nights</b>' });
      expect(res.statusCode, res.body).toBe(201);
      const c = ZComment.parse(res.json());
      expect(c).toMatchObject({
        postId: p.id,
        parentId: null,
        content: 'Try **Evri** <b>nights</b>',
        isDeleted: false,
        canEdit: true,
        userVote: null,
        editedAt: null,
        reactions: {},
        author: { username: commenter.username },
      });
      expect(c.contentHtml).toBe('<p>Try <strong>Evri</strong> &lt;b&gt;nights&lt;/b&gt;</p>');
      const row = await postRow(p.id);
      expect(row.commentCount).toBe(1);
      expect(row.hotScore).toBeCloseTo(hotScore(0, 0, 1, row.createdAt), 9);
    });

    it('replies carry their parent; a reply to a reply is fine too', async () => {
      const top = await createComment(t, commenter.cookie, p.id);
      const reply = await createComment(t, author.cookie, p.id, { parentId: top.id });
      const deeper = await createComment(t, other.cookie, p.id, { parentId: reply.id });
      expect([reply.parentId, deeper.parentId]).toEqual([top.id, reply.id]);
      const ids = (await page(p.id)).comments.map((c) => c.id);
      expect(ids.indexOf(top.id)).toBeLessThan(ids.indexOf(reply.id));
      expect(ids.indexOf(reply.id)).toBeLessThan(ids.indexOf(deeper.id));
    });

    it('400 when the parent is on another post, deleted or missing', async () => {
      const elsewhere = await createPost(t, author.cookie, cat.id);
      const foreign = await createComment(t, commenter.cookie, elsewhere.id);
      const gone = await createComment(t, commenter.cookie, p.id);
      await call(t, 'DELETE', `/api/forum/comments/${gone.id}`, { cookie: commenter.cookie });
      for (const parentId of [foreign.id, gone.id, 999_999]) {
        const res = await add(commenter.cookie, { content: 'Replying', parentId });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: FORUM_MSG.parentGone, errors: { parentId: FORUM_MSG.parentGone } });
      }
    });

    it.each([
      [{ content: '' }, FORUM_MSG.commentEmpty],
      [{ content: '   \n ' }, FORUM_MSG.commentEmpty],
      [{}, FORUM_MSG.commentEmpty],
      [{ content: 'x'.repeat(10_001) }, FORUM_MSG.commentMax],
    ])('400 for %j', async (body, message) => {
      const res = await add(commenter.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { content: message } });
    });

    it('a locked post refuses members with a clear message; admins may still comment', async () => {
      const locked = await createPost(t, author.cookie, cat.id);
      await call(t, 'PUT', `/api/forum/posts/${locked.id}/lock`, { cookie: admin.cookie, body: { locked: true } });
      for (const who of [commenter, author]) {
        const res = await add(who.cookie, { content: 'Can I still reply?' }, locked.id);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('This discussion is locked. New comments are not allowed.');
      }
      expect((await add(admin.cookie, { content: 'Locked: see the pinned post.' }, locked.id)).statusCode).toBe(201);
      expect((await postRow(locked.id)).commentCount).toBe(1);
    });

    it('404 "Post not found" on a deleted or missing post', async () => {
      const gone = await createPost(t, author.cookie, cat.id);
      await call(t, 'DELETE', `/api/forum/posts/${gone.id}`, { cookie: author.cookie });
      for (const id of [gone.id, 999_999]) {
        const res = await add(commenter.cookie, { content: 'Hello?' }, id);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(FORUM_MSG.postNotFound);
      }
    });
  });

  describe('POST /api/forum/posts/:id/comments with a clientId (offline writes)', () => {
    freshWriters();
    let p: { id: number };
    beforeAll(async () => {
      p = await createPost(t, author.cookie, cat.id);
    });
    const add = (cookie: string, body: object, id = p.id) => call(t, 'POST', `/api/forum/posts/${id}/comments`, { cookie, body });
    const rowsWith = (clientId: string) => t.database.db.select().from(comments).where(eq(comments.clientId, clientId));
    const notificationsOf = async (commentId: number) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.commentId, commentId))).length;

    it('a resend is the comment already stored: the same 201 and body, one row, one count, one notification', async () => {
      const before = (await postRow(p.id)).commentCount;
      const body = { content: 'Written in a dead zone', clientId: 'dz-comment-0001' };
      const first = await add(commenter.cookie, body);
      expect(first.statusCode, first.body).toBe(201);
      const second = await add(commenter.cookie, body);
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await rowsWith('dz-comment-0001')).toHaveLength(1);
      expect((await postRow(p.id)).commentCount).toBe(before + 1);
      expect(await notificationsOf(first.json().id)).toBe(1);
    });

    it('two sends at once store one comment, and both hear it', async () => {
      const before = (await postRow(p.id)).commentCount;
      const body = { content: 'Sent twice on reconnect', clientId: 'race-comment-01' };
      const [a, b] = await Promise.all([add(commenter.cookie, body), add(commenter.cookie, body)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(await rowsWith('race-comment-01')).toHaveLength(1);
      expect((await postRow(p.id)).commentCount).toBe(before + 1);
    });

    it('the same clientId of another member is their own comment', async () => {
      const mine = await add(commenter.cookie, { content: 'Mine', clientId: 'shared-id-0001' });
      const theirs = await add(other.cookie, { content: 'Theirs', clientId: 'shared-id-0001' });
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
      expect(theirs.json()).toMatchObject({ content: 'Theirs', author: { username: other.username } });
      expect(theirs.json().id).not.toBe(mine.json().id);
    });

    it('a resend after the post was locked is still answered with the stored comment', async () => {
      const writer = await member(t); // comments are rate-limited per member
      const q = await createPost(t, author.cookie, cat.id);
      const first = await add(writer.cookie, { content: 'Before the lock', clientId: 'before-lock-01' }, q.id);
      await call(t, 'PUT', `/api/forum/posts/${q.id}/lock`, { cookie: admin.cookie, body: { locked: true } });
      const again = await add(writer.cookie, { content: 'Before the lock', clientId: 'before-lock-01' }, q.id);
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      expect((await postRow(q.id)).commentCount).toBe(1);
    });

    it('409 for a clientId already used on another post; 404 once the comment was deleted; nothing stored', async () => {
      const writer = await member(t);
      const q = await createPost(t, author.cookie, cat.id);
      const first = await add(writer.cookie, { content: 'On the first post', clientId: 'one-post-only-1' });
      const elsewhere = await add(writer.cookie, { content: 'On the first post', clientId: 'one-post-only-1' }, q.id);
      expect(elsewhere.statusCode).toBe(409);
      expect(elsewhere.json()).toMatchObject({ message: FORUM_MSG.clientIdOtherPost, errors: { clientId: FORUM_MSG.clientIdOtherPost } });
      expect((await postRow(q.id)).commentCount).toBe(0);
      await call(t, 'DELETE', `/api/forum/comments/${first.json().id}`, { cookie: writer.cookie });
      const gone = await add(writer.cookie, { content: 'On the first post', clientId: 'one-post-only-1' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(FORUM_MSG.commentNotFound);
      expect(await rowsWith('one-post-only-1')).toHaveLength(1);
    });

    it('the same clientId sent to two posts at once: one is stored, the other hears 409', async () => {
      const writer = await member(t);
      const q = await createPost(t, author.cookie, cat.id);
      const body = { content: 'Which post is it?', clientId: 'two-posts-race-1' };
      const answers = await Promise.all([add(writer.cookie, body), add(writer.cookie, body, q.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await rowsWith('two-posts-race-1')).toHaveLength(1);
    });

    it.each(['short', 'x'.repeat(65), 'has space 123', 'dots.are.out', 12345678, ''])('400 for clientId %j, nothing stored', async (clientId) => {
      const before = (await postRow(p.id)).commentCount;
      const res = await add(other.cookie, { content: 'Hello there', clientId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: FORUM_MSG.clientId, errors: { clientId: FORUM_MSG.clientId } });
      expect((await postRow(p.id)).commentCount).toBe(before);
    });
  });

  describe('PATCH /api/forum/comments/:id', () => {
    freshWriters();
    let p: { id: number };
    let c: { id: number };
    beforeAll(async () => {
      p = await createPost(t, author.cookie, cat.id);
      c = await createComment(t, commenter.cookie, p.id, { content: 'First version' });
    });
    const patch = (cookie: string | undefined, body: object, id = c.id) => call(t, 'PATCH', `/api/forum/comments/${id}`, { cookie, body });

    it('guest 401, suspended 401, unverified 403, other member (even the post author) 403', async () => {
      expect((await patch(undefined, { content: 'Changed' })).statusCode).toBe(401);
      expect((await patch(suspended.cookie, { content: 'Changed' })).statusCode).toBe(401);
      expect((await patch(unverified.cookie, { content: 'Changed' })).statusCode).toBe(403);
      for (const who of [other, author]) {
        const res = await patch(who.cookie, { content: 'Changed' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORUM_MSG.editOwnComment);
      }
    });

    it('its author edits (editedAt set, re-rendered); an admin may too', async () => {
      const res = await patch(commenter.cookie, { content: 'Second _version_' });
      expect(res.statusCode, res.body).toBe(200);
      const body = ZComment.parse(res.json());
      expect(body).toMatchObject({ content: 'Second _version_', contentHtml: '<p>Second <em>version</em></p>', canEdit: true });
      expect(body.editedAt).not.toBeNull();
      expect((await patch(admin.cookie, { content: 'Removed a phone number' })).statusCode).toBe(200);
      expect((await patch(commenter.cookie, { content: '' })).json().message).toBe(FORUM_MSG.commentEmpty);
    });

    it('404 for a missing or deleted comment, or one on a deleted post', async () => {
      expect((await patch(commenter.cookie, { content: 'Changed' }, 999_999)).statusCode).toBe(404);
      const gone = await createComment(t, commenter.cookie, p.id);
      await call(t, 'DELETE', `/api/forum/comments/${gone.id}`, { cookie: commenter.cookie });
      expect((await patch(commenter.cookie, { content: 'Changed' }, gone.id)).statusCode).toBe(404);
      const p2 = await createPost(t, author.cookie, cat.id);
      const c2 = await createComment(t, commenter.cookie, p2.id);
      await call(t, 'DELETE', `/api/forum/posts/${p2.id}`, { cookie: author.cookie });
      expect((await patch(commenter.cookie, { content: 'Changed' }, c2.id)).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/forum/comments/:id', () => {
    freshWriters();
    const del = (cookie: string | undefined, id: number) => call(t, 'DELETE', `/api/forum/comments/${id}`, { cookie });

    it('guest 401, suspended 401, unverified 403, other member 403', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const c = await createComment(t, commenter.cookie, p.id);
      expect((await del(undefined, c.id)).statusCode).toBe(401);
      expect((await del(suspended.cookie, c.id)).statusCode).toBe(401);
      expect((await del(unverified.cookie, c.id)).statusCode).toBe(403);
      const res = await del(other.cookie, c.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORUM_MSG.deleteOwnComment);
      expect((await postRow(p.id)).commentCount).toBe(1);
    });

    it('its author deletes: count −1 with the hot score; twice changes nothing; others then get 404', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const keep = await createComment(t, other.cookie, p.id);
      const c = await createComment(t, commenter.cookie, p.id);
      const res = await del(commenter.cookie, c.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Comment deleted' });
      const row = await postRow(p.id);
      expect(row.commentCount).toBe(1);
      expect(row.hotScore).toBeCloseTo(hotScore(0, 0, 1, row.createdAt), 9);
      expect((await del(commenter.cookie, c.id)).statusCode).toBe(200);
      expect((await postRow(p.id)).commentCount).toBe(1);
      expect((await del(other.cookie, c.id)).statusCode).toBe(404);
      expect((await page(p.id)).comments.map((x) => x.id)).toEqual([keep.id]);
    });

    it('an admin deletes anyone’s comment; 404 for a missing one', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const c = await createComment(t, commenter.cookie, p.id);
      expect((await del(admin.cookie, c.id)).statusCode).toBe(200);
      expect((await del(admin.cookie, 999_999)).statusCode).toBe(404);
    });

    it('never takes comment_count below 0', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const c = await createComment(t, commenter.cookie, p.id);
      await t.database.db.update(posts).set({ commentCount: 0 }).where(eq(posts.id, p.id));
      expect((await del(commenter.cookie, c.id)).statusCode).toBe(200);
      expect((await postRow(p.id)).commentCount).toBe(0);
      await t.database.db.update(posts).set({ commentCount: 0 }).where(eq(posts.id, p.id)); // as it truly is
    });
  });

  describe('comments on the post page', () => {
    freshWriters();
    it('a deleted comment with live replies stays as a placeholder; one without replies goes', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const parent = await createComment(t, commenter.cookie, p.id, { content: 'Parent comment' });
      const reply = await createComment(t, other.cookie, p.id, { content: 'A reply', parentId: parent.id });
      const lonely = await createComment(t, commenter.cookie, p.id, { content: 'No replies' });
      const deadReplyParent = await createComment(t, commenter.cookie, p.id, { content: 'Only a deleted reply' });
      const deadReply = await createComment(t, other.cookie, p.id, { content: 'Deleted reply', parentId: deadReplyParent.id });
      for (const [who, id] of [
        [commenter, parent.id],
        [commenter, lonely.id],
        [other, deadReply.id],
        [commenter, deadReplyParent.id],
      ] as const) {
        expect((await call(t, 'DELETE', `/api/forum/comments/${id}`, { cookie: who.cookie })).statusCode).toBe(200);
      }

      const detail = await page(p.id, commenter.cookie);
      expect(detail.commentCount).toBe(1);
      expect(detail.comments.map((c) => c.id)).toEqual([parent.id, reply.id]);
      expect(detail.comments[0]).toEqual({
        id: parent.id,
        postId: p.id,
        parentId: null,
        content: '',
        contentHtml: '',
        createdAt: expect.any(String),
        editedAt: null,
        isDeleted: true,
        upvotes: 0,
        downvotes: 0,
        userVote: null,
        author: null,
        canEdit: false,
        reactions: {},
      } satisfies TComment);
      expect(detail.comments[1]).toMatchObject({ parentId: parent.id, content: 'A reply', isDeleted: false });
      // The placeholder cannot be replied to.
      const res = await call(t, 'POST', `/api/forum/posts/${p.id}/comments`, { cookie: other.cookie, body: { content: 'Hm', parentId: parent.id } });
      expect(res.json().message).toBe(FORUM_MSG.parentGone);
    });

    it("each comment has canEdit for its author and admins, the reader's vote, reactions, and the reader's reactions", async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const mine = await createComment(t, commenter.cookie, p.id);
      const theirs = await createComment(t, other.cookie, p.id);
      await t.database.db.insert(commentVotes).values({ commentId: theirs.id, userId: commenter.id, value: 1 });
      await t.database.db.insert(commentReactions).values([
        { commentId: theirs.id, userId: commenter.id, emoji: '❤️' },
        { commentId: theirs.id, userId: admin.id, emoji: '❤️' },
      ]);
      const byCommenter = await page(p.id, commenter.cookie);
      const [a, b] = byCommenter.comments;
      expect([a.id, a.canEdit, a.userVote]).toEqual([mine.id, true, null]);
      expect([b.id, b.canEdit, b.userVote, b.reactions]).toEqual([theirs.id, false, 'upvote', { '❤️': { count: 2 } }]);
      expect(byCommenter.userReactions).toEqual({ postReactions: [], commentReactions: { [theirs.id]: ['❤️'] } });
      expect((await page(p.id, admin.cookie)).comments.map((c) => c.canEdit)).toEqual([true, true]);
      expect((await page(p.id)).comments.map((c) => [c.canEdit, c.userVote])).toEqual([
        [false, null],
        [false, null],
      ]);
    });
  });

  describe('GET /api/forum/posts/:id/comments', () => {
    freshWriters();
    it('the page shows the first 200; the rest follow with ?after, oldest first', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const base = Date.now() - 3_600_000;
      // Same timestamp for pairs: (created_at, id) must order them without gaps or repeats.
      await t.database.db.insert(comments).values(
        Array.from({ length: 205 }, (_, i) => ({
          postId: p.id,
          authorId: commenter.id,
          content: `Comment ${i}`,
          contentHtml: `<p>Comment ${i}</p>`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        })),
      );
      await t.database.db.update(posts).set({ commentCount: 205 }).where(eq(posts.id, p.id));

      const detail = await page(p.id);
      expect(detail.comments).toHaveLength(200);
      expect(detail.hasMoreComments).toBe(true);
      expect(detail.comments[0].content).toBe('Comment 0');
      const last = detail.comments[199];

      const res = await call(t, 'GET', `/api/forum/posts/${p.id}/comments?after=${last.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const rest = ZCommentList.parse(res.json());
      expect(rest.comments.map((c) => c.content)).toEqual([200, 201, 202, 203, 204].map((i) => `Comment ${i}`));
      expect(rest.hasMore).toBe(false);

      const small = ZCommentList.parse((await call(t, 'GET', `/api/forum/posts/${p.id}/comments?limit=2&after=${detail.comments[0].id}`)).json());
      expect(small.comments.map((c) => c.content)).toEqual(['Comment 1', 'Comment 2']);
      expect(small.hasMore).toBe(true);
      const all = ZCommentList.parse((await call(t, 'GET', `/api/forum/posts/${p.id}/comments?limit=1000`)).json());
      expect(all.comments).toHaveLength(200);
    });

    it('400 for a cursor from another post; 404 for a missing or deleted post', async () => {
      const p = await createPost(t, author.cookie, cat.id);
      const q = await createPost(t, author.cookie, cat.id);
      const foreign = await createComment(t, commenter.cookie, q.id);
      expect((await call(t, 'GET', `/api/forum/posts/${p.id}/comments?after=${foreign.id}`)).statusCode).toBe(400);
      expect((await call(t, 'GET', `/api/forum/posts/${p.id}/comments?after=abc`)).statusCode).toBe(400);
      expect((await call(t, 'GET', '/api/forum/posts/999999/comments')).statusCode).toBe(404);
      await call(t, 'DELETE', `/api/forum/posts/${q.id}`, { cookie: author.cookie });
      const res = await call(t, 'GET', `/api/forum/posts/${q.id}/comments`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(FORUM_MSG.postNotFound);
    });

    it("a member's page of comments is marked private (their votes and reactions), a guest's is not: the service worker keeps only a guest's", async () => {
      const p = await createPost(t, author.cookie, cat.id);
      await createComment(t, commenter.cookie, p.id);
      const mine = await call(t, 'GET', `/api/forum/posts/${p.id}/comments`, { cookie: other.cookie });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const guest = await call(t, 'GET', `/api/forum/posts/${p.id}/comments`);
      expect(guest.statusCode, guest.body).toBe(200);
      expect(String(guest.headers['cache-control'] ?? '')).not.toMatch(/private/);
    });
  });

  it('every post count and comment count equals a recount', async () => {
    await expectCountersConsistent(t.database.db);
  });
});
