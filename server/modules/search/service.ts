import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { TSearchQuery } from '../../../common/contracts/forum-search.ts';
import type { TPost, TPostList } from '../../../common/contracts/forum.ts';
import { SEARCH_MAX_RESULTS, type Sort } from '../../../common/rules/forum.ts';
import type { Clock, Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { postLabels, postSearch, postVotes, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';
import {
  findCategory,
  authorColumns,
  listColumns,
  loadCategories,
  loadPostsPage,
  postConditions,
  presentPost,
  presentPosts,
  type CategoryRow,
  type PostFilter,
  loadTagNames,
  resolveLabels,
} from '../posts/index.ts';

// GET /api/forum/search (docs/API.md "Search").
//
// A text search is full-text over posts.search (title weight A, content weight B), every word a prefix, all
// words required. It reads derived.post_search (server/db/schema/forum.ts postSearch): a narrow copy of the
// live posts' tsvector, category, author and date, kept in step by triggers, with the GIN index. Reading
// posts themselves meant reading their wide rows (body, HTML, a TOASTed tsvector) for every post tested.
// Ranking every match of a word that is in half the forum would read half the table, so a search only ever
// looks at the newest SEARCH_MAX_RESULTS matches ("candidates") and ranks or sorts those. How the candidates
// are found depends on how many posts match, which the planner's estimates tell us before anything is read
// (see chooseStrategy).

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

/**
 * How the newest `max` matches are found:
 * - 'matches': read every post with the rarest word from the GIN index, then sort them by id. Costs what
 *   that word's matches cost, whatever their age: right for few matches.
 * - 'window': the same GIN entries intersected with the primary-key range of the newest posts that should
 *   hold about 1.5 × max matches, so only those posts are read (widened if they hold fewer than max).
 * - 'walk': read posts newest first along the primary key, testing each, until max match (max / share rows).
 *   Reads no index entry of the words: right for a word in many posts.
 */
export type Strategy = 'matches' | 'window' | 'walk';

/** The planner's estimates that chooseStrategy weighs. */
export type Estimates = {
  /** Posts matching the whole search: every word, and the category and profession. */
  matches: number;
  /** Posts with the rarest word (the one the GIN index is read for), whatever else they hold. */
  indexed: number;
  /** Posts in the forum. */
  posts: number;
  /** Posts in the category searched, if one is. */
  inCategory?: number;
};

// Costs in microseconds, measured on PostgreSQL 15 with 1,000,000 bench posts (bench/README.md "Search";
// bench/results/2026-11-24-search-1m.md) on derived.post_search (~630 bytes a row, 625 MB), with words put in
// 0.5–2.5 % of the rows for the purpose: an entry of a prefix word's GIN posting list (prefix words are
// gathered in full into a bitmap before anything else: ~11 ms for the 35,000 of 'flask:*'); an id of a
// primary-key range bitmap (~3 ms for 150,000); a row read through a bitmap and tested (1 µs a row for
// 5,000 matches, 3 µs for 20,000 and more: the matches of a rarer word are spread over every age and fewer
// stay cached); a row tested on the walk, newest first (~1.7 ms for the 10,300 that hold 1000 'ulez', ~9 ms
// for the 50,000 that hold 1000 of a word in 2 %).
const COST_INDEX_ENTRY = 0.3;
const COST_ID_RANGE = 0.03;
const COST_FETCH = 1.5;
const COST_WALK = 0.2;
// A category's row in an id range, found through the category's index (category, id): one heap page each,
// as a category's posts are spread among the others' (~14 ms for the 15,300 of a 4.8 % category in 322,000 ids).
const COST_CATEGORY_ROW = 1;

/** The newest posts that should hold about 1.5 × max matches, at the estimated share of matching posts. */
const windowSize = (e: Estimates, max: number) => Math.min(e.posts, Math.ceil((1.5 * max * e.posts) / Math.max(1, e.matches)));

/** What each strategy should cost (µs), by the estimates; the window by its cheaper way in a category. */
function prices(e: Estimates, max: number) {
  const posts = Math.max(1, e.posts);
  // The walk reads every row newest first, testing the filters too, until max match. (In a category the
  // planner keeps to the primary key rather than the category's index, whose rows it prices as random reads.)
  const walk = COST_WALK * Math.min(posts, (max * posts) / Math.max(1, e.matches));
  const matches = e.indexed * (COST_INDEX_ENTRY + COST_FETCH);
  const size = windowSize(e, max);
  // The window intersects the id range with the word's GIN entries or, in a category, reads the category's
  // rows in the range from its index and tests them.
  const throughWord = size * COST_ID_RANGE + e.indexed * COST_INDEX_ENTRY + e.indexed * (size / posts) * COST_FETCH;
  const throughCategory = e.inCategory === undefined ? Infinity : size * (e.inCategory / posts) * COST_CATEGORY_ROW;
  return { walk, matches, window: Math.min(throughWord, throughCategory), windowThroughCategory: throughCategory < throughWord };
}

/**
 * The cheapest strategy by the estimates. The break-even points move with the size of the forum (a walk
 * costs max / share rows whatever the size, the GIN entries grow with it): at 1,000,000 posts a word in up to
 * ~0.6 % of them is read whole, one in ~0.6–2 % through the window, a commoner one walked (measured: 0.5 %
 * matches 4.7 ms, window 9.4, walk 46; 1 %: 13, 7.6, 18; 2 %: 57, 8.7, 8.9; 2.5 %: 70, 9.7, 7.0). A word the
 * planner has no statistics on (not among its most common ones) is estimated at 0.5 % of posts: few enough
 * to read all its matches, which for a really rare word is a few (the window would still build the bitmap
 * of its id range, ~6 ms for 300,000 ids, and widen it).
 */
export function chooseStrategy(e: Estimates, max: number): Strategy {
  const { walk, matches, window } = prices(e, max);
  if (matches <= window && matches <= walk) return 'matches';
  return window < walk ? 'window' : 'walk';
}

export type SearchOptions = {
  /** Keeps the planner's estimates (the service's, see createMemo); without it, every search asks the planner. */
  memo?: Memo;
  /** Default SEARCH_MAX_RESULTS; tests lower it. */
  maxResults?: number;
  /** Default chooseStrategy's pick; tests force one. */
  strategy?: Strategy;
};

const EMPTY: TPostList = { posts: [], totalCount: 0, hasMore: false };
const tsQuery = (text: string) => sql`to_tsquery('english', ${text})`;

export async function searchPosts(db: Db, query: TSearchQuery, viewerId: number | null, opts: SearchOptions = {}): Promise<TPostList> {
  const max = opts.maxResults ?? SEARCH_MAX_RESULTS;
  const memo = opts.memo ?? noMemo;
  const all = await loadCategories(db);
  const category = query.category === undefined ? undefined : findCategory(all, query.category);
  if (query.category !== undefined && !category) throw notFound('Category not found');
  const categoryId = category?.id;
  const { labels } = await resolveLabels(db, query);
  const filter: PostFilter = { categoryId, profession: query.profession, labels };
  const offset = (query.page - 1) * query.limit;
  if (offset >= max) return { ...EMPTY, totalCount: await countCapped(db, filter, query.q, max) };

  if (query.q === undefined) return professionPage(db, query, filter, all, viewerId, max);

  const words = searchWords(query.q);
  if (words.length === 0) return EMPTY; // only punctuation: nothing can match
  const text = tsQueryText(words);
  const tsq = tsQuery(text);
  const filters = searchFilters(filter);
  const where = and(filters, sql`${postSearch.search} @@ ${tsq}`)!;

  const [matches, rarest] = await Promise.all([
    memo(`${text}|${categoryId ?? ''}|${query.profession ?? ''}|${labels.join(',')}`, () => estimateRows(db, where)),
    rarestWord(db, memo, words),
  ]);
  const estimates: Estimates = { matches, indexed: rarest.rows, posts: all.reduce((sum, c) => sum + c.postCount, 0), inCategory: category?.postCount };
  const strategy = opts.strategy ?? chooseStrategy(estimates, max);
  // The index is read for the rarest word only (several prefix words would each be gathered in full, a common
  // one costing most of the table's entries); each post it finds is then tested against the whole search.
  const textCondition =
    words.length === 1 || rarest.word === undefined
      ? sql`${postSearch.search} @@ ${tsq}`
      : and(sql`${postSearch.search} @@ ${tsQuery(tsQueryText([rarest.word]))}`, sql`ts_match_vq(${postSearch.search}, ${tsq})`)!;
  const limit = Math.min(query.limit + 1, max - offset);
  const page: Page = { sortBy: query.sortBy, rank: query.sortBy === undefined ? tsq : undefined, offset, limit, max };

  let found: Candidates;
  if (strategy === 'matches') {
    // The filters as one condition (`is true`) that no index serves: the planner, estimating a word it has no
    // statistics on at 0.5 % of posts ('tachograph': 5,000 rather than 100), would otherwise read a category's
    // index entries to save reading 100 rows. (A category with a commoner word goes to the window or the walk.)
    // `post_id + 0`: sorted after reading, so the planner cannot walk the primary key instead.
    found = await candidatesPage(db, and(sql`(${filters ?? sql`true`}) is true`, textCondition)!, sql`${postSearch.postId} + 0 desc`, page);
  } else if (strategy === 'walk') {
    // ts_match_vq is the @@ operator as a function, which no index serves: the planner walks the primary key
    // newest first, testing each row.
    found = await candidatesPage(db, and(filters, sql`ts_match_vq(${postSearch.search}, ${tsq})`)!, sql`${postSearch.postId} desc`, page);
  } else {
    // Newer posts than the remembered newest id are inside the window too (it is every id above minId).
    const maxId = await memo('newest id', () => newestId(db));
    // In a category, either the word's GIN entries or the category's index entries in the range, whichever is
    // cheaper: the planner, left to choose, intersects both and reads all of a common word's entries.
    const windowText = prices(estimates, max).windowThroughCategory ? sql`ts_match_vq(${postSearch.search}, ${tsq})` : textCondition;
    // When the estimate was high and the window holds fewer than max, it is widened (×4) once, then dropped.
    let window = windowSize(estimates, max);
    for (let attempt = 0; ; attempt++) {
      const minId = attempt < 2 ? maxId - window : 0;
      found = await db.transaction(async (tx) => {
        // Plain index scans off for this statement: the planner would otherwise walk the whole id range
        // and test every row, where intersecting the two bitmaps reads only the matches.
        await tx.execute(sql`set local enable_indexscan = off`);
        return candidatesPage(tx as unknown as Db, and(filters, windowText, gt(postSearch.postId, minId))!, sql`${postSearch.postId} desc`, page);
      });
      if (found.total >= max || minId <= 0) break;
      window *= 4;
    }
  }

  const hasMore = found.ids.length > query.limit;
  const pageIds = hasMore ? found.ids.slice(0, query.limit) : found.ids;
  return { posts: await presentedInOrder(db, pageIds, all, viewerId, query.sortBy === 'active'), totalCount: found.total, hasMore };
}

/**
 * postConditions of the posts module, on derived.post_search: it holds live posts only, so the category
 * and the authors' profession are all there is to filter (the same set of authors as the post list's).
 */
function searchFilters(filter: PostFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.categoryId !== undefined) conditions.push(eq(postSearch.categoryId, filter.categoryId));
  // Issue 32: a tag's and an area's posts (derived.post_labels holds live posts only, as post_search does).
  for (const label of filter.labels ?? []) {
    conditions.push(sql`exists (select 1 from ${postLabels} where ${postLabels.postId} = ${postSearch.postId} and ${postLabels.label} = ${label})`);
  }
  if (filter.profession !== undefined) {
    conditions.push(
      sql`${postSearch.authorId} in (select ${users.id} from ${users} where ${users.avatar} = ${filter.profession} and ${users.deletedAt} is null)`,
    );
  }
  return and(...conditions);
}

/**
 * The word of a search with the fewest estimated matches (a stop word, which matches nothing by itself and
 * is dropped from the search, is never it), and that estimate. One word: itself.
 */
async function rarestWord(db: Db, memo: Memo, words: string[]): Promise<{ word: string | undefined; rows: number }> {
  const known = await Promise.all(
    words.map((word) =>
      memo(`word|${word}`, async () => {
        const text = tsQueryText([word]);
        const result = (await db.execute(sql`select numnode(${tsQuery(text)}) as n`)) as unknown as { rows: Array<{ n: number }> };
        if (Number(result.rows[0]?.n ?? 0) === 0) return undefined;
        return estimateRows(db, sql`${postSearch.search} @@ ${tsQuery(text)}`);
      }),
    ),
  );
  let best: { word: string | undefined; rows: number } = { word: undefined, rows: Infinity };
  known.forEach((rows, i) => {
    if (rows !== undefined && rows < best.rows) best = { word: words[i], rows };
  });
  return best.word === undefined ? { word: undefined, rows: 0 } : best;
}

/**
 * Candidate order: relevance (title A beats content B), or the chosen sort. Never pinned first: a search
 * lists matches. `column`: what the order reads from posts beside what derived.post_search holds (the
 * counters change on every vote and view, so they are not copied there).
 */
function candidateOrder(sortBy: Sort | undefined): { order: SQL; column?: SQL } {
  switch (sortBy) {
    case 'newest':
      return { order: sql`created_at desc, id desc` };
    case 'popular':
      return { order: sql`hot_score desc, id desc`, column: sql`${posts.hotScore} as hot_score` };
    case 'views':
      return { order: sql`view_count desc, id desc`, column: sql`${posts.viewCount} as view_count` };
    case 'active':
      return { order: sql`last_activity_at desc, id desc`, column: sql`${posts.lastActivityAt} as last_activity_at` };
    default:
      return { order: sql`score desc, created_at desc, id desc` };
  }
}

/** One page of the candidates' ids, and how many candidates there are. */
type Candidates = { ids: number[]; total: number };

type Page = { sortBy: Sort | undefined; rank: SQL | undefined; offset: number; limit: number; max: number };

/**
 * The candidates are the newest `max` posts matching `where` (`newest` orders them by id, descending); this
 * orders them by the page's order and returns one page of their ids and their number, in one statement.
 * The rank (relevance order only) is computed after the limit, so a strategy that reads more matches than
 * max does not rank them all; the posts' counters (popular, views) are read for the candidates only.
 */
async function candidatesPage(db: Db, where: SQL, newest: SQL, page: Page): Promise<Candidates> {
  const { order, column } = candidateOrder(page.sortBy);
  const score = page.rank ? sql`ts_rank(newest.search, ${page.rank})` : sql`0`;
  const result = (await db.execute(sql`
    with candidates as materialized (
      select newest.id, newest.created_at, ${score} as score${column ? sql`, ${column}` : sql``}
      from (
        select ${postSearch.postId} as id, ${postSearch.createdAt} as created_at${page.rank ? sql`, ${postSearch.search} as search` : sql``}
        from ${postSearch} where ${where}
        order by ${newest} limit ${page.max}
      ) newest${column ? sql` join ${posts} on ${posts.id} = newest.id` : sql``}
    )
    select page.id, counted.total
    from (select count(*)::int as total from candidates) counted
    left join lateral (select id from candidates order by ${order} offset ${page.offset} limit ${page.limit}) page on true`)) as unknown as {
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
  return { posts: await presentPosts(db, page, all, viewerId, { lastReply: query.sortBy === 'active' }), totalCount, hasMore };
}

/** How many posts match, counting no further than `max` (the most a search reaches). */
async function countCapped(db: Db, filter: PostFilter, q: string | undefined, max: number): Promise<number> {
  let capped;
  if (q === undefined) {
    capped = db.select({ one: sql`1` }).from(posts).where(postConditions(filter)).limit(max).as('capped');
  } else {
    const words = searchWords(q);
    if (words.length === 0) return 0;
    const text = sql`${postSearch.search} @@ to_tsquery('english', ${tsQueryText(words)})`;
    capped = db.select({ one: sql`1` }).from(postSearch).where(and(searchFilters(filter), text)).limit(max).as('capped');
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/** Remembers what `load` found under `key` for a while. */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

// Planner estimates by search text and filters (and by word), kept a few minutes: they only pick a strategy
// (all give the same answer), and they change only as the table does.
const ESTIMATE_TTL_MS = 5 * 60_000;
const ESTIMATES_KEPT = 2000;

/** The estimates of one service, by key. */
function createMemo(clock: Clock): Memo {
  const cache = new Map<string, { value: unknown; until: number }>();
  return async <T,>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && hit.until > clock.now().getTime()) return hit.value as T;
    const value = await load();
    cache.delete(key);
    if (cache.size >= ESTIMATES_KEPT) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, until: clock.now().getTime() + ESTIMATE_TTL_MS });
    return value;
  };
}

/** The planner's estimate of how many live posts match, from EXPLAIN (nothing is read). */
export async function estimateRows(db: Db, where: SQL): Promise<number> {
  const result = (await db.execute(sql`explain (format json) select 1 from ${postSearch} where ${where}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan[0].Plan['Plan Rows'];
}

async function newestId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`max(${postSearch.postId})` }).from(postSearch);
  return Number(row?.id ?? 0);
}

/**
 * A page's posts with their list columns, authors and the viewer's vote (none for a guest: no user id is
 * null), joined by primary keys: one statement where presentPosts of the posts module reads three. Prepared
 * once per database (on PostgreSQL a named statement, parsed once per connection), so neither Drizzle's
 * building nor the planner's work is redone for every search.
 */
const preparePageRows = (db: Db) =>
  db
    .select({ post: listColumns, author: authorColumns, vote: postVotes.value })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(postVotes, and(eq(postVotes.postId, posts.id), sql`${postVotes.userId} = ${sql.placeholder('viewer')}`))
    .where(sql`${posts.id} = any(${sql.placeholder('ids')})`)
    .prepare('search_page_rows');
const pageRowsByDb = new WeakMap<Db, ReturnType<typeof preparePageRows>>();

/** The given posts as the list presents them (presentPosts of the posts module), in the given order. */
async function presentedInOrder(db: Db, ids: number[], all: CategoryRow[], viewerId: number | null, lastReply: boolean): Promise<TPost[]> {
  if (ids.length === 0) return [];
  let pageRows = pageRowsByDb.get(db);
  if (!pageRows) pageRowsByDb.set(db, (pageRows = preparePageRows(db)));
  const rows = await pageRows.execute({ ids, viewer: viewerId });
  const byId = new Map(rows.map((r) => [r.post.id, r]));
  const categoryById = new Map(all.map((c) => [c.id, c]));
  const tags = await loadTagNames(db, rows.map((r) => r.post));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentPost(r.post, categoryById.get(r.post.categoryId)!, r.author ?? undefined, r.vote ?? undefined, { lastReply, tags })] : [];
  });
}

/** The search service: buildApp creates it once from the core; its planner estimates live as long as it. */
export function createSearchService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  const memo = createMemo(clock);
  return {
    searchPosts: (query: TSearchQuery, viewerId: number | null) => searchPosts(db, query, viewerId, { memo }),
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
