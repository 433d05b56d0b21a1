import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReactionSummary, ZUserReactions } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import { REACTION_EMOJI } from '../../../common/reactions.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { get, post, signUp } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, insertComment, insertPost } from '../../test/forum.ts';
import { suspend } from '../../test/members.ts';
import { loadReactionSummaries, loadUserReactions, summarise } from './service.ts';

type Member = { id: number; cookie: string };
const [THUMBS, HEART, SMILE, , , , PARTY, TRUCK] = REACTION_EMOJI;

describe('summarise (spec §3, §9)', () => {
  it('keeps emoji with a count, ordered by count, ties in picker order, at most ten', () => {
    const s = summarise([
      { emoji: TRUCK, count: 2 },
      { emoji: HEART, count: 5 },
      { emoji: THUMBS, count: 2 },
      { emoji: SMILE, count: 0 },
      { emoji: 'not-an-emoji', count: 9 },
    ]);
    expect(s).toEqual({ [HEART]: { count: 5 }, [THUMBS]: { count: 2 }, [TRUCK]: { count: 2 } });
    expect(Object.keys(s)).toEqual([HEART, THUMBS, TRUCK]);

    const all = summarise(REACTION_EMOJI.map((emoji, i) => ({ emoji, count: 1 + (i % 3) })));
    expect(Object.keys(all)).toHaveLength(10);
    expect(Object.values(all).map((v) => v.count)).toEqual([3, 3, 3, 2, 2, 2, 1, 1, 1, 1]);
  });
});

describe.each(testDatabases)('reactions API (%s)', (kind) => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let suspended: Member;
  let categoryId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUp(t);
    bob = await signUp(t);
    suspended = await signUp(t);
    await suspend(t.database.db, suspended.id);
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const freshPost = (deleted = false) => insertPost(db(), { categoryId, authorId: alice.id, deleted });
  const react = (target: 'post' | 'comment', id: number | string, emoji: unknown, cookie?: string) =>
    post(t, `/api/forum/${target}s/${id}/reactions`, { emoji }, { cookie });

  describe.each(['post', 'comment'] as const)('on a %s', (target) => {
    let id: number;
    const notFound = target === 'post' ? ENGAGEMENT_MSG.postNotFound : ENGAGEMENT_MSG.commentNotFound;
    beforeAll(async () => {
      const p = await freshPost();
      id = target === 'post' ? p.id : (await insertComment(db(), { postId: p.id, authorId: bob.id })).id;
    });
    const summary = (cookie?: string) => get(t, `/api/forum/${target}s/${id}/reactions`, cookie);

    it('shows an empty summary to anyone before the first reaction', async () => {
      const res = await summary();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    });

    it('refuses guests and suspended members with 401, whatever the body', async () => {
      for (const cookie of [undefined, suspended.cookie]) {
        for (const emoji of [THUMBS, 'nope']) {
          const res = await react(target, id, emoji, cookie);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ message: 'Authentication required' });
        }
      }
      expect((await summary()).json()).toEqual({});
    });

    it('rejects an emoji outside the ten of spec §9', async () => {
      for (const body of [{ emoji: '💩' }, { emoji: '' }, {}, { emoji: 1 }]) {
        const res = await post(t, `/api/forum/${target}s/${id}/reactions`, body, { cookie: alice.cookie });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: ENGAGEMENT_MSG.unknownReaction, errors: { emoji: ENGAGEMENT_MSG.unknownReaction } });
      }
    });

    it('toggles a member’s reaction on and off, beside other members’ reactions', async () => {
      let res = await react(target, id, THUMBS, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ added: true, reactions: { [THUMBS]: { count: 1 } }, userReactions: [THUMBS] });

      res = await react(target, id, THUMBS, bob.cookie);
      expect(res.json()).toEqual({ added: true, reactions: { [THUMBS]: { count: 2 } }, userReactions: [THUMBS] });

      // The exact spec §3 shape, for guests too.
      const s = await summary();
      expect(s.body).toBe(JSON.stringify({ '👍': { count: 2 } }));
      expect(ZReactionSummary.parse(s.json())).toEqual({ '👍': { count: 2 } });

      res = await react(target, id, PARTY, alice.cookie);
      expect(res.json()).toEqual({
        added: true,
        reactions: { [THUMBS]: { count: 2 }, [PARTY]: { count: 1 } },
        userReactions: [THUMBS, PARTY],
      });

      res = await react(target, id, THUMBS, alice.cookie);
      expect(res.json()).toEqual({
        added: false,
        reactions: { [THUMBS]: { count: 1 }, [PARTY]: { count: 1 } },
        userReactions: [PARTY],
      });
      // Bob's reaction is untouched by Alice's toggles.
      expect((await summary(bob.cookie)).json()).toEqual({ [THUMBS]: { count: 1 }, [PARTY]: { count: 1 } });

      res = await react(target, id, PARTY, alice.cookie);
      expect(res.json()).toEqual({ added: false, reactions: { [THUMBS]: { count: 1 } }, userReactions: [] });
    });

    it('answers 404 for a missing target or an id that is not one', async () => {
      for (const bad of [2_000_000_000, 'abc', '0']) {
        const g = await get(t, `/api/forum/${target}s/${bad}/reactions`);
        expect(g.statusCode).toBe(404);
        expect(g.json().message).toBe(notFound);
        const p = await react(target, bad, THUMBS, alice.cookie);
        expect(p.statusCode).toBe(404);
        expect(p.json().message).toBe(notFound);
      }
    });
  });

  it('answers 404 for a deleted post, a deleted comment and a comment of a deleted post', async () => {
    const gone = await freshPost(true);
    const live = await freshPost();
    const deletedComment = await insertComment(db(), { postId: live.id, authorId: bob.id, deleted: true });
    const orphan = await insertComment(db(), { postId: gone.id, authorId: bob.id });
    for (const [target, id] of [['post', gone.id], ['comment', deletedComment.id], ['comment', orphan.id]] as const) {
      expect((await get(t, `/api/forum/${target}s/${id}/reactions`)).statusCode).toBe(404);
      expect((await react(target, id, THUMBS, alice.cookie)).statusCode).toBe(404);
    }
    expect((await get(t, `/api/forum/posts/${gone.id}/user-reactions`, alice.cookie)).statusCode).toBe(404);
  });

  it('orders a busy summary by count, ties in picker order', async () => {
    const p = await freshPost();
    await react('post', p.id, TRUCK, alice.cookie);
    await react('post', p.id, HEART, alice.cookie);
    await react('post', p.id, TRUCK, bob.cookie);
    await react('post', p.id, SMILE, bob.cookie);
    const res = await get(t, `/api/forum/posts/${p.id}/reactions`);
    expect(res.body).toBe(JSON.stringify({ [TRUCK]: { count: 2 }, [HEART]: { count: 1 }, [SMILE]: { count: 1 } }));
  });

  describe('user reactions', () => {
    it('lists the member’s reactions on the post and on its comments, keyed by comment id', async () => {
      const p = await freshPost();
      const c1 = await insertComment(db(), { postId: p.id, authorId: bob.id });
      const c2 = await insertComment(db(), { postId: p.id, authorId: bob.id });
      const other = await freshPost();
      const elsewhere = await insertComment(db(), { postId: other.id, authorId: bob.id });

      await react('post', p.id, PARTY, alice.cookie);
      await react('post', p.id, THUMBS, alice.cookie);
      await react('comment', c1.id, HEART, alice.cookie);
      await react('comment', c1.id, THUMBS, alice.cookie);
      await react('comment', elsewhere.id, HEART, alice.cookie);
      await react('post', other.id, HEART, alice.cookie);
      await react('comment', c2.id, TRUCK, bob.cookie);
      await react('post', p.id, SMILE, bob.cookie);

      const res = await get(t, `/api/forum/posts/${p.id}/user-reactions`, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        postReactions: [THUMBS, PARTY],
        commentReactions: { [String(c1.id)]: [THUMBS, HEART] },
      });
      expect(ZUserReactions.parse(res.json())).toBeTruthy();

      // Another member sees only their own.
      expect((await get(t, `/api/forum/posts/${p.id}/user-reactions`, bob.cookie)).json()).toEqual({
        postReactions: [SMILE],
        commentReactions: { [String(c2.id)]: [TRUCK] },
      });

      // The helpers the post page reuses: one query each.
      expect(await loadUserReactions(db(), alice.id, p.id)).toEqual(res.json());
      const summaries = await loadReactionSummaries(db(), 'comment', [c1.id, c2.id, elsewhere.id, 2_000_000_000]);
      expect(Object.fromEntries(summaries)).toEqual({
        [c1.id]: { [THUMBS]: { count: 1 }, [HEART]: { count: 1 } },
        [c2.id]: { [TRUCK]: { count: 1 } },
        [elsewhere.id]: { [HEART]: { count: 1 } },
        2000000000: {},
      });
      expect(await loadReactionSummaries(db(), 'post', [])).toEqual(new Map());
    });

    it('is empty for a member who has not reacted', async () => {
      const p = await freshPost();
      const res = await get(t, `/api/forum/posts/${p.id}/user-reactions`, bob.cookie);
      expect(res.json()).toEqual({ postReactions: [], commentReactions: {} });
    });

    it('refuses guests and suspended members, and answers 404 for a missing post', async () => {
      const p = await freshPost();
      for (const cookie of [undefined, suspended.cookie]) {
        const res = await get(t, `/api/forum/posts/${p.id}/user-reactions`, cookie);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Authentication required' });
      }
      expect((await get(t, '/api/forum/posts/2000000000/user-reactions', alice.cookie)).statusCode).toBe(404);
      expect((await get(t, '/api/forum/posts/abc/user-reactions', alice.cookie)).statusCode).toBe(404);
    });
  });
});
