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
  const { page, sort } = state;
  const category = state.category || undefined;
  if (state.q || state.profession) {
    // Top, Unanswered, Answers, tags and areas are the plain list's (issues 18, 32, 33): a search ranks by match, or by a search sort.
    const sortBy = sort === 'relevance' || sort === 'top' ? undefined : sort;
    return getSearchPostsQueryOptions({ page, limit: PAGE_SIZE, sortBy, category, q: state.q || undefined, profession: state.profession || undefined }) as ListOptions;
  }
  const sortBy = sort === 'relevance' ? 'newest' : sort;
  return getPostsQueryOptions({
    page,
    limit: PAGE_SIZE,
    sortBy,
    category,
    // Absent parameters stay out of the key and the address (the server's defaults).
    ...(sortBy === 'top' && state.period ? { period: state.period } : {}),
    ...(state.unanswered ? { unanswered: true } : {}),
    // Issue 33, the Answers filter: the plain list's, like Unanswered.
    ...(state.solved ? { solved: state.solved === 'yes' } : {}),
    // Issue 32: a tag and a postcode area, the plain list's too (a search has neither).
    ...(state.tag ? { tag: state.tag } : {}),
    ...(state.area ? { area: state.area } : {}),
  }) as ListOptions;
}

/** One query for both, so the previous results stay on screen when switching between list and search. */
export const useForumPosts = (state: ForumState) => useQuery(forumListQueryOptions(state));
