import { useState } from 'react';
import { Ban, UserCheck } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useBlockMember, useBlocks, useUnblockMember, type BlockTarget } from './use-blocks';

type Props = {
  member: BlockTarget;
  /** The icon alone (the words for screen readers only): where a row has little room. */
  compact?: boolean;
  className?: string;
};

/**
 * Block (after a confirmation) or Unblock a member, with a toast either way: on a profile, a post,
 * a comment and a chat's header. The caller shows it to signed-in members, never on their own things.
 */
export function BlockButton({ member, compact, className }: Props) {
  const { isBlockedName } = useBlocks();
  const blocked = isBlockedName(member.username);
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const [open, setOpen] = useState(false);
  const name = member.username;

  const onClick = () => {
    if (!blocked) {
      block.reset();
      setOpen(true);
      return;
    }
    unblock.mutate(member, {
      onSuccess: () => toast({ title: `Unblocked ${name}`, variant: 'success' }),
      onError: (err) => toast({ title: 'Could not unblock', description: errorMessage(err), variant: 'destructive' }),
    });
  };

  const label = blocked ? 'Unblock' : 'Block';
  const Icon = blocked ? UserCheck : Ban;
  return (
    <>
      <button
        type="button"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-lg font-semibold text-muted hover:bg-brand-50 hover:text-ink disabled:opacity-60',
          compact ? 'min-h-8 min-w-8 justify-center text-xs' : 'min-h-9 px-2 text-sm',
          className,
        )}
        onClick={onClick}
        disabled={unblock.isPending}
        aria-haspopup={blocked ? undefined : 'dialog'}
        aria-label={`${label} ${name}`}
      >
        <Icon aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} /> <span className={cn(compact && 'sr-only')}>{label}</span>
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Block ${name}?`}
        description="They won't be able to message you, and their mentions, replies and comments won't notify you. Their posts and comments will be hidden for you. They aren't told. You can unblock them any time in your settings."
        confirmLabel={`Block ${name}`}
        pendingLabel="Blocking…"
        pending={block.isPending}
        error={block.isError ? errorMessage(block.error, 'Could not block this member. Please try again.') : null}
        onConfirm={() =>
          block.mutate(member, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: `Blocked ${name}`, description: 'Their posts, comments and messages are hidden for you.', variant: 'success' });
            },
          })
        }
      />
    </>
  );
}
