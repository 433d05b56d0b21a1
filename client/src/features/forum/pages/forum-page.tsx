import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { SquarePen } from 'lucide-react';
import { findAvatar } from '@common/avatars';
import { PAGE_SIZE } from '@common/constants';
import { useUser } from '@/lib/auth';
import { buttonClasses, Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { getPostsQueryOptions } from '../api/get-posts';
import { CategorySelect } from '../components/category-select';
import { ForumEmptyState } from '../components/forum-empty-state';
import { Pagination } from '../components/pagination';
import { PostListItem } from '../components/post-list-item';

/** Spec §5: a page below 1 (or not a number) is page 1. */
export function parsePage(raw: string | null): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 1 ? n : 1;
}

/** The forum list: '/forum' for everyone and '/' for members. */
export function ForumPage() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const category = params.get('category') ?? '';
  const profession = findAvatar(params.get('profession'));
  const { user } = useUser();
  const posts = useQuery(getPostsQueryOptions({ page, limit: PAGE_SIZE, sortBy: 'newest', category: category || undefined }));
  const { data: categories } = useQuery(getCategoriesQueryOptions());
  const current = categories?.find((c) => c.slug === category);
  const totalPages = posts.data ? Math.max(1, Math.ceil(posts.data.totalCount / PAGE_SIZE)) : 1;

  const setCategory = (slug: string) => {
    const next = new URLSearchParams(params);
    if (slug) next.set('category', slug);
    else next.delete('category');
    next.delete('page'); // spec §4: changing category resets to page 1
    setParams(next);
  };
  const clearProfession = () => {
    const next = new URLSearchParams(params);
    next.delete('profession');
    setParams(next);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6">
      <Head title={current ? `${current.name} | Forum` : 'Forum'} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1 text-muted">
          <li>
            {current ? (
              <Link to="/forum" className="link">
                Forum
              </Link>
            ) : (
              <span aria-current="page">Forum</span>
            )}
          </li>
          {current && (
            <li className="before:mr-1 before:content-['›']">
              <span aria-current="page" className="text-ink">
                {current.name}
              </span>
            </li>
          )}
        </ol>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold">{current ? current.name : 'Forum'}</h1>
          <p className="text-muted">
            {current?.description || 'Questions, tips and news from couriers and drivers across the UK.'}
          </p>
        </div>
        {user && (
          <Link to="/forum/new" className={buttonClasses('primary')}>
            <SquarePen aria-hidden="true" className="size-5" /> New Post
          </Link>
        )}
      </div>
      {category && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 p-3">
          <p>
            Showing posts in <strong>{current?.name ?? category}</strong>
          </p>
          <Link to="/forum" className={buttonClasses('secondary', 'sm')}>
            View All Categories
          </Link>
        </div>
      )}
      {profession && (
        <div role="note" className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-accent-100 p-3">
          <p>
            Filtering by profession ({profession.shortLabel}) comes with forum search. For now, here are all the latest posts.
          </p>
          <Button variant="secondary" size="sm" onClick={clearProfession}>
            Clear
          </Button>
        </div>
      )}
      <CategorySelect value={category} onChange={setCategory} />

      {posts.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading discussions…
          </p>
          <ul aria-hidden="true" className="grid gap-3">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="h-36 animate-pulse rounded-xl bg-white motion-reduce:animate-none" />
            ))}
          </ul>
        </div>
      ) : posts.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <h2 className="text-lg font-bold">Couldn't load discussions</h2>
          <p>Failed to fetch posts. Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        </div>
      ) : posts.data.posts.length === 0 ? (
        <ForumEmptyState signedIn={!!user} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {posts.data.totalCount.toLocaleString('en-GB')} {posts.data.totalCount === 1 ? 'discussion' : 'discussions'}
            {totalPages > 1 && ` · page ${page} of ${totalPages}`}
          </p>
          <ul className={`grid grid-cols-1 gap-3 ${posts.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={posts.isFetching || undefined}>
            {posts.data.posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} />
              </li>
            ))}
          </ul>
          {posts.data.totalCount > PAGE_SIZE && <Pagination page={page} totalPages={totalPages} />}
        </>
      )}
    </div>
  );
}
