import { useState, type ReactNode } from 'react';
import { EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useBlocks } from './use-blocks';

type Props = {
  /** The post's or comment's author (null: a deleted account, never collapsed). */
  author: { username: string } | null | undefined;
  /** What is hidden, for screen readers: a post, a comment, or a chat's messages. */
  what: 'post' | 'comment' | 'messages';
  /** The placeholder's element id (a comment keeps its #comment-{id} anchor while collapsed). */
  id?: string;
  className?: string;
  children: ReactNode;
};

/**
 * Issue 18: a post or comment by a member the reader blocked shows as one line, "Hidden: you blocked
 * NAME — Show" (a chat with them too, issue 30); Show reveals it for this view only (a reload collapses it again). Anyone else, and
 * everyone while the block list loads, sees the content as it is.
 */
export function BlockedContent({ author, what, id, className, children }: Props) {
  const { isBlockedName } = useBlocks();
  const [shown, setShown] = useState(false);
  if (shown || !author || !isBlockedName(author.username)) return <>{children}</>;
  return (
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      role="group"
      aria-label={`Hidden ${what}`}
      className={cn('flex min-h-11 flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-dashed border-line bg-surface px-3 py-2 text-sm text-muted', className)}
    >
      <EyeOff aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Hidden: you blocked <span className="font-semibold text-ink">{author.username}</span>
      </span>{' '}
      <span aria-hidden="true">—</span>{' '}
      <button
        type="button"
        className="inline-flex min-h-9 items-center rounded-lg px-2 font-semibold text-link underline underline-offset-2 hover:no-underline"
        onClick={() => setShown(true)}
        aria-label={`Show ${author.username}'s ${what}`}
      >
        Show
      </button>
    </div>
  );
}
