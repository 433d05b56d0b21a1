import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TListBookmarksQuery } from '../../../common/contracts/bookmarks.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { bookmarks, posts } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import { listColumns, loadCategories, presentPosts } from '../posts/index.ts';

/** A live post's id, or 404 as every post route answers for a missing or deleted one. */
async function livePost(db: Db, postId: number) {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FORUM_MSG.postNotFound);
}

/**
 * The member's saved posts, newest saved first (bookmarks_user_idx), each as the list shows a post.
 * A soft-deleted post keeps its bookmark row (it comes back if the post is restored) but is not listed
 * nor counted.
 */
async function listBookmarks(db: Db, userId: number, query: TListBookmarksQuery): Promise<TPostList> {
  const live = and(eq(bookmarks.userId, userId), isNull(posts.deletedAt));
  const rows = await db
    .select(listColumns)
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .where(live)
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  // Sequential on purpose: one pooled connection per request. A member's bookmarks are few, so the count is cheap.
  const [total] = await db.select({ n: count() }).from(bookmarks).innerJoin(posts, eq(posts.id, bookmarks.postId)).where(live);
  const all = await loadCategories(db);
  return { posts: await presentPosts(db, page, all, userId), totalCount: total.n, hasMore };
}

/** Bookmarks (issue 18): created once by buildApp from the core. */
export function createBookmarkService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  return {
    async save(userId: number, postId: number) {
      await livePost(db, postId);
      // Saving again keeps the first time it was saved (the list's order).
      await db.insert(bookmarks).values({ userId, postId, createdAt: clock.now() }).onConflictDoNothing();
      return { bookmarked: true };
    },
    async remove(userId: number, postId: number) {
      await livePost(db, postId);
      await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)));
      return { bookmarked: false };
    },
    list: (userId: number, query: TListBookmarksQuery) => listBookmarks(db, userId, query),
  };
}
export type BookmarkService = ReturnType<typeof createBookmarkService>;
