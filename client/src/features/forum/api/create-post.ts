import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePostRequest } from '@common/contracts/forum';
import { createPost } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { forumKeys } from './keys';

/** POST /api/forum/posts: 201 with the whole post page; 400 field messages; 429 posting too fast. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreatePostRequest) => call(createPost, { body: input }),
    onSuccess: (post) => {
      // The new page opens from the answer, with no second request on a weak signal.
      queryClient.setQueryData(forumKeys.postPage(post.slug), post);
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
      void queryClient.invalidateQueries({ queryKey: forumKeys.categories });
    },
  });
}
