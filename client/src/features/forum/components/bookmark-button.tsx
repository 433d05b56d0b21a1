import { useState } from 'react';
import { Bookmark } from 'lucide-react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { openAuthDialog } from '@/lib/auth-dialog';
import { cn } from '@/lib/cn';
import { useReadOnly } from '@/lib/read-only';
import { toast } from '@/components/ui/toast';
import { useBookmark } from '../api/bookmarks';

// A guest is told why and offered the way in, as for votes (the dialog keeps them on this page).
const loginRequired = () =>
  toast({
    title: 'Login required',
    description: 'Please log in to save posts',
    action: { label: 'Sign In', onClick: () => openAuthDialog('signin') },
  });

type Props = {
  postId: number;
  /** The reader's flag from the list or post page (absent for guests). */
  bookmarked: boolean | undefined;
  className?: string;
};

/**
 * Save / Saved (issue 18): a toggle button (aria-pressed). The tap shows at once; the server's answer
 * is written into every cached copy of the post, and a failure puts the old state back.
 */
export function BookmarkButton({ postId, bookmarked = false, className }: Props) {
  const { user } = useUser();
  const mutation = useBookmark(postId);
  const readOnly = useReadOnly();
  // Shown state: the prop, or a change not yet confirmed; a new prop (a refetch) replaces it.
  const [shown, setShown] = useState(bookmarked);
  const [fromProps, setFromProps] = useState(bookmarked);
  if (fromProps !== bookmarked) {
    setFromProps(bookmarked);
    setShown(bookmarked);
  }

  const onClick = () => {
    if (!user) {
      loginRequired(); // nothing is sent
      return;
    }
    if (mutation.isPending) return;
    const before = shown;
    setShown(!before);
    mutation.mutate(!before, {
      onSuccess: (result) => {
        setShown(result.bookmarked);
        toast({ title: result.bookmarked ? 'Saved to your bookmarks' : 'Removed from your bookmarks', variant: 'success' });
      },
      onError: (err) => {
        setShown(before);
        if (err instanceof ApiError && err.status === 401) loginRequired();
        else toast({ title: 'Could not change your bookmark', description: errorMessage(err), variant: 'destructive' });
      },
    });
  };

  return (
    <button
      type="button"
      aria-pressed={shown}
      title={readOnly ?? (shown ? 'Remove from your bookmarks' : 'Save to your bookmarks')}
      disabled={!!readOnly}
      aria-busy={mutation.isPending || undefined}
      onClick={onClick}
      className={cn('bookmark-button', className)}
    >
      <Bookmark aria-hidden="true" className={cn('size-5', shown && 'fill-current')} />
      {shown ? 'Saved' : 'Save'}
    </button>
  );
}
