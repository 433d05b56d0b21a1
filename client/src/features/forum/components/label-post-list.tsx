import { useEffect, useRef, type ReactNode } from 'react';
import { PAGE_SIZE } from '@common/rules/site';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';
import { useReadOnly } from '@/lib/read-only';
import { StaticUntilUsed } from '@/lib/static-until-used';
import { anonymousPostTarget, useBlocks } from '@/components/blocks/use-blocks';
import { buttonClasses } from '@/components/ui/button';
import { useForumPosts } from '../hooks/use-forum-posts';
import { useForumState } from '../hooks/use-forum-state';
import { nextForumParams, withSearch, type ForumChange } from '../lib/forum-url-state';
import { ForumListError } from './forum-list-error';
import { Pagination } from './pagination';
import { PostCard } from './post-card';
import { PostListSkeleton } from './post-list-skeleton';
import { SortSelect } from './sort-select';
import { TopPeriodSelect } from './top-filters';

type Props = {
  /** The tag (slug) or the postcode area ('LS') whose posts these are. */
  tag?: string;
  area?: string;
  /** The section's heading: 'Posts tagged Evri'. */
  title: string;
  /** What page 1 shows when there are none. */
  empty: ReactNode;
};

/**
 * Issue 32: a tag's or an area's posts on its own page, as the forum list shows them (its sort, its
 * cards, its pages) from the same query (GET /api/forum/posts?tag=evri). The sort and the page are
 * this page's address (/tags/evri?sort=popular&page=2); a card's category or profession leads to the
 * forum list, narrowed to the same tag or area.
 */
export function LabelPostList({ tag = '', area = '', title, empty }: Props) {
  const { state, hrefWith, update } = useForumState();
  const { sort, page } = state;
  const { blockedWho } = useBlocks();
  const readOnly = useReadOnly();
  const posts = useForumPosts({ ...state, category: '', q: '', profession: '', unanswered: false, solved: '', tag, area });
  const totalCount = posts.data?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  const settled = !posts.isPlaceholderData;
  // Another page's posts are never shown under this page's number (as on the forum list).
  const shownPage = useRef(page);
  if (settled) shownPage.current = page;
  const turningPage = !settled && shownPage.current !== page;

  const resultsRef = useRef<HTMLHeadingElement>(null);
  const lastPage = useRef(page);
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    resultsRef.current?.focus({ preventScroll: true });
  }, [page]);

  const forumHref = (change: ForumChange) => withSearch('/forum', nextForumParams(new URLSearchParams(), { tag, area, ...change }));

  return (
    <section aria-labelledby="label-posts-title" className="grid grid-cols-1 gap-3 sm:gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="label-posts-title" ref={resultsRef} tabIndex={-1} className="text-xl font-bold">
          {title}
          {page > 1 && <span className="sr-only">, page {page}</span>}
        </h2>
        <div className="grid grid-cols-2 gap-3 max-[20rem]:grid-cols-1 sm:flex">
          <SortSelect value={sort} onChange={(s) => update({ sort: s })} />
          {sort === 'top' && <TopPeriodSelect value={state.period} shown={posts.data?.period} onChange={(period) => update({ period })} />}
        </div>
      </div>

      {posts.isPending || turningPage ? (
        <PostListSkeleton />
      ) : posts.isError && !posts.data ? (
        <ForumListError error={posts.error} onRetry={() => void posts.refetch()} retrying={posts.isFetching} allHref="/forum" />
      ) : posts.data.posts.length === 0 ? (
        page > 1 ? (
          <div className="grid justify-items-start gap-3 rounded-xl border-2 border-dashed border-line bg-card p-5">
            <p>There are no posts on page {page}.</p>
            <Link to={hrefWith({ page: 1 })} className={buttonClasses('secondary')}>
              Go to page 1
            </Link>
          </div>
        ) : (
          <div className="rounded-xl border-2 border-dashed border-line bg-card p-5">{empty}</div>
        )
      ) : (
        <>
          <ul className={cn('grid grid-cols-1 gap-2 transition-opacity sm:gap-3', !settled && 'opacity-60')} aria-busy={!settled || undefined}>
            {posts.data.posts.map((post) => (
              <StaticUntilUsed key={post.id} as="li" watch={[post, blockedWho(post.author, anonymousPostTarget(post)), readOnly]}>
                <PostCard post={post} hrefWith={forumHref} />
              </StaticUntilUsed>
            ))}
          </ul>
          {settled && totalCount > PAGE_SIZE && <Pagination page={page} totalPages={totalPages} hrefFor={(p) => hrefWith({ page: p })} />}
        </>
      )}
    </section>
  );
}
