import { and, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TSearchQuery } from '../../../common/contracts/forum-search.ts';
import type { TPostList } from '../../../common/contracts/forum.ts';
import { SEARCH_MAX_RESULTS, type Sort } from '../../../common/rules/forum.ts';
import type { Clock, Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import {
  findCategory,
  listColumns,
  loadCategories,
  loadPostsPage,
  postConditions,
  presentPosts,
  type CategoryRow,
  type PostFilter,
  type PostRow,
} from '../posts/index.ts';

// GET /api/forum/search (docs/API.md "Search").
//
// A text search is full-text over posts.search (title weight A, content weight B; GIN index), every word
// a prefix, all words required. Ranking every match of a word that is in half the forum would read half
// the table, so a search only ever looks at the newest SEARCH_MAX_RESULTS matches ("candidates") and ranks
// or sorts those. How the candidates are found depends on how many posts match, which the planner's
// estimate tells us before anything is read (see chooseStrategy).

/** At most this many words of a search are used; each is cut to MAX_WORD characters. */
export const MAX_WORDS = 8;
const MAX_WORD = 40;

/**
 * The words of a search, safe to hand to to_tsquery: runs of letters and digits (any script), lower-cased.
 * Everything else (quotes, &, |, !, :, *, parentheses, <->) separates words, so user text never reaches
 * the tsquery parser as syntax.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_WORD)))].slice(0, MAX_WORDS);
}

/** 'evr delivery' → `evr:* & delivery:*`: every word a prefix, all required. */
export const tsQueryText = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

export type Strategy = 'scan' | 'window';

/**
 * How to find the newest `max` matches of a text search, from the planner's estimate of matching posts:
 * - 'scan': one query, ORDER BY id DESC LIMIT max. For few matches the planner reads them from the GIN
 *   index and sorts them; for a word in most posts it walks the primary key backwards and stops after
 *   `max` matches (about max / share rows).
 * - 'window': a word in, say, 5 % of posts would make that walk read 20 rows per match. Instead restrict
 *   to the newest posts that should hold about 1.5 × max matches (id > maxId − window) and let the
 *   GIN bitmap and the primary-key range bitmap be intersected, so only matches are read.
 */
export function chooseStrategy(estimate: number, totalPosts: number, max: number): Strategy {
  if (estimate <= 2 * max) return 'scan';
  // Measured on the bench data (bench/README.md): the walk reads max / share rows, the window pays for the
  // term's whole GIN bitmap (prefix matches cost most) plus 1.5 × max rows; they cost the same near 15 %.
  if (totalPosts > 0 && estimate / totalPosts >= 0.15) return 'scan';
  return 'window';
}

export type SearchOptions = {
  /** The planner's estimate of the matches of `where` (the service keeps them, see createEstimates); without it, every search asks the planner. */
  estimate?: (key: string, where: SQL) => Promise<number>;
  /** Default SEARCH_MAX_RESULTS; tests lower it. */
  maxResults?: number;
  /** Default chooseStrategy's pick; tests force one. */
  strategy?: Strategy;
};

const EMPTY: TPostList = { posts: [], totalCount: 0, hasMore: false };

export async function searchPosts(db: Db, query: TSearchQuery, viewerId: number | null, opts: SearchOptions = {}): Promise<TPostList> {
  const max = opts.maxResults ?? SEARCH_MAX_RESULTS;
  const all = await loadCategories(db);
  let categoryId: number | undefined;
  if (query.category !== undefined) {
    const category = findCategory(all, query.category);
    if (!category) throw notFound('Category not found');
    categoryId = category.id;
  }
  const filter: PostFilter = { categoryId, profession: query.profession };
  const offset = (query.page - 1) * query.limit;
  if (offset >= max) return { ...EMPTY, totalCount: await countCapped(db, filter, query.q, max) };

  if (query.q === undefined) return professionPage(db, query, filter, all, viewerId, max);

  const words = searchWords(query.q);
  if (words.length === 0) return EMPTY; // only punctuation: nothing can match
  const tsq = sql`to_tsquery('english', ${tsQueryText(words)})`;
  const where = and(postConditions(filter), sql`${posts.search} @@ ${tsq}`)!;

  const totalPosts = all.reduce((sum, c) => sum + c.postCount, 0);
  const estimateOf = opts.estimate ?? ((_key: string, w: SQL) => estimateRows(db, w));
  const estimate = await estimateOf(`${tsQueryText(words)}|${categoryId ?? ''}|${query.profession ?? ''}`, where);
  const strategy = opts.strategy ?? chooseStrategy(estimate, totalPosts, max);
  const limit = Math.min(query.limit + 1, max - offset);
  const order = candidateOrder(query.sortBy);
  const rank = query.sortBy === undefined ? sql`ts_rank(${posts.search}, ${tsq})` : sql`0`;

  let found: Candidates;
  if (strategy === 'scan') {
    found = await candidatesPage(db, where, rank, order, offset, limit, max);
  } else {
    const maxId = await newestId(db);
    // The window should hold about 1.5 × max matches at the estimated share of matching posts. When the
    // estimate was high and it holds fewer than max, it is widened (×4) once, then dropped.
    let window = Math.ceil((1.5 * max * Math.max(1, totalPosts)) / Math.max(1, estimate));
    for (let attempt = 0; ; attempt++) {
      const minId = attempt < 2 ? maxId - window : 0;
      found = await db.transaction(async (tx) => {
        // Plain index scans off for this statement: the planner would otherwise walk the whole id range
        // and test every row, where intersecting the two bitmaps reads only the matches.
        await tx.execute(sql`set local enable_indexscan = off`);
        return candidatesPage(tx as unknown as Db, and(where, gt(posts.id, minId))!, rank, order, offset, limit, max);
      });
      if (found.total >= max || minId <= 0) break;
      window *= 4;
    }
  }

  const hasMore = found.ids.length > query.limit;
  const pageIds = hasMore ? found.ids.slice(0, query.limit) : found.ids;
  return { posts: await presentPosts(db, await rowsInOrder(db, pageIds), all, viewerId), totalCount: found.total, hasMore };
}

/** Candidate order: relevance (title A beats content B), or the chosen sort. Never pinned first: a search lists matches. */
function candidateOrder(sortBy: Sort | undefined): SQL {
  switch (sortBy) {
    case 'newest':
      return sql`created_at desc, id desc`;
    case 'popular':
      return sql`hot_score desc, id desc`;
    case 'views':
      return sql`view_count desc, id desc`;
    default:
      return sql`score desc, created_at desc, id desc`;
  }
}

/** One page of the candidates' ids, and how many candidates there are. */
type Candidates = { ids: number[]; total: number };

/**
 * The candidates are the newest `max` posts matching `where`; this orders them by `order` and returns one
 * page of their ids and their number, in one statement. The rank is computed while the row is at hand
 * (its tsvector is read once, for the match and the rank), and only for relevance order.
 */
async function candidatesPage(db: Db, where: SQL, rank: SQL, order: SQL, offset: number, limit: number, max: number): Promise<Candidates> {
  const result = (await db.execute(sql`
    with candidates as materialized (
      select ${posts.id} as id, ${posts.createdAt} as created_at, ${posts.hotScore} as hot_score,
             ${posts.viewCount} as view_count, ${rank} as score
      from ${posts} where ${where}
      order by ${posts.id} desc limit ${max}
    )
    select page.id, counted.total
    from (select count(*)::int as total from candidates) counted
    left join lateral (select id from candidates order by ${order} offset ${offset} limit ${limit}) page on true`)) as unknown as {
    rows: Array<{ id: number | null; total: number }>;
  };
  const rows = result.rows;
  return { ids: rows.filter((r) => r.id !== null).map((r) => Number(r.id)), total: Number(rows[0]?.total ?? 0) };
}

/** A profession without text: the post list filtered by the authors' avatar, pinned first as in the list. */
async function professionPage(
  db: Db,
  query: TSearchQuery,
  filter: PostFilter,
  all: CategoryRow[],
  viewerId: number | null,
  max: number,
): Promise<TPostList> {
  const offset = (query.page - 1) * query.limit;
  const rows = await loadPostsPage(db, {
    filter,
    sortBy: query.sortBy ?? 'newest',
    limit: Math.min(query.limit + 1, max - offset),
    offset,
  });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  // The last page tells the total without counting.
  const totalCount = !hasMore && (page.length > 0 || offset === 0) ? offset + page.length : await countCapped(db, filter, undefined, max);
  return { posts: await presentPosts(db, page, all, viewerId), totalCount, hasMore };
}

/** How many posts match, counting no further than `max` (the most a search reaches). */
async function countCapped(db: Db, filter: PostFilter, q: string | undefined, max: number): Promise<number> {
  const conditions = [postConditions(filter)];
  if (q !== undefined) {
    const words = searchWords(q);
    if (words.length === 0) return 0;
    conditions.push(sql`${posts.search} @@ to_tsquery('english', ${tsQueryText(words)})`);
  }
  const capped = db.select({ one: sql`1` }).from(posts).where(and(...conditions)).limit(max).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

// Planner estimates by search text and filters, kept a few minutes: they only pick a strategy (both give
// the same answer), and they change only as the table does.
const ESTIMATE_TTL_MS = 5 * 60_000;
const ESTIMATES_KEPT = 1000;

/** The estimates of one service, by key (search text and filters). */
function createEstimates(db: Db, clock: Clock) {
  const cache = new Map<string, { rows: number; until: number }>();
  return async (key: string, where: SQL): Promise<number> => {
    const hit = cache.get(key);
    if (hit && hit.until > clock.now().getTime()) return hit.rows;
    const rows = await estimateRows(db, where);
    cache.delete(key);
    if (cache.size >= ESTIMATES_KEPT) cache.delete(cache.keys().next().value!);
    cache.set(key, { rows, until: clock.now().getTime() + ESTIMATE_TTL_MS });
    return rows;
  };
}

/** The planner's estimate of how many posts match, from EXPLAIN (nothing is read). */
export async function estimateRows(db: Db, where: SQL): Promise<number> {
  const result = (await db.execute(sql`explain (format json) select 1 from ${posts} where ${where}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan[0].Plan['Plan Rows'];
}

async function newestId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`max(${posts.id})` }).from(posts);
  return Number(row?.id ?? 0);
}

/** The list columns of the given posts, in the given order. */
async function rowsInOrder(db: Db, ids: number[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(listColumns).from(posts).where(inArray(posts.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PostRow => r !== undefined);
}

/** The search service: buildApp creates it once from the core; its planner estimates live as long as it. */
export function createSearchService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  const estimate = createEstimates(db, clock);
  return {
    searchPosts: (query: TSearchQuery, viewerId: number | null) => searchPosts(db, query, viewerId, { estimate }),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
