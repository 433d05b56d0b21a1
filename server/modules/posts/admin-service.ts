import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MODERATION_MSG, type TAdminPost } from '../../../common/contracts/moderation.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Db } from '../../db/client.ts';
import { categories, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { qaStateIn } from './qa-state.ts';

// The admin posts tool (find, move). Pin, lock and delete are the post routes' own, audited there.

const adminPostColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  isPinned: posts.isPinned,
  isLocked: posts.isLocked,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
  categoryColor: categories.color,
  authorUsername: users.username,
  authorDeletedAt: users.deletedAt,
  anonymousAs: posts.anonymousAs,
};

type AdminPostRow = Awaited<ReturnType<typeof selectAdminPosts>>[number];

function presentAdminPost(r: AdminPostRow): TAdminPost {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    isPinned: r.isPinned,
    isLocked: r.isLocked,
    commentCount: r.commentCount,
    createdAt: r.createdAt.toISOString(),
    category: { id: r.categoryId, name: r.categoryName, slug: r.categorySlug, color: r.categoryColor },
    // Issue 32: admins too see an anonymous post's label here; the account takes a reveal, with a reason.
    ...(r.anonymousAs !== null
      ? { author: null, anonymousAs: r.anonymousAs }
      : { author: r.authorUsername && !r.authorDeletedAt ? { username: r.authorUsername } : null }),
  };
}

function selectAdminPosts(db: Db, where: SQL | undefined) {
  return db
    .select(adminPostColumns)
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(and(isNull(posts.deletedAt), where));
}

/** A pasted post address (…/forum/posts/{slug} or /forum/post/{slug}) → its slug. */
function slugFromAddress(q: string): string | undefined {
  const m = /\/forum\/posts?\/([^/?#\s]+)/i.exec(q);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]).toLowerCase();
  } catch {
    return m[1].toLowerCase(); // a malformed escape: search for it as typed (it matches no slug)
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/admin/posts?q: live posts whose title contains q, or whose slug or id is q; newest first, 20. */
export async function findPosts(db: Db, q: string | undefined): Promise<TAdminPost[]> {
  let where: SQL | undefined;
  if (q) {
    const slug = slugFromAddress(q) ?? q.toLowerCase();
    const conditions = [ilike(posts.title, `%${escapeLike(q)}%`), eq(posts.slug, slug)];
    if (/^\d{1,9}$/.test(q)) conditions.push(eq(posts.id, Number(q)));
    where = or(...conditions);
  }
  const rows = await selectAdminPosts(db, where).orderBy(desc(posts.createdAt), desc(posts.id)).limit(20);
  return rows.map(presentAdminPost);
}

async function getAdminPost(db: Db, id: number): Promise<TAdminPost> {
  const [row] = await selectAdminPosts(db, eq(posts.id, id));
  if (!row) throw notFound(MODERATION_MSG.postNotFound);
  return presentAdminPost(row);
}

/**
 * POST /api/admin/posts/:id/move. One transaction: the post row locked, one post moved from the old
 * category's post_count to the new one's, and the audit row. Moving to its own category changes nothing.
 */
export async function movePost(db: Db, admin: SessionUser, id: number, categoryId: number, now: Date): Promise<TAdminPost> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, categoryId: posts.categoryId })
      .from(posts)
      .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
      .for('update');
    if (!post) throw notFound(MODERATION_MSG.postNotFound);
    const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!target) throw notFound(MODERATION_MSG.categoryNotFound);
    if (post.categoryId === categoryId) return;
    await tx.update(posts).set({ categoryId, qaState: qaStateIn(categoryId), updatedAt: now }).where(eq(posts.id, id));
    // Both counters in id order, the same lock order as every other two-category change.
    for (const [cid, delta] of [
      [post.categoryId, -1],
      [categoryId, 1],
    ].sort((a, b) => a[0] - b[0])) {
      await tx
        .update(categories)
        .set({ postCount: sql`greatest(${categories.postCount} + ${delta}, 0)` })
        .where(eq(categories.id, cid));
    }
    await recordAudit(tx, { actorId: admin.id, action: 'post.move', targetType: 'post', targetId: id, details: { from: post.categoryId, to: categoryId } });
  });
  return getAdminPost(db, id);
}
