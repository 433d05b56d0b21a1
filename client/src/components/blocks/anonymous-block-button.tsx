import { useState } from 'react';
import { Ban, UserCheck } from 'lucide-react';
import { ANONYMOUS_MSG } from '@common/rules/anonymous';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useBlockAnonymous, useBlocks, useUnblockAnonymous, type AnonymousBlockTarget } from './use-blocks';

/** The words of blocking from anonymous content (e2e specs read them too). */
export const ANONYMOUS_BLOCK_TEXT = {
  block: 'Block this author',
  unblock: 'Unblock this author',
  confirmTitle: 'Block this author?',
  confirmBody: `${ANONYMOUS_MSG.blockedAnonymous} You still won't know who they are. You can unblock them any time in your settings.`,
  blocked: 'Author blocked',
  unblocked: 'Author unblocked',
} as const;

type Props = { target: AnonymousBlockTarget; className?: string };

/**
 * Issue 32 (ADR 0022): Block (after a confirmation) or Unblock whoever wrote an anonymous post or reply,
 * by the content rather than a name, which the reader never learns. The account is blocked; this post
 * or reply collapses at once. The caller shows it to signed-in members, never on their own things.
 */
export function AnonymousBlockButton({ target, className }: Props) {
  const { anonymousBlockOf } = useBlocks();
  const existing = anonymousBlockOf(target);
  const block = useBlockAnonymous();
  const unblock = useUnblockAnonymous();
  const [open, setOpen] = useState(false);

  const onClick = () => {
    if (!existing) {
      block.reset();
      setOpen(true);
      return;
    }
    unblock.mutate(existing, {
      onSuccess: () => toast({ title: ANONYMOUS_BLOCK_TEXT.unblocked, variant: 'success' }),
      onError: (err) => toast({ title: 'Could not unblock', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  const Icon = existing ? UserCheck : Ban;
  return (
    <>
      <button
        type="button"
        className={cn('inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-60', className)}
        onClick={onClick}
        disabled={unblock.isPending}
        aria-haspopup={existing ? undefined : 'dialog'}
      >
        <Icon aria-hidden="true" className="size-4" /> {existing ? ANONYMOUS_BLOCK_TEXT.unblock : ANONYMOUS_BLOCK_TEXT.block}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={ANONYMOUS_BLOCK_TEXT.confirmTitle}
        description={ANONYMOUS_BLOCK_TEXT.confirmBody}
        confirmLabel={ANONYMOUS_BLOCK_TEXT.block}
        pendingLabel="Blocking…"
        pending={block.isPending}
        error={block.isError ? errorMessage(block.error, 'Could not block this author. Please try again.') : null}
        onConfirm={() =>
          block.mutate(target, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: ANONYMOUS_BLOCK_TEXT.blocked, description: ANONYMOUS_MSG.blockedAnonymous, variant: 'success' });
            },
          })
        }
      />
    </>
  );
}
