import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostDetail, TUpdatePostRequest } from '@common/contracts/forum';
import { deletePost, updatePost } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { updatePostDetail } from './get-post';
import { forumKeys } from './keys';
import { withPageFrom } from './comments';

/** PATCH /api/forum/posts/:id (author or admin): answers with the whole post page. */
export function useEditPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdatePostRequest) => call(updatePost, { params: { id: postId }, body: input }),
    onSuccess: (post) => {
      updatePostDetail(queryClient, postId, (old) => withPageFrom(old, post));
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
      void queryClient.invalidateQueries({ queryKey: forumKeys.categories });
    },
  });
}

/** DELETE /api/forum/posts/:id (author or admin). */
export function useDeletePost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(deletePost, { params: { id: postId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: forumKeys.postPages, predicate: (q) => (q.state.data as TPostDetail | undefined)?.id === postId });
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
      void queryClient.invalidateQueries({ queryKey: forumKeys.categories });
    },
  });
}
