import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TRevisionHistory, TRevisionVersion } from '../../../common/contracts/revisions.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { REVISIONS_SHOWN } from '../../../common/rules/revisions.ts';
import { canModerate } from '../../../common/rules/roles.ts';
import type { Db, Tx } from '../../db/client.ts';
import { comments, posts, revisions, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import type { Viewer } from './thread.ts';

// Edit history (issue 28 item 7; docs/API.md "Edit history"). Every edit of a post or comment keeps the
// version it replaced, in the edit's own transaction, so the history never misses an edit that stuck.
// The current version is the post or comment itself; a revision row is an earlier one.

/** What an edit replaces: the text as it stood, and when the post or comment was first written. */
export type PreviousVersion = { title: string | null; content: string; createdAt: Date };

/**
 * Keeps the version an edit is about to replace; call it inside the edit's transaction with the row
 * locked. That version was written when the newest revision was made (the edit that wrote it), or at
 * creation when there is none: editedAt would not do, a category move stamps it too. Nothing is kept
 * when the text does not change (a category move, a Save with no change).
 */
export async function recordRevision(
  tx: Tx,
  target: { postId: number } | { commentId: number },
  previous: PreviousVersion,
  next: { title?: string; content?: string },
  editedBy: number,
  now: Date,
): Promise<void> {
  const titleChanged = next.title !== undefined && previous.title !== null && next.title !== previous.title;
  const contentChanged = next.content !== undefined && next.content !== previous.content;
  if (!titleChanged && !contentChanged) return;
  const postId = 'postId' in target ? target.postId : null;
  const commentId = 'commentId' in target ? target.commentId : null;
  // One index lookup (revisions_post_idx / revisions_comment_idx, newest first).
  const lastEdit =
    postId !== null
      ? sql`(select r.created_at from revisions r where r.post_id = ${postId} order by r.id desc limit 1)`
      : sql`(select r.created_at from revisions r where r.comment_id = ${commentId} order by r.id desc limit 1)`;
  await tx.insert(revisions).values({
    postId,
    commentId,
    title: previous.title,
    content: previous.content,
    editedBy,
    writtenAt: sql`coalesce(${lastEdit}, ${previous.createdAt.toISOString()}::timestamptz)`,
    createdAt: now,
  });
}

type Current = {
  id: number;
  title: string | null;
  content: string;
  authorId: number | null;
  anonymousAs: string | null;
  createdAt: Date;
  removed: boolean;
  hidden: boolean;
};

/** Usernames of live accounts among these ids (a deleted account shows as nobody). */
async function usernames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.filter((u) => u.deletedAt === null).map((u) => [u.id, u.username]));
}

/**
 * The versions, newest first. A version was written by whoever made the edit that produced it: the
 * editor of the revision just older than it replaced it, so the current text's writer is the newest
 * revision's editor, and the original's is the author. One row more than shown names the writer of
 * the oldest version shown.
 */
async function history(db: Db, kind: 'post' | 'comment', current: Current): Promise<TRevisionHistory> {
  const where = kind === 'post' ? eq(revisions.postId, current.id) : eq(revisions.commentId, current.id);
  // Walks revisions_post_idx / revisions_comment_idx backwards.
  const rows = await db
    .select({ title: revisions.title, content: revisions.content, editedBy: revisions.editedBy, writtenAt: revisions.writtenAt, replacedAt: revisions.createdAt })
    .from(revisions)
    .where(where)
    .orderBy(desc(revisions.id))
    .limit(REVISIONS_SHOWN);
  const [{ n }] = rows.length < REVISIONS_SHOWN ? [{ n: rows.length }] : await db.select({ n: count() }).from(revisions).where(where);
  const total = Number(n) + 1;
  const names = await usernames(db, [current.authorId, ...rows.map((r) => r.editedBy)]);
  // The anonymous author's versions (issue 32) carry their label: an admin's edit names the admin, never them.
  const writer = (id: number | null): Pick<TRevisionVersion, 'writtenBy' | 'anonymousAs'> =>
    id !== null && id === current.authorId && current.anonymousAs !== null
      ? { writtenBy: null, anonymousAs: current.anonymousAs }
      : { writtenBy: id !== null && names.has(id) ? { username: names.get(id)! } : null };
  // Who wrote the version older revisions[i] replaced: the editor of revisions[i + 1], or the author for the original.
  const writerOf = (i: number) => (i < rows.length ? writer(rows[i].editedBy) : writer(current.authorId));

  const versions: TRevisionVersion[] = [
    {
      number: total,
      title: current.title,
      content: current.content,
      // Written when it replaced the newest earlier version (editedAt also moves on a category move).
      writtenAt: (rows.length > 0 ? rows[0].replacedAt : current.createdAt).toISOString(),
      ...(rows.length > 0 ? writerOf(0) : writer(current.authorId)),
    },
  ];
  for (let i = 0; i < rows.length && versions.length < REVISIONS_SHOWN; i++) {
    const number = total - 1 - i;
    versions.push({
      number,
      title: rows[i].title,
      content: rows[i].content,
      writtenAt: rows[i].writtenAt.toISOString(),
      // The original (number 1) is the author's; any later one was written by the next older revision's editor.
      ...(number === 1 ? writer(current.authorId) : writerOf(i + 1)),
    });
  }
  return { kind, id: current.id, removed: current.removed, hidden: current.hidden, versions, total };
}

/** GET /api/forum/posts/:id/revisions: a live post's for anyone; a removed one's for moderators, else 404. */
export async function postRevisions(db: Db, viewer: Viewer, id: number): Promise<TRevisionHistory> {
  const [post] = await db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      authorId: posts.authorId,
      anonymousAs: posts.anonymousAs,
      createdAt: posts.createdAt,
      deletedAt: posts.deletedAt,
      hiddenAt: posts.hiddenAt,
    })
    .from(posts)
    .where(eq(posts.id, id));
  if (!post || (post.deletedAt !== null && !canModerate(viewer))) throw notFound(FORUM_MSG.postNotFound);
  return history(db, 'post', { ...post, removed: post.deletedAt !== null, hidden: post.hiddenAt !== null });
}

/** GET /api/forum/comments/:id/revisions: a live comment's (on a live post) for anyone; a removed one's for moderators, else 404. */
export async function commentRevisions(db: Db, viewer: Viewer, id: number): Promise<TRevisionHistory> {
  const [row] = await db
    .select({
      id: comments.id,
      content: comments.content,
      authorId: comments.authorId,
      anonymousAs: comments.anonymousAs,
      createdAt: comments.createdAt,
      deletedAt: comments.deletedAt,
      hiddenAt: comments.hiddenAt,
      postDeletedAt: posts.deletedAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id));
  const removed = !!row && (row.deletedAt !== null || row.postDeletedAt !== null);
  if (!row || (removed && !canModerate(viewer))) throw notFound(FORUM_MSG.commentNotFound);
  return history(db, 'comment', { ...row, title: null, removed, hidden: row.hiddenAt !== null });
}
