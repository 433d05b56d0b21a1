import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { PAGE_SIZE } from '@common/rules/site';
import { listDirectoryUsers } from '@endpoints/members';
import { call } from '@/lib/api-client';
import type { DirectorySort } from '../lib/directory-url-state';
import { directoryKeys } from './keys';

/** The directory in pages of 20, joined by 'Load more'; a new search or sort starts again at page 1. */
export const getDirectoryUsersQueryOptions = (params: { q: string; sort: DirectorySort }) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.users(params),
    queryFn: ({ pageParam, signal }) =>
      call(listDirectoryUsers, { query: { q: params.q, sort: params.sort, page: pageParam, limit: PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // While a new search loads, the last results stay (dimmed) instead of flashing to skeletons.
    placeholderData: keepPreviousData,
  });
