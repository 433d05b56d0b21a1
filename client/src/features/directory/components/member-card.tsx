import { Link } from '@/lib/router';
import { avatarLabel } from '@common/avatars';
import type { TDirectoryUser } from '@common/contracts/members';
import { courierFactsLine } from '@common/rules/courier';
import { buttonClasses } from '@/components/ui/button';
import { MessageButton } from '@/components/message-button';
import { VerifiedBadge } from '@/components/verified-badge';
import { formatShortMonthYear } from '@/lib/dates';
import { AvatarHoverCard } from './avatar-hover-card';

export const directoryProfileHref = (username: string) => `/profile/${encodeURIComponent(username)}?from=directory`;

type Props = {
  member: TDirectoryUser;
  /** Spec §2: Message only for a signed-in viewer, never on their own card. */
  canMessage: boolean;
};

/**
 * Spec §2 member card: avatar (hover card), @username, member since month/year, status badge, the
 * courier profile's facts as one line (issue 32), actions.
 */
export function MemberCard({ member, canMessage }: Props) {
  const headingId = `member-${member.id}-name`;
  const href = directoryProfileHref(member.username);
  const since = formatShortMonthYear(member.joinedDate);
  const facts = member.courier ? courierFactsLine(member.courier) : '';
  return (
    <article aria-labelledby={headingId} className="grid h-full content-start gap-3 rounded-xl border border-line bg-card p-4 shadow-sm">
      {/* Under 22.5rem across (a small phone, or large text) the avatar sits above the name, which then has the card's width. */}
      <div className="flex min-w-0 items-center gap-3 max-[22.5rem]:flex-col max-[22.5rem]:items-start">
        <AvatarHoverCard avatar={member.avatar} username={member.username} profileHref={href} />
        <div className="min-w-0">
          {/* A long name breaks anywhere rather than widening the card past a small phone's edge. */}
          <h2 id={headingId} className="text-lg leading-tight font-bold wrap-anywhere">
            @{member.username}
          </h2>
          <p className="text-sm text-muted">{avatarLabel(member.avatar)}</p>
          {since && <p className="text-sm text-muted">Member since {since}</p>}
          <VerifiedBadge badge={member.verified} className="mt-1" />
        </div>
      </div>
      {member.statusText && (
        <p className="justify-self-start rounded-lg bg-accent-100 px-2.5 py-1 text-sm font-semibold wrap-anywhere text-ink">
          <span className="sr-only">Status: </span>
          {member.statusText}
        </p>
      )}
      {facts && (
        <p className="text-sm wrap-anywhere text-muted">
          <span className="sr-only">Courier profile: </span>
          {facts}
        </p>
      )}
      {/* Side by side while both labels fit on a line, else one a row (issue 30): never a broken word. */}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Link to={href} aria-describedby={headingId} className={buttonClasses('secondary', 'md', 'flex-auto')}>
          View Profile
        </Link>
        {canMessage && <MessageButton recipientId={member.id} recipientName={`@${member.username}`} className="flex-auto" />}
      </div>
    </article>
  );
}

/** Placeholder cards while the first page loads. */
export function MemberCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading members…
      </p>
      <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} data-testid="member-skeleton" className="grid gap-3 rounded-xl border border-line bg-card p-4">
            <div className="flex items-center gap-3">
              <span className="size-16 animate-pulse rounded-full bg-surface motion-reduce:animate-none" />
              <div className="grid flex-1 gap-2">
                <span className="h-5 w-3/4 animate-pulse rounded bg-surface motion-reduce:animate-none" />
                <span className="h-4 w-1/2 animate-pulse rounded bg-surface motion-reduce:animate-none" />
              </div>
            </div>
            <span className="h-7 w-2/3 animate-pulse rounded-full bg-surface motion-reduce:animate-none" />
            <span className="h-11 animate-pulse rounded-lg bg-surface motion-reduce:animate-none" />
          </li>
        ))}
      </ul>
    </div>
  );
}
