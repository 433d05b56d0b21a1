import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { toast } from '@/components/ui/toast';
import { offlineWrites } from '@/lib/offline-writes';
import { useNavigate } from '@/lib/router';
import { applyPostedComment } from '../api/comments';
import { applyPublishedPost } from '../api/create-post';
import { applyHeldItem, isHeld } from '../api/held';
import { TRUST_MSG } from '@common/rules/trust';

export const OFFLINE_SENT_TEXT = {
  comment: 'Comment posted',
  post: 'Post published',
  backOnline: 'Sent now that you are back online.',
  commentRefused: 'Your comment could not be posted',
  postRefused: 'Your post could not be published',
} as const;

/**
 * A signed-in member's posts and comments kept on this device while offline (lib/offline-writes.ts)
 * are sent on app start and whenever the connection returns, from whatever page is open; each one
 * sent joins the cached pages and is announced, each one refused says why (its text stays, pending,
 * where it was written).
 */
export function OfflineWritesSync({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;

  useEffect(() => {
    const stopHearing = offlineWrites.onSettled((e) => {
      if (e.write.userId !== userId) return;
      if (e.type === 'refused') {
        toast({ title: e.write.kind === 'post' ? OFFLINE_SENT_TEXT.postRefused : OFFLINE_SENT_TEXT.commentRefused, description: e.write.error, variant: 'destructive' });
      } else if (isHeld(e.result)) {
        // Issue 28: sent, and held for a moderator: shown to its author, awaiting approval.
        applyHeldItem(queryClient, e.result.heldItem);
        toast({ title: TRUST_MSG.awaitingApproval, description: TRUST_MSG.heldNotice });
      } else if (e.write.kind === 'comment' && e.write.postId !== undefined) {
        applyPostedComment(queryClient, e.write.postId, e.result as TComment);
        toast({ title: OFFLINE_SENT_TEXT.comment, description: OFFLINE_SENT_TEXT.backOnline, variant: 'success' });
      } else if (e.write.kind === 'post') {
        const post = e.result as TPostDetail;
        applyPublishedPost(queryClient, post);
        toast({
          title: OFFLINE_SENT_TEXT.post,
          description: `“${post.title}” is live. ${OFFLINE_SENT_TEXT.backOnline}`,
          variant: 'success',
          action: { label: 'View', onClick: () => go.current(`/forum/posts/${encodeURIComponent(post.slug)}`) },
        });
      }
    });
    const stop = offlineWrites.start(userId);
    return () => {
      stopHearing();
      stop();
    };
  }, [userId, queryClient]);

  return null;
}
