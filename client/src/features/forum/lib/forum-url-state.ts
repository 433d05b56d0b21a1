import { findAvatar } from '@common/avatars';
import { LIST_SORTS, SEARCH_MIN, TOP_PERIODS, type ListSortBy, type TopPeriod } from '@common/rules/forum';
import { isPostcodeArea } from '@common/rules/courier';

/** Spec §4 Forum list state, kept in the address so a list can be shared, reloaded and gone back to. */
export type ForumState = {
  /** Category slug, '' for all. */
  category: string;
  /** Search text, trimmed; '' when absent or shorter than the spec §5 minimum. */
  q: string;
  /** Avatar key of the profession filter, '' for none. */
  profession: string;
  /** 'relevance' (best match first) is what a text search shows until another sort is chosen. */
  sort: ListSort;
  /** Top's period (issue 18), '' for the server's choice; only with sort 'top'. */
  period: TopPeriod | '';
  /** Only posts without comments (issue 18); the plain list only, not a search. */
  unanswered: boolean;
  /**
   * Issue 33, the Answers filter: 'yes' only questions with an accepted answer, 'no' only Q&A questions
   * without one, '' every post; the plain list only, not a search. Kept as solved=yes / solved=no.
   */
  solved: SolvedFilter;
  /** Issue 32: a tag's slug (lower case), '' for every tag; the plain list only, not a search. */
  tag: string;
  /** Issue 32: a postcode area ('LS', upper case), '' for every area; the plain list only, not a search. */
  area: string;
  page: number;
};

export type SolvedFilter = '' | 'yes' | 'no';

export type ListSort = ListSortBy | 'relevance';

export type ForumChange = Partial<ForumState>;

export const DEFAULT_SORT: ListSortBy = 'newest';

/** The keys whose change sends the list back to page 1 (spec §4). */
const FILTER_KEYS = ['category', 'q', 'profession', 'sort', 'period', 'unanswered', 'solved', 'tag', 'area'] as const;

/** Spec §5: a page below 1 (or not a number) is page 1. */
export function parsePage(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 1 ? n : 1;
}

export function parseSort(raw: string | null | undefined): ListSortBy {
  return (LIST_SORTS as readonly string[]).includes(raw ?? '') ? (raw as ListSortBy) : DEFAULT_SORT;
}

/** Issue 33: solved=yes or solved=no; anything else is every post. */
export function parseSolved(raw: string | null | undefined): SolvedFilter {
  return raw === 'yes' || raw === 'no' ? raw : '';
}

export function parsePeriod(raw: string | null | undefined): TopPeriod | '' {
  return (TOP_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as TopPeriod) : '';
}

/** A tag's slug as its address has it (lower case); the server answers 404 for one it does not know. */
export function parseTag(raw: string | null | undefined): string {
  return (raw ?? '').trim().toLowerCase();
}

/** A UK postcode area in capitals ('ls' → 'LS'); anything else is every area. */
export function parseArea(raw: string | null | undefined): string {
  const area = (raw ?? '').trim().toUpperCase();
  return isPostcodeArea(area) ? area : '';
}

/**
 * A text search is ranked (best match first) unless a sort was chosen; everything else defaults to
 * spec §4's newest. So the sort parameter is absent exactly when the context's default applies.
 */
export function defaultSort(q: string): ListSort {
  return q ? 'relevance' : DEFAULT_SORT;
}

/** Spec §5: at least 2 characters after trimming, or it is no search. */
export function normaliseQuery(raw: string | null | undefined): string {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ');
  return q.length >= SEARCH_MIN ? q : '';
}

export function isSearchable(raw: string): boolean {
  return raw.trim().length >= SEARCH_MIN;
}

export function parseForumState(params: URLSearchParams): ForumState {
  const profession = params.get('profession') ?? '';
  const q = normaliseQuery(params.get('q'));
  const sort = params.get('sort') ? parseSort(params.get('sort')) : defaultSort(q);
  return {
    category: (params.get('category') ?? '').trim(),
    q,
    profession: findAvatar(profession) ? profession : '',
    sort,
    period: sort === 'top' ? parsePeriod(params.get('period')) : '',
    unanswered: params.get('unanswered') === '1',
    solved: parseSolved(params.get('solved')),
    tag: parseTag(params.get('tag')),
    area: parseArea(params.get('area')),
    page: parsePage(params.get('page')),
  };
}

/**
 * The query string after `change`. Changing category, search, profession, sort, tag or area goes back to
 * page 1; page 1 and the default sort leave no parameter; empty values remove theirs. Parameters
 * the list does not own (say, utm_*) are kept.
 */
export function nextForumParams(current: URLSearchParams, change: ForumChange): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));

  if (change.category !== undefined) put('category', change.category.trim());
  if (change.q !== undefined) put('q', normaliseQuery(change.q));
  if (change.profession !== undefined) put('profession', findAvatar(change.profession) ? change.profession : '');
  if (change.sort !== undefined) {
    const q = normaliseQuery(next.get('q'));
    put('sort', change.sort === defaultSort(q) || change.sort === 'relevance' ? '' : parseSort(change.sort));
    // A period belongs to Top: another sort drops it.
    if (change.sort !== 'top') next.delete('period');
  }
  if (change.period !== undefined) put('period', parsePeriod(change.period));
  if (change.unanswered !== undefined) put('unanswered', change.unanswered ? '1' : '');
  if (change.solved !== undefined) put('solved', parseSolved(change.solved));
  if (change.tag !== undefined) put('tag', parseTag(change.tag));
  if (change.area !== undefined) put('area', parseArea(change.area));

  const filterChanged = FILTER_KEYS.some((k) => change[k] !== undefined);
  const page = change.page ?? (filterChanged ? 1 : parsePage(current.get('page')));
  put('page', page > 1 ? String(Math.floor(page)) : '');
  return next;
}

/** Removes every filter (category, search, profession, unanswered, answers, tag, area) and the page; the sort stays. */
export function clearedForumParams(current: URLSearchParams): URLSearchParams {
  return nextForumParams(current, { category: '', q: '', profession: '', unanswered: false, solved: '', tag: '', area: '' });
}

/** `pathname` with the query string, or the bare path when there is none. */
export function withSearch(pathname: string, params: URLSearchParams): string {
  const s = params.toString();
  return s ? `${pathname}?${s}` : pathname;
}
