import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPoll } from '../../../common/contracts/polls.ts';
import type { TPost, TPostDetail } from '../../../common/contracts/forum.ts';
import { POLL_MSG } from '../../../common/rules/polls.ts';
import { pollOptions, polls, pollVotes, posts, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory } from '../../test/forum.ts';
import { call, lastAudit, member, suspend, type Member } from '../../test/members.ts';
import { connect, listen } from '../../test/sockets.ts';

// Polls (issue 33 part 1; docs/API.md "Polls"): written with a post, voted on from the Basic trust level,
// counts shown as the author chose, closed by time, author or moderator; never a voter's name.

const HOUR = 3_600_000;

describe.each(testDatabases)('polls (%s)', (kind) => {
  let t: TestApp;
  let author: Member;
  let voter: Member;
  let other: Member;
  let moderator: Member;
  let newcomer: Member;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [author, voter, other, moderator] = [await member(t), await member(t), await member(t), await member(t)];
    newcomer = await member(t, 'newcomer');
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    categoryId = (await addCategory(t.database.db, 'Pay and rates')).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const write = (poll: unknown, who: Member = author) =>
    call(t, 'POST', '/api/forum/posts', { cookie: who.cookie, body: { title: `Has your rate been cut this month? ${Math.random()}`, content: 'Evri cut ours by 3p a drop from Monday.', categoryId, poll } });
  const pollPost = async (poll: Record<string, unknown> = {}) => {
    // The author's earlier posts a day older: each test's posts stay inside the posting limit.
    await t.database.db.update(posts).set({ createdAt: sql`${posts.createdAt} - interval '1 day'` }).where(eq(posts.authorId, author.id));
    const res = await write({ options: ['Yes', 'No', 'Not yet, but told it is coming'], ...poll });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TPostDetail;
  };
  const read = async (id: number, who?: Member | null) => ((await call(t, 'GET', `/api/forum/posts/${id}`, { cookie: who?.cookie ?? undefined })).json() as TPostDetail).poll!;
  const vote = (id: number, optionIds: unknown, who: Member | null) => call(t, 'PUT', `/api/forum/posts/${id}/poll/vote`, { cookie: who?.cookie, body: { optionIds } });
  const close = (id: number, who: Member | null) => call(t, 'POST', `/api/forum/posts/${id}/poll/close`, { cookie: who?.cookie });
  const counts = (p: TPoll) => p.options.map((o) => o.votes);

  it('a post carries one poll: its options in order, counts hidden until one votes (the default); the list says it has one', async () => {
    const post = await pollPost();
    expect(post.poll).toMatchObject({ multiple: false, results: 'after_vote', closesAt: null, closed: false, voters: null, myVotes: [], canVote: true, canClose: true });
    expect(post.poll!.options.map((o) => [o.text, o.votes])).toEqual([
      ['Yes', null],
      ['No', null],
      ['Not yet, but told it is coming', null],
    ]);
    expect(await read(post.id)).toMatchObject({ canVote: false, canClose: false, voters: null });
    expect('myVotes' in (await read(post.id))).toBe(false);
    const list = (await call(t, 'GET', '/api/forum/posts')).json() as { posts: TPost[] };
    expect(list.posts.find((p) => p.id === post.id)!.hasPoll).toBe(true);
    const plain = await call(t, 'POST', '/api/forum/posts', { cookie: other.cookie, body: { title: 'No poll here at all', content: 'Just a question.', categoryId } });
    expect('hasPoll' in plain.json() || 'poll' in plain.json()).toBe(false);
  });

  it('bad polls are refused with their message, and nothing is stored', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(polls))[0]!.n;
    const postsBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts))[0]!.n;
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const far = new Date(Date.now() + 91 * 24 * HOUR).toISOString();
    for (const [poll, message] of [
      [{ options: ['Only one'] }, POLL_MSG.optionsMin],
      [{ options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) }, POLL_MSG.optionsMax],
      [{ options: ['Yes', '   '] }, POLL_MSG.optionEmpty],
      [{ options: ['Yes', 'x'.repeat(81)] }, POLL_MSG.optionMax],
      [{ options: ['Yes', 'yes'] }, POLL_MSG.optionsRepeated],
      [{ options: ['Yes', 'No'], closesAt: soon }, POLL_MSG.closesAt],
      [{ options: ['Yes', 'No'], closesAt: far }, POLL_MSG.closesAt],
      [{ options: ['Yes', 'No'], closesAt: 'tomorrow' }, POLL_MSG.closesAt],
      [{ options: ['Yes', 'No'], results: 'never' }, POLL_MSG.results],
      [{ options: ['Yes', 'No'], multiple: 'yes' }, POLL_MSG.multiple],
      [{ options: 'Yes, No' }, POLL_MSG.optionsMin],
    ] as const) {
      const res = await write(poll);
      expect(res.statusCode, JSON.stringify(poll)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(poll)).toContain(message);
    }
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(polls))[0]!.n).toBe(before);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts))[0]!.n).toBe(postsBefore);
  });

  it('a member votes, changes and withdraws; counts show once they voted and move with each change', async () => {
    const post = await pollPost();
    const [yes, no] = post.poll!.options.map((o) => o.id);
    const res = await vote(post.id, [yes], voter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ myVotes: [yes], voters: 1 });
    expect(counts(res.json())).toEqual([1, 0, 0]);
    // Someone who has not voted still sees no counts (nor does a guest).
    expect((await read(post.id, other)).voters).toBeNull();
    expect(counts(await read(post.id))).toEqual([null, null, null]);
    expect(counts((await vote(post.id, [no], other)).json())).toEqual([1, 1, 0]);
    const changed = (await vote(post.id, [no], voter)).json() as TPoll;
    expect(changed).toMatchObject({ myVotes: [no], voters: 2 });
    expect(counts(changed)).toEqual([0, 2, 0]);
    const withdrawn = (await vote(post.id, [], voter)).json() as TPoll;
    expect(withdrawn).toMatchObject({ myVotes: [], voters: null });
    expect(counts((await read(post.id, other)))).toEqual([0, 1, 0]);
    expect((await read(post.id, other)).voters).toBe(1);
    // The same choice again changes nothing.
    expect(counts((await vote(post.id, [no], other)).json())).toEqual([0, 1, 0]);
  });

  it('who may not vote, and bad choices: nothing changes', async () => {
    const post = await pollPost();
    const [yes, no] = post.poll!.options.map((o) => o.id);
    expect((await vote(post.id, [yes], null)).statusCode).toBe(401);
    expect((await vote(post.id, [yes], await member(t, 'unverified'))).statusCode).toBe(403);
    const gone = await member(t);
    await suspend(t.database.db, gone.id);
    expect((await vote(post.id, [yes], gone)).statusCode).toBe(401);
    // Four fresh accounts are four refusals: votes open at the Basic level.
    for (const fresh of [newcomer, await member(t, 'newcomer'), await member(t, 'newcomer'), await member(t, 'newcomer')]) {
      const res = await vote(post.id, [yes], fresh);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: POLL_MSG.newAccount });
    }
    expect(await read(post.id, newcomer)).toMatchObject({ canVote: false });
    expect((await vote(post.id, [yes, no], voter)).json()).toMatchObject({ message: POLL_MSG.chooseOne });
    const elsewhere = await pollPost();
    expect((await vote(post.id, [elsewhere.poll!.options[0]!.id], voter)).json()).toMatchObject({ message: POLL_MSG.chooseFromPoll });
    for (const bad of ['1', [0], [yes, yes], 'x', [1.5]]) expect((await vote(post.id, bad, voter)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await call(t, 'PUT', `/api/forum/posts/${post.id}/poll/vote`, { cookie: voter.cookie, body: {} })).statusCode).toBe(400);
    const plain = await call(t, 'POST', '/api/forum/posts', { cookie: other.cookie, body: { title: 'No poll on this one', content: 'Just asking.', categoryId } });
    const noPoll = await vote(plain.json().id, [yes], voter);
    expect(noPoll.statusCode).toBe(404);
    expect(noPoll.json()).toMatchObject({ message: POLL_MSG.noPoll });
    expect((await vote(99_999_999, [yes], voter)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(polls).where(eq(polls.postId, post.id));
    expect(row!.voterCount).toBe(0);
    expect(await t.database.db.select().from(pollVotes).where(eq(pollVotes.postId, post.id))).toEqual([]);
  });

  it('multiple choice: several options at once; results "always" show to guests; "after close" to nobody until it closes', async () => {
    const many = await pollPost({ multiple: true, results: 'always' });
    const [a, b, c] = many.poll!.options.map((o) => o.id);
    expect(counts(await read(many.id))).toEqual([0, 0, 0]);
    expect(counts((await vote(many.id, [a, c], voter)).json())).toEqual([1, 0, 1]);
    expect(counts((await vote(many.id, [b, c], voter)).json())).toEqual([0, 1, 1]);
    expect(await read(many.id)).toMatchObject({ voters: 1 });
    // The guest's cached page moved with the vote.
    expect(counts(await read(many.id))).toEqual([0, 1, 1]);

    const sealed = await pollPost({ results: 'after_close' });
    const [yes] = sealed.poll!.options.map((o) => o.id);
    expect((await vote(sealed.id, [yes], voter)).json()).toMatchObject({ voters: null, myVotes: [yes] });
    expect(counts(await read(sealed.id, voter))).toEqual([null, null, null]);
    const closed = await close(sealed.id, author);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closed: true, voters: 1, canVote: false, canClose: false });
    expect(counts(await read(sealed.id))).toEqual([1, 0, 0]);
  });

  it('closing: by time, by its author, by a moderator (audited); then no vote and no second close', async () => {
    const timed = await pollPost({ closesAt: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect(timed.poll!.closesAt).not.toBeNull();
    await t.database.db.update(polls).set({ closesAt: new Date(Date.now() - 1000) }).where(eq(polls.postId, timed.id));
    const late = await vote(timed.id, [timed.poll!.options[0]!.id], voter);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: POLL_MSG.closed });
    expect(await read(timed.id)).toMatchObject({ closed: true, voters: 0 });

    const post = await pollPost();
    expect((await close(post.id, null)).statusCode).toBe(401);
    const notTheirs = await close(post.id, other);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ message: POLL_MSG.closeOwn });
    expect((await close(post.id, moderator)).statusCode).toBe(200);
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'post.poll_close', actorId: moderator.id, targetId: String(post.id) });
    expect((await close(post.id, author)).json()).toMatchObject({ message: POLL_MSG.closed });
    expect((await vote(post.id, [post.poll!.options[0]!.id], voter)).statusCode).toBe(409);
  });

  it("a poll closes by the services' clock: once its time has passed there, the post says closed, as a vote finds it", async () => {
    let ahead = 0;
    const moved = await buildTestApp(kind, {}, { clock: { now: () => new Date(Date.now() + ahead) } });
    try {
      const [writer, reader] = [await member(moved), await member(moved)];
      const category = await addCategory(moved.database.db, 'Depots');
      const body = { title: 'Is the depot open on Boxing Day?', content: 'Ours says yes, the app says no.', categoryId: category.id, poll: { options: ['Yes', 'No'], closesAt: new Date(Date.now() + 2 * HOUR).toISOString() } };
      const created = await call(moved, 'POST', '/api/forum/posts', { cookie: writer.cookie, body });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as TPostDetail;
      ahead = 3 * HOUR;
      const seen = ((await call(moved, 'GET', `/api/forum/posts/${id}`, { cookie: reader.cookie })).json() as TPostDetail).poll!;
      expect(seen).toMatchObject({ closed: true, canVote: false });
      const late = await call(moved, 'PUT', `/api/forum/posts/${id}/poll/vote`, { cookie: reader.cookie, body: { optionIds: [seen.options[0]!.id] } });
      expect(late.json()).toMatchObject({ message: POLL_MSG.closed });
    } finally {
      await moved.close();
    }
  });

  it("a poll's live counts follow the services' clock too: by it a poll counted after its close is still open, and a vote sends nobody its counts", async () => {
    let offset = 0;
    const behind = await buildTestApp(kind, {}, { clock: { now: () => new Date(Date.now() + offset) } });
    try {
      const [writer, reader, watcher] = [await member(behind), await member(behind), await member(behind)];
      const category = await addCategory(behind.database.db, 'Rounds');
      // Three hours behind the system: the poll closes an hour before the system's now, two after the services'.
      offset = -3 * HOUR;
      const poll = { options: ['Yes', 'No'], results: 'after_close', closesAt: new Date(Date.now() - HOUR).toISOString() };
      const created = await call(behind, 'POST', '/api/forum/posts', { cookie: writer.cookie, body: { title: 'Is the Sunday round worth it?', content: 'Time and a half, they say.', categoryId: category.id, poll } });
      expect(created.statusCode, created.body).toBe(201);
      const post = created.json() as TPostDetail;
      expect(post.poll).toMatchObject({ closed: false, voters: null });
      const socket = await connect(await listen(behind), watcher.cookie);
      try {
        socket.send({ type: 'subscribe_post', postId: post.id });
        await socket.next('post_subscribed');
        const voted = await call(behind, 'PUT', `/api/forum/posts/${post.id}/poll/vote`, { cookie: reader.cookie, body: { optionIds: [post.poll!.options[0]!.id] } });
        expect(voted.statusCode, voted.body).toBe(200);
        // Closed by its author, it sends its counts: that frame, and no earlier one from the vote.
        const closed = await call(behind, 'POST', `/api/forum/posts/${post.id}/poll/close`, { cookie: writer.cookie });
        expect(closed.statusCode, closed.body).toBe(200);
        expect(await socket.next('post_poll')).toMatchObject({ closed: true, voters: 1 });
        socket.send({ type: 'ping' });
        await socket.next('pong');
        expect(socket.frames.filter((f) => f.type === 'post_poll')).toHaveLength(1);
      } finally {
        await socket.close();
      }
    } finally {
      await behind.close();
    }
  });

  it('a level’s daily votes: past them, 429 with when again; a vote changed counts', async () => {
    const post = await pollPost();
    const basic = await member(t);
    await t.database.db.update(users).set({ trustLevel: 1 }).where(eq(users.id, basic.id));
    // 50 votes today (level 1's allowance) on other polls, written straight to the table.
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await pollPost({ multiple: true, options: Array.from({ length: 10 }, (_, j) => `Choice ${i}-${j}`) }));
    for (const p of made) {
      await t.database.db.insert(pollVotes).values(p.poll!.options.map((o) => ({ optionId: o.id, postId: p.id, userId: basic.id, createdAt: new Date(Date.now() - HOUR) })));
    }
    const res = await vote(post.id, [post.poll!.options[0]!.id], basic);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^You can vote again /);
    expect(res.headers['retry-after']).toBeDefined();
    // Withdrawing is never limited.
    expect((await vote(post.id, [], basic)).statusCode).toBe(200);
  });

  it('readers with the thread open get the counts they may see, never a name', async () => {
    const url = await listen(t);
    const post = await pollPost();
    const [yes] = post.poll!.options.map((o) => o.id);
    await vote(post.id, [yes], other); // other has voted: they see counts
    const watching = [await connect(url, other.cookie), await connect(url, moderator.cookie)];
    try {
      for (const s of watching) {
        s.send({ type: 'subscribe_post', postId: post.id });
        await s.next('post_subscribed');
      }
      await vote(post.id, [yes], voter);
      const frame = await watching[0]!.next('post_poll');
      expect(frame).toMatchObject({ postId: post.id, voters: 2, closed: false });
      expect(frame.options.map((o: { votes: number }) => o.votes)).toEqual([2, 0, 0]);
      expect(JSON.stringify(frame)).not.toContain(voter.username);
      // The moderator has not voted: no counts reach them until the poll closes.
      watching[1]!.send({ type: 'ping' });
      await watching[1]!.next('pong');
      expect(watching[1]!.frames.some((f) => f.type === 'post_poll')).toBe(false);
      await close(post.id, author);
      expect(await watching[1]!.next('post_poll')).toMatchObject({ closed: true, voters: 2 });
    } finally {
      await Promise.all(watching.map((s) => s.close()));
    }
  });

  it('a held post keeps its poll through the review queue; a member’s export has their poll votes', async () => {
    const admin = await member(t, 'admin');
    const word = await call(t, 'POST', '/api/admin/watched-words', { cookie: admin.cookie, body: { phrase: 'rate card', action: 'require_approval' } });
    const held = await call(t, 'POST', '/api/forum/posts', {
      cookie: other.cookie,
      body: { title: 'Did you get the new rate card?', content: 'The rate card came today.', categoryId, poll: { options: ['Yes', 'No'] } },
    });
    expect(held.statusCode, held.body).toBe(202);
    const approved = await call(t, 'POST', `/api/admin/review/${held.json().heldItem.id}/approve`, { cookie: admin.cookie });
    expect(approved.statusCode, approved.body).toBe(200);
    const href = approved.json().item.href as string;
    const published = (await call(t, 'GET', `/api/forum/posts/${href.split('/').pop()}`)).json() as TPostDetail;
    expect(published.poll!.options.map((o) => o.text)).toEqual(['Yes', 'No']);
    await call(t, 'DELETE', `/api/admin/watched-words/${word.json().id}`, { cookie: admin.cookie });

    await vote(published.id, [published.poll!.options[1]!.id], voter);
    const data = (await call(t, 'GET', '/api/auth/me/export', { cookie: voter.cookie })).json();
    expect(data.votes.polls).toContainEqual(expect.objectContaining({ postId: published.id, option: 'No' }));
    const [option] = await t.database.db.select().from(pollOptions).where(eq(pollOptions.id, published.poll!.options[1]!.id));
    expect(option!.voteCount).toBe(1);
  });
});
