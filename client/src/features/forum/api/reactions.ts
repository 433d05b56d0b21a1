import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostDetail } from '@common/contracts/forum';
import type { ReactionEmoji } from '@common/reactions';
import { reactToComment, reactToPost } from '@endpoints/forum-engagement';
import { ApiError, call, pausedMessage } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { toast } from '@/components/ui/toast';
import { toggleReaction, type ReactionSummary } from '../lib/reaction-summary';
import { updatePostDetail } from './get-post';

export type ReactionTarget = { kind: 'post'; id: number; postId: number } | { kind: 'comment'; id: number; postId: number };

type TargetState = { reactions: ReactionSummary; mine: string[] };

/** The target's summary and the reader's own emoji on it, as the cached post page has them. */
export function readTarget(post: TPostDetail, t: ReactionTarget): TargetState {
  if (t.kind === 'post') return { reactions: post.reactions ?? {}, mine: post.userReactions?.postReactions ?? [] };
  const comment = post.comments.find((c) => c.id === t.id);
  return { reactions: comment?.reactions ?? {}, mine: post.userReactions?.commentReactions?.[String(t.id)] ?? [] };
}

export function writeTarget(post: TPostDetail, t: ReactionTarget, next: TargetState): TPostDetail {
  const userReactions = post.userReactions ?? { postReactions: [], commentReactions: {} };
  if (t.kind === 'post') return { ...post, reactions: next.reactions, userReactions: { ...userReactions, postReactions: next.mine } };
  return {
    ...post,
    comments: post.comments.map((c) => (c.id === t.id ? { ...c, reactions: next.reactions } : c)),
    userReactions: { ...userReactions, commentReactions: { ...userReactions.commentReactions, [String(t.id)]: next.mine } },
  };
}

// Toggles still on their way, per target: the server's answer to an earlier one must not overwrite
// a later tap already on screen.
const inFlight = new Map<string, number>();
const targetKey = (t: ReactionTarget) => `${t.kind}:${t.id}`;

/**
 * A reaction tap: shown at once, then the server's summary. On failure the tap is undone: a guest
 * (401) is asked to sign in (spec §8 'Authentication required: Please log in to add reactions'),
 * anything else reads 'Failed to add reaction: Please try again'.
 */
export function useToggleReaction(target: ReactionTarget) {
  const queryClient = useQueryClient();
  const flip = (emoji: string) =>
    updatePostDetail(queryClient, target.postId, (p) => {
      const cur = readTarget(p, target);
      const next = toggleReaction(cur.reactions, cur.mine, emoji);
      return writeTarget(p, target, { reactions: next.reactions, mine: next.userReactions });
    });

  return useMutation({
    // A chip's emoji comes from the server's summary, a string to the type; the server refuses one outside the picker.
    mutationFn: (emoji: string) =>
      call(target.kind === 'post' ? reactToPost : reactToComment, { params: { id: target.id }, body: { emoji: emoji as ReactionEmoji } }),
    onMutate: (emoji) => {
      const key = targetKey(target);
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      // A known guest is sent on to the server's 401 (and the sign-in prompt) without a flicker first.
      const guest = queryClient.getQueryData(USER_QUERY_KEY) === null;
      if (!guest) flip(emoji);
      return { flipped: !guest };
    },
    onSuccess: (res) => {
      if ((inFlight.get(targetKey(target)) ?? 0) > 1) return; // a later tap is still pending: its answer wins
      updatePostDetail(queryClient, target.postId, (p) => writeTarget(p, target, { reactions: res.reactions, mine: res.userReactions }));
    },
    onError: (err, emoji, context) => {
      // Undo this tap only (toggling the same emoji again), keeping any other reaction made meanwhile.
      if (context?.flipped) flip(emoji);
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: 'Authentication required', description: 'Please log in to add reactions', variant: 'destructive' });
        openAuthDialog('signin');
      } else {
        toast({ title: 'Failed to add reaction', description: pausedMessage(err) ?? 'Please try again', variant: 'destructive' });
      }
    },
    onSettled: () => {
      const key = targetKey(target);
      const n = (inFlight.get(key) ?? 1) - 1;
      if (n > 0) inFlight.set(key, n);
      else inFlight.delete(key);
    },
  });
}
