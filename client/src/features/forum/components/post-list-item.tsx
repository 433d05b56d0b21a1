import { Link } from 'react-router';
import { Lock, MessageSquare, Eye, Pin } from 'lucide-react';
import type { TPost } from '@common/contracts/forum';
import { formatAge, plural } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { CategoryChip } from './category-chip';

export type PostSummary = Pick<
  TPost,
  'id' | 'slug' | 'title' | 'excerpt' | 'createdAt' | 'commentCount' | 'viewCount' | 'upvotes' | 'downvotes'
> & {
  isPinned?: boolean;
  isLocked?: boolean;
  category: Pick<TPost['category'], 'name' | 'slug' | 'color'>;
  author: Pick<NonNullable<TPost['author']>, 'username' | 'avatar' | 'statusText'> | null;
};

export function PostListItem({ post }: { post: PostSummary }) {
  return (
    <article className="grid grid-cols-1 gap-2 rounded-xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <CategoryChip category={post.category} />
        {post.isPinned && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 font-semibold text-ink">
            <Pin aria-hidden="true" className="size-3.5" /> Pinned
          </span>
        )}
        {post.isLocked && (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-ink">
            <Lock aria-hidden="true" className="size-3.5" /> Locked
          </span>
        )}
        <time dateTime={post.createdAt} className="text-muted">
          {formatAge(post.createdAt)}
        </time>
      </div>
      <h2 className="text-lg leading-snug font-bold">
        <Link to={`/forum/posts/${encodeURIComponent(post.slug)}`} className="text-ink hover:text-link hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.excerpt && <p className="line-clamp-2 text-muted">{post.excerpt}</p>}
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="flex min-w-0 flex-1 basis-48 items-center gap-2">
          <AvatarIcon avatar={post.author?.avatar} size="sm" />
          <span className="min-w-0">
            <span className="font-semibold">{post.author?.username ?? 'Anonymous'}</span>
            {post.author?.statusText && <span className="block truncate text-muted">{post.author.statusText}</span>}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-4 text-muted">
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {plural(post.commentCount, 'reply', 'replies')}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-4" />
            {plural(post.viewCount, 'view', 'views')}
          </span>
        </span>
      </div>
    </article>
  );
}
