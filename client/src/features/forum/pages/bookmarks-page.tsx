import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { PAGE_SIZE } from '@common/rules/site';
import { Link, useSearchParams } from '@/lib/router';
import { cn } from '@/lib/cn';
import { Button, buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { getBookmarksQueryOptions } from '../api/bookmarks';
import { Pagination } from '../components/pagination';
import { PostCard } from '../components/post-card';
import { PostListSkeleton } from '../components/post-list-skeleton';
import { nextForumParams, parsePage, withSearch } from '../lib/forum-url-state';

/** A card's category and profession links lead to the forum list, filtered. */
const forumHref = (change: { category?: string; profession?: string }) => withSearch('/forum', nextForumParams(new URLSearchParams(), change));

/** /bookmarks (issue 18, members only): the posts the member saved, newest saved first. */
export function BookmarksPage() {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const saved = useQuery(getBookmarksQueryOptions(page));
  const totalPages = Math.max(1, Math.ceil((saved.data?.totalCount ?? 0) / PAGE_SIZE));

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 content-start gap-3 px-4 py-4 sm:gap-5 sm:py-6">
      <Head title="Saved posts" noindex />
      <header className="grid gap-1">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Saved posts</h1>
        <p className="text-muted">Posts you saved with the Save button, newest saved first. Only you can see them.</p>
      </header>

      {saved.isPending ? (
        <PostListSkeleton />
      ) : saved.isError && !saved.data ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border border-line bg-card p-5">
          <p>Your saved posts didn't load.</p>
          <Button variant="secondary" onClick={() => void saved.refetch()}>
            Try again
          </Button>
        </div>
      ) : saved.data.posts.length === 0 ? (
        page > 1 ? (
          <div className="grid justify-items-start gap-3 rounded-xl border-2 border-dashed border-line bg-card p-5">
            <p>There are no saved posts on page {page}.</p>
            <Link to="/bookmarks" className={buttonClasses('secondary')}>
              Go to page 1
            </Link>
          </div>
        ) : (
          <div className="grid justify-items-center gap-3 rounded-2xl border-2 border-dashed border-line bg-card px-4 py-12 text-center">
            <Bookmark aria-hidden="true" className="size-10 text-muted" />
            <h2 className="text-xl font-bold">No saved posts yet</h2>
            <p className="text-muted">Tap Save on a post to keep it here for later.</p>
            <Link to="/forum" className={buttonClasses('primary')}>
              Browse the forum
            </Link>
          </div>
        )
      ) : (
        <>
          <p role="status" className="text-sm text-muted">
            {saved.data.totalCount === 1 ? '1 saved post' : `${saved.data.totalCount} saved posts`}
          </p>
          <ul className={cn('grid grid-cols-1 gap-2 transition-opacity sm:gap-3', saved.isPlaceholderData && 'opacity-60')}>
            {saved.data.posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} hrefWith={forumHref} />
              </li>
            ))}
          </ul>
          {saved.data.totalCount > PAGE_SIZE && (
            <Pagination page={page} totalPages={totalPages} hrefFor={(p) => (p > 1 ? `/bookmarks?page=${p}` : '/bookmarks')} />
          )}
        </>
      )}
    </div>
  );
}
