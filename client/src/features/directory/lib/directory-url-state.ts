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

export type DirectoryState = { q: string; sort: DirectorySort };

export function parseDirectorySort(raw: string | null | undefined): DirectorySort {
  return (DIRECTORY_SORTS as readonly string[]).includes(raw ?? '') ? (raw as DirectorySort) : DEFAULT_DIRECTORY_SORT;
}

/** Trimmed, inner runs of spaces as one, at most 100 characters; '' is no search (also for one the server refuses). */
export function normaliseDirectoryQuery(raw: string | null | undefined): string {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ').slice(0, DIRECTORY_QUERY_MAX).trim();
  return q && isSearchableDirectoryQuery(q) ? q : '';
}

export function parseDirectoryState(params: URLSearchParams): DirectoryState {
  return { q: normaliseDirectoryQuery(params.get('q')), sort: parseDirectorySort(params.get('sort')) };
}

/** The query string after a change: empty search and the default sort leave no parameter; others are kept. */
export function nextDirectoryParams(current: URLSearchParams, change: Partial<DirectoryState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  if (change.q !== undefined) put('q', normaliseDirectoryQuery(change.q));
  if (change.sort !== undefined) put('sort', change.sort === DEFAULT_DIRECTORY_SORT ? '' : parseDirectorySort(change.sort));
  return next;
}
