import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen, Pin, PinOff } from 'lucide-react';
import type { TPostDetail } from '@common/contracts/forum';
import { lockPost, pinPost } from '@endpoints/forum';
import { isAdmin } from '@common/rules/roles';
import { call, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { updatePostDetail } from '../api/get-post';
import { forumKeys } from '../api/keys';
import { RevealAuthorButton } from './reveal-author-button';

type Change = { pin: boolean } | { lock: boolean };

/** PUT /api/forum/posts/:id/pin | /lock (admins and moderators; audited on the server). */
function useModeratePost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      'pin' in change
        ? call(pinPost, { params: { id: postId }, body: { pinned: change.pin } })
        : call(lockPost, { params: { id: postId }, body: { locked: change.lock } }),
    onSuccess: (post) => {
      updatePostDetail(queryClient, postId, (old) => ({ ...old, isPinned: post.isPinned, isLocked: post.isLocked }));
      void queryClient.invalidateQueries({ queryKey: forumKeys.posts });
    },
  });
}

/**
 * An admin's or moderator's pin and lock switches on the post page (delete is the author's Delete,
 * which admins and moderators also get; issue 18), and on an anonymous post an admin's Reveal author (issue 32).
 */
export function PostModerationBar({ post }: { post: TPostDetail }) {
  const moderate = useModeratePost(post.id);
  const { user } = useUser();
  const run = (change: Change, done: string) =>
    moderate.mutate(change, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (err) => toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' }),
    });
  return (
    <div role="group" aria-label="Moderation" className="flex flex-wrap items-center gap-2 rounded-lg bg-surface px-2 py-1.5">
      <span className="px-1 text-sm font-semibold text-muted">{isAdmin(user) ? 'Admin' : 'Moderator'}</span>
      <Button
        variant="ghost"
        size="sm"
        disabled={moderate.isPending}
        aria-pressed={post.isPinned}
        onClick={() => run({ pin: !post.isPinned }, post.isPinned ? 'Post unpinned' : 'Post pinned')}
      >
        {post.isPinned ? <PinOff aria-hidden="true" className="size-4" /> : <Pin aria-hidden="true" className="size-4" />}
        {post.isPinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={moderate.isPending}
        aria-pressed={post.isLocked}
        onClick={() => run({ lock: !post.isLocked }, post.isLocked ? 'Post unlocked' : 'Post locked')}
      >
        {post.isLocked ? <LockOpen aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
        {post.isLocked ? 'Unlock' : 'Lock'}
      </Button>
      {isAdmin(user) && post.anonymousAs !== undefined && <RevealAuthorButton target={{ kind: 'post', id: post.id }} />}
    </div>
  );
}
