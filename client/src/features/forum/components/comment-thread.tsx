import { useMemo } from 'react';
import type { TPostDetail } from '@common/contracts/forum';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { Slice } from '@/lib/hydration-slices';
import { buildCommentTree } from '../lib/comment-tree';
import { CommentItem, type ThreadContext } from './comment-item';

type Props = {
  post: TPostDetail;
  ctx: ThreadContext;
  loadMore: { pending: boolean; error: unknown; run: () => void };
};

/** The comments of a post as threads, oldest first, with 'Load more comments' while there are more. */
export function CommentThread({ post, ctx, loadMore }: Props) {
  const tree = useMemo(() => buildCommentTree(post.comments), [post.comments]);
  return (
    <div className="grid gap-4">
      {tree.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-white p-6 text-center text-muted">
          No replies yet. {post.isLocked ? '' : 'Start the conversation!'}
        </p>
      ) : (
        <ol aria-label="Comments" className="grid gap-3">
          {tree.map((node) => (
            <Slice key={node.comment.id}>
              <CommentItem node={node} ctx={ctx} />
            </Slice>
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
