import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TPostTag } from '../../../common/contracts/forum.ts';
import { areaLabel, LABEL_MSG, tagLabel } from '../../../common/rules/labels.ts';
import type { Db, Tx } from '../../db/client.ts';
import { labelCounts, tags } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http-errors.ts';

// A post's tags (issue 32): stored as tag ids on the post (posts.tag_ids), shown as {slug, name}. The tags
// table is small (a few dozen rows), so a page reads only the tags its posts carry, by primary key.

export type TagRow = typeof tags.$inferSelect;
export type TagNames = ReadonlyMap<number, TPostTag>;

/** Every tag, networks then topics, each by name. */
export function loadAllTags(db: Db | Tx): Promise<TagRow[]> {
  return db.select().from(tags).orderBy(asc(tags.kind), asc(tags.name));
}

/** The tags the given posts carry, by id (no query when none carries one). */
export async function loadTagNames(db: Db | Tx, rows: ReadonlyArray<{ tagIds: number[] }>): Promise<TagNames> {
  const ids = [...new Set(rows.flatMap((r) => r.tagIds))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: tags.id, slug: tags.slug, name: tags.name }).from(tags).where(inArray(tags.id, ids));
  return new Map(found.map((t) => [t.id, { slug: t.slug, name: t.name }]));
}

/** A post's tags in the order it names them; a tag an admin removed meanwhile is left out. */
export const presentTags = (tagIds: number[], names: TagNames): TPostTag[] => tagIds.flatMap((id) => names.get(id) ?? []);

/** Tag slugs as a write names them → their ids, in order; an unknown slug is 400 `Choose tags from the list`. */
export async function tagIdsOf(db: Db | Tx, slugs: string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const found = await db.select({ id: tags.id, slug: tags.slug }).from(tags).where(inArray(tags.slug, slugs));
  const bySlug = new Map(found.map((t) => [t.slug, t.id]));
  return slugs.map((s) => {
    const id = bySlug.get(s);
    if (id === undefined) throw badRequest(LABEL_MSG.tagUnknown, { tags: LABEL_MSG.tagUnknown });
    return id;
  });
}

/**
 * A list's or a search's tag (by slug: an unknown one is a 404, as an unknown category) and postcode area,
 * as labels (`tag:<id>`, `area:<AREA>`), with the tag's live posts read in the same statement.
 */
export async function resolveLabels(db: Db, query: { tag?: string; area?: string }): Promise<{ labels: string[]; tagPosts?: number }> {
  const labels: string[] = [];
  let tagPosts: number | undefined;
  if (query.tag !== undefined) {
    const [tag] = await db
      .select({ id: tags.id, n: labelCounts.postCount })
      .from(tags)
      .leftJoin(labelCounts, eq(labelCounts.label, sql`'tag:' || ${tags.id}`))
      .where(eq(tags.slug, query.tag));
    if (!tag) throw notFound(LABEL_MSG.tagNotFound);
    labels.push(tagLabel(tag.id));
    tagPosts = tag.n ?? 0;
  }
  if (query.area !== undefined) labels.push(areaLabel(query.area));
  return { labels, tagPosts };
}
