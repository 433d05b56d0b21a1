import type { QueryClient } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import type { ServerFrame } from '@common/ws-events';
import { removeComment } from '../api/comments';
import { updatePostDetail } from '../api/get-post';
import { patchCommentIn, patchForumQueries, patchPostIn } from './cache-patch';

// Live threads (docs/API.md "Live threads"): the socket's post_* frames applied to the cached post
// page (and the lists that show the same post). Counts, edits and deletions change in place; a new
// comment is handed back to the caller, which holds it behind the "new comments" pill.

export const LIVE_FRAME_TYPES = [
  'post_subscribed',
  'post_comment_new',
  'post_comment_edited',
  'post_comment_deleted',
  'post_edited',
  'post_votes',
  'post_reactions',
  'post_answer',
  'post_poll',
] as const;
export type LiveFrame = ServerFrame<(typeof LIVE_FRAME_TYPES)[number]>;

/** What a frame means for the comments held behind the pill. */
export type LiveEffect =
  | { kind: 'subscribed' }
  | { kind: 'new'; comment: TComment }
  /** An edit, votes or reactions of a comment (also applied to one still behind the pill). */
  | { kind: 'patched'; commentId: number; patch: Partial<TComment> }
  | { kind: 'deleted'; commentId: number }
  | null;

const setCount = (queryClient: QueryClient, postId: number, commentCount: number) =>
  patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { commentCount }));

/** Applies one frame of post `frame.postId` to the caches; returns what the pill's list must do. */
export function applyLiveFrame(queryClient: QueryClient, frame: LiveFrame): LiveEffect {
  const { postId } = frame;
  switch (frame.type) {
    case 'post_subscribed':
      return { kind: 'subscribed' };
    case 'post_comment_new':
      setCount(queryClient, postId, frame.commentCount);
      return { kind: 'new', comment: frame.comment };
    case 'post_comment_edited': {
      const patch = { content: frame.content, contentHtml: frame.contentHtml, editedAt: frame.editedAt };
      updatePostDetail(queryClient, postId, (p) => patchCommentIn(p, frame.commentId, patch));
      return { kind: 'patched', commentId: frame.commentId, patch };
    }
    case 'post_comment_deleted':
      updatePostDetail(queryClient, postId, (p) => removeComment(p, frame.commentId));
      setCount(queryClient, postId, frame.commentCount);
      return { kind: 'deleted', commentId: frame.commentId };
    case 'post_edited': {
      const { title, content, contentHtml, excerpt, editedAt, category } = frame;
      updatePostDetail(queryClient, postId, (p) => ({ ...p, title, content, contentHtml, excerpt, editedAt, category }));
      patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { title, excerpt, category }));
      return null;
    }
    case 'post_votes': {
      // Counts only: the reader's own userVote stays as their own reads and taps left it.
      const counts = { upvotes: frame.upvotes, downvotes: frame.downvotes };
      patchForumQueries(queryClient, (data) => (frame.target === 'post' ? patchPostIn(data, frame.id, counts) : patchCommentIn(data, frame.id, counts)));
      return frame.target === 'comment' ? { kind: 'patched', commentId: frame.id, patch: counts } : null;
    }
    case 'post_reactions': {
      const { reactions } = frame;
      updatePostDetail(queryClient, postId, (p) =>
        frame.target === 'post' ? { ...p, reactions } : patchCommentIn<TPostDetail>(p, frame.id, { reactions }),
      );
      return frame.target === 'comment' ? { kind: 'patched', commentId: frame.id, patch: { reactions } } : null;
    }
    case 'post_answer': {
      // Issue 33: the question's accepted answer (who may choose it stays as the reader's own read said).
      const solved = frame.acceptedAnswer !== null;
      updatePostDetail(queryClient, postId, (p) => ({ ...p, acceptedAnswer: frame.acceptedAnswer, solved }));
      patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { solved }));
      return null;
    }
    case 'post_poll': {
      // Issue 33: counts, and whether it closed (sent only to readers who may see the counts); the
      // reader's own votes stay as their own reads and votes left them. Closed, no one votes or closes it.
      const votes = new Map(frame.options.map((o) => [o.id, o.votes]));
      updatePostDetail(queryClient, postId, (p) => {
        if (!p.poll) return p;
        const closed = p.poll.closed || frame.closed;
        return {
          ...p,
          poll: {
            ...p.poll,
            options: p.poll.options.map((o) => ({ ...o, votes: votes.get(o.id) ?? o.votes })),
            voters: frame.voters,
            closed,
            ...(closed && { canVote: false, canClose: false }),
          },
        };
      });
      return null;
    }
  }
}

/** The comments held behind the pill after `effect` (the same array when nothing changed). */
export function nextPending(pending: readonly TComment[], effect: LiveEffect, onPage: (id: number) => boolean): readonly TComment[] {
  if (!effect) return pending;
  switch (effect.kind) {
    case 'new':
      if (onPage(effect.comment.id) || pending.some((c) => c.id === effect.comment.id)) return pending;
      return [...pending, effect.comment];
    case 'patched':
      return pending.some((c) => c.id === effect.commentId) ? pending.map((c) => (c.id === effect.commentId ? { ...c, ...effect.patch } : c)) : pending;
    case 'deleted':
      // Not shown yet: it simply never appears (a placeholder is only kept for replies already on the page).
      return pending.some((c) => c.id === effect.commentId) ? pending.filter((c) => c.id !== effect.commentId) : pending;
    default:
      return pending;
  }
}
