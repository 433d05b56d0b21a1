import { Link } from '@/lib/router';
import { ChevronLeft, ChevronRight, MessageSquare, ThumbsUp } from 'lucide-react';
import type { TPost } from '@common/contracts/forum';
import { Time } from '@/components/ui/time';
import { plural } from '@/lib/format';
import { cn } from '@/lib/cn';
import { buttonClasses } from '@/components/ui/button';

// A member's posts on their profile: a plain list (title, category, age, replies, score), lighter than
// the forum's post card, which belongs to the forum feature.

export function MemberPostList({ posts, dimmed }: { posts: TPost[]; dimmed?: boolean }) {
  return (
    <ul className={cn('grid gap-2 transition-opacity', dimmed && 'opacity-60')} aria-busy={dimmed || undefined}>
      {posts.map((post) => (
        <li key={post.id} className="grid gap-1 rounded-xl border border-line bg-card p-3 sm:p-4">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5 font-semibold text-ink">
              <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: post.category.color }} />
              {post.category.name}
            </span>
            <span aria-hidden="true">·</span>
            <Time date={post.createdAt} />
          </div>
          <h3 className="text-base leading-snug font-bold sm:text-lg">
            <Link to={`/forum/posts/${encodeURIComponent(post.slug)}`} className="text-ink hover:text-link hover:underline">
              {post.title}
            </Link>
          </h3>
          {post.excerpt && <p className="line-clamp-2 text-sm break-words text-muted">{post.excerpt}</p>}
          <p className="flex flex-wrap gap-x-4 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-4" />
              {plural(post.commentCount, 'reply', 'replies')}
            </span>
            <span className="inline-flex items-center gap-1">
              <ThumbsUp aria-hidden="true" className="size-4" />
              {plural(post.upvotes - post.downvotes, 'point', 'points')}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Previous / Page x of y / Next, as links (the page is in the address). */
export function PostPager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  const current = Math.min(page, totalPages);
  return (
    <nav aria-label="Pages of posts" className="flex items-center justify-between gap-3">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev" className={buttonClasses('secondary')}>
          <ChevronLeft aria-hidden="true" className="size-5" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        Page {current} of {totalPages}
      </p>
      {current < totalPages ? (
        <Link to={hrefFor(current + 1)} rel="next" className={buttonClasses('secondary')}>
          Next <ChevronRight aria-hidden="true" className="size-5" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
