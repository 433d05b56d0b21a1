import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories, posts } from '../../db/schema/index.ts';

// Flags hide (issue 28 item 5): reports from enough trusted members hide a post until a moderator
// decides. Hidden is deleted_at and hidden_at together: every read that leaves deleted posts out (lists,
// search, sitemap, counts, feeds) leaves a hidden one out with no change of its own, and the category's
// post_count moves exactly as a delete moves it, and back on a restore. The reports module calls these
// inside its own transaction.

export type HiddenPost = { id: number; authorId: number | null; title: string; categoryId: number };

/** Hides a live post (null when it is already gone): the row locked, then the category's count, as deletePost. */
export async function hidePost(tx: Tx, id: number, now: Date): Promise<HiddenPost | null> {
  const [post] = await tx
    .select({ id: posts.id, authorId: posts.authorId, title: posts.title, categoryId: posts.categoryId })
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
    .for('update');
  if (!post) return null;
  await tx.update(posts).set({ deletedAt: now, hiddenAt: now, updatedAt: now }).where(eq(posts.id, id));
  await tx
    .update(categories)
    .set({ postCount: sql`greatest(${categories.postCount} - 1, 0)` })
    .where(eq(categories.id, post.categoryId));
  return post;
}

/**
 * A moderator rejected the flags: the hidden post is back, its category's count with it. Null when it
 * is not hidden (nothing changes: a post its author deleted meanwhile stays deleted).
 */
export async function restorePost(tx: Tx, id: number, now: Date): Promise<HiddenPost | null> {
  const [post] = await tx
    .update(posts)
    .set({ deletedAt: null, hiddenAt: null, updatedAt: now })
    .where(and(eq(posts.id, id), isNotNull(posts.hiddenAt)))
    .returning({ id: posts.id, authorId: posts.authorId, title: posts.title, categoryId: posts.categoryId });
  if (!post) return null;
  await tx
    .update(categories)
    .set({ postCount: sql`${categories.postCount} + 1` })
    .where(eq(categories.id, post.categoryId));
  return post;
}

/**
 * A moderator upheld the flags: the hidden post stays removed, as a deleted one (no longer "under
 * review"). Null when it is not hidden.
 */
export async function upholdPost(tx: Tx, id: number, now: Date): Promise<HiddenPost | null> {
  const [post] = await tx
    .update(posts)
    .set({ hiddenAt: null, updatedAt: now })
    .where(and(eq(posts.id, id), isNotNull(posts.hiddenAt)))
    .returning({ id: posts.id, authorId: posts.authorId, title: posts.title, categoryId: posts.categoryId });
  return post ?? null;
}
