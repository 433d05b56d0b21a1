import { Link } from '@/lib/router';
import type { TPostAuthor } from '@common/contracts/forum';
import { courierFactsLine } from '@common/rules/courier';
import { formatDateTime, formatMonthYear } from '@/lib/dates';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { AnonymousAuthor, AnonymousAvatar } from '@/components/anonymous-author';
import { VerifiedBadge } from '@/components/verified-badge';
import type { RevisionTarget } from '../api/revisions';
import { EditedMarker } from './edited-marker';

type Props = {
  /** null once the author deleted their account: 'Anonymous'. */
  author: (TPostAuthor & { createdAt?: string | null }) | null;
  /** Issue 32: written anonymously, the label shown in the author's place (`author` is then null). */
  anonymousAs?: string;
  createdAt: string;
  editedAt?: string | null;
  /** What '(edited)' opens the edit history of (issue 28); without it the marker is plain text. */
  history?: RevisionTarget;
  /** Link the name to the member's profile (profiles are for members only). */
  linkProfile?: boolean;
  size?: 'md' | 'sm';
  className?: string;
};

/**
 * Avatar, name and its verified courier badge, status line, member-since (when the API gives it), the
 * courier facts its member shows everyone (issue 32), and the age with '(edited)', which opens the edit history.
 * Anonymous content (issue 32) shows its label and the neutral avatar alone: nothing of the account.
 */
export function AuthorCard({ author: given, anonymousAs, createdAt, editedAt, history, linkProfile, size = 'md', className }: Props) {
  // The label alone, whatever else came with it: nothing of an anonymous author's account is drawn.
  const author = anonymousAs === undefined ? given : null;
  const name = author?.username ?? 'Anonymous';
  const since = author?.createdAt ? formatMonthYear(author.createdAt) : '';
  const facts = author?.courier ? courierFactsLine(author.courier) : '';
  return (
    <div className={cn('flex min-w-0 items-center gap-2.5', className)}>
      {anonymousAs !== undefined ? <AnonymousAvatar size={size} /> : <AvatarIcon avatar={author?.avatar} size={size} />}
      <div className="min-w-0 leading-tight">
        {/* A name is one word: with large text on a narrow phone it wraps rather than push the page wider (issue 30). */}
        <p className="flex flex-wrap items-baseline gap-x-2">
          {anonymousAs !== undefined ? (
            <AnonymousAuthor label={anonymousAs} className="font-semibold text-ink" />
          ) : author && linkProfile ? (
            <Link to={`/profile/${encodeURIComponent(author.username)}`} className="min-w-0 font-semibold wrap-anywhere text-ink hover:text-link hover:underline">
              {name}
            </Link>
          ) : (
            <span className={cn('min-w-0 font-semibold wrap-anywhere', !author && 'text-muted')}>{name}</span>
          )}
          <VerifiedBadge badge={author?.verified} className="self-center" />
          {/* The age and "(edited)" stay together; an age alone needs no element around it (every comment has one, issue 31). */}
          {editedAt ? (
            <span className="text-sm text-muted">
              <Time date={createdAt} />
              {history ? <EditedMarker editedAt={editedAt} target={history} /> : <span title={`Edited ${formatDateTime(editedAt)}`}> (edited)</span>}
            </span>
          ) : (
            <Time date={createdAt} className="text-sm text-muted" />
          )}
        </p>
        {(author?.statusText || since) && (
          <p className="mt-0.5 text-sm break-words text-muted">
            {author?.statusText}
            {author?.statusText && since && <span aria-hidden="true"> · </span>}
            {since && <span>Member since {since}</span>}
          </p>
        )}
        {facts && (
          <p className="mt-0.5 text-sm break-words text-muted">
            <span className="sr-only">Courier profile: </span>
            {facts}
          </p>
        )}
      </div>
    </div>
  );
}
