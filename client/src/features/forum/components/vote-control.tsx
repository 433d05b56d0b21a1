import { useState } from 'react';
import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import type { TVoteType } from '@common/contracts/forum';
import { ApiError, pausedMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/cn';
import { toast } from '@/components/ui/toast';
import { useVote, type VoteTargetType } from '../api/vote';
import { nextVoteState, type VoteState } from '../lib/vote-transition';
import { formatNumber } from '@/lib/format';
import { useReadOnly } from '@/lib/read-only';

export type VoteControlProps = {
  targetType: VoteTargetType;
  id: number;
  upvotes: number;
  downvotes: number;
  userVote: TVoteType | null;
  /** 'md' (44 px targets) for posts; 'sm' for dense places such as comments. */
  size?: 'sm' | 'md';
  className?: string;
};

// The guest is told why and offered the way in (the dialog keeps them on this page).
const loginRequired = () =>
  toast({
    title: 'Login required',
    description: 'Please log in to vote on posts and comments',
    action: { label: 'Sign In', onClick: () => openAuthDialog('signin') },
  });

/**
 * Up and down votes of a post or comment (spec §4): the tap shows at once, the server's answer then
 * replaces it, and a failure puts the old counts back with 'Error: Failed to record vote'.
 */
export function VoteControl({ targetType, id, upvotes, downvotes, userVote, size = 'md', className }: VoteControlProps) {
  const { user } = useUser();
  const vote = useVote(targetType, id);
  // Maintenance: the counts stay, the buttons rest (their title says why).
  const readOnly = useReadOnly();

  // Shown state: the props, or a vote not yet confirmed. New props (a refetch, the server's answer
  // written to the cache) replace it.
  const [shown, setShown] = useState<VoteState>({ upvotes, downvotes, userVote });
  const [fromProps, setFromProps] = useState<VoteState>({ upvotes, downvotes, userVote });
  if (fromProps.upvotes !== upvotes || fromProps.downvotes !== downvotes || fromProps.userVote !== userVote) {
    setFromProps({ upvotes, downvotes, userVote });
    setShown({ upvotes, downvotes, userVote });
  }

  const onVote = (voteType: TVoteType) => {
    if (!user) {
      loginRequired(); // spec §5: guests cannot vote; nothing is sent
      return;
    }
    // One vote at a time: a second tap before the answer would race the first on the server.
    if (vote.isPending) return;
    const before = shown;
    setShown(nextVoteState(shown, voteType));
    vote.mutate(voteType, {
      onSuccess: (result) => {
        setShown(result);
        toast({ title: result.userVote ? 'Vote recorded' : 'Vote removed', variant: 'success' });
      },
      onError: (err) => {
        setShown(before);
        if (err instanceof ApiError && err.status === 401) loginRequired();
        else toast({ title: 'Error', description: pausedMessage(err) ?? 'Failed to record vote', variant: 'destructive' });
      },
    });
  };

  const noun = targetType === 'post' ? 'post' : 'comment';
  // Their look is in index.css (.vote-button): on every card and comment, written once; a vote given is aria-pressed.
  // A count is the button's own text, not an element of its own (issue 31): the label names the button.
  const button = size === 'md' ? 'vote-button' : 'vote-button vote-button-sm';
  const icon = size === 'md' ? 'size-5' : 'size-4';

  return (
    <div role="group" aria-label={`Votes on this ${noun}`} aria-busy={vote.isPending || undefined} className={cn('inline-flex items-center gap-1.5', className)}>
      <button
        type="button"
        aria-pressed={shown.userVote === 'upvote'}
        aria-label={`Upvote, ${formatNumber(shown.upvotes)} ${shown.upvotes === 1 ? 'upvote' : 'upvotes'}`}
        title={readOnly ?? 'Upvote'}
        disabled={!!readOnly}
        onClick={() => onVote('upvote')}
        className={`${button} vote-up`}
      >
        <ArrowBigUp aria-hidden="true" className={cn(icon, shown.userVote === 'upvote' && 'fill-current')} />
        {formatNumber(shown.upvotes)}
      </button>
      <button
        type="button"
        aria-pressed={shown.userVote === 'downvote'}
        aria-label={`Downvote, ${formatNumber(shown.downvotes)} ${shown.downvotes === 1 ? 'downvote' : 'downvotes'}`}
        title={readOnly ?? 'Downvote'}
        disabled={!!readOnly}
        onClick={() => onVote('downvote')}
        className={`${button} vote-down`}
      >
        <ArrowBigDown aria-hidden="true" className={cn(icon, shown.userVote === 'downvote' && 'fill-current')} />
        {formatNumber(shown.downvotes)}
      </button>
    </div>
  );
}
