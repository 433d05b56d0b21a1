import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPost, TPostDetail } from '../../../common/contracts/forum.ts';
import { FORUM_MSG, LIST_MSG } from '../../../common/rules/forum.ts';
import { posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { createComment, createPost } from '../../test/forum.ts';
import { call, lastAudit, member, type Member } from '../../test/members.ts';
import { statsInRange } from '../../trust/index.ts';

// Solved answers (issue 33 item 2; docs/API.md "Solved answers").

describe.each(testDatabases)('solved answers (%s)', (kind) => {
  let t: TestApp;
  let admin: Member;
  let asker: Member;
  let answerer: Member;
  let other: Member;
  let moderator: Member;
  let qa: { id: number; slug: string };
  let plain: { id: number; slug: string };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await member(t, 'admin');
    [asker, answerer, other, moderator] = [await member(t), await member(t), await member(t), await member(t)];
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    const made = await call(t, 'POST', '/api/admin/categories', { cookie: admin.cookie, body: { name: 'Tax and HMRC', color: '#15803d', isQa: true } });
    expect(made.statusCode, made.body).toBe(201);
    qa = made.json();
    plain = (await call(t, 'POST', '/api/admin/categories', { cookie: admin.cookie, body: { name: 'Banter', color: '#1d4ed8' } })).json();
  });

  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: number, who?: Member) => (await call(t, 'GET', `/api/forum/posts/${id}`, { cookie: who?.cookie })).json() as TPostDetail;
  const listed = async (query: string, who?: Member) => {
    const res = await call(t, 'GET', `/api/forum/posts?${query}`, { cookie: who?.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { posts: TPost[]; totalCount: number };
  };
  const accept = (id: number, commentId: unknown, who: Member | null) => call(t, 'PUT', `/api/forum/posts/${id}/answer`, { cookie: who?.cookie, body: { commentId } });
  const clear = (id: number, who: Member | null) => call(t, 'DELETE', `/api/forum/posts/${id}/answer`, { cookie: who?.cookie });
  const question = async (by: Member = answerer) => {
    const post = await createPost(t, asker.cookie, qa.id, { title: `Can I claim mileage on a leased van? ${Math.random()}` });
    const reply = await createComment(t, by.cookie, post.id, { content: 'Not both: **simplified** mileage or the lease, never the two.' });
    return { post, reply };
  };

  it('an admin marks a category as Q&A (audited); the categories say so', async () => {
    expect(qa).toMatchObject({ isQa: true });
    expect(plain).toMatchObject({ isQa: false });
    const categories = (await call(t, 'GET', '/api/forum/categories')).json() as Array<{ id: number; isQa: boolean }>;
    expect(categories.find((c) => c.id === qa.id)!.isQa).toBe(true);
    const changed = await call(t, 'PATCH', `/api/admin/categories/${plain.id}`, { cookie: admin.cookie, body: { isQa: true } });
    expect(changed.json()).toMatchObject({ isQa: true });
    expect((await lastAudit(t.database.db))!.details).toEqual({ isQa: { from: false, to: true } });
    await call(t, 'PATCH', `/api/admin/categories/${plain.id}`, { cookie: admin.cookie, body: { isQa: false } });
    expect((await call(t, 'PATCH', `/api/admin/categories/${plain.id}`, { cookie: admin.cookie, body: { isQa: 'yes' } })).statusCode).toBe(400);
  });

  it('a Q&A post says it is unsolved and who may choose its answer; a post elsewhere says nothing of answers', async () => {
    const { post } = await question();
    expect(await detail(post.id, asker)).toMatchObject({ acceptedAnswer: null, canAcceptAnswer: true, solved: false });
    expect(await detail(post.id, other)).toMatchObject({ acceptedAnswer: null, canAcceptAnswer: false });
    expect(await detail(post.id, moderator)).toMatchObject({ canAcceptAnswer: true });
    expect(await detail(post.id)).toMatchObject({ acceptedAnswer: null, canAcceptAnswer: false });
    const elsewhere = await createPost(t, asker.cookie, plain.id);
    const page = await detail(elsewhere.id, asker);
    expect('acceptedAnswer' in page || 'canAcceptAnswer' in page || 'solved' in page).toBe(false);
  });

  it('the author accepts a reply: the question shows it with a link in context, the list says Solved, the answerer is told', async () => {
    const { post, reply } = await question();
    const res = await accept(post.id, reply.id, asker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      solved: true,
      acceptedAnswer: { commentId: reply.id, author: { username: answerer.username }, excerpt: 'Not both: simplified mileage or the lease, never the two.' },
    });
    // Guests too, at once (the write empties the guest cache).
    expect((await detail(post.id)).acceptedAnswer?.commentId).toBe(reply.id);
    expect((await listed(`category=${qa.slug}`)).posts.find((p) => p.id === post.id)!.solved).toBe(true);
    const bell = (await call(t, 'GET', '/api/forum/notifications', { cookie: answerer.cookie })).json() as Array<{ type: string; title: string; message: string }>;
    expect(bell[0]).toMatchObject({ type: 'answer', title: 'Your answer was accepted', message: `${asker.username} accepted your reply as the answer to "${post.title}"` });
    // The author's own choice is not audited.
    expect((await lastAudit(t.database.db))?.action).not.toBe('post.answer_accept');
  });

  it('accepting another replaces it; clearing leaves it unsolved; a deleted accepted reply is no longer the answer', async () => {
    const { post, reply } = await question();
    const second = await createComment(t, other.cookie, post.id, { content: 'Ask an accountant.' });
    await accept(post.id, reply.id, asker);
    expect((await accept(post.id, second.id, asker)).json().acceptedAnswer.commentId).toBe(second.id);
    const cleared = await clear(post.id, asker);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ acceptedAnswer: null, solved: false });
    await accept(post.id, second.id, asker);
    expect((await call(t, 'DELETE', `/api/forum/comments/${second.id}`, { cookie: other.cookie })).statusCode).toBe(200);
    expect(await detail(post.id, asker)).toMatchObject({ acceptedAnswer: null, solved: false });
  });

  it('a moderator chooses the answer on a member’s question, audited; an admin too', async () => {
    const { post, reply } = await question();
    expect((await accept(post.id, reply.id, moderator)).statusCode).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ actorId: moderator.id, action: 'post.answer_accept', targetType: 'post', targetId: String(post.id), details: { commentId: reply.id } });
    expect((await clear(post.id, admin)).statusCode).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ actorId: admin.id, action: 'post.answer_clear', details: { commentId: reply.id } });
  });

  it('refused: a guest 401, an unverified member 403, another member 403; nothing changes', async () => {
    const { post, reply } = await question();
    const unverified = await member(t, 'unverified');
    const suspended = await member(t, 'suspended');
    expect((await accept(post.id, reply.id, null)).statusCode).toBe(401);
    expect((await accept(post.id, reply.id, suspended)).statusCode).toBe(401);
    expect((await accept(post.id, reply.id, unverified)).statusCode).toBe(403);
    for (const res of [await accept(post.id, reply.id, other), await accept(post.id, reply.id, answerer), await clear(post.id, other)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: FORUM_MSG.acceptNotAllowed });
    }
    const [row] = await t.database.db.select({ accepted: posts.acceptedCommentId }).from(posts).where(eq(posts.id, post.id));
    expect(row!.accepted).toBeNull();
  });

  it('bad input is a clear error and changes nothing', async () => {
    const { post, reply } = await question();
    const { reply: elsewhere } = await question();
    const plainPost = await createPost(t, asker.cookie, plain.id);
    const plainReply = await createComment(t, answerer.cookie, plainPost.id);
    const cases: Array<[Promise<{ statusCode: number; json: () => unknown }>, number, string]> = [
      [accept(post.id, elsewhere.id, asker), 404, FORUM_MSG.commentNotFound],
      [accept(post.id, 2_000_000_000, asker), 404, FORUM_MSG.commentNotFound],
      [accept(post.id, 'abc', asker), 400, FORUM_MSG.answerComment],
      [accept(post.id, 1.5, asker), 400, FORUM_MSG.answerComment],
      [accept(post.id, -1, asker), 400, FORUM_MSG.answerComment],
      [accept(post.id, undefined, asker), 400, FORUM_MSG.answerComment],
      [accept(plainPost.id, plainReply.id, asker), 400, FORUM_MSG.notQa],
      [accept(999_999, reply.id, asker), 404, FORUM_MSG.postNotFound],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(status);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    expect((await detail(post.id, asker)).acceptedAnswer).toBeNull();
  });

  it('the Solved and Unsolved filters: only Q&A posts with, or without, an accepted answer', async () => {
    const solved = await question();
    const open = await question();
    await accept(solved.post.id, solved.reply.id, asker);
    const elsewhere = await createPost(t, asker.cookie, plain.id);
    const solvedList = await listed('solved=true&limit=50');
    expect(solvedList.posts.map((p) => p.id)).toContain(solved.post.id);
    expect(solvedList.posts.every((p) => p.solved === true)).toBe(true);
    expect(solvedList.totalCount).toBe(solvedList.posts.length);
    const openList = await listed(`solved=false&category=${qa.slug}&limit=50`);
    expect(openList.posts.map((p) => p.id)).toContain(open.post.id);
    expect(openList.posts.every((p) => p.solved === false)).toBe(true);
    const anywhere = (await listed('solved=false&limit=50')).posts.map((p) => p.id);
    expect(anywhere).not.toContain(elsewhere.id);
    expect(anywhere).not.toContain(solved.post.id);
    // A category that is not Q&A has no unsolved questions.
    expect((await listed(`solved=false&category=${plain.slug}`)).posts).toEqual([]);
    const bad = await call(t, 'GET', '/api/forum/posts?solved=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LIST_MSG.solved);
  });

  it('the filters follow a post moved, or edited, into or out of a Q&A category, a category switched, and a deleted answer', async () => {
    const ids = async (query: string) => (await listed(`${query}&limit=50`)).posts.map((p) => p.id);
    const helper = await member(t);
    const { post, reply } = await question(helper);
    await accept(post.id, reply.id, asker);
    expect(await ids('solved=true')).toContain(post.id);
    // An admin moves it out of Q&A: no longer a question (its answer is kept, unshown), then back: solved again.
    expect((await call(t, 'POST', `/api/admin/posts/${post.id}/move`, { cookie: admin.cookie, body: { categoryId: plain.id } })).statusCode).toBe(200);
    expect(await ids('solved=true')).not.toContain(post.id);
    expect(await ids('solved=false')).not.toContain(post.id);
    expect((await detail(post.id)).solved).toBeUndefined();
    expect((await call(t, 'PATCH', `/api/forum/posts/${post.id}`, { cookie: asker.cookie, body: { categoryId: qa.id } })).statusCode).toBe(200);
    expect(await ids('solved=true')).toContain(post.id);
    // Its answer deleted: unsolved.
    expect((await call(t, 'DELETE', `/api/forum/comments/${reply.id}`, { cookie: helper.cookie })).statusCode).toBe(200);
    expect(await ids('solved=false')).toContain(post.id);
    expect(await ids('solved=true')).not.toContain(post.id);
    // A category switched to Q&A: its posts are unsolved questions; switched off, none.
    const chat = await createPost(t, asker.cookie, plain.id);
    expect(await ids('solved=false')).not.toContain(chat.id);
    await call(t, 'PATCH', `/api/admin/categories/${plain.id}`, { cookie: admin.cookie, body: { isQa: true } });
    expect(await ids(`solved=false&category=${plain.slug}`)).toContain(chat.id);
    await call(t, 'PATCH', `/api/admin/categories/${plain.id}`, { cookie: admin.cookie, body: { isQa: false } });
    expect(await ids('solved=false')).not.toContain(chat.id);
  });

  it("an accepted answer counts towards the answerer's trust (received), but never one's own reply to one's own question", async () => {
    const fresh = await member(t);
    const received = async (id: number) => (await statsInRange(t.database.db, id, id, new Date()))[0]!.stats.received;
    const post = await createPost(t, asker.cookie, qa.id);
    const reply = await createComment(t, fresh.cookie, post.id);
    expect(await received(fresh.id)).toBe(0);
    await accept(post.id, reply.id, asker);
    expect(await received(fresh.id)).toBe(1);
    const own = await createPost(t, fresh.cookie, qa.id);
    const ownReply = await createComment(t, fresh.cookie, own.id);
    expect((await accept(own.id, ownReply.id, fresh)).statusCode).toBe(200);
    expect(await received(fresh.id)).toBe(1);
  });
});
