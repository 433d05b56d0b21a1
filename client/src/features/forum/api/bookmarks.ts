import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { bookmarkPost, listBookmarks, unbookmarkPost } from '@endpoints/bookmarks';
import { PAGE_SIZE } from '@common/rules/site';
import { call } from '@/lib/api-client';
import { patchForumQueries, patchPostIn } from '../lib/cache-patch';

// Bookmarks (issue 18; docs/API.md "Bookmarks"): a member's saved posts.

/** The saved-posts pages; the key starts with the endpoint's path (lib/query-keys.ts). */
export const bookmarkKeys = {
  all: [listBookmarks.path] as const,
  page: (page: number) => [listBookmarks.path, page] as const,
};

export const getBookmarksQueryOptions = (page: number) =>
  queryOptions({
    queryKey: bookmarkKeys.page(page),
    queryFn: ({ signal }) => call(listBookmarks, { query: { page, limit: PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Saves or unsaves a post. On success the flag is written into every cached list and post page that
 * shows the post, and the saved-posts pages are refreshed.
 */
export function useBookmark(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) => call(save ? bookmarkPost : unbookmarkPost, { params: { id: postId } }),
    onSuccess: ({ bookmarked }) => {
      patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { bookmarked }));
      void queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
    },
  });
}
