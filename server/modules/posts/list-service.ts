import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TListPostsQuery, TPost, TPostList } from '../../../common/contracts/forum.ts';
import { LIST_COUNT_MAX, TOP_PERIOD_MS, topPeriodSince, type ListSortBy, type Sort } from '../../../common/rules/forum.ts';
import type { Db } from '../../db/client.ts';
import { bookmarks, categories, labelCounts, postLabels, postVotes, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import { courierColumns } from '../../identity/courier-profile.ts';
import { loadTagNames, resolveLabels } from './tags.ts';
import { presentPost, voteType, type AuthorRow, type CategoryRow, type PostRow } from './presenter.ts';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  postCount: categories.postCount,
  isQa: categories.isQa,
  allowAnonymous: categories.allowAnonymous,
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
  active: posts.lastActivityAt,
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
  lastActivityAt: posts.lastActivityAt,
  qaState: posts.qaState,
  tagIds: posts.tagIds,
  areas: posts.areas,
  alertKind: posts.alertKind,
  alertPlace: posts.alertPlace,
  alertExpiresAt: posts.alertExpiresAt,
  anonymousAs: posts.anonymousAs,
  hasPoll: posts.hasPoll,
};

export type PostFilter = {
  categoryId?: number;
  /** An avatar key: posts whose author picked it (and still has an account). */
  profession?: string;
  /** Only posts without comments (issue 18): posts_unanswered_idx holds exactly those. */
  unanswered?: boolean;
  /** Only posts created at or after this (Top's period). */
  since?: Date;
  /**
   * Issue 33: true, only Q&A posts with an accepted answer; false, only those without one (qa_state 1 or 0:
   * posts_qa_idx, or posts_category_qa_idx in a category, holds exactly those).
   */
  solved?: boolean;
  /**
   * Issue 32: only posts with every one of these labels (`tag:<id>`, `area:<AREA>`). One alone (or with
   * Top's period) makes a page a walk of derived.post_labels' index for the sort (labelPageQuery); with
   * other filters, each is a condition on the post.
   */
  labels?: string[];
};

/** The WHERE of a post list. Later filters (author, profession…) add conditions here. */
export function postConditions(filter: PostFilter): SQL | undefined {
  const conditions: SQL[] = [isNull(posts.deletedAt)];
  if (filter.categoryId !== undefined) conditions.push(eq(posts.categoryId, filter.categoryId));
  // Written as the partial index's predicate (comment_count = 0) so the planner can match it.
  if (filter.unanswered) conditions.push(eq(posts.commentCount, 0));
  if (filter.since !== undefined) conditions.push(gte(posts.createdAt, filter.since));
  if (filter.solved !== undefined) conditions.push(eq(posts.qaState, filter.solved ? 1 : 0));
  for (const label of filter.labels ?? []) {
    conditions.push(sql`exists (select 1 from ${postLabels} where ${postLabels.postId} = ${posts.id} and ${postLabels.label} = ${label})`);
  }
  if (filter.profession !== undefined) {
    conditions.push(
      sql`${posts.authorId} in (select ${users.id} from ${users} where ${users.avatar} = ${filter.profession} and ${users.deletedAt} is null)`,
      // Issue 32: an anonymous post is nobody's as far as a filter by author goes (it would narrow down who).
      isNull(posts.anonymousAs),
    );
  }
  return and(...conditions);
}

/** Top's score, written as posts_top_idx's expression so the index serves the order. */
const topScore = sql<number>`(${posts.upvotes} - ${posts.downvotes})`;

/**
 * Top (issue 18): score, then newest, then id, as posts_top_idx / posts_category_top_idx. Pinned posts
 * take their place by score like any other, as in Discourse's Top: pinning puts a post on top of the
 * ordinary lists, but Top is "the best of the period", and floating pins would hide that.
 */
const TOP_ORDER = [desc(topScore), desc(posts.createdAt), desc(posts.id)];

const listOrder = (sortBy: ListSortBy, pinnedFirst = true) =>
  sortBy === 'top'
    ? TOP_ORDER
    : [...(pinnedFirst ? [desc(posts.isPinned)] : []), desc(SORT_COLUMN[sortBy]), desc(posts.id)];

export type PageOptions = {
  filter: PostFilter;
  sortBy: ListSortBy;
  limit: number;
  offset: number;
  /** false: pinned posts take their place by the sort like any other (the landing's "Latest", issue 18). */
  pinnedFirst?: boolean;
  /** Top of a short period (filter.since): read the period's posts by date, then sort them (see below). */
  rangeFirst?: boolean;
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
  const label = onlyLabel(opts.filter);
  if (label !== undefined) return labelPageQuery(db, label, opts);
  if (opts.sortBy === 'top' && opts.rangeFirst) {
    // A day's or a week's posts are few: read them by date (posts_created_idx, a range) and sort them by
    // score. Walking posts_top_idx instead starts at the best posts of all time and skips every older
    // one until enough recent ones turn up: most of the index where the best-scored posts are old
    // (300k posts: 12 ms against 0.5 ms). The LIMIT (of every row) keeps PostgreSQL from folding the
    // range back into the walk: a subquery with a LIMIT is never pulled up into its outer query.
    const recent = db
      .select({ id: posts.id, score: topScore.as('score'), createdAt: posts.createdAt })
      .from(posts)
      .where(postConditions(opts.filter))
      .limit(2_147_483_647)
      .as('recent');
    return db
      .select({ id: recent.id })
      .from(recent)
      .orderBy(desc(recent.score), desc(recent.createdAt), desc(recent.id))
      .limit(opts.limit)
      .offset(opts.offset);
  }
  if (opts.sortBy !== 'top' && opts.pinnedFirst === false) {
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

/** The label of a filter of one label and nothing else but Top's period (read from derived.post_labels alone). */
const onlyLabel = (f: PostFilter): string | undefined =>
  f.labels?.length === 1 && f.categoryId === undefined && !f.unanswered && f.solved === undefined && f.profession === undefined ? f.labels[0] : undefined;

const LABEL_SORT_COLUMN = {
  popular: postLabels.hotScore,
  newest: postLabels.createdAt,
  views: postLabels.viewCount,
  active: postLabels.lastActivityAt,
} as const satisfies Record<Sort, unknown>;

/**
 * A label's page (issue 32): the same orders as postsPageQuery, on the sort keys derived.post_labels
 * copies from each post, so a tag's or an area's page 500 walks its index as the whole list's walks
 * posts' (post_labels_<sort>_idx: label, is_pinned, key, post_id). Top walks post_labels_top_idx, a Top
 * period reads the label's rows of the period and sorts them.
 */
function labelPageQuery(db: Db, label: string, opts: PageOptions) {
  const l = postLabels;
  // The page's `id` is the column post_id (loadPostsPage joins on it as the page's id).
  const id = l.postId;
  const since = opts.filter.since === undefined ? undefined : gte(l.createdAt, opts.filter.since);
  if (opts.sortBy === 'top') {
    return db
      .select({ id })
      .from(l)
      .where(and(eq(l.label, label), since))
      .orderBy(desc(l.topScore), desc(l.createdAt), desc(l.postId))
      .limit(opts.limit)
      .offset(opts.offset);
  }
  const key = LABEL_SORT_COLUMN[opts.sortBy];
  if (opts.pinnedFirst === false) {
    const reach = opts.offset + opts.limit;
    const walk = (pinned: boolean) =>
      db
        .select({ id, key: sql<number>`${key}`.as('key') })
        .from(l)
        .where(and(eq(l.label, label), eq(l.isPinned, pinned)))
        .orderBy(desc(key), desc(l.postId))
        .limit(reach);
    return walk(true).unionAll(walk(false)).orderBy(desc(sql`key`), desc(sql`post_id`)).limit(opts.limit).offset(opts.offset);
  }
  return db
    .select({ id })
    .from(l)
    .where(eq(l.label, label))
    .orderBy(desc(l.isPinned), desc(key), desc(l.postId))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** A label's live posts (derived.label_counts, kept by trigger). */
async function labelCount(db: Db, label: string): Promise<number> {
  const [row] = await db.select({ n: labelCounts.postCount }).from(labelCounts).where(eq(labelCounts.label, label));
  return row?.n ?? 0;
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

/**
 * How many posts a narrowed list (a period, unanswered) holds, up to LIST_COUNT_MAX: the count walks the
 * same index as the page and stops there, so a year of posts costs at most that many entries.
 */
export async function countPosts(db: Db, filter: PostFilter): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(posts).where(postConditions(filter)).limit(LIST_COUNT_MAX).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row.n;
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
  ...courierColumns,
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

/** Who reads a list: a member's id, name and where their previous visit ended (null: none yet). */
export type ListViewer = { id: number; username: string; previousVisitAt: Date | null };

/**
 * The list query as the reader's list is made: Top without a period is the reader's default period (a
 * guest's is always the same; a member's follows how long they were away), named so that every reader
 * with that period shares one list.
 */
export function listQueryFor(query: TListPostsQuery, viewer: ListViewer | null, now: Date): TListPostsQuery {
  if (query.sortBy !== 'top' || query.period !== undefined) return query;
  return { ...query, period: topPeriodSince(viewer?.previousVisitAt ?? null, now) };
}

/**
 * GET /api/forum/posts as every reader shares it (a member's own marks: withViewerState). Queries:
 * categories (whole, tiny), the page (index walk, one row more than asked to learn `hasMore`), then the
 * authors of the page's posts. totalCount comes from categories.post_count, kept on write, so no count(*)
 * over posts, unless the list is narrowed (a Top period, unanswered): then countPosts, capped.
 */
export async function listPosts(db: Db, query: TListPostsQuery, now: Date): Promise<TPostList> {
  const all = await loadCategories(db);
  let category: CategoryRow | undefined;
  if (query.category !== undefined) {
    category = findCategory(all, query.category);
    if (!category) throw notFound('Category not found');
  }

  // Issue 32: a tag (by slug: an unknown one is a 404, as an unknown category) and a postcode area.
  const { labels, tagPosts } = await resolveLabels(db, query);

  const period = query.sortBy === 'top' ? (query.period ?? topPeriodSince(null, now)) : undefined;
  // An unanswered post's latest activity is its creation (no visible reply), so Unanswered by activity is
  // Unanswered by date: posts_unanswered_idx serves it, where the activity index would skip every answered post.
  const sortBy = query.unanswered && query.sortBy === 'active' ? 'newest' : query.sortBy;
  const filter: PostFilter = {
    categoryId: category?.id,
    unanswered: query.unanswered || undefined,
    since: period && period !== 'all' ? new Date(now.getTime() - TOP_PERIOD_MS[period]) : undefined,
    solved: query.solved,
    labels,
  };
  const rows = await loadPostsPage(db, {
    filter,
    sortBy,
    pinnedFirst: query.pinnedFirst,
    rangeFirst: period === 'day' || period === 'week',
    limit: query.limit + 1,
    offset: (query.page - 1) * query.limit,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;

  const label = onlyLabel(filter);
  const totalCount =
    label !== undefined && !filter.since
      ? (tagPosts ?? (await labelCount(db, label)))
      : filter.unanswered || filter.since || filter.solved !== undefined || labels.length > 0
      ? await countPosts(db, filter)
      : category
        ? category.postCount
        : all.reduce((sum, c) => sum + c.postCount, 0);
  return {
    posts: await presentPosts(db, page, all, null, { lastReply: query.sortBy === 'active' }),
    totalCount: Math.max(0, totalCount),
    hasMore,
    ...(period ? { period } : {}),
  };
}

/**
 * A member's votes (1, -1) and saved posts (0) among the given posts: one statement, prepared once per
 * database (a named statement on PostgreSQL), as every signed-in list runs it.
 */
const prepareViewerMarks = (db: Db) =>
  db
    .select({ postId: postVotes.postId, value: postVotes.value })
    .from(postVotes)
    .where(and(eq(postVotes.userId, sql.placeholder('viewer')), sql`${postVotes.postId} = any(${sql.placeholder('ids')})`))
    .unionAll(
      db
        .select({ postId: bookmarks.postId, value: sql<number>`0`.mapWith(Number) })
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, sql.placeholder('viewer')), sql`${bookmarks.postId} = any(${sql.placeholder('ids')})`)),
    )
    .prepare('list_viewer_marks');
const viewerMarksByDb = new WeakMap<Db, ReturnType<typeof prepareViewerMarks>>();

/**
 * A member's list: the shared one (listPosts, kept by the guest cache) with their own marks laid on it
 * (issue 31), from one query of the page's ids (prepareViewerMarks): their votes, the posts they saved, and
 * "new since your last visit" (someone else's post created after their previous visit ended; none on a first visit).
 * `list` is shared and left as it is.
 */
export async function withViewerState(db: Db, list: TPostList, viewer: ListViewer): Promise<TPostList> {
  let viewerMarks = viewerMarksByDb.get(db);
  if (!viewerMarks) viewerMarksByDb.set(db, (viewerMarks = prepareViewerMarks(db)));
  const marks = list.posts.length === 0 ? [] : await viewerMarks.execute({ viewer: viewer.id, ids: list.posts.map((p) => p.id) });
  const votes = new Map<number, number>();
  const saved = new Set<number>();
  for (const m of marks) {
    if (m.value === 0) saved.add(m.postId);
    else votes.set(m.postId, m.value);
  }
  const since = viewer.previousVisitAt?.getTime() ?? null;
  return {
    ...list,
    posts: list.posts.map((p) => ({
      ...p,
      userVote: voteType(votes.get(p.id)),
      bookmarked: saved.has(p.id),
      isNew: since !== null && p.author?.username !== viewer.username && Date.parse(p.createdAt) > since,
    })),
  };
}

/** The viewer's bookmarks among the given posts. */
export async function loadUserBookmarks(db: Db, userId: number | null, postIds: number[]): Promise<Set<number>> {
  if (userId === null || postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: bookmarks.postId })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), inArray(bookmarks.postId, postIds)));
  return new Set(rows.map((b) => b.postId));
}

/**
 * List rows → spec §3 posts: loads the page's authors and the viewer's votes and bookmarks (primary-key lookups
 * of the page's ids only). `lastReply`: a list by latest activity says when each post's newest reply came.
 */
export async function presentPosts(
  db: Db,
  rows: PostRow[],
  all: CategoryRow[],
  viewerId: number | null,
  opts: { lastReply?: boolean } = {},
): Promise<TPost[]> {
  const authorIds = [...new Set(rows.map((p) => p.authorId).filter((id): id is number => id !== null))];
  // Sequential on purpose: one pooled connection per request, and both are primary-key lookups.
  const authors = await loadAuthors(db, authorIds);
  const votes = await loadUserVotes(db, viewerId, rows.map((p) => p.id));
  const saved = await loadUserBookmarks(db, viewerId, rows.map((p) => p.id));
  const tags = await loadTagNames(db, rows);
  const byId = new Map(all.map((c) => [c.id, c]));
  return rows.map((p) => {
    const post = presentPost(p, byId.get(p.categoryId)!, p.authorId === null ? undefined : authors.get(p.authorId), votes.get(p.id), { ...opts, tags });
    // A member's lists say which posts they saved; a guest's carry no flag (their answers are shared).
    return viewerId === null ? post : { ...post, bookmarked: saved.has(p.id) };
  });
}
