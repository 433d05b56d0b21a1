import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TPostFollowLevel } from '../../../common/contracts/notification-preferences.ts';
import { NOTIFY_PREFS_MSG } from '../../../common/rules/notification-preferences.ts';
import type { Db } from '../../db/client.ts';
import { categories, categoryFollows, postFollows, posts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http-errors.ts';

// Following and muting posts, following categories (docs/API.md "Follows"). A follower of a post hears
// of every new comment on it, a member who muted it of nothing on it (not even replies and mentions);
// a follower of a category hears of every new post in it. Who is told what: service.ts.

/** A live (not deleted) post's author, or 404. */
async function livePost(db: Db, postId: number): Promise<{ authorId: number | null }> {
  const [post] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
  if (!post) throw notFound(NOTIFY_PREFS_MSG.postNotFound);
  return post;
}

/**
 * The member's level for a post. No row: 'none', except for its author, who follows their own post
 * from the moment they write it (the post's comments reach them as "New comment on your post").
 */
export async function getPostFollow(db: Db, userId: number, postId: number): Promise<TPostFollowLevel> {
  const post = await livePost(db, postId);
  const [row] = await db
    .select({ level: postFollows.level })
    .from(postFollows)
    .where(and(eq(postFollows.userId, userId), eq(postFollows.postId, postId)));
  return row?.level ?? (post.authorId === userId ? 'follow' : 'none');
}

/**
 * Sets the member's level: follow and mute are stored, none removes the row. The author cannot choose
 * none: with no row they follow (the default), and post_follows keeps only follow and mute, so they
 * are told to mute instead (400, nothing changed).
 */
export async function setPostFollow(db: Db, userId: number, postId: number, level: TPostFollowLevel): Promise<TPostFollowLevel> {
  const post = await livePost(db, postId);
  if (level === 'none') {
    if (post.authorId === userId) throw badRequest(NOTIFY_PREFS_MSG.authorFollows);
    await db.delete(postFollows).where(and(eq(postFollows.userId, userId), eq(postFollows.postId, postId)));
    return 'none';
  }
  await db
    .insert(postFollows)
    .values({ userId, postId, level })
    .onConflictDoUpdate({ target: [postFollows.userId, postFollows.postId], set: { level } });
  return level;
}

/** The ids of the categories the member follows. */
export async function listCategoryFollows(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ categoryId: categoryFollows.categoryId })
    .from(categoryFollows)
    .where(eq(categoryFollows.userId, userId))
    .orderBy(asc(categoryFollows.categoryId));
  return rows.map((r) => r.categoryId);
}

/** Follows (true) or stops following (false) a category; again is fine. 404 for a category that does not exist. */
export async function setCategoryFollow(db: Db, userId: number, categoryId: number, following: boolean): Promise<{ categoryId: number; following: boolean }> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw notFound(NOTIFY_PREFS_MSG.categoryNotFound);
  if (following) await db.insert(categoryFollows).values({ userId, categoryId }).onConflictDoNothing();
  else await db.delete(categoryFollows).where(and(eq(categoryFollows.userId, userId), eq(categoryFollows.categoryId, categoryId)));
  return { categoryId, following };
}
