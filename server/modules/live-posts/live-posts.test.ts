import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/index.ts';
import { ZComment } from '../../../common/contracts/forum.ts';
import { REACTION_EMOJI } from '../../../common/reactions.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { LIVE_MSG, LIVE_POST_MAX_SUBSCRIPTIONS } from '../../../common/rules/live.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { addCategory, createComment, createPost, insertPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { connect, listen, pause, type TestSocket } from '../../test/sockets.ts';
import { WS_MSG } from '../../realtime/gateway.ts';

// Live threads over the socket (docs/API.md "Live threads"): subscribe_post / unsubscribe_post and the
// post_* frames that follow the REST writes of other members.
describe('live threads: subscribe_post and post_* frames', () => {
  let t: TestApp;
  let url: string;
  let reader: Member, writer: Member, admin: Member, unverified: Member;
  let catId: number;
  const open: TestSocket[] = [];
  const socket = async (cookie: string) => {
    const s = await connect(url, cookie);
    open.push(s);
    return s;
  };
  /** A socket of `m` following post `postId` (the ack says the subscription is in place). */
  const follow = async (m: Member, postId: number) => {
    const s = await socket(m.cookie);
    s.send({ type: 'subscribe_post', postId });
    expect(await s.next('post_subscribed')).toEqual({ type: 'post_subscribed', postId });
    return s;
  };
  /** Every frame the socket has received so far, once frames sent before now have surely arrived. */
  const settled = async (s: TestSocket) => {
    s.send({ type: 'ping' });
    await s.next('pong');
    return s.frames.filter((f) => f.type !== 'pong' && f.type !== 'post_subscribed');
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    url = await listen(t);
    catId = (await addCategory(t.database.db)).id;
    [reader, writer, admin, unverified] = [await member(t), await member(t), await member(t, 'admin'), await member(t, 'unverified')];
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t.close();
  });

  it('a new comment reaches followers as the API presents it, canEdit per reader; others hear nothing', async () => {
    const p = await createPost(t, writer.cookie, catId, { title: 'Who else is on the Rugby run?' });
    const other = await createPost(t, writer.cookie, catId, { title: 'Another thread entirely' });
    const [r, w, a, u] = [await follow(reader, p.id), await follow(writer, p.id), await follow(admin, p.id), await follow(unverified, p.id)];
    const elsewhere = await follow(reader, other.id);

    const c = await createComment(t, writer.cookie, p.id, { content: 'Me, **every** Tuesday' });
    const listed = (await call(t, 'GET', `/api/forum/posts/${p.id}/comments`, { cookie: reader.cookie })).json().comments[0];
    for (const [s, canEdit] of [[r, false], [w, true], [a, true], [u, false]] as const) {
      const f = await s.next('post_comment_new');
      expect(f.postId).toBe(p.id);
      expect(f.commentCount).toBe(1);
      expect(ZComment.parse(f.comment)).toEqual({ ...listed, canEdit });
      expect(f.comment).toMatchObject({ id: c.id, contentHtml: expect.stringContaining('<strong>every</strong>'), userVote: null, reactions: {} });
    }
    expect(await settled(elsewhere)).toEqual([]);
  });

  it('edits, deletions, post edits, votes and reactions reach followers; the actor is not echoed their own vote or reaction', async () => {
    const p = await createPost(t, writer.cookie, catId, { title: 'Van insurance renewal' });
    const c = await createComment(t, writer.cookie, p.id, { content: 'Mine went up 30%' });
    const r = await follow(reader, p.id);
    const w = await follow(writer, p.id);

    expect((await call(t, 'PATCH', `/api/forum/comments/${c.id}`, { cookie: writer.cookie, body: { content: 'Mine went up _40%_' } })).statusCode).toBe(200);
    const edited = await r.next('post_comment_edited');
    expect(edited).toMatchObject({ postId: p.id, commentId: c.id, content: 'Mine went up _40%_', contentHtml: expect.stringContaining('<em>40%</em>') });
    expect(new Date(edited.editedAt).getTime()).not.toBeNaN();

    expect((await call(t, 'PATCH', `/api/forum/posts/${p.id}`, { cookie: writer.cookie, body: { title: 'Van insurance renewal (2026)' } })).statusCode).toBe(200);
    expect(await r.next('post_edited')).toMatchObject({ postId: p.id, title: 'Van insurance renewal (2026)', category: { id: catId } });

    expect((await call(t, 'POST', `/api/forum/posts/${p.id}/vote`, { cookie: reader.cookie, body: { voteType: 'upvote' } })).statusCode).toBe(200);
    expect(await w.next('post_votes')).toEqual({ type: 'post_votes', postId: p.id, target: 'post', id: p.id, upvotes: 1, downvotes: 0 });
    expect((await call(t, 'POST', `/api/forum/comments/${c.id}/vote`, { cookie: reader.cookie, body: { voteType: 'downvote' } })).statusCode).toBe(200);
    expect(await w.next('post_votes', (f) => f.target === 'comment')).toEqual({
      type: 'post_votes',
      postId: p.id,
      target: 'comment',
      id: c.id,
      upvotes: 0,
      downvotes: 1,
    });

    const emoji = REACTION_EMOJI[0];
    expect((await call(t, 'POST', `/api/forum/comments/${c.id}/reactions`, { cookie: reader.cookie, body: { emoji } })).statusCode).toBe(200);
    expect(await w.next('post_reactions')).toEqual({ type: 'post_reactions', postId: p.id, target: 'comment', id: c.id, reactions: { [emoji]: { count: 1 } } });
    expect((await call(t, 'POST', `/api/forum/posts/${p.id}/reactions`, { cookie: reader.cookie, body: { emoji } })).statusCode).toBe(200);
    expect(await w.next('post_reactions', (f) => f.target === 'post')).toMatchObject({ id: p.id, reactions: { [emoji]: { count: 1 } } });

    // Nothing in any frame says who voted or reacted; the reader (the actor) got no echo of their own.
    const readerFrames = await settled(r);
    expect(readerFrames.map((f) => f.type)).toEqual(['post_comment_edited', 'post_edited']);
    expect(JSON.stringify(await settled(w))).not.toContain(reader.username);

    expect((await call(t, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: writer.cookie })).statusCode).toBe(200);
    expect(await r.next('post_comment_deleted')).toEqual({ type: 'post_comment_deleted', postId: p.id, commentId: c.id, commentCount: 0 });
    // A second delete changes nothing and tells nobody.
    expect((await call(t, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: writer.cookie })).statusCode).toBe(200);
    expect((await settled(r)).filter((f) => f.type === 'post_comment_deleted')).toHaveLength(1);
  });

  it("a question's accepted answer reaches its readers as the post page shows it, and its clearing (issue 33)", async () => {
    const qa = await addCategory(t.database.db, 'Questions');
    await t.database.db.update(categories).set({ isQa: true }).where(eq(categories.id, qa.id));
    const p = await createPost(t, writer.cookie, qa.id, { title: 'Which van insurer pays out?' });
    const c = await createComment(t, reader.cookie, p.id, { content: 'Mine paid within a **week**.' });
    const r = await follow(reader, p.id);
    const w = await follow(writer, p.id);
    expect((await call(t, 'PUT', `/api/forum/posts/${p.id}/answer`, { cookie: writer.cookie, body: { commentId: c.id } })).statusCode).toBe(200);
    const page = (await call(t, 'GET', `/api/forum/posts/${p.id}`)).json();
    expect(await r.next('post_answer')).toEqual({ type: 'post_answer', postId: p.id, acceptedAnswer: page.acceptedAnswer });
    expect(page.acceptedAnswer).toMatchObject({ commentId: c.id, excerpt: 'Mine paid within a week.' });
    expect((await call(t, 'DELETE', `/api/forum/posts/${p.id}/answer`, { cookie: writer.cookie })).statusCode).toBe(200);
    expect(await r.next('post_answer', (f) => f.acceptedAnswer === null)).toEqual({ type: 'post_answer', postId: p.id, acceptedAnswer: null });
    // Whoever chose it is not echoed.
    expect((await settled(w)).filter((f) => f.type === 'post_answer')).toEqual([]);
  });

  it('a comment a moderator deletes from the reports queue goes from the open thread too', async () => {
    const p = await createPost(t, writer.cookie, catId);
    const c = await createComment(t, writer.cookie, p.id, { content: 'Buy cheap followers here' });
    const r = await follow(reader, p.id);
    const report = await call(t, 'POST', '/api/reports', { cookie: reader.cookie, body: { targetType: 'comment', targetId: c.id, reason: 'Spam in the thread' } });
    expect(report.statusCode, report.body).toBe(201);
    const reportId = (report.json() as { id: number }).id;
    const resolved = await call(t, 'POST', `/api/admin/reports/${reportId}/resolve`, { cookie: admin.cookie, body: { resolution: 'Spam', action: 'delete_target' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await r.next('post_comment_deleted')).toEqual({ type: 'post_comment_deleted', postId: p.id, commentId: c.id, commentCount: 0 });
  });

  it('a refused write sends nothing', async () => {
    const p = await createPost(t, writer.cookie, catId);
    const r = await follow(reader, p.id);
    expect((await call(t, 'POST', `/api/forum/posts/${p.id}/comments`, { cookie: unverified.cookie, body: { content: 'Let me in' } })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/forum/posts/${p.id}/comments`, { cookie: reader.cookie, body: { content: '' } })).statusCode).toBe(400);
    expect(await settled(r)).toEqual([]);
  });

  it('unsubscribe_post stops the frames; a closed socket is forgotten', async () => {
    const p = await createPost(t, writer.cookie, catId);
    const r = await follow(reader, p.id);
    r.send({ type: 'unsubscribe_post', postId: p.id });
    r.send({ type: 'unsubscribe_post', postId: 999_999 }); // not followed: nothing to do
    await settled(r);
    await createComment(t, writer.cookie, p.id);
    expect(await settled(r)).toEqual([]);

    const again = await follow(reader, p.id);
    await again.close();
    await pause(50);
    await createComment(t, writer.cookie, p.id); // no follower left: no read, no error
    expect(again.frames.filter((f) => f.type === 'post_comment_new')).toEqual([]);
  });

  it(`at most ${LIVE_POST_MAX_SUBSCRIPTIONS} posts per socket; the same post again is fine; unsubscribing frees a place`, async () => {
    const ids: number[] = [];
    for (let i = 0; i <= LIVE_POST_MAX_SUBSCRIPTIONS; i++) ids.push((await insertPost(t.database.db, { categoryId: catId, authorId: writer.id })).id);
    const s = await socket(reader.cookie);
    for (const id of ids.slice(0, LIVE_POST_MAX_SUBSCRIPTIONS)) {
      s.send({ type: 'subscribe_post', postId: id });
      await s.next('post_subscribed', (f) => f.postId === id);
    }
    s.send({ type: 'subscribe_post', postId: ids[0] });
    await s.next('post_subscribed', (f) => f.postId === ids[0]);
    const extra = ids[LIVE_POST_MAX_SUBSCRIPTIONS];
    s.send({ type: 'subscribe_post', postId: extra });
    expect(await s.next('error')).toEqual({ type: 'error', message: LIVE_MSG.tooManyPosts });
    s.send({ type: 'unsubscribe_post', postId: ids[1] });
    s.send({ type: 'subscribe_post', postId: extra });
    await s.next('post_subscribed', (f) => f.postId === extra);
  });

  it('a missing or deleted post and bad frames get an error; the socket lives on', async () => {
    const gone = await insertPost(t.database.db, { categoryId: catId, authorId: writer.id, deleted: true });
    const s = await socket(reader.cookie);
    const bad: Array<[unknown, string | RegExp]> = [
      [{ type: 'subscribe_post', postId: 999_999 }, FORUM_MSG.postNotFound],
      [{ type: 'subscribe_post', postId: gone.id }, FORUM_MSG.postNotFound],
      [{ type: 'subscribe_post' }, /^Invalid subscribe_post frame: postId: /],
      [{ type: 'subscribe_post', postId: -3 }, /^Invalid subscribe_post frame: postId: /],
      [{ type: 'subscribe_post', postId: 'abc' }, /^Invalid subscribe_post frame: postId: /],
      [{ type: 'unsubscribe_post', postId: 1.5 }, /^Invalid unsubscribe_post frame: postId: /],
    ];
    for (const [frame, message] of bad) {
      s.send(frame);
      const err = await s.next('error');
      if (typeof message === 'string') expect(err).toEqual({ type: 'error', message });
      else expect(err.message).toMatch(message);
    }
    s.send({ type: 'subscribe_post', postId: String((await insertPost(t.database.db, { categoryId: catId, authorId: writer.id })).id) });
    await s.next('post_subscribed');
    expect(WS_MSG.invalid('subscribe_post', 'x')).toBe('Invalid subscribe_post frame: x');
  });

  it('a guest has no socket to subscribe with (4401)', async () => {
    const s = await connect(url);
    expect((await s.closed).code).toBe(4401);
  });
});

// Two app instances (two processes or machines) on one PostgreSQL database and one Redis, as in
// realtime/two-instances.test.ts: a reader connected to instance 1 follows what is written through 2.
const REDIS_URL = process.env.REDIS_URL;
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const skipReason = !REDIS_URL || !TEST_DATABASE_URL ? 'needs REDIS_URL and TEST_DATABASE_URL (CI sets both)' : '';

describe.skipIf(skipReason !== '')(`live threads across two instances${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let one: TestApp, two: TestApp;
  let url1: string;
  let reader: Member, writer: Member;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    one = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! });
    two = await buildTestApp('postgres', { REDIS_URL: REDIS_URL! }, { sameDatabaseAs: one });
    url1 = await listen(one);
    await listen(two);
    reader = await member(one);
    writer = await member(two);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (two) await two.close(); // before `one`, whose close drops the shared database
    if (one) await one.close();
  });

  it('a comment, an edit, a vote and a deletion through instance 2 reach the reader on instance 1', async () => {
    const cat = await addCategory(one.database.db);
    const p = await createPost(two, writer.cookie, cat.id, { title: 'Two depots, one thread' });
    const s = await connect(url1, reader.cookie);
    sockets.push(s);
    s.send({ type: 'subscribe_post', postId: p.id });
    await s.next('post_subscribed');

    const c = await createComment(two, writer.cookie, p.id, { content: 'Written on two' });
    expect(await s.next('post_comment_new')).toMatchObject({ postId: p.id, commentCount: 1, comment: { id: c.id, canEdit: false, userVote: null } });
    await call(two, 'PATCH', `/api/forum/comments/${c.id}`, { cookie: writer.cookie, body: { content: 'Edited on two' } });
    expect(await s.next('post_comment_edited')).toMatchObject({ commentId: c.id, content: 'Edited on two' });
    await call(two, 'POST', `/api/forum/comments/${c.id}/vote`, { cookie: writer.cookie, body: { voteType: 'upvote' } });
    expect(await s.next('post_votes')).toMatchObject({ target: 'comment', id: c.id, upvotes: 1, downvotes: 0 });
    await call(two, 'DELETE', `/api/forum/comments/${c.id}`, { cookie: writer.cookie });
    expect(await s.next('post_comment_deleted')).toEqual({ type: 'post_comment_deleted', postId: p.id, commentId: c.id, commentCount: 0 });
  });
});
