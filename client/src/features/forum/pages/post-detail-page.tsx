import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { TPostList } from '@common/contracts/forum';
import { formatAge } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Head } from '@/components/ui/head';
import { POSTS_QUERY_ROOT } from '../api/get-posts';
import { CategoryChip } from '../components/category-chip';

/**
 * The post page. Until the post endpoint and comments land, it shows what the lists already loaded
 * (title, category, author, excerpt) rather than nothing.
 */
export function PostDetailPage() {
  const { slug = '' } = useParams();
  const queryClient = useQueryClient();
  const post = queryClient
    .getQueriesData<TPostList>({ queryKey: POSTS_QUERY_ROOT })
    .flatMap(([, data]) => data?.posts ?? [])
    .find((p) => p.slug === slug);

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6">
      <Head title={post?.title ?? 'Discussion'} />
      <Link to="/forum" className="link inline-flex items-center gap-1 justify-self-start">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the forum
      </Link>
      {post ? (
        <article className="grid gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <CategoryChip category={post.category} />
            <time dateTime={post.createdAt} className="text-muted">
              {formatAge(post.createdAt)}
            </time>
          </div>
          <h1 className="text-2xl leading-tight font-extrabold sm:text-3xl">{post.title}</h1>
          <p className="flex items-center gap-2">
            <AvatarIcon avatar={post.author?.avatar} size="sm" />
            <span className="font-semibold">{post.author?.username ?? 'Anonymous'}</span>
          </p>
          <p className="text-lg whitespace-pre-line">{post.excerpt}</p>
          <p className="rounded-lg bg-brand-50 p-3 text-sm">
            The full post with replies, votes and reactions will show here soon.
          </p>
        </article>
      ) : (
        <section className="grid gap-3 rounded-2xl border border-line bg-white p-5">
          <h1 className="text-2xl font-extrabold">Discussion</h1>
          <p>The full post with its replies, votes and reactions will show here soon. Open it from the forum list to see its summary.</p>
        </section>
      )}
    </div>
  );
}
