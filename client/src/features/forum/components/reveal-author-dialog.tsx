import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZRevealRequest, type TRevealAnswer } from '@common/contracts/anonymous';
import { ANONYMOUS_MSG, REVEAL_REASON_MAX } from '@common/rules/anonymous';
import { revealCommentAuthor, revealPostAuthor } from '@endpoints/anonymous';
import { call, errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { ReasonField, ReasonFormActions } from '@/components/ui/reason-field';

/** The anonymous post or reply whose author an admin asks for. */
export type RevealTarget = { kind: 'post' | 'comment'; id: number };

/** The dialog's words (e2e specs read them too). */
export const REVEAL_TEXT = {
  title: 'Reveal who wrote this',
  description: 'Only admins can see who wrote an anonymous post or reply. Each reveal is kept in the audit log.',
  reason: 'Why do you need to know who wrote this? Other admins will see your reason.',
  submit: 'Reveal',
  pending: 'Revealing…',
  deleted: 'The account has been deleted',
  failed: 'Could not reveal the author. Please try again.',
} as const;

/** POST /api/admin/{posts,comments}/:id/reveal: the account behind it, the reason audited. */
function useRevealAuthor(target: RevealTarget) {
  return useMutation({
    mutationFn: (reason: string) =>
      call(target.kind === 'post' ? revealPostAuthor : revealCommentAuthor, { params: { id: target.id }, body: { reason } }),
  });
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; target: RevealTarget };

/**
 * Issue 32 (ADR 0022): an admin gives a reason (10 to 500 characters, read by every admin in the audit
 * log), then sees who wrote an anonymous post or reply: their username, linked to their profile, or that
 * the account is gone. The answer stays in this dialog: nothing on the page behind it changes.
 */
export function RevealAuthorDialog({ open, onOpenChange, target }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TRevealAnswer | null>(null);
  const reveal = useRevealAuthor(target);
  const fieldId = useId();

  const close = (o: boolean) => {
    if (reveal.isPending) return;
    onOpenChange(o);
    if (!o) {
      // The next opening asks again: a reveal is one reason, one answer.
      setReason('');
      setError(null);
      setAnswer(null);
      reveal.reset();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRevealRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ANONYMOUS_MSG.revealReason);
      return;
    }
    setError(null);
    reveal.mutate(parsed.data.reason, {
      onSuccess: setAnswer,
      onError: (err) => setError(errorMessage(err, REVEAL_TEXT.failed)),
    });
  };

  return (
    <Modal open={open} onOpenChange={close} title={REVEAL_TEXT.title} description={REVEAL_TEXT.description}>
      {answer ? (
        <div className="grid gap-4">
          <p role="status" data-testid="reveal-result" className="rounded-lg bg-surface p-3 text-lg">
            {answer.author ? (
              <>
                Written by{' '}
                <Link to={`/profile/${encodeURIComponent(answer.author.username)}`} className="link font-semibold">
                  @{answer.author.username}
                </Link>
              </>
            ) : (
              REVEAL_TEXT.deleted
            )}
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <ReasonField
            id={fieldId}
            label={REVEAL_TEXT.reason}
            value={reason}
            onChange={(text) => {
              setReason(text);
              if (error) setError(null);
            }}
            error={error}
            maxLength={REVEAL_REASON_MAX}
            rows={4}
            minHeightClass="min-h-28"
            showCount
          />
          <ReasonFormActions
            onCancel={() => close(false)}
            pending={reveal.isPending}
            submitLabel={REVEAL_TEXT.submit}
            pendingLabel={REVEAL_TEXT.pending}
          />
        </form>
      )}
    </Modal>
  );
}
