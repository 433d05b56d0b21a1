import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { Time } from '@/components/ui/time';
import { truncateTitle } from '@/lib/format';
import { getLatestPostsQueryOptions } from '../api/get-posts';

/**
 * Spec §2 landing: the 3 newest posts, refreshed every 30 s. A failed load shows an empty list, not
 * an error: the preview is a teaser, the forum itself is one tap away.
 */
export function LatestPostsPreview() {
  const { data, isPending, isError } = useQuery(getLatestPostsQueryOptions());
  const posts = isError ? [] : (data?.posts ?? []);

  return (
    <section aria-labelledby="latest-title" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="latest-title" className="text-xl font-bold">
          Latest from the forum
        </h2>
        <Link to="/forum" className="link text-sm">
          See all
        </Link>
      </div>
      {isPending ? (
        <ul aria-hidden="true" className="grid gap-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-[4.5rem] animate-pulse rounded-xl bg-card/70 motion-reduce:animate-none" />
          ))}
        </ul>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {posts.map((post) => (
            <li key={post.id}>
              <Link
                to={`/forum/posts/${encodeURIComponent(post.slug)}`}
                className="grid gap-1 rounded-xl border border-line bg-card p-3 shadow-sm hover:border-brand-800"
              >
                <span className="leading-snug font-semibold text-ink">{truncateTitle(post.title)}</span>
                <span className="flex flex-wrap gap-x-2 text-sm text-muted">
                  <span>{post.category.name}</span>
                  <span aria-hidden="true">·</span>
                  <Time date={post.createdAt} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
