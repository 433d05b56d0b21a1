import { Link } from '@/lib/router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeOrDate } from '@/lib/dates';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { inboxQueryOptions } from '../api/chat-api';
import type { TInboxItem } from '../api/types';
import { badge } from '../lib/messages';
import { useChatSuspended } from './chat-access';

/** The last message in a line: its text, 'Photo' for a photo sent alone. */
const preview = (m: TInboxItem['lastMessage']) => (m ? m.content.trim() || (m.photo ? 'Photo' : '') : 'No messages yet');

/** The member's conversations, most recent first, with unread counts; 50 a page, 'Load more' for the next. */
export function InboxList({ activeId }: { activeId?: string }) {
  const q = useInfiniteQuery(inboxQueryOptions());
  const suspended = useChatSuspended();
  if (q.isPending) return <Spinner />;
  if (q.isError && !q.data) return <p className="p-4 text-slate-600">Failed to load conversations.</p>;
  // A conversation that moved up between two page loads shows once, where it is newest.
  const seen = new Set<number>();
  const items = q.data.pages.flat().filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  // A chat-suspended member cannot start one: no invitation to.
  if (items.length === 0 && suspended) return <p className="p-4 text-slate-600">No conversations yet.</p>;
  if (items.length === 0)
    return (
      <p className="p-4 text-slate-600">
        No conversations yet. Find someone in the{' '}
        <Link to="/directory/users" className="link">
          directory
        </Link>{' '}
        and send them a message.
      </p>
    );
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Conversations">
        {items.map((c) => (
          <li key={c.id}>
            <Link
              to={`/inbox/${c.id}`}
              aria-current={activeId === String(c.id) ? 'page' : undefined}
              className={cn('flex min-h-16 items-center gap-3 p-3 hover:bg-slate-50', activeId === String(c.id) && 'bg-brand-50')}
            >
              <AvatarIcon avatar={c.otherUser.avatar} size="md" decorative />
              <span className="min-w-0 flex-1">
                {/* The name whole (issue 30); the time goes under it when both do not fit. */}
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className={cn('min-w-0', c.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>{c.otherUser.username}</span>
                  <Time date={c.updatedAt} className="shrink-0 text-xs text-slate-500">
                    {formatTimeOrDate(c.updatedAt)}
                  </Time>
                </span>
                <span className="line-clamp-2 text-sm text-slate-600">{preview(c.lastMessage)}</span>
              </span>
              {c.unreadCount > 0 && (
                <span className="rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-on-accent" aria-label={`${c.unreadCount} unread`}>
                  {badge(c.unreadCount)}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      {q.hasNextPage && (
        <div className="flex justify-center p-3">
          <Button variant="secondary" size="sm" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      {q.isFetchNextPageError && <p className="p-3 text-center text-sm text-red-700">Failed to load more conversations.</p>}
    </>
  );
}
