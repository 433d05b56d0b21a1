import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { nanoid } from 'nanoid';
import type { TComment, TCreateCommentRequest, THeldAnswer, TPostDetail } from '@common/contracts/forum';
import { endpointUrl } from '@common/contracts/endpoint';
import { createComment, deleteComment, listComments, updateComment } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { offlineWrites, type OfflineWrite } from '@/lib/offline-writes';
import { askForPushLater } from '@/lib/push-ask';
import { trackAction } from '@/lib/track';
import { patchForumQueries, patchPostIn } from '../lib/cache-patch';
import { updatePostDetail } from './get-post';
import { applyHeldItem, isHeld } from './held';

// Comments of the post page (docs/API.md "Posts and comments"). Results go straight into the cached
// post page rather than refetching it: a refetch would drop comments loaded with 'Load more'.

const byTime = (a: TComment, b: TComment) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/**
 * Adds comments the page does not have yet (a comment can arrive twice: posted here, then paged in),
 * keeping the list oldest first as the server sends it.
 */
export function mergeComments(existing: readonly TComment[], incoming: readonly TComment[]): TComment[] {
  const seen = new Set(existing.map((c) => c.id));
  const added = incoming.filter((c) => !seen.has(c.id));
  if (added.length === 0) return [...existing];
  return [...existing, ...added].sort(byTime);
}

/**
 * The post page a write answered with (an edit, an answer chosen), in place of the cached one: the comments
 * paged in with 'Load more', which its first page does not carry, are kept.
 */
export function withPageFrom(old: TPostDetail, post: TPostDetail): TPostDetail {
  return {
    ...post,
    viewCount: Math.max(old.viewCount, post.viewCount),
    comments: mergeComments(post.comments, old.comments),
    hasMoreComments: old.comments.length > post.comments.length ? old.hasMoreComments : post.hasMoreComments,
  };
}

// Comments posted from this page are shown at once, even while older ones are still to be paged in,
// so they must not count as "loaded up to here" when asking for the next page.
const postedHere = new Set<number>();

/** The `after` for 'Load more comments': the newest comment that came from the server's pages. */
export function nextPageCursor(comments: readonly TComment[]): number | undefined {
  for (let i = comments.length - 1; i >= 0; i--) if (!postedHere.has(comments[i].id)) return comments[i].id;
  return undefined;
}

function setCommentCount(queryClient: ReturnType<typeof useQueryClient>, postId: number, commentCount: number) {
  // The lists show the count too.
  patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { commentCount }));
}

/** 'Load more comments': GET …/comments?after={last loaded id}. */
export function useLoadMoreComments(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (after: number) => call(listComments, { params: { id: postId }, query: { after } }),
    onSuccess: (page) =>
      updatePostDetail(queryClient, postId, (p) => ({ ...p, comments: mergeComments(p.comments, page.comments), hasMoreComments: page.hasMore })),
  });
}

/**
 * A comment the server accepted, from the composer or sent later from the device's queue, joins the
 * cached post page (once: a resend answers the same comment).
 */
export function applyPostedComment(queryClient: QueryClient, postId: number, comment: TComment) {
  postedHere.add(comment.id);
  let count: number | undefined;
  updatePostDetail(queryClient, postId, (p) => {
    count = p.comments.some((c) => c.id === comment.id) ? p.commentCount : p.commentCount + 1;
    return { ...p, comments: mergeComments(p.comments, [comment]), commentCount: count };
  });
  if (count !== undefined) setCommentCount(queryClient, postId, count);
}

/**
 * Comments that arrived live (hooks/use-live-post.ts) join the cached post page like posted ones:
 * shown at once, never a page cursor. The post's count was already moved when they arrived.
 */
export function applyLiveComments(queryClient: QueryClient, postId: number, comments: readonly TComment[]) {
  for (const c of comments) postedHere.add(c.id);
  updatePostDetail(queryClient, postId, (p) => ({
    ...p,
    comments: mergeComments(p.comments, comments),
    // Issue 28: the reader's own held comment, approved meanwhile, arrives as a comment: one copy.
    ...(p.heldComments ? { heldComments: p.heldComments.filter((h) => !comments.some((c) => c.content === h.content)) } : {}),
  }));
}

/** A new comment as the device keeps it until the server has it (lib/offline-writes.ts). */
export function commentWrite(postId: number, userId: number, input: TCreateCommentRequest): OfflineWrite {
  const clientId = nanoid();
  return {
    clientId,
    kind: 'comment',
    userId,
    createdAt: new Date().toISOString(),
    url: endpointUrl(createComment, { id: postId }),
    body: { ...input, clientId },
    postId,
  };
}

/**
 * Posts a comment: resolves to the stored comment, to the held item when a moderator checks it first
 * (issue 28: shown to its author alone, awaiting approval), or to null when there was no signal and
 * it was kept on the device to be sent when the connection returns (shown as pending meanwhile).
 */
export function useCreateComment(postId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not paused while offline (the default): without a signal the write is kept on the device at once.
    networkMode: 'always',
    mutationFn: async (input: TCreateCommentRequest): Promise<TComment | THeldAnswer | null> => {
      const r = await offlineWrites.submit<TComment | THeldAnswer>(commentWrite(postId, userId, input));
      return r.sent ? r.result : null;
    },
    onSuccess: (comment) => {
      if (!comment) return;
      if (isHeld(comment)) return applyHeldItem(queryClient, comment.heldItem);
      trackAction('comment', 'post', { postId, commentId: comment.id });
      applyPostedComment(queryClient, postId, comment);
      askForPushLater('comment');
    },
  });
}

export function useEditComment(postId: number, commentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(updateComment, { params: { id: commentId }, body: { content } }),
    onSuccess: (comment) =>
      updatePostDetail(queryClient, postId, (p) => ({ ...p, comments: p.comments.map((c) => (c.id === comment.id ? comment : c)) })),
  });
}

/**
 * A deleted comment with replies stays as a placeholder (as the server keeps it); one without goes. Were it
 * the accepted answer (issue 33), the question has none any more.
 */
export function removeComment(post: TPostDetail, commentId: number): TPostDetail {
  // Whether or not it is among the comments paged in (the server clears it in the same step).
  const answer = post.acceptedAnswer?.commentId === commentId ? { acceptedAnswer: null, solved: false } : null;
  const target = post.comments.find((c) => c.id === commentId);
  if (!target || target.isDeleted) return answer ? { ...post, ...answer } : post;
  const hasReplies = post.comments.some((c) => c.parentId === commentId);
  const comments = hasReplies
    ? post.comments.map((c) =>
        c.id === commentId ? { ...c, isDeleted: true, content: '', contentHtml: '', author: null, canEdit: false, reactions: {}, userVote: null } : c,
      )
    : post.comments.filter((c) => c.id !== commentId);
  return { ...post, comments, commentCount: Math.max(0, post.commentCount - 1), ...answer };
}

export function useDeleteComment(postId: number, commentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(deleteComment, { params: { id: commentId } }),
    onSuccess: () => {
      let count: number | undefined;
      let unsolved = false;
      updatePostDetail(queryClient, postId, (p) => {
        const next = removeComment(p, commentId);
        count = next.commentCount;
        unsolved ||= p.solved === true && next.solved === false;
        return next;
      });
      if (count !== undefined) setCommentCount(queryClient, postId, count);
      // Issue 33: it was the accepted answer: the lists' Solved goes with it.
      if (unsolved) patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { solved: false }));
    },
  });
}
