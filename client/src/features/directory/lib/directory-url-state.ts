import { COURIER_NETWORK_SLUGS, COURIER_VEHICLES, isPostcodeArea } from '@common/rules/courier';
import { DIRECTORY_QUERY_MAX, DIRECTORY_SORTS, directorySearchMode } from '@common/rules/members';

/**
 * The server's rule (directorySearchMode): three letters or digits in a row match anywhere, shorter
 * matches the start, and a search with neither is refused (400). Such a search is never sent: the box
 * says why instead of the page showing an error.
 */
export function isSearchableDirectoryQuery(q: string): boolean {
  return directorySearchMode(q) !== null;
}

export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DEFAULT_DIRECTORY_SORT: DirectorySort = 'username';

/** Spec §2 Sort By: the labels and the sort values they send. */
export const DIRECTORY_SORT_OPTIONS: readonly { value: DirectorySort; label: string }[] = [
  { value: 'username', label: 'Username A-Z' },
  { value: 'joined', label: 'Recently Joined' },
];

/**
 * The address's state: the search, the sort and issue 32's courier filters (a network slug, a postcode
 * area, a vehicle; '' is any). A filter the server would refuse is dropped, as a search is.
 */
export type DirectoryState = { q: string; sort: DirectorySort; network: string; area: string; vehicle: string };
export const DIRECTORY_FILTERS = ['network', 'area', 'vehicle'] as const;
export type DirectoryFilter = (typeof DIRECTORY_FILTERS)[number];

export function parseDirectorySort(raw: string | null | undefined): DirectorySort {
  return (DIRECTORY_SORTS as readonly string[]).includes(raw ?? '') ? (raw as DirectorySort) : DEFAULT_DIRECTORY_SORT;
}

/** Trimmed, inner runs of spaces as one, at most 100 characters; '' is no search (also for one the server refuses). */
export function normaliseDirectoryQuery(raw: string | null | undefined): string {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ').slice(0, DIRECTORY_QUERY_MAX).trim();
  return q && isSearchableDirectoryQuery(q) ? q : '';
}

/** A filter's value as the server takes it, or '' (any) for anything else. */
export function parseDirectoryFilter(filter: DirectoryFilter, raw: string | null | undefined): string {
  const v = (raw ?? '').trim();
  if (filter === 'network') return (COURIER_NETWORK_SLUGS as readonly string[]).includes(v) ? v : '';
  if (filter === 'vehicle') return (COURIER_VEHICLES as readonly string[]).includes(v) ? v : '';
  return isPostcodeArea(v.toUpperCase()) ? v.toUpperCase() : '';
}

export function parseDirectoryState(params: URLSearchParams): DirectoryState {
  return {
    q: normaliseDirectoryQuery(params.get('q')),
    sort: parseDirectorySort(params.get('sort')),
    network: parseDirectoryFilter('network', params.get('network')),
    area: parseDirectoryFilter('area', params.get('area')),
    vehicle: parseDirectoryFilter('vehicle', params.get('vehicle')),
  };
}

/** A courier filter is in force. */
export const isFiltered = (s: DirectoryState) => DIRECTORY_FILTERS.some((f) => s[f] !== '');

/** The query string after a change: empty search, any filter and the default sort leave no parameter; others are kept. */
export function nextDirectoryParams(current: URLSearchParams, change: Partial<DirectoryState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  if (change.q !== undefined) put('q', normaliseDirectoryQuery(change.q));
  if (change.sort !== undefined) put('sort', change.sort === DEFAULT_DIRECTORY_SORT ? '' : parseDirectorySort(change.sort));
  for (const f of DIRECTORY_FILTERS) if (change[f] !== undefined) put(f, parseDirectoryFilter(f, change[f]));
  return next;
}
