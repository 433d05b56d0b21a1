// Fixtures for the vote, reaction and share tests: rows inserted directly, so these tests do not
// depend on the post and comment create endpoints.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, comments, posts, users } from '../../db/schema/index.ts';
import { cookieName, createSession } from '../../plugins/session.ts';
import type { TestApp } from '../../test/app.ts';
import { unique } from '../auth/testing.ts';
import { hotScore } from './ranking.ts';

/**
 * A verified member, a month old unless `firstDay`, signed in (its session cookie), inserted directly:
 * cheap enough for a property test that wants fresh members, each with a fresh allowance under
 * MEMBER_LIMITS.
 */
export async function insertMember(t: TestApp, opts: { firstDay?: boolean } = {}) {
  const username = unique('m_');
  const [u] = await t.database.db
    .insert(users)
    .values({
      email: `${username}@example.test`,
      username,
      firstName: 'Sam',
      lastName: 'Driver',
      passwordHash: 'not-a-hash: this member never signs in with a password',
      emailVerifiedAt: new Date(),
      createdAt: new Date(Date.now() - (opts.firstDay ? 3_600_000 : 30 * 24 * 3_600_000)),
    })
    .returning({ id: users.id });
  const token = await createSession(t.database.db, u.id);
  return { id: u.id, username, cookie: `${cookieName(t.app.deps.config)}=${token}` };
}

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
