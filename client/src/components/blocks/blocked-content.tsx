import { useState, type ReactNode } from 'react';
import { EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useBlocks, type AnonymousBlockTarget } from './use-blocks';

type Props = {
  /** The post's or comment's author (null: a deleted account, never collapsed). */
  author: { username: string } | null | undefined;
  /**
   * Issue 32: the post or reply, when written anonymously (its author then null). It collapses only for
   * the block made from it, never for a block by name: that would tell the blocker who wrote it.
   */
  anonymous?: AnonymousBlockTarget;
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
export function BlockedContent({ author, anonymous, what, id, className, children }: Props) {
  const { blockedWho } = useBlocks();
  const [shown, setShown] = useState(false);
  const who = blockedWho(author, anonymous);
  if (shown || who === null) return <>{children}</>;
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
        Hidden: you blocked <span className="font-semibold text-ink">{who}</span>
      </span>{' '}
      <span aria-hidden="true">—</span>{' '}
      <button
        type="button"
        className="inline-flex min-h-9 items-center rounded-lg px-2 font-semibold text-link underline underline-offset-2 hover:no-underline"
        onClick={() => setShown(true)}
        aria-label={`Show ${who}'s ${what}`}
      >
        Show
      </button>
    </div>
  );
}
