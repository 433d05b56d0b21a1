import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  FORUM_MSG,
  type TComment,
  type TCommentList,
  type TCreateCommentRequest,
  type TUpdateCommentRequest,
} from '../../../common/contracts/forum.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { commentVotes, comments, posts } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { notifyNewComment } from '../notifications/service.ts';
import { presentComment, type CommentRow } from './presenter.ts';
import { hotScore } from './ranking.ts';
import { loadReactionSummaries } from './reaction-service.ts';
import { loadAuthors } from './service.ts';

/** The reader of a page: a signed-in (not suspended) user, or null for a guest. */
export type Viewer = SessionUser | null;

/**
 * Who may edit or delete a post or comment: its author or an admin, with a verified email (the write
 * routes ask for one, so the page must not offer what the API would refuse).
 */
export function mayEdit(viewer: Viewer, authorId: number | null): boolean {
  if (!viewer || !viewer.emailVerifiedAt) return false;
  return viewer.isAdmin || (authorId !== null && authorId === viewer.id);
}

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  content: comments.content,
  contentHtml: comments.contentHtml,
  upvotes: comments.upvotes,
  downvotes: comments.downvotes,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
};

/** The viewer's votes on the given comments, as commentId → 1 | -1. */
async function loadCommentVotes(db: Db, viewerId: number | null, ids: number[]): Promise<Map<number, number>> {
  if (viewerId === null || ids.length === 0) return new Map();
  const rows = await db
    .select({ commentId: commentVotes.commentId, value: commentVotes.value })
    .from(commentVotes)
    .where(and(eq(commentVotes.userId, viewerId), inArray(commentVotes.commentId, ids)));
  return new Map(rows.map((v) => [v.commentId, v.value]));
}

/** Comment rows → contracts, with authors, the viewer's votes and reaction summaries (one query each). */
async function presentComments(db: Db, rows: CommentRow[], viewer: Viewer): Promise<TComment[]> {
  const live = rows.filter((c) => c.deletedAt === null);
  const authorIds = [...new Set(live.map((c) => c.authorId).filter((id): id is number => id !== null))];
  const authors = await loadAuthors(db, authorIds);
  const votes = await loadCommentVotes(db, viewer?.id ?? null, live.map((c) => c.id));
  const reactions = await loadReactionSummaries(db, 'comment', live.map((c) => c.id));
  return rows.map((c) =>
    presentComment(
      c,
      c.authorId === null ? undefined : authors.get(c.authorId),
      votes.get(c.id),
      reactions.get(c.id),
      mayEdit(viewer, c.authorId),
    ),
  );
}

/**
 * One page of a post's comments, oldest first by (created_at, id), after comment `afterId` if given.
 * A deleted comment is listed only while a live reply hangs from it (to keep the thread readable); the
 * filter is in the query so pages stay the size asked for. Walks comments_post_idx.
 */
export async function loadCommentPage(
  db: Db,
  postId: number,
  viewer: Viewer,
  opts: { afterId?: number; limit: number },
): Promise<TCommentList> {
  const conditions = [
    eq(comments.postId, postId),
    or(
      isNull(comments.deletedAt),
      sql`exists (select 1 from comments r where r.parent_id = ${comments.id} and r.deleted_at is null)`,
    ),
  ];
  if (opts.afterId !== undefined) {
    // The cursor's own (created_at, id) from the database: a JS Date would lose the microseconds.
    conditions.push(
      sql`(${comments.createdAt}, ${comments.id}) > (select a.created_at, a.id from comments a where a.id = ${opts.afterId})`,
    );
  }
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  const page = hasMore ? rows.slice(0, opts.limit) : rows;
  return { comments: await presentComments(db, page, viewer), hasMore };
}

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

/** comment_count moves by `delta` (never below 0) and the popular order's hot_score follows it. */
async function moveCommentCount(tx: Tx, post: Awaited<ReturnType<typeof lockLivePost>>, delta: 1 | -1) {
  const commentCount = Math.max(0, post.commentCount + delta);
  await tx
    .update(posts)
    .set({
      commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)`,
      hotScore: hotScore(post.upvotes, post.downvotes, commentCount, post.createdAt),
    })
    .where(eq(posts.id, post.id));
}

/** GET /api/forum/posts/:id/comments. */
export async function listComments(
  db: Db,
  postId: number,
  viewer: Viewer,
  query: { after?: number; limit: number },
): Promise<TCommentList> {
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
 * POST /api/forum/posts/:id/comments (verified member). One transaction: the post row is locked, the
 * comment inserted, comment_count and hot_score updated together. Admins may still comment on a locked post.
 */
export async function createComment(db: Db, user: SessionUser, postId: number, input: TCreateCommentRequest): Promise<TComment> {
  const row = await db.transaction(async (tx) => {
    const post = await lockLivePost(tx, postId);
    if (post.isLocked && !user.isAdmin) throw forbidden(FORUM_MSG.locked);
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
        contentHtml: renderMarkdown(input.content),
      })
      .returning(commentColumns);
    await moveCommentCount(tx, post, 1);
    return inserted;
  });
  // After commit is where the 'comment created' domain event gets published (notifications issue):
  // the post's author and the parent comment's author are told, never before the row is visible.
  await notifyNewComment(db, user, row); // logs its own failures: never fails the comment
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

/** PATCH /api/forum/comments/:id: its author or an admin; re-renders and stamps editedAt. */
export async function updateComment(db: Db, user: SessionUser, commentId: number, input: TUpdateCommentRequest): Promise<TComment> {
  const row = await db.transaction(async (tx) => {
    const found = await findComment(tx, commentId);
    if (!found || found.comment.deletedAt || found.postDeletedAt) throw notFound(FORUM_MSG.commentNotFound);
    if (!mayEdit(user, found.comment.authorId)) throw forbidden(FORUM_MSG.editOwnComment);
    const now = new Date();
    const [updated] = await tx
      .update(comments)
      .set({ content: input.content, contentHtml: renderMarkdown(input.content), editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning(commentColumns);
    if (!updated) throw notFound(FORUM_MSG.commentNotFound); // deleted meanwhile
    return updated;
  });
  const [comment] = await presentComments(db, [row], user);
  return comment;
}

/**
 * DELETE /api/forum/comments/:id: its author or an admin. Soft: the row stays (its replies keep their
 * place under a 'deleted' placeholder). comment_count drops in the same transaction; deleting twice is a
 * no-op the second time.
 */
export async function deleteComment(db: Db, user: SessionUser, commentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findComment(tx, commentId);
    if (!found || found.postDeletedAt) throw notFound(FORUM_MSG.commentNotFound);
    if (!mayEdit(user, found.comment.authorId)) {
      // Someone else's comment that is already gone is simply not there for them.
      throw found.comment.deletedAt ? notFound(FORUM_MSG.commentNotFound) : forbidden(FORUM_MSG.deleteOwnComment);
    }
    if (found.comment.deletedAt) return;
    // Post first, then comment: the same lock order as createComment, so the two never deadlock.
    const post = await lockLivePost(tx, found.comment.postId);
    const now = new Date();
    const done = await tx
      .update(comments)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (done.length > 0) {
      await moveCommentCount(tx, post, -1);
      if (user.isAdmin && found.comment.authorId !== user.id) {
        await recordAudit(tx, { actorId: user.id, action: 'comment.delete', targetType: 'comment', targetId: commentId, details: { postId: post.id } });
      }
    }
  });
}
