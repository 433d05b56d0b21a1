import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  TComment,
  TCommentList,
  TCreateCommentRequest,
  THeldAnswer,
  TListCommentsQuery,
  TUpdateCommentRequest,
} from '../../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import { TRUST_MSG } from '../../../common/rules/trust.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Clock, Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { comments, posts } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { assertTextAllowed, heldByClientId, holdItem, holdReason, presentHeldItem, reportWatchedWord, type HeldRow, type WatchedWords } from '../../trust/index.ts';
import { unacceptRemovedReply } from './hide.ts';
import {
  anonymousLabelFor,
  commentColumns,
  eventActor,
  hotScore,
  lastActivityNow,
  loadCommentPage,
  mayDelete,
  mayEdit,
  presentComments,
  recordRevision,
  renderContent,
  type AnonymousInput,
  type ContentPhotos,
  type Viewer,
} from '../posts/index.ts';

/** The post, locked for the counter update that follows; 404 when missing or deleted. */
async function lockLivePost(tx: Tx, postId: number) {
  const [post] = await tx
    .select({
      id: posts.id,
      isLocked: posts.isLocked,
      categoryId: posts.categoryId,
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

/**
 * comment_count moves by `delta` (never below 0), the popular order's hot_score follows it, and the latest
 * activity order's last_activity_at is read again (a new reply bumps the post, a deleted one no longer
 * counts). Returns the new count.
 */
async function moveCommentCount(tx: Tx, post: Awaited<ReturnType<typeof lockLivePost>>, delta: 1 | -1): Promise<number> {
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

/** The author's held comment sent earlier with this clientId (a resend of a held write), checked as commentByClientId does. */
async function heldCommentByClientId(tx: Tx, authorId: number, postId: number, clientId: string | undefined): Promise<HeldRow | undefined> {
  const held = await heldByClientId(tx, authorId, clientId);
  if (held && (held.kind !== 'comment' || held.postId !== postId)) throw conflict(FORUM_MSG.clientIdOtherPost, { clientId: FORUM_MSG.clientIdOtherPost });
  return held;
}

/**
 * POST /api/forum/posts/:id/comments (verified member). One transaction: the post row is locked, the
 * comment inserted, comment_count and hot_score updated together. Admins may still comment on a locked post.
 * A clientId sent again (an offline write resent, an answer lost) is the comment already stored:
 * answered as it is, with no count or event, even if the post was locked since. The photos it shows
 * are recorded as used by it in the same transaction.
 *
 * Issue 28: the watched words screen the text first (a block word refuses it, censored words are
 * stored as ■■■); a comment the review queue holds is stored as a held item instead, answered as one
 * (202) with no comment, count or event. A moderator's approval publishes it through here
 * (`approved`: as held, without screening or the queue, on a post locked since too). A flag word
 * opens a report by the system with the comment.
 */
async function createComment(
  db: Db,
  clock: Clock,
  events: Events,
  uploads: ContentPhotos,
  words: WatchedWords,
  user: SessionUser,
  postId: number,
  raw: TCreateCommentRequest & AnonymousInput,
  approved = false,
): Promise<TComment | THeldAnswer> {
  const screened = approved ? null : words.screen({ content: raw.content }, { content: 'comment' });
  const input = screened ? { ...raw, ...screened.texts } : raw;
  const { contentHtml, photoIds } = await renderContent(uploads, input.content, db, user.id);
  type Outcome = { row: NonNullable<Awaited<ReturnType<typeof commentByClientId>>>; created: boolean; commentCount: number } | { held: HeldRow };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const post = await lockLivePost(tx, postId);
    const earlier = await commentByClientId(tx, user.id, postId, input.clientId);
    if (earlier) return { row: earlier, created: false, commentCount: post.commentCount };
    const earlierHeld = approved ? undefined : await heldCommentByClientId(tx, user.id, postId, input.clientId);
    if (earlierHeld) return { held: earlierHeld };
    if (post.isLocked && !canModerate(user) && !approved) throw forbidden(FORUM_MSG.locked);
    // What the author's trust level lets one comment carry (links, photos, mentions).
    if (!approved) assertTextAllowed(user.trustLevel, input.content, { field: 'content' });
    if (input.parentId != null) {
      const [parent] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, input.parentId), eq(comments.postId, postId), isNull(comments.deletedAt)));
      if (!parent) throw badRequest(FORUM_MSG.parentGone, { parentId: FORUM_MSG.parentGone });
    }
    const anonymousAs = await anonymousLabelFor(tx, user, post.categoryId, input, approved);
    const why = screened ? await holdReason(tx, user, [input.content], screened.approval, clock.now()) : null;
    if (why) {
      const draft = { kind: 'comment' as const, authorId: user.id, postId, parentId: input.parentId ?? null, content: input.content, clientId: input.clientId, anonymousAs };
      return { held: await holdItem(tx, draft, why, clock.now()) };
    }
    const [inserted] = await tx
      .insert(comments)
      .values({
        postId,
        authorId: user.id,
        anonymousAs,
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
    await uploads.recordUses(tx, { type: 'comment', id: inserted.id }, photoIds, user.id);
    if (screened?.flag) await reportWatchedWord(tx, { type: 'comment', id: inserted.id }, screened.flag, clock.now());
    // In the outbox of this transaction: notifications and live threads once it commits.
    const { id, parentId, content } = inserted;
    await events.publish('comment.created', { actor: eventActor(user, anonymousAs), comment: { id, postId, parentId, content }, commentCount }, tx);
    return { row: inserted, created: true, commentCount };
  });
  if ('held' in outcome) return { held: true, heldItem: await presentHeldItem(db, outcome.held), message: TRUST_MSG.heldNotice };
  const [comment] = await presentComments(db, [outcome.row], user);
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
  words: WatchedWords,
  user: SessionUser,
  commentId: number,
  raw: TUpdateCommentRequest,
  now: Date,
): Promise<TComment> {
  // Issue 28: an edit meets the watched words as a new comment does; a require-approval word in a
  // published comment cannot hold it any more, so it is reported, as a flag word is.
  const screened = words.screen({ content: raw.content }, { content: 'comment' });
  const input = { ...raw, ...screened.texts };
  const report = screened.flag ?? screened.approval;
  // An edit carries no more links, photos or mentions than a new comment of the editor's level may.
  assertTextAllowed(user.trustLevel, input.content, { field: 'content' });
  const row = await db.transaction(async (tx) => {
    const found = await findComment(tx, commentId);
    if (!found || found.comment.deletedAt || found.postDeletedAt) throw notFound(FORUM_MSG.commentNotFound);
    if (!mayEdit(user, found.comment.authorId)) throw forbidden(FORUM_MSG.editOwnComment);
    // The edit history keeps the version this replaces (issue 28): the row locked, so two edits at once
    // each keep the text they replaced.
    const [previous] = await tx
      .select({ content: comments.content, createdAt: comments.createdAt, authorId: comments.authorId })
      .from(comments)
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .for('update');
    if (!previous) throw notFound(FORUM_MSG.commentNotFound); // deleted meanwhile
    // Rendered once the comment is locked: its photos are its author's, also when an admin edits it (issue 28).
    const { contentHtml, photoIds } = await renderContent(uploads, input.content, tx, previous.authorId);
    await recordRevision(tx, { commentId }, { title: null, ...previous }, { content: input.content }, user.id, now);
    const [updated] = await tx
      .update(comments)
      .set({ content: input.content, contentHtml, editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning(commentColumns);
    if (!updated) throw notFound(FORUM_MSG.commentNotFound); // deleted meanwhile
    await uploads.recordUses(tx, { type: 'comment', id: commentId }, photoIds, previous.authorId);
    if (report) await reportWatchedWord(tx, { type: 'comment', id: commentId }, report, now);
    // In this transaction (issue 29): once it commits, the post's live readers see the new text in place.
    await events.publish(
      'comment.updated',
      { comment: { id: updated.id, postId: updated.postId, content: updated.content, contentHtml: updated.contentHtml, editedAt: now.toISOString() } },
      tx,
    );
    return updated;
  });
  const [comment] = await presentComments(db, [row], user);
  return comment;
}

/**
 * DELETE /api/forum/comments/:id: its author or an admin. Soft: the row stays (its replies keep their
 * place under a 'deleted' placeholder). comment_count drops in the same transaction; deleting twice is a
 * no-op the second time. Exported for the reports queue, which deletes a reported comment inside its
 * own transaction. comment.deleted is recorded in the same transaction (issue 29): the post's live
 * readers hear of a delete that committed, a moderator's from the reports queue too (a second delete
 * changed nothing and tells nobody).
 */
export async function deleteComment(
  db: Db,
  user: SessionUser,
  commentId: number,
  now: Date,
  events: Events,
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
    await unacceptRemovedReply(tx, post.id, commentId);
    if (canModerate(user) && found.comment.authorId !== user.id) {
      await recordAudit(tx, { actorId: user.id, action: 'comment.delete', targetType: 'comment', targetId: commentId, details: { postId: post.id } });
    }
    await events.publish('comment.deleted', { comment: { id: commentId, postId: post.id }, commentCount }, tx);
    return { postId: post.id, commentCount };
  });
}

/** The comments service: buildApp creates it once from the core and the uploads service (the photos a comment shows). */
export function createCommentService({
  db,
  clock,
  events,
  uploads,
  words,
}: Pick<Core, 'db' | 'clock' | 'events'> & { uploads: ContentPhotos; words: WatchedWords }) {
  return {
    listComments: (postId: number, viewer: Viewer, query: TListCommentsQuery) => listComments(db, postId, viewer, query),
    /** A member's comment, or the held item when the review queue holds it (issue 28). */
    createComment: (user: SessionUser, postId: number, input: TCreateCommentRequest) => createComment(db, clock, events, uploads, words, user, postId, input),
    /** A held comment a moderator approved, published as its author (the review queue, modules/review). */
    publishHeld: async (author: SessionUser, postId: number, input: TCreateCommentRequest & AnonymousInput) =>
      (await createComment(db, clock, events, uploads, words, author, postId, input, true)) as TComment,
    updateComment: (user: SessionUser, commentId: number, input: TUpdateCommentRequest) =>
      updateComment(db, events, uploads, words, user, commentId, input, clock.now()),
    async deleteComment(user: SessionUser, commentId: number): Promise<void> {
      await deleteComment(db, user, commentId, clock.now(), events);
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;
