import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { PAGE_SIZE } from '@common/rules/site';
import { listDirectoryUsers } from '@endpoints/members';
import { call } from '@/lib/api-client';
import type { DirectoryState } from '../lib/directory-url-state';
import { directoryKeys } from './keys';

/** The directory in pages of 20, joined by 'Load more'; a new search, sort or filter starts again at page 1. */
export const getDirectoryUsersQueryOptions = (params: DirectoryState) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.users(params),
    queryFn: ({ pageParam, signal }) =>
      call(
        listDirectoryUsers,
        // An empty value ('' = any) is left out of the address.
        { query: { q: params.q, sort: params.sort, network: params.network, area: params.area, vehicle: params.vehicle, page: pageParam, limit: PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // While a new search loads, the last results stay (dimmed) instead of flashing to skeletons.
    placeholderData: keepPreviousData,
  });
