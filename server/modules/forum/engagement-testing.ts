// Fixtures for the vote, reaction and share tests: rows inserted directly, so these tests do not
// depend on the post and comment create endpoints.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, comments, posts, users } from '../../db/schema/index.ts';
import { unique } from '../auth/testing.ts';
import { hotScore } from './ranking.ts';

export async function insertCategory(db: Db) {
  const slug = unique('cat-');
  const [c] = await db.insert(categories).values({ name: `Category ${slug}`, slug }).returning();
  return c;
}

export async function insertPost(db: Db, opts: { categoryId: number; authorId: number | null; deleted?: boolean; createdAt?: Date }) {
  const slug = unique('post-');
  const createdAt = opts.createdAt ?? new Date();
  const [p] = await db
    .insert(posts)
    .values({
      slug,
      title: `Title of ${slug}`,
      content: `Content of ${slug}`,
      contentHtml: `<p>Content of ${slug}</p>`,
      excerpt: `Content of ${slug}`,
      categoryId: opts.categoryId,
      authorId: opts.authorId,
      createdAt,
      // What creating a post stores, so a post nobody voted on still has its hot score.
      hotScore: hotScore(0, 0, 0, createdAt),
      deletedAt: opts.deleted ? new Date() : null,
    })
    .returning();
  return p;
}

export async function insertComment(db: Db, opts: { postId: number; authorId: number | null; deleted?: boolean }) {
  const [c] = await db
    .insert(comments)
    .values({
      postId: opts.postId,
      authorId: opts.authorId,
      content: 'A comment',
      contentHtml: '<p>A comment</p>',
      deletedAt: opts.deleted ? new Date() : null,
    })
    .returning();
  return c;
}

/** A suspended account keeps its cookie, but the session plugin treats it as a guest. */
export async function suspend(db: Db, userId: number) {
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, userId));
}
