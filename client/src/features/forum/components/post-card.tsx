import { Link } from 'react-router';
import { ArrowRight, Eye, Lock, MessageSquare, Pin } from 'lucide-react';
import type { TPost } from '@common/contracts/forum';
import { PREVIEW_FALLBACK_AVATAR } from '@common/avatars';
import { formatAge } from '@/lib/dates';
import { plural } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { professionLabel } from '../lib/summary';
import { CategoryChip } from './category-chip';
import { ShareMenu } from './share-menu';
import { VoteControl } from './vote-control';

type Props = {
  post: TPost;
  /** The list's address filtered by a category or a profession (keeping the sort). */
  hrefWith: (change: { category?: string; profession?: string }) => string;
};

export const postPath = (slug: string) => `/forum/posts/${encodeURIComponent(slug)}`;

/** Spec §2 Post card. */
export function PostCard({ post, hrefWith }: Props) {
  const titleId = `post-${post.id}-title`;
  const href = postPath(post.slug);
  // Spec §2: the avatar filters by the author's profession; the bike when there is none.
  const profession = post.author?.avatar || PREVIEW_FALLBACK_AVATAR;

  return (
    <article aria-labelledby={titleId} className="grid grid-cols-1 gap-2.5 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <CategoryChip category={post.category} to={hrefWith({ category: post.category.slug })} />
        {post.isPinned && (
          <span className="inline-flex min-h-7 items-center gap-1 rounded-full bg-accent-100 px-2.5 font-semibold text-ink">
            <Pin aria-hidden="true" className="size-3.5" /> Pinned
          </span>
        )}
        {post.isLocked && (
          <span className="inline-flex min-h-7 items-center gap-1 rounded-full bg-slate-200 px-2.5 font-semibold text-ink">
            <Lock aria-hidden="true" className="size-3.5" /> Locked
          </span>
        )}
        <time dateTime={post.createdAt} className="text-muted">
          {formatAge(post.createdAt)}
        </time>
      </div>

      <h2 id={titleId} className="text-lg leading-snug font-bold sm:text-xl">
        <Link to={href} className="text-ink hover:text-link hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.excerpt && <p className="line-clamp-3 break-words text-muted">{post.excerpt}</p>}

      <div className="flex min-w-0 items-center gap-2.5 text-sm">
        <Link
          to={hrefWith({ profession })}
          aria-label={`Show posts from ${professionLabel(profession)} professionals`}
          title={`Posts from ${professionLabel(profession)} professionals`}
          className="shrink-0 rounded-full"
        >
          <AvatarIcon avatar={profession} size="md" decorative />
        </Link>
        <span className="min-w-0">
          <span className="block truncate font-semibold">{post.author?.username ?? 'Anonymous'}</span>
          {post.author?.statusText && <span className="block truncate text-muted">{post.author.statusText}</span>}
        </span>
      </div>

      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-4" />
          {plural(post.commentCount, 'reply', 'replies')}
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden="true" className="size-4" />
          {plural(post.viewCount, 'view', 'views')}
        </span>
        {post.commentCount > 0 && (
          // The list has no comments in it (spec §7): the preview leads to them on the post page.
          <Link
            to={`${href}#comments`}
            aria-describedby={titleId}
            className="inline-flex min-h-6 items-center gap-1 font-semibold text-link hover:underline"
          >
            Join the discussion
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </p>

      <div className="flex items-center justify-between gap-3 border-t border-line pt-3">
        <VoteControl targetType="post" id={post.id} upvotes={post.upvotes} downvotes={post.downvotes} userVote={post.userVote} />
        <ShareMenu post={post} />
      </div>
    </article>
  );
}
