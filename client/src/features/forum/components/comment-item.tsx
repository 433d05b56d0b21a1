import { useState } from 'react';
import { CircleCheck, CircleX, CornerDownRight, Pencil, Reply, Trash2 } from 'lucide-react';
import type { TComment } from '@common/contracts/forum';
import type { TUser } from '@common/contracts/auth';
import { canModerate, isAdmin } from '@common/rules/roles';
import { HIDDEN_COMMENT_TEXT } from '@common/rules/reports';
import { errorMessage } from '@/lib/api-client';
import { openAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/cn';
import { toast } from '@/components/ui/toast';
import { AnonymousBlockButton } from '@/components/blocks/anonymous-block-button';
import { BlockButton } from '@/components/blocks/block-button';
import { BlockedContent } from '@/components/blocks/blocked-content';
import { authorName } from '@/components/anonymous-author';
import { ReportButton } from '@/components/report-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteComment, useEditComment } from '../api/comments';
import { useToggleReaction } from '../api/reactions';
import { isReadersOwn } from '../lib/authorship';
import type { CommentNode } from '../lib/comment-tree';
import { AuthorCard } from './author-card';
import { CommentComposer } from './comment-composer';
import { CommentForm } from './comment-form';
import { PostContent } from './post-content';
import { ReactionsBar } from './reactions-bar';
import { RevealAuthorButton } from './reveal-author-button';
import { VoteControl } from './vote-control';

export type ThreadContext = {
  postId: number;
  isLocked: boolean;
  user: TUser | null | undefined;
  /** The reader's own reactions per comment id. */
  myReactions: Record<string, string[]>;
  /** The comment to highlight (opened from #comment-{id}, or just posted). */
  highlightId: number | null;
  onPosted: (comment: TComment) => void;
  /** The post's category, whose setting says whether replies may be anonymous (issue 32). */
  categoryId?: number;
  /** Issue 33, a post in a Q&A category: the id of the reply accepted as its answer, null for none; absent elsewhere. */
  acceptedCommentId?: number | null;
  /** The reader may accept a reply as the answer or unmark it (the post's author or a moderator). */
  canAcceptAnswer?: boolean;
  /** Accepts reply `commentId` as the answer, or (null) unmarks it. */
  onSetAnswer?: (commentId: number | null) => void;
  /** An answer change is on its way to the server. */
  answerPending?: boolean;
};

type ItemProps = { node: CommentNode<TComment>; ctx: ThreadContext };

/** One comment and, below it, its replies (see lib/comment-tree.ts for how deep they nest). */
export function CommentItem(props: ItemProps) {
  return (
    <li className={COMMENT_ITEM_CLASSES}>
      <CommentEntry {...props} />
    </li>
  );
}

/** The list item a comment is; comment-thread.tsx makes a thread's first ones static until used (ADR 0018). */
export const COMMENT_ITEM_CLASSES = 'grid gap-3';

/** What a comment's list item holds: the comment, a reply being written, its replies. */
export function CommentEntry({ node, ctx }: ItemProps) {
  const { comment } = node;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(ctx.postId, comment.id);
  const remove = useDeleteComment(ctx.postId, comment.id);
  const react = useToggleReaction({ kind: 'comment', id: comment.id, postId: ctx.postId });
  const highlighted = ctx.highlightId === comment.id;
  // Issue 33: the reply accepted as the question's answer (a deleted or hidden one never is).
  const accepted = !comment.isDeleted && ctx.acceptedCommentId === comment.id;
  const canChooseAnswer = !comment.isDeleted && !!ctx.canAcceptAnswer && !!ctx.onSetAnswer;
  const name = authorName(comment);
  // Issue 32: written anonymously (its author is then null).
  const anonymous = !comment.isDeleted && comment.anonymousAs !== undefined;
  // Moderators delete anyone's comment but edit only their own (issue 18; the server checks the same).
  const canDelete = comment.canEdit || (canModerate(ctx.user) && !!ctx.user?.emailVerified);
  // Someone else's (a deleted account's is not reported or blocked): Report and Block.
  const others = !!ctx.user && (!!comment.author || anonymous) && !isReadersOwn(comment, ctx.user);

  const onReply = () => {
    if (ctx.user === null) openAuthDialog('signin');
    else setReplying(true);
  };

  return (
    <>
      {/* A blocked author's comment is one line until Shown; its replies (others') stay below. */}
      <BlockedContent
        author={comment.isDeleted ? null : comment.author}
        anonymous={anonymous ? { commentId: comment.id } : undefined}
        what="comment"
        id={`comment-${comment.id}`}
      >
      <article
        id={`comment-${comment.id}`}
        aria-label={comment.isDeleted ? (comment.isHidden ? 'Comment hidden for review' : 'Deleted comment') : `Comment by ${name}`}
        tabIndex={-1}
        className={cn(
          'grid scroll-mt-24 gap-2 rounded-xl border p-3 transition-colors duration-700 sm:p-4',
          highlighted ? 'border-accent-400 bg-accent-100 ring-2 ring-accent-400' : accepted ? 'border-green-700 bg-card ring-1 ring-green-700' : 'border-line bg-card',
        )}
      >
        {accepted && (
          <p className="inline-flex w-fit items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
            <CircleCheck aria-hidden="true" className="size-4" /> Accepted answer
          </p>
        )}
        {node.replyingTo && (
          <p className="flex items-center gap-1 text-sm text-muted">
            <CornerDownRight aria-hidden="true" className="size-4" />
            {node.replyingTo.anonymousAs !== undefined ? (
              <span>
                replying to <span className="font-semibold">{node.replyingTo.anonymousAs}</span>
              </span>
            ) : node.replyingTo.username ? (
              <span>
                replying to <span className="font-semibold">@{node.replyingTo.username}</span>
              </span>
            ) : (
              <span>replying to a deleted comment</span>
            )}
          </p>
        )}
        {comment.isDeleted ? (
          // Hidden by members' flags (issue 28): not the author's delete, and it may come back.
          <p className="text-muted italic">{comment.isHidden ? HIDDEN_COMMENT_TEXT : 'This comment was deleted'}</p>
        ) : (
          <>
            <AuthorCard
              author={comment.author}
              anonymousAs={comment.anonymousAs}
              createdAt={comment.createdAt}
              editedAt={comment.editedAt}
              history={{ kind: 'comment', id: comment.id }}
              size="sm"
              linkProfile={!!ctx.user}
            />
            {editing ? (
              <CommentForm
                draftKey={`edit-comment:${comment.id}`}
                initial={comment.content}
                label="Edit your comment"
                submitLabel="Save"
                autoFocus
                onCancel={() => setEditing(false)}
                onSubmit={(content) =>
                  edit.mutateAsync(content).then(() => {
                    setEditing(false);
                    toast({ title: 'Comment updated', variant: 'success' });
                  })
                }
              />
            ) : (
              <PostContent html={comment.contentHtml} />
            )}
            <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
              <VoteControl targetType="comment" id={comment.id} upvotes={comment.upvotes} downvotes={comment.downvotes} userVote={comment.userVote} size="sm" />
              <ReactionsBar
                summary={comment.reactions}
                mine={ctx.myReactions[String(comment.id)] ?? []}
                onToggle={(emoji) => react.mutate(emoji)}
                label={`Reactions to ${name}'s comment`}
                size="sm"
              />
              <div className="flex flex-wrap items-center gap-1">
                {!ctx.isLocked && (
                  <button type="button" className="comment-action" onClick={onReply} aria-expanded={ctx.user ? replying : undefined}>
                    <Reply aria-hidden="true" className="size-4" /> Reply
                  </button>
                )}
                {canChooseAnswer && (
                  <button
                    type="button"
                    className={cn('comment-action', !accepted && 'text-green-900 hover:bg-green-50')}
                    disabled={ctx.answerPending}
                    onClick={() => ctx.onSetAnswer?.(accepted ? null : comment.id)}
                  >
                    {accepted ? <CircleX aria-hidden="true" className="size-4" /> : <CircleCheck aria-hidden="true" className="size-4" />}
                    {accepted ? 'Unmark answer' : 'Accept as answer'}
                  </button>
                )}
                {comment.canEdit && !editing && (
                  <button type="button" className="comment-action" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </button>
                )}
                {canDelete && (
                  <button type="button" className={cn('comment-action', 'text-red-800 hover:bg-red-50')} onClick={() => setConfirming(true)}>
                    <Trash2 aria-hidden="true" className="size-4" /> Delete
                  </button>
                )}
                {others && <ReportButton targetType="comment" targetId={comment.id} targetLabel={`${name}'s comment`} />}
                {others && (anonymous ? <AnonymousBlockButton target={{ commentId: comment.id }} /> : comment.author && <BlockButton member={comment.author} />)}
                {/* Issue 32: only an admin may learn who wrote it, with a reason (audited). */}
                {anonymous && isAdmin(ctx.user) && <RevealAuthorButton target={{ kind: 'comment', id: comment.id }} />}
              </div>
            </div>
          </>
        )}
      </article>
      </BlockedContent>

      {replying && (
        <div className="ml-3 border-l-2 border-brand-100 pl-3 sm:ml-6 sm:pl-4">
          <CommentComposer
            postId={ctx.postId}
            categoryId={ctx.categoryId}
            user={ctx.user}
            isLocked={ctx.isLocked}
            parent={comment}
            autoFocus
            onCancel={() => setReplying(false)}
            onPosted={(c) => {
              setReplying(false);
              ctx.onPosted(c);
            }}
          />
        </div>
      )}

      {node.children.length > 0 && (
        <ol
          aria-label={`Replies to ${name}`}
          className={cn('grid gap-3', node.depth < 2 ? 'ml-3 border-l-2 border-brand-100 pl-3 sm:ml-6 sm:pl-4' : '')}
        >
          {node.children.map((child) => (
            <CommentItem key={child.comment.id} node={child} ctx={ctx} />
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => {
          setConfirming(o);
          if (!o) remove.reset();
        }}
        title="Delete this comment?"
        description="It will be removed for everyone. Replies to it stay, under 'This comment was deleted'."
        confirmLabel="Delete comment"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Could not delete the comment. Please try again.') : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Comment deleted', variant: 'success' });
            },
          })
        }
      />
    </>
  );
}
