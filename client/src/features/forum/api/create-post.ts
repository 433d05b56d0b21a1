import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { nanoid } from 'nanoid';
import type { TCreatePostRequest, THeldAnswer, TPostDetail } from '@common/contracts/forum';
import { endpointUrl } from '@common/contracts/endpoint';
import { createPost } from '@endpoints/forum';
import { offlineWrites, type OfflineWrite } from '@/lib/offline-writes';
import { askForPushLater } from '@/lib/push-ask';
import { applyHeldItem, isHeld } from './held';
import { forumKeys } from './keys';

/** A post the server accepted, from the editor or sent later from the device's queue. */
export function applyPublishedPost(queryClient: QueryClient, post: TPostDetail) {
  // The new page opens from the answer, with no second request on a weak signal.
  queryClient.setQueryData(forumKeys.postPage(post.slug), post);
  void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
  void queryClient.invalidateQueries({ queryKey: forumKeys.categories });
}

/** A new post as the device keeps it until the server has it (lib/offline-writes.ts). */
export function postWrite(userId: number, input: TCreatePostRequest): OfflineWrite {
  const clientId = nanoid();
  return { clientId, kind: 'post', userId, createdAt: new Date().toISOString(), url: endpointUrl(createPost), body: { ...input, clientId } };
}

/**
 * POST /api/forum/posts: 201 with the whole post page; 202 with the held item when a moderator checks
 * it first (issue 28: there is no post page yet); 400 field messages; 429 posting too fast. Resolves
 * to null when there was no signal and the post was kept on the device, to be published when the
 * connection returns.
 */
export function useCreatePost(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while offline (the default): without a signal the write is kept on the device at once.
    networkMode: 'always',
    mutationFn: async (input: TCreatePostRequest): Promise<TPostDetail | THeldAnswer | null> => {
      const r = await offlineWrites.submit<TPostDetail | THeldAnswer>(postWrite(userId, input));
      return r.sent ? r.result : null;
    },
    onSuccess: (post) => {
      if (!post) return;
      if (isHeld(post)) applyHeldItem(queryClient, post.heldItem);
      else applyPublishedPost(queryClient, post);
      askForPushLater('post');
    },
  });
}
