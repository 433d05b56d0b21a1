import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TVoteResponse } from '../../../common/contracts/forum-engagement.ts';
import { ENGAGEMENT_MSG } from '../../../common/rules/forum.ts';
import type { TVoteType } from '../../../common/contracts/forum.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Core } from '../../core.ts';
import type { Events } from '../../events.ts';
import { commentVotes, comments, postVotes, posts } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import { hotScore, voteType } from '../posts/index.ts';

type Value = 1 | -1;

/**
 * Spec §4: the same vote again removes it, the other one replaces it. Returns the stored value after
 * the vote (null: no vote) and how the two counters move, derived from the old and new value.
 */
export function applyVote(old: number | null, requested: TVoteType) {
  const want: Value = requested === 'upvote' ? 1 : -1;
  const next: Value | null = old === want ? null : want;
  const up = (next === 1 ? 1 : 0) - (old === 1 ? 1 : 0);
  const down = (next === -1 ? 1 : 0) - (old === -1 ? 1 : 0);
  return { next, up, down };
}

// Concurrency: each vote locks its target row (SELECT … FOR UPDATE) before reading the voter's row,
// so votes on one post or comment run one after the other. Two identical requests of one member can
// therefore never both see "no vote yet" and count twice; the second sees the first's result and
// toggles it off. Counters move by the delta of old → new value, floored at 0 (GREATEST), in the
// same transaction as the vote row, and the answer is read from that transaction. The votes.changed
// event is recorded in it too (issue 29): the post's live readers hear of a vote that committed, and of
// no other.

/** In the vote's transaction: the post's live readers see the new counts once it commits (never whose vote it was). */
const countsChanged = (tx: Tx, events: Events, actorId: number, target: 'post' | 'comment', id: number, postId: number, counts: { upvotes: number; downvotes: number }) =>
  events.publish('votes.changed', { actorId, target, id, postId, upvotes: counts.upvotes, downvotes: counts.downvotes }, tx);

/** POST /api/forum/posts/:id/vote. 404 for a missing or deleted post. Recomputes the post's hot score. */
async function votePost(db: Db, events: Events, postId: number, userId: number, requested: TVoteType): Promise<TVoteResponse> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ upvotes: posts.upvotes, downvotes: posts.downvotes, commentCount: posts.commentCount, createdAt: posts.createdAt })
      .from(posts)
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .for('update');
    if (!post) throw notFound(ENGAGEMENT_MSG.postNotFound);

    const [existing] = await tx
      .select({ value: postVotes.value })
      .from(postVotes)
      .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)));
    const { next, up, down } = applyVote(existing?.value ?? null, requested);

    if (next === null) {
      await tx.delete(postVotes).where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)));
    } else {
      await tx
        .insert(postVotes)
        .values({ postId, userId, value: next })
        .onConflictDoUpdate({ target: [postVotes.postId, postVotes.userId], set: { value: next } });
    }

    // The row is locked, so these are exactly what the UPDATE below will store.
    const upvotes = Math.max(post.upvotes + up, 0);
    const downvotes = Math.max(post.downvotes + down, 0);
    const [counts] = await tx
      .update(posts)
      .set({
        upvotes: sql`greatest(${posts.upvotes} + ${up}, 0)`,
        downvotes: sql`greatest(${posts.downvotes} + ${down}, 0)`,
        hotScore: hotScore(upvotes, downvotes, post.commentCount, post.createdAt),
      })
      .where(eq(posts.id, postId))
      .returning({ upvotes: posts.upvotes, downvotes: posts.downvotes });
    await countsChanged(tx, events, userId, 'post', postId, postId, counts);
    return { upvotes: counts.upvotes, downvotes: counts.downvotes, userVote: voteType(next ?? undefined) };
  });
}

/** POST /api/forum/comments/:id/vote. 404 for a missing or deleted comment, or one on a deleted post. */
async function voteComment(db: Db, events: Events, commentId: number, userId: number, requested: TVoteType): Promise<TVoteResponse> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: comments.id, postId: comments.postId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt), isNull(posts.deletedAt)))
      .for('update', { of: comments });
    if (!comment) throw notFound(ENGAGEMENT_MSG.commentNotFound);

    const [existing] = await tx
      .select({ value: commentVotes.value })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
    const { next, up, down } = applyVote(existing?.value ?? null, requested);

    if (next === null) {
      await tx.delete(commentVotes).where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId)));
    } else {
      await tx
        .insert(commentVotes)
        .values({ commentId, userId, value: next })
        .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.userId], set: { value: next } });
    }

    const [counts] = await tx
      .update(comments)
      .set({
        upvotes: sql`greatest(${comments.upvotes} + ${up}, 0)`,
        downvotes: sql`greatest(${comments.downvotes} + ${down}, 0)`,
      })
      .where(eq(comments.id, commentId))
      .returning({ upvotes: comments.upvotes, downvotes: comments.downvotes });
    await countsChanged(tx, events, userId, 'comment', commentId, comment.postId, counts);
    return { upvotes: counts.upvotes, downvotes: counts.downvotes, userVote: voteType(next ?? undefined) };
  });
}

/** The votes service: buildApp creates it once from the core. */
export function createVoteService({ db, events }: Pick<Core, 'db' | 'events'>) {
  return {
    votePost: (postId: number, userId: number, requested: TVoteType): Promise<TVoteResponse> => votePost(db, events, postId, userId, requested),
    voteComment: (commentId: number, userId: number, requested: TVoteType): Promise<TVoteResponse> => voteComment(db, events, commentId, userId, requested),
  };
}
export type VoteService = ReturnType<typeof createVoteService>;
