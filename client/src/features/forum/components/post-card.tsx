import type { CSSProperties } from 'react';
import { Link } from '@/lib/router';
import { ArrowBigUp, ArrowRight, ChartBar, CircleCheck, Eye, Lock, MessageSquare, Pin } from 'lucide-react';
import type { TPost } from '@common/contracts/forum';
import { PREVIEW_FALLBACK_AVATAR } from '@common/avatars';
import { formatAge, formatShortAge } from '@/lib/dates';
import { Time } from '@/components/ui/time';
import { plural, formatNumber } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { BlockedContent } from '@/components/blocks/blocked-content';
import { anonymousPostTarget } from '@/components/blocks/use-blocks';
import { AnonymousAuthor, AnonymousAvatar } from '@/components/anonymous-author';
import { alertBadge } from '../lib/labels';
import { professionLabel } from '../lib/summary';
import { BookmarkButton } from './bookmark-button';
import { NewMarker } from './new-marker';
import { hasLabels, PostLabelChips } from './post-labels';
import { SearchHighlight } from './search-highlight';
import { ShareMenu } from './share-menu';
import { VoteControl } from './vote-control';

type Props = {
  post: TPost;
  /** The list's address filtered by a category or a profession (keeping the sort). */
  hrefWith: (change: { category?: string; profession?: string }) => string;
  /** A search in force: its words are marked in the title and excerpt. */
  highlight?: string;
};

export const postPath = (slug: string) => `/forum/posts/${encodeURIComponent(slug)}`;

/**
 * Spec §2 Post card. One markup for every width, laid out by CSS alone (the server renders it
 * without knowing the screen, issue 15): from the `sm` breakpoint up it is the spec's card; below it
 * the same parts re-flow into a compact row (title, then category · age · author … replies, score)
 * so five or more posts fit on a phone's first screen. The details wrap onto a second line rather
 * than shorten a category or a name (issue 30), the row a little tighter so that five still fit a
 * 390×844 screen; with large text (under 20rem across) the title is not clamped to two lines of a few
 * words. What the row leaves out (excerpt, status,
 * views, the vote and share buttons) is on the post page; the long age and reply count stay for
 * screen readers, and the short forms beside them are hidden from them.
 */
export function PostCard(props: Props) {
  // Issue 18: a blocked author's card is one line in the list until Shown (an anonymous one, issue 32,
  // only when blocked from this very post).
  const { post } = props;
  return (
    <BlockedContent author={post.author} anonymous={anonymousPostTarget(post)} what="post">
      <PostCardBody {...props} />
    </BlockedContent>
  );
}

function PostCardBody({ post, hrefWith, highlight = '' }: Props) {
  const titleId = `post-${post.id}-title`;
  const href = postPath(post.slug);
  // Issue 32: the label alone, whatever else came with it: nothing of an anonymous author's account is drawn.
  const author = post.anonymousAs === undefined ? post.author : null;
  // Spec §2: the avatar filters by the author's profession; the bike when there is none.
  const profession = author?.avatar || PREVIEW_FALLBACK_AVATAR;
  const score = post.upvotes - post.downvotes;

  return (
    <article aria-labelledby={titleId} className="post-card">
      {/* On a phone its parts are the row's own (display: contents), so a long category wraps them as
          one line of details: the age stays with the author rather than take a line of its own. */}
      <div className="post-card-head">
        {/* The chip of CategoryChip, its name always whole (issue 30): a long one wraps the phone row's details. */}
        <Link
          to={hrefWith({ category: post.category.slug })}
          aria-label={`Category: ${post.category.name}`}
          className="post-card-chip"
          style={{ '--dot': post.category.color } as CSSProperties}
        >
          {post.category.name}
        </Link>
        {post.isNew && <NewMarker />}
        {post.isPinned && (
          <span className="post-card-badge bg-accent-100 text-ink" title="Pinned">
            <Pin aria-hidden="true" className="size-3.5" /> <span className="max-sm:sr-only">Pinned</span>
          </span>
        )}
        {/* Issue 33: a Q&A question with an accepted answer. */}
        {post.solved === true && (
          <span className="post-card-badge bg-green-100 text-green-900" title="Solved">
            <CircleCheck aria-hidden="true" className="size-3.5" /> <span className="max-sm:sr-only">Solved</span>
          </span>
        )}
        {/* Issue 33: it carries a poll (the post page has it whole). */}
        {post.hasPoll && (
          <span className="post-card-badge bg-brand-50 text-brand-900" title="Poll">
            <ChartBar aria-hidden="true" className="size-3.5" /> <span className="max-sm:sr-only">Poll</span>
          </span>
        )}
        {post.isLocked && (
          <span className="post-card-badge bg-slate-200 text-ink" title="Locked">
            <Lock aria-hidden="true" className="size-3.5" /> <span className="max-sm:sr-only">Locked</span>
          </span>
        )}
        {/* Issue 32: a local alert says what kind in words, at every width (no icon: the row stays lean). */}
        {post.alert && (
          <span className="inline-flex min-h-7 shrink-0 items-center rounded-full bg-red-100 px-2.5 font-semibold text-red-900 max-sm:min-h-6 max-sm:px-2">
            {alertBadge(post.alert.kind)}
          </span>
        )}
        <Time date={post.createdAt} className="shrink-0 text-muted">
          <Age date={post.createdAt} />
        </Time>
        {/* Sorted by latest activity (issue 30): why an older thread is this high. The phone row has no room for it. */}
        {post.lastReplyAt && (
          <span className="shrink-0 text-muted max-sm:hidden">
            <span aria-hidden="true">· </span>
            <Time date={post.lastReplyAt}>{`last reply ${formatAge(post.lastReplyAt)}`}</Time>
          </span>
        )}
      </div>

      <h2 id={titleId} className="post-card-title">
        {/* On a phone the whole row is the title's link (its ::after covers the card); the chip stays above it. */}
        <Link to={href}>
          <SearchHighlight text={post.title} q={highlight} />
        </Link>
      </h2>
      {post.excerpt && (
        <p className="post-card-excerpt">
          <SearchHighlight text={post.excerpt} q={highlight} />
        </p>
      )}
      {/* Issue 32: its tags and postcode areas, plain links from sm up (the phone row leaves them to the post page). */}
      {hasLabels(post) && (
        <p className="flex flex-wrap gap-1.5 text-sm max-sm:hidden">
          <PostLabelChips post={post} />
        </p>
      )}

      <div className="post-card-by">
        {post.anonymousAs !== undefined ? (
          // Issue 32: no profession filter: the author's avatar would narrow down who wrote it.
          <AnonymousAvatar size="md" decorative className="max-sm:hidden" />
        ) : (
          // The link is the avatar's round box itself.
          <AvatarIcon
            avatar={profession}
            size="md"
            link={{
              to: hrefWith({ profession }),
              label: `Show posts from ${professionLabel(profession)} professionals`,
              title: `Posts from ${professionLabel(profession)} professionals`,
            }}
            className="max-sm:hidden"
          />
        )}
        {/* On a phone the author follows the age: "· name" (the dot is drawn, not read). */}
        <span className="post-card-author">
          {post.anonymousAs !== undefined ? (
            <AnonymousAuthor label={post.anonymousAs} markerClassName="max-sm:sr-only" />
          ) : (
            (author?.username ?? 'Anonymous')
          )}
          {author?.statusText && <span className="post-card-status">{author.statusText}</span>}
        </span>
      </div>

      <p className="post-card-stats">
        {/* A phone shows the count alone; "replies" stays for screen readers. */}
        <span className="post-card-stat max-sm:tabular-nums">
          <MessageSquare aria-hidden="true" className="size-4" />
          {formatNumber(post.commentCount)}
          <span className="max-sm:sr-only">{post.commentCount === 1 ? ' reply' : ' replies'}</span>
        </span>
        <span className="post-card-stat max-sm:hidden">
          <Eye aria-hidden="true" className="size-4" />
          {plural(post.viewCount, 'view', 'views')}
        </span>
        {/* The phone row's votes: the score; the buttons are on the post page (and the card from sm up). */}
        <span className="post-card-score">
          <ArrowBigUp aria-hidden="true" className="size-4" />
          <span className="sr-only">Score </span>
          {formatNumber(score)}
        </span>
        {post.commentCount > 0 && (
          // The list has no comments in it (spec §7): the preview leads to them on the post page.
          <Link
            to={`${href}#comments`}
            aria-describedby={titleId}
            className="post-card-join"
          >
            Join the discussion
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </p>

      <div className="post-card-actions">
        <VoteControl targetType="post" id={post.id} upvotes={post.upvotes} downvotes={post.downvotes} userVote={post.userVote} />
        {/* Save (issue 18): from sm up on the card; on a phone, on the post page. Both at the end (index.css). */}
        <BookmarkButton postId={post.id} bookmarked={post.bookmarked} />
        <ShareMenu post={post} />
      </div>
    </article>
  );
}

/**
 * A card's age: its long form from sm up and for screen readers, its short form on a phone (hidden from
 * them); one text where the two are the same (a date: "2 Jul").
 */
function Age({ date }: { date: string }) {
  const long = formatAge(date);
  const short = formatShortAge(date);
  if (long === short) return <>{long}</>;
  return (
    <>
      <span className="max-sm:sr-only">{long}</span>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
    </>
  );
}
