import { and, asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TDirectoryQuery, TDirectoryResponse, TDirectoryUser } from '../../../common/contracts/members.ts';
import { DIRECTORY_MAX_RESULTS, directorySearchMode } from '../../../common/rules/members.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { courierColumns, courierFilterConditions, presentMemberCard, type CourierRow } from '../../identity/courier-profile.ts';

// GET /api/directory/users (docs/API.md "Directory").
//
// Without a search a page is a walk of the sort's index. A search must stay fast with a million members
// whether it matches three of them or half: it reads at most SEARCH_SCAN_MAX matches, found through the
// trigram indexes, and sorts those; a search matching more than that is common enough that walking the
// "joined" index finds its newest DIRECTORY_MAX_RESULTS matches after testing few rows. Either way at most
// DIRECTORY_MAX_RESULTS matches are counted and reachable (as in the forum search).

/** The most matches a search reads through the trigram indexes before it counts as "common". */
export const SEARCH_SCAN_MAX = 10_000;

/**
 * Who the directory lists: verified, not deleted, not suspended. The first two conditions are written
 * exactly as the predicate of the partial directory indexes (server/db/schema/users.ts), so the planner
 * proves they apply; `suspended_at is null` is checked on the rows a page visits.
 */
export const listedMember: SQL = and(sql`email_verified_at is not null and deleted_at is null`, sql`${users.suspendedAt} is null`)!;

const escapeLike = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** `q` as a LIKE pattern (see directorySearchMode); % and _ (and the escape character) in q match themselves. */
export function likePattern(q: string): string {
  return directorySearchMode(q) === 'contains' ? `%${escapeLike(q)}%` : `${escapeLike(q)}%`;
}

/** Case-insensitive match on username or status text; lower(col) is the expression of the trigram GIN indexes. */
export function matches(q: string): SQL {
  const pattern = likePattern(q);
  return sql`(lower(${users.username}) like ${pattern} or lower(${users.statusText}) like ${pattern})`;
}

/** What narrows the directory: a search and the courier filters (issue 32). */
type Narrowing = Pick<TDirectoryQuery, 'q' | 'network' | 'area' | 'vehicle'>;
const narrows = (n: Narrowing) => n.q !== undefined || n.network !== undefined || n.area !== undefined || n.vehicle !== undefined;

/** The conditions of a narrowed directory, each answered by an index (trigram, or a courier filter's partial index). */
function narrowing(n: Narrowing): SQL {
  return and(...(n.q === undefined ? [] : [matches(n.q)]), ...courierFilterConditions(n))!;
}

/** The sorts, on the users table or on a CTE of its columns (same names). */
type SortColumns = Record<'id' | 'username' | 'createdAt', SQLWrapper>;
const ORDER = {
  username: (t: SortColumns) => [asc(sql`lower(${t.username})`), asc(t.id as AnyColumn)],
  joined: (t: SortColumns) => [desc(t.createdAt as AnyColumn), desc(t.id as AnyColumn)],
} as const;

const columns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  statusText: users.statusText,
  createdAt: users.createdAt,
  ...courierColumns,
};

type Paging = Pick<TDirectoryQuery, 'sort' | 'page' | 'limit'>;
const offsetOf = (p: Paging) => (p.page - 1) * p.limit;

/**
 * Without a search: one page in the order of users_directory_username_idx or users_directory_joined_idx,
 * one row more than asked to learn hasMore.
 */
export function directoryPageQuery(db: Db, query: Paging) {
  return db
    .select(columns)
    .from(users)
    .where(listedMember)
    .orderBy(...ORDER[query.sort](users))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
}

/**
 * A page of the candidate matches `m` (a CTE), sorted, with how many candidates there are. `m` is read
 * twice, so PostgreSQL computes it once.
 * - 'search' (step 1): up to SEARCH_SCAN_MAX + 1 matches in any order (a bitmap scan of the trigram
 *   indexes and the courier filters' indexes).
 * - 'newest' (step 2, common searches): the newest DIRECTORY_MAX_RESULTS matches (a walk of users_directory_joined_idx).
 */
export function candidatesPageQuery(db: Db, query: Paging & Narrowing, candidates: 'search' | 'newest') {
  const base = db.select(columns).from(users).where(and(listedMember, narrowing(query)));
  const m = db
    .$with('m')
    .as(candidates === 'search' ? base.limit(SEARCH_SCAN_MAX + 1) : base.orderBy(...ORDER.joined(users)).limit(DIRECTORY_MAX_RESULTS));
  return db
    .with(m)
    .select({
      id: m.id,
      username: m.username,
      avatar: m.avatar,
      statusText: m.statusText,
      createdAt: m.createdAt,
      courierNetworks: m.courierNetworks,
      courierNetworksVisibility: m.courierNetworksVisibility,
      courierVehicle: m.courierVehicle,
      courierVehicleVisibility: m.courierVehicleVisibility,
      courierArea: m.courierArea,
      courierAreaVisibility: m.courierAreaVisibility,
      courierYears: m.courierYears,
      courierYearsVisibility: m.courierYearsVisibility,
      courierEngagement: m.courierEngagement,
      courierEngagementVisibility: m.courierEngagementVisibility,
      verifiedNetwork: m.verifiedNetwork,
      verifiedAt: m.verifiedAt,
      total: sql<number>`(select count(*) from ${m})::int`.as('total'),
    })
    .from(m)
    .orderBy(...ORDER[query.sort](m))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
}

/**
 * The planner cannot estimate a trigram LIKE (it guesses a handful of rows whatever the text), so each
 * step is told how to read: step 1 through the trigram bitmaps only (a sequential scan or index walk
 * that meets no match would read every member), step 2 by walking the joined index only (a bitmap of a
 * common search holds most of the table).
 */
export const STEP_SETTINGS = {
  search: [sql`set local enable_seqscan = off`, sql`set local enable_indexscan = off`],
  newest: [sql`set local enable_seqscan = off`, sql`set local enable_bitmapscan = off`],
} as const;

async function withSettings<T>(db: Db, settings: readonly SQL[], run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const s of settings) await tx.execute(s);
    return run(tx as unknown as Db);
  });
}

export function directoryCountQuery(db: Db) {
  return db.select({ n: sql<number>`count(*)::int` }).from(users).where(listedMember);
}

export const VERIFIED_COUNT_TTL_MS = 60_000;

/**
 * A value recomputed at most once per `ttlMs` (by `now`, in ms) in this process. Concurrent callers of
 * an expired value share one load; a failed load is not kept.
 */
export function cachedValue<T>(load: () => Promise<T>, ttlMs: number, now: () => number) {
  let value: { v: T; at: number } | undefined;
  let loading: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (value && now() - value.at < ttlMs) return Promise.resolve(value.v);
      loading ??= load()
        .then((v) => {
          value = { v, at: now() };
          return v;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
    invalidate() {
      value = undefined;
    },
  };
}

type Row = { id: number; username: string; avatar: string; statusText: string; createdAt: Date } & CourierRow;

/** The directory is for verified members: a card shows what its member shows to members. */
const presentDirectoryUser = (u: Row): TDirectoryUser => presentMemberCard(u, 'members');

/** The directory service: buildApp creates it once from the core (it keeps the count of everyone). */
export function createDirectoryService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  // Counting every listed member reads the whole index (about 0.2 s with a million), too slow for each
  // request, so the count of everyone is kept for a minute per process (docs/API.md "Directory").
  const verifiedCount = cachedValue(async () => (await directoryCountQuery(db))[0].n, VERIFIED_COUNT_TTL_MS, () => clock.now().getTime());

  /** The page and the number of reachable matches (at most DIRECTORY_MAX_RESULTS). */
  async function search(query: TDirectoryQuery): Promise<{ rows: Row[]; total: number }> {
    const run = (p: Paging & Narrowing) => withSettings(db, STEP_SETTINGS.search, (tx) => candidatesPageQuery(tx, p, 'search'));
    const offset = offsetOf(query);
    const found = offset < DIRECTORY_MAX_RESULTS ? await run(query) : [];
    // An empty page past the end says nothing of how many there are: one more read, of one row.
    const matched = found.length > 0 || offset === 0 ? (found[0]?.total ?? 0) : ((await run({ ...query, page: 1, limit: 1 }))[0]?.total ?? 0);
    if (matched <= SEARCH_SCAN_MAX) return { rows: found, total: Math.min(matched, DIRECTORY_MAX_RESULTS) };
    // Step 1 held an arbitrary SEARCH_SCAN_MAX + 1 of them: a common search shows its newest matches.
    const rows = offset < DIRECTORY_MAX_RESULTS ? await withSettings(db, STEP_SETTINGS.newest, (tx) => candidatesPageQuery(tx, query, 'newest')) : [];
    return { rows, total: DIRECTORY_MAX_RESULTS };
  }

  return {
    /** Dropped after a change this process made (an account deleted), so its own answers are exact at once. */
    invalidateCounts: () => verifiedCount.invalidate(),

    async list(query: TDirectoryQuery): Promise<TDirectoryResponse> {
      // Sequential on purpose: one pooled connection per request.
      if (!narrows(query)) {
        const rows = await directoryPageQuery(db, query);
        const everyone = await verifiedCount.get();
        return {
          users: rows.slice(0, query.limit).map(presentDirectoryUser),
          totalCount: everyone,
          verifiedCount: everyone,
          hasMore: rows.length > query.limit,
        };
      }
      const { rows, total } = await search(query);
      // Nothing past the last reachable match is shown, so totalCount and the pages agree.
      const offset = offsetOf(query);
      const page = rows.slice(0, Math.max(0, Math.min(query.limit, total - offset)));
      return {
        users: page.map(presentDirectoryUser),
        totalCount: total,
        verifiedCount: await verifiedCount.get(),
        hasMore: offset + page.length < total,
      };
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
