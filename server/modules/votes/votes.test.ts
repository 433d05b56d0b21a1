import { and, count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVoteResponse } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import type { Db, Tx } from '../../db/client.ts';
import { commentVotes, comments, postVotes, posts, users } from '../../db/schema/index.ts';
import type { Events } from '../../events.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, post, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../../test/forum.ts';
import { insertMember, suspend } from '../../test/members.ts';
import { hotScore } from '../posts/index.ts';
import { applyVote, createVoteService } from './service.ts';

type Member = { id: number; cookie: string };
type Target = 'post' | 'comment';

describe('applyVote (spec §4)', () => {
  it('adds, removes with the same vote again, and moves one count across on a switch', () => {
    expect(applyVote(null, 'upvote')).toEqual({ next: 1, up: 1, down: 0 });
    expect(applyVote(null, 'downvote')).toEqual({ next: -1, up: 0, down: 1 });
    expect(applyVote(1, 'upvote')).toEqual({ next: null, up: -1, down: 0 });
    expect(applyVote(-1, 'downvote')).toEqual({ next: null, up: 0, down: -1 });
    expect(applyVote(1, 'downvote')).toEqual({ next: -1, up: -1, down: 1 });
    expect(applyVote(-1, 'upvote')).toEqual({ next: 1, up: 1, down: -1 });
  });
});

describe.each(testDatabases)('votes API (%s)', (kind) => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let suspended: Member;
  let categoryId: number;
  const members: Member[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    for (let i = 0; i < 5; i++) members.push(await signUp(t));
    // A month old: these tests are about vote semantics, inside the established MEMBER_LIMITS.vote.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 3_600_000) })
      .where(inArray(users.id, members.map((m) => m.id)));
    [alice, bob] = members;
    suspended = await signUp(t);
    await suspend(t.database.db, suspended.id);
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const freshPost = (opts: { deleted?: boolean; createdAt?: Date } = {}) => insertPost(db(), { categoryId, authorId: alice.id, ...opts });
  const url = (target: Target, id: number | string) => `/api/forum/${target}s/${id}/vote`;
  const vote = (target: Target, id: number | string, voteType: string, cookie?: string) =>
    post(t, url(target, id), { voteType }, { cookie });

  async function postRow(id: number) {
    const [row] = await db().select().from(posts).where(eq(posts.id, id));
    return row;
  }
  async function commentRow(id: number) {
    const [row] = await db().select().from(comments).where(eq(comments.id, id));
    return row;
  }

  describe.each(['post', 'comment'] as const)('on a %s', (target) => {
    let targetId: number;
    beforeAll(async () => {
      const p = await freshPost();
      targetId = target === 'post' ? p.id : (await insertComment(db(), { postId: p.id, authorId: bob.id })).id;
    });
    const counts = async () => (target === 'post' ? postRow(targetId) : commentRow(targetId));

    it('refuses guests with the spec §5 message and changes nothing', async () => {
      const res = await vote(target, targetId, 'upvote');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: ENGAGEMENT_MSG.voteLoginRequired });
      // Even with a bad body a guest is told to sign in.
      expect((await post(t, url(target, targetId), { voteType: 'sideways' })).statusCode).toBe(401);
      expect(await counts()).toMatchObject({ upvotes: 0, downvotes: 0 });
    });

    it('treats a suspended member as a guest', async () => {
      const res = await vote(target, targetId, 'upvote', suspended.cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ENGAGEMENT_MSG.voteLoginRequired);
      expect(await counts()).toMatchObject({ upvotes: 0, downvotes: 0 });
    });

    it('rejects a vote type other than upvote or downvote', async () => {
      for (const body of [{ voteType: 'sideways' }, {}, { voteType: 1 }]) {
        const res = await post(t, url(target, targetId), body, { cookie: alice.cookie });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: ENGAGEMENT_MSG.voteType, errors: { voteType: ENGAGEMENT_MSG.voteType } });
      }
    });

    it('follows spec §4: up, same again removes, switching moves one count across', async () => {
      const steps: Array<[Member, string, TVoteResponse]> = [
        [alice, 'upvote', { upvotes: 1, downvotes: 0, userVote: 'upvote' }],
        [alice, 'upvote', { upvotes: 0, downvotes: 0, userVote: null }],
        [alice, 'upvote', { upvotes: 1, downvotes: 0, userVote: 'upvote' }],
        [alice, 'downvote', { upvotes: 0, downvotes: 1, userVote: 'downvote' }],
        // Another member's vote is counted beside it and answers with that member's own vote.
        [bob, 'downvote', { upvotes: 0, downvotes: 2, userVote: 'downvote' }],
        [alice, 'upvote', { upvotes: 1, downvotes: 1, userVote: 'upvote' }],
        [bob, 'downvote', { upvotes: 1, downvotes: 0, userVote: null }],
        [alice, 'upvote', { upvotes: 0, downvotes: 0, userVote: null }],
      ];
      for (const [who, voteType, expected] of steps) {
        const res = await vote(target, targetId, voteType, who.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(expected);
        expect(await counts()).toMatchObject({ upvotes: expected.upvotes, downvotes: expected.downvotes });
      }
    });

    it('never takes a counter below 0, even when it had drifted', async () => {
      expect((await vote(target, targetId, 'downvote', bob.cookie)).json()).toMatchObject({ downvotes: 1 });
      const table = target === 'post' ? posts : comments;
      await db().update(table).set({ downvotes: 0 }).where(eq(table.id, targetId));
      const res = await vote(target, targetId, 'downvote', bob.cookie);
      expect(res.json()).toEqual({ upvotes: 0, downvotes: 0, userVote: null });
    });

    it('answers 404 for a missing target or an id that is not one', async () => {
      for (const id of [2_000_000_000, 0, 'abc', '99999999999', '-1']) {
        const res = await vote(target, id, 'upvote', alice.cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(target === 'post' ? ENGAGEMENT_MSG.postNotFound : ENGAGEMENT_MSG.commentNotFound);
      }
    });

    it('keeps 10 parallel identical votes of one member consistent with the vote row', async () => {
      const p = await freshPost();
      const id = target === 'post' ? p.id : (await insertComment(db(), { postId: p.id, authorId: bob.id })).id;
      const results = await Promise.all(Array.from({ length: 10 }, () => vote(target, id, 'upvote', alice.cookie)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const rows =
        target === 'post'
          ? await db().select().from(postVotes).where(eq(postVotes.postId, id))
          : await db().select().from(commentVotes).where(eq(commentVotes.commentId, id));
      const row = target === 'post' ? await postRow(id) : await commentRow(id);
      expect(rows.length).toBeLessThanOrEqual(1);
      expect(row.upvotes).toBe(rows.length);
      expect(row.downvotes).toBe(0);
      // Ten toggles one after the other end where they began.
      expect(row.upvotes).toBe(0);
    });

    it('counts parallel votes of different members without losing any', async () => {
      const p = await freshPost();
      const id = target === 'post' ? p.id : (await insertComment(db(), { postId: p.id, authorId: bob.id })).id;
      const results = await Promise.all(members.map((m, i) => vote(target, id, i % 2 ? 'downvote' : 'upvote', m.cookie)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(members.length).fill(200));
      const row = target === 'post' ? await postRow(id) : await commentRow(id);
      expect(row).toMatchObject({ upvotes: 3, downvotes: 2 });
    });
  });

  it('answers 404 for a deleted post, a deleted comment and a comment of a deleted post', async () => {
    const gone = await freshPost({ deleted: true });
    const live = await freshPost();
    const deletedComment = await insertComment(db(), { postId: live.id, authorId: bob.id, deleted: true });
    const orphan = await insertComment(db(), { postId: gone.id, authorId: bob.id });
    expect((await vote('post', gone.id, 'upvote', alice.cookie)).statusCode).toBe(404);
    expect((await vote('comment', deletedComment.id, 'upvote', alice.cookie)).statusCode).toBe(404);
    expect((await vote('comment', orphan.id, 'upvote', alice.cookie)).statusCode).toBe(404);
    expect(await postRow(gone.id)).toMatchObject({ upvotes: 0 });
  });

  it('recomputes the post hot score with its votes, and comment votes leave the post alone', async () => {
    const createdAt = new Date('2026-03-01T10:00:00Z');
    const p = await freshPost({ createdAt });
    await db().update(posts).set({ commentCount: 3 }).where(eq(posts.id, p.id));
    const c = await insertComment(db(), { postId: p.id, authorId: bob.id });
    const before = (await postRow(p.id)).hotScore;

    for (const m of members.slice(0, 4)) await vote('post', p.id, 'upvote', m.cookie);
    await vote('post', p.id, 'downvote', members[4].cookie);
    const after = await postRow(p.id);
    expect(after).toMatchObject({ upvotes: 4, downvotes: 1 });
    expect(after.hotScore).toBeCloseTo(hotScore(4, 1, 3, createdAt), 9);
    expect(after.hotScore).not.toBe(before);

    await vote('comment', c.id, 'downvote', alice.cookie);
    expect(await postRow(p.id)).toEqual(after);

    await vote('post', p.id, 'downvote', members[4].cookie); // removes it
    expect((await postRow(p.id)).hotScore).toBeCloseTo(hotScore(4, 0, 3, createdAt), 9);
  });

  it('shows the vote as userVote in the post list for the voter only', async () => {
    const p = await freshPost();
    await vote('post', p.id, 'downvote', alice.cookie);
    const find = (cookie?: string) =>
      get(t, '/api/forum/posts?limit=50', cookie).then((r) => (r.json() as TPostList).posts.find((x) => x.id === p.id));
    expect(await find(alice.cookie)).toMatchObject({ downvotes: 1, userVote: 'downvote' });
    expect(await find(bob.cookie)).toMatchObject({ downvotes: 1, userVote: null });
    expect(await find()).toMatchObject({ downvotes: 1, userVote: null });
  });

  // Issue 29: votes.changed is an outbox row of the vote's transaction, written after the vote: live
  // readers hear of a vote that committed, and of no other. Here recording the event fails, so the vote
  // must not be stored either (published after the commit, it was).
  it('records votes.changed in the vote’s transaction, after the vote: when recording it fails, no vote is stored', async () => {
    const p = await freshPost();
    const c = await insertComment(db(), { postId: p.id, authorId: bob.id });
    const published: Array<{ name: string; event: unknown; votesSeen: number }> = [];
    const failing = {
      async publish(name: string, event: unknown, tx?: Db | Tx) {
        if (!tx) throw new Error('votes.changed published outside the vote’s transaction');
        // Read through the transaction it was given: the vote is written, not yet committed.
        const [onPost] = await tx.select({ n: count() }).from(postVotes).where(eq(postVotes.postId, p.id));
        const [onComment] = await tx.select({ n: count() }).from(commentVotes).where(eq(commentVotes.commentId, c.id));
        published.push({ name, event, votesSeen: onPost.n + onComment.n });
        throw new Error('outbox unavailable');
      },
    } as unknown as Events;
    const votes = createVoteService({ db: db(), events: failing });

    await expect(votes.votePost(p.id, alice.id, 'upvote')).rejects.toThrow('outbox unavailable');
    await expect(votes.voteComment(c.id, alice.id, 'downvote')).rejects.toThrow('outbox unavailable');
    expect(published).toEqual([
      { name: 'votes.changed', event: { actorId: alice.id, target: 'post', id: p.id, postId: p.id, upvotes: 1, downvotes: 0 }, votesSeen: 1 },
      { name: 'votes.changed', event: { actorId: alice.id, target: 'comment', id: c.id, postId: p.id, upvotes: 0, downvotes: 1 }, votesSeen: 1 },
    ]);
    // Both rolled back with their event: no vote row, no count.
    expect(await postRow(p.id)).toMatchObject({ upvotes: 0, downvotes: 0 });
    expect(await commentRow(c.id)).toMatchObject({ upvotes: 0, downvotes: 0 });
    expect(await db().select().from(postVotes).where(eq(postVotes.postId, p.id))).toEqual([]);
    expect(await db().select().from(commentVotes).where(eq(commentVotes.commentId, c.id))).toEqual([]);
  });

  it('property: any sequence of votes leaves counts equal to a recount, never below 0', async () => {
    const step = fc.record({
      user: fc.integer({ min: 0, max: members.length - 1 }),
      target: fc.constantFrom<Target>('post', 'comment'),
      voteType: fc.constantFrom('upvote', 'downvote'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        // Fresh voters each run: the runs together cast far more votes than MEMBER_LIMITS.vote allows a minute.
        const voters = await Promise.all(members.map(() => insertMember(t)));
        const p = await freshPost();
        const c = await insertComment(db(), { postId: p.id, authorId: bob.id });
        const ids = { post: p.id, comment: c.id };
        const model = { post: new Map<number, number>(), comment: new Map<number, number>() };
        for (const s of steps) {
          const res = await vote(s.target, ids[s.target], s.voteType, voters[s.user].cookie);
          expect(res.statusCode).toBe(200);
          const body = res.json() as TVoteResponse;
          const { next } = applyVote(model[s.target].get(s.user) ?? null, s.voteType as 'upvote' | 'downvote');
          if (next === null) model[s.target].delete(s.user);
          else model[s.target].set(s.user, next);
          expect(body.userVote).toBe(next === 1 ? 'upvote' : next === -1 ? 'downvote' : null);
          expect(body.upvotes).toBeGreaterThanOrEqual(0);
          expect(body.downvotes).toBeGreaterThanOrEqual(0);
          const values = [...model[s.target].values()];
          expect(body).toMatchObject({ upvotes: values.filter((v) => v === 1).length, downvotes: values.filter((v) => v === -1).length });
        }

        // Recount from the vote rows themselves.
        const [postCount] = await db()
          .select({
            up: sql<number>`count(*) filter (where ${postVotes.value} = 1)`.mapWith(Number),
            down: sql<number>`count(*) filter (where ${postVotes.value} = -1)`.mapWith(Number),
          })
          .from(postVotes)
          .where(eq(postVotes.postId, p.id));
        const [commentCount] = await db()
          .select({
            up: sql<number>`count(*) filter (where ${commentVotes.value} = 1)`.mapWith(Number),
            down: sql<number>`count(*) filter (where ${commentVotes.value} = -1)`.mapWith(Number),
          })
          .from(commentVotes)
          .where(eq(commentVotes.commentId, c.id));
        const pr = await postRow(p.id);
        const cr = await commentRow(c.id);
        expect({ up: pr.upvotes, down: pr.downvotes }).toEqual(postCount);
        expect({ up: cr.upvotes, down: cr.downvotes }).toEqual(commentCount);
        expect(Math.min(pr.upvotes, pr.downvotes, cr.upvotes, cr.downvotes)).toBeGreaterThanOrEqual(0);
        expect(pr.hotScore).toBeCloseTo(hotScore(pr.upvotes, pr.downvotes, pr.commentCount, pr.createdAt), 9);
        // Each member has at most one vote per target (the primary key), matching the model.
        const aliceRow = await db()
          .select()
          .from(postVotes)
          .where(and(eq(postVotes.postId, p.id), eq(postVotes.userId, voters[0].id)));
        expect(aliceRow[0]?.value ?? null).toBe(model.post.get(0) ?? null);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
