import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TListPostsQuery, TPost, TPostList } from '../../../common/contracts/forum.ts';
import type { Sort } from '../../../common/rules/forum.ts';
import type { Db } from '../../db/client.ts';
import { categories, postVotes, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import { presentPost, type AuthorRow, type CategoryRow, type PostRow } from './presenter.ts';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  postCount: categories.postCount,
};

/** Every category in display order. The table is small (a few dozen rows at most), so it is read whole. */
export async function loadCategories(db: Db): Promise<CategoryRow[]> {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.position), asc(categories.id));
}

/** A category reference from a URL: its slug, or its numeric id. */
export function findCategory(all: CategoryRow[], ref: string): CategoryRow | undefined {
  const slug = ref.toLowerCase();
  const id = /^\d{1,9}$/.test(ref) ? Number(ref) : undefined;
  return all.find((c) => c.slug === slug) ?? (id === undefined ? undefined : all.find((c) => c.id === id));
}

// Each sort matches an index of server/db/schema/forum.ts: (is_pinned DESC, <column> DESC, id DESC)
// WHERE deleted_at IS NULL, so a page is an index walk, never a sort of the whole table.
const SORT_COLUMN = {
  popular: posts.hotScore,
  newest: posts.createdAt,
  views: posts.viewCount,
} as const satisfies Record<Sort, unknown>;

/**
 * The list columns. `content` is deliberately the excerpt: a list card shows at most the excerpt, and the
 * full markdown of 20 posts would multiply the payload the landing page polls every 30 s. The post page
 * (GET /api/forum/posts/:idOrSlug) returns the full content.
 */
export const listColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  content: posts.excerpt,
  createdAt: posts.createdAt,
  viewCount: posts.viewCount,
  commentCount: posts.commentCount,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  shareCount: posts.shareCount,
  isPinned: posts.isPinned,
  isLocked: posts.isLocked,
  categoryId: posts.categoryId,
  authorId: posts.authorId,
};

export type PostFilter = {
  categoryId?: number;
  /** An avatar key: posts whose author picked it (and still has an account). */
  profession?: string;
};

/** The WHERE of a post list. Later filters (author, profession…) add conditions here. */
export function postConditions(filter: PostFilter): SQL | undefined {
  const conditions: SQL[] = [isNull(posts.deletedAt)];
  if (filter.categoryId !== undefined) conditions.push(eq(posts.categoryId, filter.categoryId));
  if (filter.profession !== undefined) {
    conditions.push(
      sql`${posts.authorId} in (select ${users.id} from ${users} where ${users.avatar} = ${filter.profession} and ${users.deletedAt} is null)`,
    );
  }
  return and(...conditions);
}

const listOrder = (sortBy: Sort, pinnedFirst = true) => [
  ...(pinnedFirst ? [desc(posts.isPinned)] : []),
  desc(SORT_COLUMN[sortBy]),
  desc(posts.id),
];

export type PageOptions = {
  filter: PostFilter;
  sortBy: Sort;
  limit: number;
  offset: number;
  /** false: pinned posts take their place by the sort like any other (the landing's "Latest", issue 18). */
  pinnedFirst?: boolean;
};

/**
 * The ids of one page, pinned first, then the sort, then newest id. Exported so tests can EXPLAIN it.
 * Only ids: without a filter on other columns this is an index-only scan of the sort's index, so the
 * rows skipped by a deep OFFSET cost an index entry each, not a visit to the table (page 500 ≈ page 1).
 *
 * Without pinned first, the indexes (pinned first in each) still serve: the pinned and the unpinned
 * posts are each an index walk in the sort's order, and the page is the merge of the first
 * offset + limit of each, so no sort ever covers more than twice the page's reach.
 */
export function postsPageQuery(db: Db, opts: PageOptions) {
  if (opts.pinnedFirst === false) {
    const reach = opts.offset + opts.limit;
    const key = SORT_COLUMN[opts.sortBy];
    const walk = (pinned: boolean) =>
      db
        .select({ id: posts.id, key: sql<number>`${key}`.as('key') })
        .from(posts)
        .where(and(postConditions(opts.filter), eq(posts.isPinned, pinned)))
        .orderBy(desc(key), desc(posts.id))
        .limit(reach);
    return walk(true)
      .unionAll(walk(false))
      .orderBy(desc(sql`key`), desc(sql`id`))
      .limit(opts.limit)
      .offset(opts.offset);
  }
  return db
    .select({ id: posts.id })
    .from(posts)
    .where(postConditions(opts.filter))
    .orderBy(...listOrder(opts.sortBy))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** One page of list rows: the page's ids (postsPageQuery), then their columns, joined by primary key (a "deferred join"). */
export async function loadPostsPage(db: Db, opts: PageOptions): Promise<PostRow[]> {
  const page = postsPageQuery(db, opts).as('page');
  return db
    .select(listColumns)
    .from(posts)
    .innerJoin(page, eq(posts.id, page.id))
    .orderBy(...listOrder(opts.sortBy, opts.pinnedFirst));
}

/** What a list shows of a post's author (AuthorRow). */
export const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
  statusText: users.statusText,
  deletedAt: users.deletedAt,
};

export async function loadAuthors(db: Db, ids: number[]): Promise<Map<number, AuthorRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(authorColumns).from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u]));
}

/** The viewer's votes on the given posts, as postId → 1 | -1. */
export async function loadUserVotes(db: Db, userId: number | null, postIds: number[]): Promise<Map<number, number>> {
  if (userId === null || postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: postVotes.postId, value: postVotes.value })
    .from(postVotes)
    .where(and(eq(postVotes.userId, userId), inArray(postVotes.postId, postIds)));
  return new Map(rows.map((v) => [v.postId, v.value]));
}

/**
 * GET /api/forum/posts. Queries: categories (whole, tiny), the page (index walk, one row more than asked
 * to learn `hasMore`), then authors and the viewer's votes for the page's ids only.
 * totalCount comes from categories.post_count, kept on write, so no count(*) over posts.
 */
export async function listPosts(db: Db, query: TListPostsQuery, viewerId: number | null): Promise<TPostList> {
  const all = await loadCategories(db);
  let category: CategoryRow | undefined;
  if (query.category !== undefined) {
    category = findCategory(all, query.category);
    if (!category) throw notFound('Category not found');
  }

  const rows = await loadPostsPage(db, {
    filter: { categoryId: category?.id },
    sortBy: query.sortBy,
    pinnedFirst: query.pinnedFirst,
    limit: query.limit + 1,
    offset: (query.page - 1) * query.limit,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;

  const totalCount = category ? category.postCount : all.reduce((sum, c) => sum + c.postCount, 0);
  return {
    posts: await presentPosts(db, page, all, viewerId),
    totalCount: Math.max(0, totalCount),
    hasMore,
  };
}

/** List rows → spec §3 posts: loads the page's authors and the viewer's votes (primary-key lookups of the page's ids only). */
export async function presentPosts(db: Db, rows: PostRow[], all: CategoryRow[], viewerId: number | null): Promise<TPost[]> {
  const authorIds = [...new Set(rows.map((p) => p.authorId).filter((id): id is number => id !== null))];
  // Sequential on purpose: one pooled connection per request, and both are primary-key lookups.
  const authors = await loadAuthors(db, authorIds);
  const votes = await loadUserVotes(db, viewerId, rows.map((p) => p.id));
  const byId = new Map(all.map((c) => [c.id, c]));
  return rows.map((p) => presentPost(p, byId.get(p.categoryId)!, p.authorId === null ? undefined : authors.get(p.authorId), votes.get(p.id)));
}
