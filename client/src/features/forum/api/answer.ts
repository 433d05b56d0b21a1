import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptAnswer, clearAnswer } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { withPageFrom } from './comments';
import { updatePostDetail } from './get-post';
import { forumKeys } from './keys';

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
      updatePostDetail(queryClient, postId, (old) => withPageFrom(old, post));
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
    },
  });
}
