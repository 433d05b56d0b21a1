import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostDetail } from '@common/contracts/forum';
import { acceptAnswer, clearAnswer } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { mergeComments } from './comments';
import { updatePostDetail } from './get-post';
import { forumKeys } from './keys';

/**
 * The post page after the answer changed: the server's answer (the question's accepted answer, solved,
 * who may choose), keeping the comments paged in with 'Load more' that it (the first page) does not carry.
 */
export function withAnswerFrom(old: TPostDetail, post: TPostDetail): TPostDetail {
  return {
    ...post,
    viewCount: Math.max(old.viewCount, post.viewCount),
    comments: mergeComments(post.comments, old.comments),
    hasMoreComments: old.comments.length > post.comments.length ? old.hasMoreComments : post.hasMoreComments,
  };
}

/**
 * Issue 33: PUT /api/forum/posts/:id/answer (a reply's id) accepts it as the Q&A post's answer, or DELETE
 * (null) clears it; the post's author or a moderator. Both answer the post page, which replaces the cached one;
 * the lists (Solved, the Answers filter) are refreshed.
 */
export function useSetAnswer(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number | null) =>
      commentId === null
        ? call(clearAnswer, { params: { id: postId } })
        : call(acceptAnswer, { params: { id: postId }, body: { commentId } }),
    onSuccess: (post) => {
      updatePostDetail(queryClient, postId, (old) => withAnswerFrom(old, post));
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
    },
  });
}
