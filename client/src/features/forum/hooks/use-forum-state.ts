import { useMemo } from 'react';
import { useLocation, useSearchParams } from '@/lib/router';
import { clearedForumParams, nextForumParams, parseForumState, withSearch, type ForumChange } from '../lib/forum-url-state';

/** Spec §4 Forum list state, read from and written to the address (see lib/forum-url-state). */
export function useForumState() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = useMemo(() => parseForumState(params), [params]);
  return {
    state,
    /** The address of the list after `change`, for links. */
    hrefWith: (change: ForumChange) => withSearch(pathname, nextForumParams(params, change)),
    update: (change: ForumChange) => setParams(nextForumParams(params, change)),
    /** Spec §4: clearing removes the filters (category, search, profession). */
    clearFilters: () => setParams(clearedForumParams(params)),
  };
}
