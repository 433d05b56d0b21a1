import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { getDirectoryUsersQueryOptions } from '../api/get-directory-users';
import { DirectoryEmpty, DirectoryError } from '../components/directory-states';
import { DirectoryFilters } from '../components/directory-filters';
import { DirectorySearch } from '../components/directory-search';
import { DirectorySortSelect } from '../components/directory-sort-select';
import { MemberCard, MemberCardSkeletons } from '../components/member-card';
import { DIRECTORY_MAX_RESULTS } from '@common/rules/members';
import { isFiltered, nextDirectoryParams, parseDirectoryState, type DirectoryState } from '../lib/directory-url-state';
import { showingText } from '../lib/format';
import { formatNumber } from '@/lib/format';

/**
 * Spec §2 User directory ('/directory/users'): search, sort and the courier filters (issue 32) in the
 * address, pages joined by 'Load more'.
 */
export function UserDirectoryPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDirectoryState(params), [params]);
  const { q, sort } = state;
  const filtered = isFiltered(state);
  const { user } = useUser();
  const directory = useInfiniteQuery(getDirectoryUsersQueryOptions(state));

  // Typing replaces the history entry (one Back leaves the page, not one letter); a new sort or filter
  // adds one. Any change is a new query, which starts again at page 1.
  const update = (change: Partial<DirectoryState>, replace = false) =>
    setParams(nextDirectoryParams(params, change), { replace, preventScrollReset: true });

  const members = directory.data?.pages.flatMap((p) => p.users) ?? [];
  const last = directory.data?.pages.at(-1);
  const settled = !directory.isPlaceholderData;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-5 px-4 py-6 sm:py-10">
      <Head title="Member Directory" noindex />
      <div className="grid gap-1">
        <h1 className="text-3xl font-extrabold">Member Directory</h1>
        <p className="text-lg text-muted">Find other verified couriers, drivers and logistics people, and say hello.</p>
      </div>

      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end">
        <DirectorySearch q={q} onSearch={(text) => update({ q: text }, true)} />
        <DirectorySortSelect value={sort} onChange={(s) => update({ sort: s })} />
      </div>
      <DirectoryFilters value={state} onChange={(change) => update(change)} />

      <section aria-labelledby="directory-results" className="grid grid-cols-1 gap-4">
        <h2 id="directory-results" className="sr-only">
          {q ? `Members matching ${q}` : 'Members'}
        </h2>
        {directory.isPending ? (
          <>
            <p aria-hidden="true" className="h-5 w-64 max-w-full animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
            <MemberCardSkeletons />
          </>
        ) : directory.isError && !directory.data ? (
          <DirectoryError error={directory.error} onRetry={() => void directory.refetch()} retrying={directory.isFetching} />
        ) : (
          <>
            <p role="status" className="text-sm font-semibold text-muted">
              {settled ? (
                <>
                  {showingText(members.length, last?.verifiedCount ?? 0)}
                  {(q || filtered) && last && (
                    <span className="font-normal">
                      {' · '}
                      {formatNumber(last.totalCount)}
                      {last.totalCount >= DIRECTORY_MAX_RESULTS ? '+' : ''} {last.totalCount === 1 ? 'match' : 'matches'}
                      {q && ` for “${q}”`}
                    </span>
                  )}
                </>
              ) : (
                'Searching…'
              )}
            </p>
            {members.length === 0 ? (
              settled && (
                <DirectoryEmpty q={q} filtered={filtered} onClear={() => update({ q: '', network: '', area: '', vehicle: '' }, true)} />
              )
            ) : (
              <ul
                className={cn('grid grid-cols-1 gap-3 transition-opacity sm:grid-cols-2 lg:grid-cols-3', !settled && 'opacity-60')}
                aria-busy={!settled || undefined}
              >
                {members.map((m) => (
                  <li key={m.id}>
                    <MemberCard member={m} canMessage={!!user && user.id !== m.id} />
                  </li>
                ))}
              </ul>
            )}
            {directory.isFetchNextPageError && (
              <p role="alert" className="rounded-xl border-l-8 border-red-700 bg-red-50 p-3 text-red-950">
                More members did not load. Check your signal and try again.
              </p>
            )}
            {settled && directory.hasNextPage && (
              <Button
                variant="secondary"
                className="justify-self-center"
                onClick={() => void directory.fetchNextPage()}
                disabled={directory.isFetchingNextPage}
              >
                {directory.isFetchingNextPage ? 'Loading…' : directory.isFetchNextPageError ? 'Try Again' : 'Load more members'}
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
