import { useMemo } from 'react';
import type { TPostDetail } from '@common/contracts/forum';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useReadOnly } from '@/lib/read-only';
import { StaticUntilUsed } from '@/lib/static-until-used';
import { useBlocks } from '@/components/blocks/use-blocks';
import { authorName } from '@/components/anonymous-author';
import { offlineWrites, PENDING_TEXT, usePendingWrites, type OfflineWrite } from '@/lib/offline-writes';
import { buildCommentTree } from '../lib/comment-tree';
import { COMMENT_ITEM_CLASSES, CommentEntry, type ThreadContext } from './comment-item';
import { HeldComment } from './held-comment';

type Props = {
  post: TPostDetail;
  ctx: ThreadContext;
  loadMore: { pending: boolean; error: unknown; run: () => void };
};

/** The comments of a post as threads, oldest first, with 'Load more comments' while there are more. */
export function CommentThread({ post, ctx, loadMore }: Props) {
  const tree = useMemo(() => buildCommentTree(post.comments), [post.comments]);
  const userId = ctx.user?.id;
  const kept = usePendingWrites(userId);
  const pending = useMemo(() => kept.filter((w) => w.kind === 'comment' && w.postId === post.id), [kept, post.id]);
  // Issue 28: the reader's own comments a moderator checks first (only they get them).
  const held = post.heldComments ?? [];
  // What a comment shows besides its own data: a static one (StaticUntilUsed) comes alive when one changes.
  const myReactions = JSON.stringify(ctx.myReactions);
  const { query: blockQuery, anonymousQuery } = useBlocks();
  const blocks = blockQuery.data;
  const anonymousBlocks = anonymousQuery.data;
  const readOnly = useReadOnly();
  return (
    <div className="grid gap-4">
      {tree.length === 0 && pending.length === 0 && held.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-6 text-center text-muted">
          No replies yet. {post.isLocked ? '' : 'Start the conversation!'}
        </p>
      ) : (
        <ol aria-label="Comments" className="grid gap-3">
          {tree.map((node) => (
            <StaticUntilUsed
              key={node.comment.id}
              as="li"
              className={COMMENT_ITEM_CLASSES}
              watch={[node, ctx.user, ctx.isLocked, ctx.highlightId, myReactions, blocks, anonymousBlocks, readOnly, ctx.acceptedCommentId, ctx.canAcceptAnswer]}
            >
              <CommentEntry node={node} ctx={ctx} />
            </StaticUntilUsed>
          ))}
        </ol>
      )}
      {held.length > 0 && (
        <ol aria-label="Your comments awaiting approval" className="grid gap-3">
          {held.map((item) => (
            <HeldComment key={item.id} item={item} username={ctx.user?.username ?? ''} />
          ))}
        </ol>
      )}
      {pending.length > 0 && userId !== undefined && (
        <ol aria-label="Comments waiting to be sent" className="grid gap-3">
          {pending.map((w) => (
            <PendingComment key={w.clientId} write={w} post={post} username={ctx.user?.username ?? ''} userId={userId} />
          ))}
        </ol>
      )}
      {post.hasMoreComments && (
        <div className="grid justify-items-center gap-2">
          <Button variant="secondary" onClick={loadMore.run} disabled={loadMore.pending} aria-busy={loadMore.pending || undefined}>
            {loadMore.pending ? 'Loading…' : 'Load more comments'}
          </Button>
          {Boolean(loadMore.error) && !loadMore.pending && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {errorMessage(loadMore.error, "Couldn't load more comments. Check your signal and try again.")}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A comment written without a signal, kept on this device until the server has it: the member sees
 * their words in the thread at once, and what happens to them (waiting, or the server's reason when it
 * refused them, with the choice to throw them away).
 */
function PendingComment({ write, post, username, userId }: { write: OfflineWrite; post: TPostDetail; username: string; userId: number }) {
  const content = typeof write.body.content === 'string' ? write.body.content : '';
  const parentId = typeof write.body.parentId === 'number' ? write.body.parentId : null;
  const parent = parentId === null ? undefined : post.comments.find((c) => c.id === parentId);
  // Issue 32: sent anonymously, it will carry a label, not this name: said, so nobody is surprised.
  const anonymously = typeof write.body.anonymous === 'object' && write.body.anonymous !== null;
  return (
    <li>
      <article
        aria-label="Your comment, not sent yet"
        data-pending-comment={write.clientId}
        className="grid gap-2 rounded-xl border-2 border-dashed border-line bg-surface p-3 sm:p-4"
      >
        <p className="text-sm font-semibold">
          {username}
          {anonymously && <span className="font-normal text-muted"> · anonymously</span>}
          {parent && <span className="font-normal text-muted"> · reply to {authorName(parent)}</span>}
        </p>
        <p className="break-words whitespace-pre-wrap">{content}</p>
        {write.error ? (
          <div className="flex flex-wrap items-center gap-2">
            <p role="alert" className="text-sm font-semibold text-red-800">
              Not posted: {write.error}
            </p>
            <Button variant="ghost" size="sm" onClick={() => void offlineWrites.discard(write.clientId)}>
              Discard
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <p role="status" className="text-sm text-muted">
              {PENDING_TEXT.body}
            </p>
            <Button variant="ghost" size="sm" onClick={() => void offlineWrites.flush(userId)}>
              Try now
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}
