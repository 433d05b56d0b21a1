import { and, asc, count, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCategory } from '../../../common/contracts/forum.ts';
import {
  MODERATION_MSG,
  type TAdminCategory,
  type TCategoryOrderRequest,
  type ZCreateCategoryRequest,
  type ZUpdateCategoryRequest,
} from '../../../common/contracts/moderation.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, posts } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { slugify } from '../../lib/markdown.ts';
import { loadCategories, presentCategory, qaStateOfCategory } from '../posts/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';

type CreateInput = z.output<typeof ZCreateCategoryRequest>;
type UpdateInput = z.output<typeof ZUpdateCategoryRequest>;

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  position: categories.position,
  postCount: categories.postCount,
  isQa: categories.isQa,
  allowAnonymous: categories.allowAnonymous,
};

/** GET /api/forum/categories: every category in display order. */
async function listCategories(db: Db): Promise<TCategory[]> {
  return (await loadCategories(db)).map(presentCategory);
}

/** GET /api/admin/categories: in display order (the public list's order), with their post counts. */
async function listAdminCategories(db: Db | Tx): Promise<TAdminCategory[]> {
  return db.select(columns).from(categories).orderBy(asc(categories.position), asc(categories.id));
}

async function getCategory(db: Db | Tx, id: number): Promise<TAdminCategory> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(MODERATION_MSG.categoryNotFound);
  return row;
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, exceptId)));
  if (taken) throw conflict(MODERATION_MSG.slugTaken, { slug: MODERATION_MSG.slugTaken });
}

/** A unique-slug violation that slipped past the check (two admins at once) is the same 409. */
async function withSlugConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MODERATION_MSG.slugTaken, { slug: MODERATION_MSG.slugTaken });
    throw err;
  }
}

/** POST /api/admin/categories: last in the order; the slug is made from the name unless given. */
async function createCategory(db: Db, admin: SessionUser, input: CreateInput): Promise<TAdminCategory> {
  const slug = input.slug ?? slugify(input.name).slice(0, 60).replace(/-+$/, '');
  if (!slug || /^\d+$/.test(slug)) throw badRequest(MODERATION_MSG.slugInvalid, { slug: MODERATION_MSG.slugInvalid });
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, slug);
      const [{ last }] = await tx.select({ last: max(categories.position) }).from(categories);
      const [row] = await tx
        .insert(categories)
        .values({ name: input.name, slug, description: input.description, color: input.color, isQa: input.isQa, allowAnonymous: input.allowAnonymous, position: (last ?? -1) + 1 })
        .returning(columns);
      await recordAudit(tx, { actorId: admin.id, action: 'category.create', targetType: 'category', targetId: row.id, details: { name: row.name, slug, ...(row.isQa ? { isQa: true } : {}), ...(row.allowAnonymous ? { allowAnonymous: true } : {}) } });
      return row;
    }),
  );
}

/** PATCH /api/admin/categories/:id. */
async function updateCategory(db: Db, admin: SessionUser, id: number, input: UpdateInput): Promise<TAdminCategory> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const before = await getCategory(tx, id);
      if (input.slug !== undefined) await assertSlugFree(tx, input.slug, id);
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const [row] = await tx.update(categories).set(changes).where(eq(categories.id, id)).returning(columns);
      // Its posts become questions, or stop being ones (issue 33: the Answers filter reads posts.qa_state).
      if (row.isQa !== before.isQa) await tx.update(posts).set({ qaState: qaStateOfCategory(row.isQa) }).where(eq(posts.categoryId, id));
      const changed = Object.fromEntries(
        Object.keys(changes).map((k) => [k, { from: before[k as keyof TAdminCategory], to: row[k as keyof TAdminCategory] }]),
      );
      await recordAudit(tx, { actorId: admin.id, action: 'category.update', targetType: 'category', targetId: id, details: changed });
      return row;
    }),
  );
}

/** PUT /api/admin/categories/order: `ids` must name every category once; positions become 0, 1, 2, … */
async function orderCategories(db: Db, admin: SessionUser, input: TCategoryOrderRequest): Promise<TAdminCategory[]> {
  return db.transaction(async (tx) => {
    // Locked in id order, so a concurrent delete or reorder waits rather than interleaving.
    const all = await tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).for('update');
    const known = new Set(all.map((c) => c.id));
    const given = new Set(input.ids);
    if (given.size !== input.ids.length || given.size !== known.size || input.ids.some((i) => !known.has(i))) {
      throw badRequest(MODERATION_MSG.orderInvalid, { ids: MODERATION_MSG.orderInvalid });
    }
    for (const [position, cid] of input.ids.entries()) {
      await tx.update(categories).set({ position }).where(eq(categories.id, cid));
    }
    await recordAudit(tx, { actorId: admin.id, action: 'category.reorder', targetType: 'category', details: { ids: input.ids } });
    return listAdminCategories(tx);
  });
}

/**
 * DELETE /api/admin/categories/:id. Refused (409) while live posts are in it, unless `moveTo` names
 * another category: then every post (deleted ones too, which still belong somewhere) moves there and
 * its post_count grows by the live ones, all in one transaction with the delete and the audit row.
 * Without moveTo, deleted posts left in the category go to the first other category. The last category
 * cannot go (a post needs one).
 */
async function deleteCategory(db: Db, admin: SessionUser, id: number, moveTo?: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (moveTo === id) throw badRequest(MODERATION_MSG.moveToSelf, { moveTo: MODERATION_MSG.moveToSelf });
    const all = await tx
      .select({ id: categories.id, position: categories.position, name: categories.name, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.id))
      .for('update');
    const category = all.find((c) => c.id === id);
    if (!category) throw notFound(MODERATION_MSG.categoryNotFound);
    if (moveTo !== undefined && !all.some((c) => c.id === moveTo)) {
      throw badRequest(MODERATION_MSG.moveToNotFound, { moveTo: MODERATION_MSG.moveToNotFound });
    }
    const others = all.filter((c) => c.id !== id).sort((a, b) => a.position - b.position || a.id - b.id);
    if (others.length === 0) throw conflict(MODERATION_MSG.lastCategory);

    // Counted, not read from post_count: the rows are what must move.
    const [{ live }] = await tx
      .select({ live: count() })
      .from(posts)
      .where(and(eq(posts.categoryId, id), isNull(posts.deletedAt)));
    const liveCount = Number(live);
    if (liveCount > 0 && moveTo === undefined) throw conflict(MODERATION_MSG.categoryNotEmpty);

    const destination = moveTo ?? others[0].id;
    const moved = await tx.update(posts).set({ categoryId: destination }).where(eq(posts.categoryId, id)).returning({ id: posts.id });
    if (liveCount > 0) {
      await tx
        .update(categories)
        .set({ postCount: sql`${categories.postCount} + ${liveCount}` })
        .where(eq(categories.id, destination));
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      details: { name: category.name, slug: category.slug, movedTo: liveCount > 0 ? destination : null, postsMoved: liveCount, rowsMoved: moved.length },
    });
  });
}

/** The categories service: buildApp creates it once from the core. */
export function createCategoryService({ db }: Pick<Core, 'db'>) {
  return {
    listCategories: () => listCategories(db),
    listAdminCategories: () => listAdminCategories(db),
    createCategory: (admin: SessionUser, input: CreateInput) => createCategory(db, admin, input),
    updateCategory: (admin: SessionUser, id: number, input: UpdateInput) => updateCategory(db, admin, id, input),
    orderCategories: (admin: SessionUser, input: TCategoryOrderRequest) => orderCategories(db, admin, input),
    deleteCategory: (admin: SessionUser, id: number, moveTo?: number) => deleteCategory(db, admin, id, moveTo),
  };
}
export type CategoryService = ReturnType<typeof createCategoryService>;
