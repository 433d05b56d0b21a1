import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { TPostList } from '@common/contracts/forum';
import { PAGE_SIZE } from '@common/rules/site';
import { getPostsQueryOptions } from '../api/get-posts';
import { getSearchPostsQueryOptions } from '../api/search-posts';
import type { ForumState } from '../lib/forum-url-state';

type ListOptions = UseQueryOptions<TPostList, Error, TPostList, readonly unknown[]>;

/** Spec §7: a search (q or profession set) goes to /api/forum/search, the plain list to /api/forum/posts. */
export function forumListQueryOptions(state: ForumState): ListOptions {
  // A text search without a chosen sort sends no sortBy: the server ranks it (docs/API.md, Search).
  const sortBy = state.sort === 'relevance' ? undefined : state.sort;
  const base = { page: state.page, limit: PAGE_SIZE, sortBy, category: state.category || undefined };
  if (state.q || state.profession) {
    return getSearchPostsQueryOptions({ ...base, q: state.q || undefined, profession: state.profession || undefined }) as ListOptions;
  }
  return getPostsQueryOptions({ ...base, sortBy: sortBy ?? 'newest' }) as ListOptions;
}

/** One query for both, so the previous results stay on screen when switching between list and search. */
export const useForumPosts = (state: ForumState) => useQuery(forumListQueryOptions(state));
