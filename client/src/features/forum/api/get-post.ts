import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TPostDetail, TPostList } from '@common/contracts/forum';
import { getPost } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { forumKeys } from './keys';

/** GET /api/forum/posts/:idOrSlug: the post with its first comments (404 'Post not found'). */
export const getPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: forumKeys.postPage(slug),
    queryFn: ({ signal }) => call(getPost, { params: { idOrSlug: slug } }, { signal }),
    // A post page changes as people reply: fresher than the lists' 5 minutes.
    staleTime: 30_000,
  });

/**
 * A post page built from a cached list entry, to show while the whole post loads on a weak signal
 * (title, author, excerpt); the page renders it as incomplete (isPlaceholderData).
 */
export function placeholderFromLists(queryClient: QueryClient, slug: string): TPostDetail | undefined {
  const wanted = slug.toLowerCase();
  const post = queryClient
    .getQueriesData<TPostList>({ queryKey: forumKeys.posts })
    .flatMap(([, data]) => (data && Array.isArray(data.posts) ? data.posts : []))
    .find((p) => p.slug === wanted);
  if (!post) return undefined;
  return {
    ...post,
    contentHtml: '',
    editedAt: null,
    canEdit: false,
    canModerate: false,
    reactions: {},
    userReactions: { postReactions: [], commentReactions: {} },
    comments: [],
    hasMoreComments: false,
  };
}

/** Changes the cached post page(s) of post `postId`, whatever slug they were opened by. */
export function updatePostDetail(queryClient: QueryClient, postId: number, update: (post: TPostDetail) => TPostDetail): void {
  queryClient.setQueriesData<TPostDetail>({ queryKey: forumKeys.postPages }, (data) => (data && data.id === postId ? update(data) : data));
}
