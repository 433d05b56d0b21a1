import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/index.ts';
import { hotScore, lastActivityNow, qaStateUnsolved } from '../posts/index.ts';

// Flags hide (issue 28 item 5) for comments: hidden is deleted_at and hidden_at together, so every read
// that leaves deleted comments out leaves it out too; its post's comment_count and hot_score move as a
// delete moves them, and back on a restore. The thread shows it as "Hidden while moderators review it"
// (posts/thread.ts). The reports module calls these inside its own transaction.

export type HiddenComment = { id: number; postId: number; authorId: number | null; postTitle: string; commentCount: number };

/**
 * The comment's post locked: post first, then comment, the lock order of every comment write. `live`
 * asks for a post that is not deleted; a restore takes the post as it is (it gives back what the hide
 * took even from a post deleted since).
 */
async function lockPostOf(tx: Tx, commentId: number, live: boolean) {
  const [ref] = await tx.select({ postId: comments.postId }).from(comments).where(eq(comments.id, commentId));
  if (!ref) return undefined;
  const [post] = await tx
    .select({ id: posts.id, title: posts.title, upvotes: posts.upvotes, downvotes: posts.downvotes, commentCount: posts.commentCount, createdAt: posts.createdAt })
    .from(posts)
    .where(live ? and(eq(posts.id, ref.postId), isNull(posts.deletedAt)) : eq(posts.id, ref.postId))
    .for('update');
  return post;
}

/**
 * comment_count moves by `delta` (never below 0), the popular order's score with it and the latest activity
 * is read again, as a delete or a new comment moves them: a hidden reply stops bumping its post, a restored
 * one bumps it again (to its own time).
 */
async function moveCount(tx: Tx, post: NonNullable<Awaited<ReturnType<typeof lockPostOf>>>, delta: 1 | -1): Promise<number> {
  const commentCount = Math.max(0, post.commentCount + delta);
  await tx
    .update(posts)
    .set({
      commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)`,
      hotScore: hotScore(post.upvotes, post.downvotes, commentCount, post.createdAt),
      lastActivityAt: lastActivityNow,
    })
    .where(eq(posts.id, post.id));
  return commentCount;
}

/**
 * A reply that is deleted or hidden is no longer its post's accepted answer (issue 33): "solved" is the
 * post's column alone, so it is cleared here, in the same transaction; a restored reply is not re-accepted.
 */
export async function unacceptRemovedReply(tx: Tx, postId: number, commentId: number): Promise<void> {
  await tx.update(posts).set({ acceptedCommentId: null, qaState: qaStateUnsolved }).where(and(eq(posts.id, postId), eq(posts.acceptedCommentId, commentId)));
}

/** Hides a live comment on a live post (null when either is gone). */
export async function hideComment(tx: Tx, id: number, now: Date): Promise<HiddenComment | null> {
  const post = await lockPostOf(tx, id, true);
  if (!post) return null;
  const [done] = await tx
    .update(comments)
    .set({ deletedAt: now, hiddenAt: now, updatedAt: now })
    .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
    .returning({ id: comments.id, authorId: comments.authorId });
  if (!done) return null;
  const commentCount = await moveCount(tx, post, -1);
  await unacceptRemovedReply(tx, post.id, id);
  return { id, postId: post.id, authorId: done.authorId, postTitle: post.title, commentCount };
}

/** A moderator rejected the flags: the comment is back and counted. Null when it is not hidden. */
export async function restoreComment(tx: Tx, id: number, now: Date): Promise<HiddenComment | null> {
  const post = await lockPostOf(tx, id, false);
  if (!post) return null;
  const [done] = await tx
    .update(comments)
    .set({ deletedAt: null, hiddenAt: null, updatedAt: now })
    .where(and(eq(comments.id, id), isNotNull(comments.hiddenAt)))
    .returning({ id: comments.id, authorId: comments.authorId });
  if (!done) return null;
  const commentCount = await moveCount(tx, post, 1);
  return { id, postId: post.id, authorId: done.authorId, postTitle: post.title, commentCount };
}

/** A moderator upheld the flags: the comment stays removed, as a deleted one. Null when it is not hidden. */
export async function upholdComment(tx: Tx, id: number, now: Date): Promise<HiddenComment | null> {
  const [done] = await tx
    .update(comments)
    .set({ hiddenAt: null, updatedAt: now })
    .where(and(eq(comments.id, id), isNotNull(comments.hiddenAt)))
    .returning({ id: comments.id, postId: comments.postId, authorId: comments.authorId });
  if (!done) return null;
  const [post] = await tx.select({ title: posts.title, commentCount: posts.commentCount }).from(posts).where(eq(posts.id, done.postId));
  return { id, postId: done.postId, authorId: done.authorId, postTitle: post.title, commentCount: post.commentCount };
}
