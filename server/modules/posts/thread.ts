import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { TAcceptedAnswer, TComment, TCommentList } from '../../../common/contracts/forum.ts';
import type { Db } from '../../db/client.ts';
import { commentVotes, comments } from '../../db/schema/index.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import type { SessionUser } from '../../identity/index.ts';
import { loadReactionSummaries } from '../reactions/index.ts';
import { loadAuthors } from './list-service.ts';
import { makeExcerpt } from '../../lib/markdown.ts';
import { presentByline, presentComment, type CommentRow } from './presenter.ts';

// The thread read: a post's comments as its page shows them. It lives with posts because the post
// page carries the first page of comments; comments/ (writes, further pages) reads it from here.
/** The reader of a page: a signed-in (not suspended) user, or null for a guest. */
export type Viewer = SessionUser | null;
/** What the edit and delete rules read of a viewer (a socket keeps only this: live-posts/). */
export type Editor = Pick<SessionUser, 'id' | 'emailVerifiedAt' | 'isAdmin' | 'isModerator'> | null;

/**
 * Who may edit or delete a post or comment: its author or an admin, with a verified email (the write
 * routes ask for one, so the page must not offer what the API would refuse).
 */
export function mayEdit(viewer: Editor, authorId: number | null): boolean {
  if (!viewer || !viewer.emailVerifiedAt) return false;
  return viewer.isAdmin || (authorId !== null && authorId === viewer.id);
}

/** Who may delete one: whoever may edit it, and moderators (issue 18: delete, not edit, anyone's). */
export function mayDelete(viewer: Editor, authorId: number | null): boolean {
  return mayEdit(viewer, authorId) || (!!viewer?.emailVerifiedAt && canModerate(viewer));
}

/** Issue 33: who may accept or clear a Q&A post's answer: its author or a moderator, verified. */
export function mayAcceptAnswer(viewer: Editor, authorId: number | null): boolean {
  if (!viewer || !viewer.emailVerifiedAt) return false;
  return canModerate(viewer) || (authorId !== null && authorId === viewer.id);
}

export const commentColumns = {
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
  hiddenAt: comments.hiddenAt,
  anonymousAs: comments.anonymousAs,
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
export async function presentComments(db: Db, rows: CommentRow[], viewer: Viewer): Promise<TComment[]> {
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
 * A deleted comment is listed only while a live reply hangs from it (to keep the thread readable); one
 * members' flags hid is always listed, as its placeholder (issue 28: readers see that moderators are
 * looking at it, as Discourse shows). The filter is in the query so pages stay the size asked for.
 * Walks comments_post_idx.
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
      isNotNull(comments.hiddenAt),
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

/** The accepted reply as the question shows it; null without one (a deleted or hidden reply is never accepted: see comments/). */
export async function loadAcceptedAnswer(db: Db, commentId: number | null): Promise<TAcceptedAnswer | null> {
  if (commentId === null) return null;
  const [c] = await db
    .select({ id: comments.id, authorId: comments.authorId, anonymousAs: comments.anonymousAs, content: comments.content, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
  if (!c) return null;
  const authors = await loadAuthors(db, c.authorId === null ? [] : [c.authorId]);
  return { commentId: c.id, ...presentByline(c.anonymousAs, c.authorId === null ? undefined : authors.get(c.authorId)), excerpt: makeExcerpt(c.content, 280), createdAt: c.createdAt.toISOString() };
}
