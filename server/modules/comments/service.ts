import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  TComment,
  TCommentList,
  TCreateCommentRequest,
  TListCommentsQuery,
  TUpdateCommentRequest,
} from '../../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { comments, posts } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import {
  commentColumns,
  hotScore,
  loadCommentPage,
  mayDelete,
  mayEdit,
  presentComments,
  renderContent,
  type ContentPhotos,
  type Viewer,
} from '../posts/index.ts';

/** The post, locked for the counter update that follows; 404 when missing or deleted. */
async function lockLivePost(tx: Tx, postId: number) {
  const [post] = await tx
    .select({
      id: posts.id,
      isLocked: posts.isLocked,
      upvotes: posts.upvotes,
      downvotes: posts.downvotes,
      commentCount: posts.commentCount,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .for('update');
  if (!post) throw notFound(FORUM_MSG.postNotFound);
  return post;
}

/** comment_count moves by `delta` (never below 0) and the popular order's hot_score follows it. Returns the new count. */
async function moveCommentCount(tx: Tx, post: Awaited<ReturnType<typeof lockLivePost>>, delta: 1 | -1): Promise<number> {
  const commentCount = Math.max(0, post.commentCount + delta);
  await tx
    .update(posts)
    .set({
      commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)`,
      hotScore: hotScore(post.upvotes, post.downvotes, commentCount, post.createdAt),
    })
    .where(eq(posts.id, post.id));
  return commentCount;
}

/** GET /api/forum/posts/:id/comments. */
async function listComments(db: Db, postId: number, viewer: Viewer, query: TListCommentsQuery): Promise<TCommentList> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  if (!post) throw notFound(FORUM_MSG.postNotFound);
  if (query.after !== undefined) {
    const [cursor] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, query.after), eq(comments.postId, postId)));
    if (!cursor) throw badRequest('after must be a comment of this post', { after: 'after must be a comment of this post' });
  }
  return loadCommentPage(db, postId, viewer, { afterId: query.after, limit: query.limit });
}

/**
 * The author's comment sent earlier with this clientId (offline writes), if any: the answer to a
 * resend. One on another post is not this write (409); one deleted since is gone (404).
 */
async function commentByClientId(tx: Tx, authorId: number, postId: number, clientId: string | undefined) {
  if (clientId === undefined) return undefined;
  const [row] = await tx
    .select(commentColumns)
    .from(comments)
    .where(and(eq(comments.authorId, authorId), eq(comments.clientId, clientId)));
  if (!row) return undefined;
  if (row.postId !== postId) throw conflict(FORUM_MSG.clientIdOtherPost, { clientId: FORUM_MSG.clientIdOtherPost });
  if (row.deletedAt) throw notFound(FORUM_MSG.commentNotFound);
  return row;
}

/**
 * POST /api/forum/posts/:id/comments (verified member). One transaction: the post row is locked, the
 * comment inserted, comment_count and hot_score updated together. Admins may still comment on a locked post.
 * A clientId sent again (an offline write resent, an answer lost) is the comment already stored:
 * answered as it is, with no count or event, even if the post was locked since. The photos it shows
 * are recorded as used by it in the same transaction.
 */
async function createComment(
  db: Db,
  events: Events,
  uploads: ContentPhotos,
  user: SessionUser,
  postId: number,
  input: TCreateCommentRequest,
): Promise<TComment> {
  const { contentHtml, photoIds } = await renderContent(uploads, input.content, db);
  const { row, created, commentCount } = await db.transaction(async (tx) => {
    const post = await lockLivePost(tx, postId);
    const earlier = await commentByClientId(tx, user.id, postId, input.clientId);
    if (earlier) return { row: earlier, created: false, commentCount: post.commentCount };
    if (post.isLocked && !canModerate(user)) throw forbidden(FORUM_MSG.locked);
    if (input.parentId != null) {
      const [parent] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, input.parentId), eq(comments.postId, postId), isNull(comments.deletedAt)));
      if (!parent) throw badRequest(FORUM_MSG.parentGone, { parentId: FORUM_MSG.parentGone });
    }
    const [inserted] = await tx
      .insert(comments)
      .values({
        postId,
        authorId: user.id,
        parentId: input.parentId ?? null,
        content: input.content,
        contentHtml,
        clientId: input.clientId ?? null,
      })
      // The author's clientId is unique (not the lookup above: two posts' locks do not exclude each
      // other): a concurrent send of the same write leaves this one out.
      .onConflictDoNothing()
      .returning(commentColumns);
    if (!inserted) {
      const repeated = await commentByClientId(tx, user.id, postId, input.clientId);
      if (!repeated) throw new Error('comment insert refused without a clientId conflict');
      return { row: repeated, created: false, commentCount: post.commentCount };
    }
    const commentCount = await moveCommentCount(tx, post, 1);
    await uploads.recordUses(tx, { type: 'comment', id: inserted.id }, photoIds);
    return { row: inserted, created: true, commentCount };
  });
  // After commit: subscribers (notifications) never see a comment that could still roll back.
  if (created) {
    await events.publish('comment.created', {
      actor: { id: user.id, username: user.username },
      comment: { id: row.id, postId: row.postId, parentId: row.parentId, content: row.content },
      commentCount,
    });
  }
  const [comment] = await presentComments(db, [row], user);
  return comment;
}

/** The comment (deleted or not), its post's state, for edit and delete. */
async function findComment(db: Db | Tx, commentId: number) {
  const [row] = await db
    .select({ comment: commentColumns, postDeletedAt: posts.deletedAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId));
  return row;
}

/** PATCH /api/forum/comments/:id: its author or an admin; re-renders, records its photos afresh and stamps editedAt. */
async function updateComment(
  db: Db,
  events: Events,
  uploads: ContentPhotos,
  user: SessionUser,
  commentId: number,
  input: TUpdateCommentRequest,
  now: Date,
): Promise<TComment> {
  const { contentHtml, photoIds } = await renderContent(uploads, input.content, db);
  const row = await db.transaction(async (tx) => {
    const found = await findComment(tx, commentId);
    if (!found || found.comment.deletedAt || found.postDeletedAt) throw notFound(FORUM_MSG.commentNotFound);
    if (!mayEdit(user, found.comment.authorId)) throw forbidden(FORUM_MSG.editOwnComment);
    const [updated] = await tx
      .update(comments)
      .set({ content: input.content, contentHtml, editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning(commentColumns);
    if (!updated) throw notFound(FORUM_MSG.commentNotFound); // deleted meanwhile
    await uploads.recordUses(tx, { type: 'comment', id: commentId }, photoIds);
    return updated;
  });
  // After commit: the post's live readers see the new text in place.
  await events.publish('comment.updated', {
    comment: { id: row.id, postId: row.postId, content: row.content, contentHtml: row.contentHtml, editedAt: now.toISOString() },
  });
  const [comment] = await presentComments(db, [row], user);
  return comment;
}

/**
 * DELETE /api/forum/comments/:id: its author or an admin. Soft: the row stays (its replies keep their
 * place under a 'deleted' placeholder). comment_count drops in the same transaction; deleting twice is a
 * no-op the second time. Exported for the reports queue, which deletes a reported comment inside its
 * own transaction.
 */
export async function deleteComment(
  db: Db,
  user: SessionUser,
  commentId: number,
  now: Date,
): Promise<{ postId: number; commentCount: number } | null> {
  return db.transaction(async (tx) => {
    const found = await findComment(tx, commentId);
    if (!found || found.postDeletedAt) throw notFound(FORUM_MSG.commentNotFound);
    if (!mayDelete(user, found.comment.authorId)) {
      // Someone else's comment that is already gone is simply not there for them.
      throw found.comment.deletedAt ? notFound(FORUM_MSG.commentNotFound) : forbidden(FORUM_MSG.deleteOwnComment);
    }
    if (found.comment.deletedAt) return null;
    // Post first, then comment: the same lock order as createComment, so the two never deadlock.
    const post = await lockLivePost(tx, found.comment.postId);
    const done = await tx
      .update(comments)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (done.length === 0) return null;
    const commentCount = await moveCommentCount(tx, post, -1);
    if (canModerate(user) && found.comment.authorId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'comment.delete', targetType: 'comment', targetId: commentId, details: { postId: post.id } });
    }
    return { postId: post.id, commentCount };
  });
}

/** The comments service: buildApp creates it once from the core and the uploads service (the photos a comment shows). */
export function createCommentService({ db, clock, events, uploads }: Pick<Core, 'db' | 'clock' | 'events'> & { uploads: ContentPhotos }) {
  return {
    listComments: (postId: number, viewer: Viewer, query: TListCommentsQuery) => listComments(db, postId, viewer, query),
    createComment: (user: SessionUser, postId: number, input: TCreateCommentRequest) => createComment(db, events, uploads, user, postId, input),
    updateComment: (user: SessionUser, commentId: number, input: TUpdateCommentRequest) =>
      updateComment(db, events, uploads, user, commentId, input, clock.now()),
    async deleteComment(user: SessionUser, commentId: number): Promise<void> {
      const deleted = await deleteComment(db, user, commentId, clock.now());
      // After commit (a second delete changed nothing and tells nobody).
      if (deleted) await events.publish('comment.deleted', { comment: { id: commentId, postId: deleted.postId }, commentCount: deleted.commentCount });
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
