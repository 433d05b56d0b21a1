import { useState } from 'react';
import type { TComment } from '@common/contracts/forum';
import type { TUser } from '@common/contracts/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { PENDING_TEXT } from '@/lib/offline-writes';
import { TRUST_MSG } from '@common/rules/trust';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { authorName } from '@/components/anonymous-author';
import { useAnonymousOffer } from '../api/anonymous-voice';
import { useCreateComment } from '../api/comments';
import { isHeld } from '../api/held';
import { AnonymousChoice, anonymousRequest, NO_ANONYMOUS_CHOICE } from './anonymous-choice';
import { CommentForm } from './comment-form';
import { LockedNotice } from './locked-notice';

/** Where a comment's text is kept until sent: per post, and per comment replied to. */
export const commentDraftKey = (postId: number, parentId?: number | null) => (parentId ? `comment:${postId}:${parentId}` : `comment:${postId}`);

type Props = {
  postId: number;
  /** The post's category: where it allows anonymous replies (issue 32), the box offers "Reply anonymously". */
  categoryId?: number;
  /** undefined while the session check runs, null for a guest. */
  user: TUser | null | undefined;
  isLocked: boolean;
  /** The comment replied to; absent for a new top-level comment. */
  parent?: Pick<TComment, 'id' | 'author' | 'anonymousAs'>;
  onPosted: (comment: TComment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/**
 * Who may comment decides what shows: members get the box, guests a way in, unverified members the
 * reason, and everyone sees a locked post's notice instead.
 */
export function CommentComposer({ postId, categoryId, user, isLocked, parent, onPosted, onCancel, autoFocus }: Props) {
  // The user is known by the time anything is sent (the box shows only for a verified member).
  const create = useCreateComment(postId, user?.id ?? 0);
  // Issue 32: asked only where the box shows (a verified member, an open post).
  const anonymousOffer = useAnonymousOffer(isLocked ? undefined : categoryId);
  const [anonymous, setAnonymous] = useState(NO_ANONYMOUS_CHOICE);
  if (isLocked) return <LockedNotice />;
  if (user === undefined) return null;
  if (user === null) {
    return (
      <div className="grid justify-items-start gap-2 rounded-xl border border-line bg-surface p-4">
        <p className="font-semibold">Sign in to join the discussion</p>
        <p className="text-muted">Members can reply, vote and react. Joining is free and takes under a minute.</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => openAuthDialog('signin')}>Sign In</Button>
          <Button variant="secondary" onClick={() => openAuthDialog('register')}>
            Join Free
          </Button>
        </div>
      </div>
    );
  }
  if (!user.emailVerified) {
    return (
      <p role="note" className="rounded-xl border-l-4 border-accent-400 bg-accent-100 p-4">
        Please verify your email address to join the discussion. Check your inbox for the 6-digit code we sent you.
      </p>
    );
  }
  const replyTo = parent ? authorName(parent) : null;
  return (
    <CommentForm
      draftKey={commentDraftKey(postId, parent?.id)}
      label={replyTo ? `Reply to ${replyTo}` : 'Add a comment'}
      showLabel={!parent}
      placeholder={replyTo ? `Reply to ${replyTo}…` : 'Share your experience or ask a question…'}
      submitLabel={parent ? 'Reply' : 'Post Comment'}
      autoFocus={autoFocus}
      onCancel={onCancel}
      options={<AnonymousChoice offer={anonymousOffer} value={anonymous} onChange={setAnonymous} kind="reply" />}
      onSubmit={async (content) => {
        const chosen = anonymousRequest(anonymous, anonymousOffer);
        const comment = await create.mutateAsync({ content, parentId: parent?.id ?? null, ...(chosen && { anonymous: chosen }) });
        // The server has it (or the device keeps it): the next reply starts with the choice unmade.
        setAnonymous(NO_ANONYMOUS_CHOICE);
        if (comment && isHeld(comment)) {
          // Issue 28: held for a moderator; the thread shows it to its author, awaiting approval.
          toast({ title: TRUST_MSG.awaitingApproval, description: TRUST_MSG.heldNotice });
          onCancel?.();
          return;
        }
        if (comment) return onPosted(comment);
        // No signal: kept on the device (the thread shows it pending), sent when back online.
        toast({ title: PENDING_TEXT.title, description: PENDING_TEXT.body });
        onCancel?.();
      }}
    />
  );
}
