import { Fragment, Suspense, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { PAGE_SIZE } from '@common/rules/site';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Slice } from '@/lib/hydration-slices';
import { useReadOnly } from '@/lib/read-only';
import { StaticUntilUsed } from '@/lib/static-until-used';
import { lazyNamed } from '@/lib/lazy';
import { trackAction } from '@/lib/track';
import { anonymousPostTarget, useBlocks } from '@/components/blocks/use-blocks';
import { buttonClasses } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Head } from '@/components/ui/head';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { getTagsQueryOptions } from '../api/get-tags';
import { AdSlot, useAdSlotsAskedEarly } from '../components/ad-slot';
import { BrowseNav } from '../components/browse-nav';
import { BulletinsSlot } from '../components/bulletins-slot';
import { HeldPostsStrip } from '../components/held-item';
import { LabelFilterChips } from '../components/label-filter-chips';
import { AreaSelect, TagSelect } from '../components/label-selects';
import { CategoryBanner } from '../components/category-banner';
import { CategoryNav } from '../components/category-nav';
import { CategorySelect } from '../components/category-select';
import { ForumBreadcrumb } from '../components/forum-breadcrumb';
import { ForumEmptyState } from '../components/forum-empty-state';
import { ForumHeader } from '../components/forum-header';
import { ForumListError } from '../components/forum-list-error';
import { countActiveFilters } from '../components/list-filters';
import { ListSummary } from '../components/list-summary';
import { Pagination } from '../components/pagination';
import { PostCard } from '../components/post-card';
import { PostListSkeleton } from '../components/post-list-skeleton';
import { ProfessionSelect } from '../components/profession-select';
import { SortSelect } from '../components/sort-select';
import { AnswersFilter, TopPeriodSelect, UnansweredFilter } from '../components/top-filters';
import { useForumPosts } from '../hooks/use-forum-posts';
import { useForumState } from '../hooks/use-forum-state';

// A member's "Follow category" toggle: its own chunk, fetched only for a category's view.
const CategoryFollowButton = lazyNamed(() => import('../components/category-follow-button'), 'CategoryFollowButton');

/** Spec §2: an in-content ad after every third post. */
const AD_EVERY = 3;

/** The forum list (spec §2): '/forum' for everyone and '/' for members. */
export function ForumPage() {
  const { state, hrefWith, update, clearFilters } = useForumState();
  const { q, profession, category, sort, page } = state;
  const { user } = useUser();
  // What a row shows besides its post: a static row (StaticUntilUsed) comes alive when one changes.
  const { blockedWho } = useBlocks();
  const readOnly = useReadOnly();
  const posts = useForumPosts(state);
  const { data: categories } = useQuery(getCategoriesQueryOptions());
  // The in-feed ad's query with the list's own, not once the list has rendered (one render less on the server).
  useAdSlotsAskedEarly('post-content');
  const current = categories?.find((c) => c.slug === category);
  const filtered = !!(q || profession);
  // Issue 32: a tag and a postcode area narrow the plain list (a search has neither, as with Unanswered).
  const tag = filtered ? '' : state.tag;
  const area = filtered ? '' : state.area;
  const { data: tags } = useQuery({ ...getTagsQueryOptions(), enabled: tag !== '' });
  const tagName = tags?.find((t) => t.slug === tag)?.name;
  // Issue 33: Answers (solved or not) is offered in a Q&A category, and wherever it is in force (to turn it off).
  const answersFilter = !filtered && (current?.isQa === true || state.solved !== '');
  const totalCount = posts.data?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  // While the next page or search loads the previous one stays (dimmed); its counts are not the new ones.
  const settled = !posts.isPlaceholderData;
  // The page whose posts are on screen. Another page's posts are never shown under this page's number:
  // while the next page loads, its skeleton stands in (a changed search or filter keeps the old list dimmed).
  const shownPage = useRef(page);
  if (settled) shownPage.current = page;
  const turningPage = !settled && shownPage.current !== page;

  // After moving to another page, start reading (and tabbing) at the results, not at the pager.
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const lastPage = useRef(page);
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    resultsRef.current?.focus({ preventScroll: true });
  }, [page]);

  const title = q ? `Search: ${q}` : current ? `${current.name} | Forum` : 'Forum';

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-3 px-4 py-4 sm:gap-5 sm:py-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
      <Head title={title} />
      <div className="grid min-w-0 grid-cols-1 content-start gap-3 sm:gap-5">
        <ForumBreadcrumb category={current} forumHref={hrefWith({ category: '' })} />
        <Slice>
          <ForumHeader
            signedIn={!!user}
            q={q}
            searchActive={filtered}
            onSearch={(text) => {
              if (text) trackAction('search', 'forum', { query: text.slice(0, 200), category: category || null });
              update({ q: text });
            }}
            onClearSearch={() => update({ q: '', profession: '' })}
            activeFilters={countActiveFilters({ ...state, unanswered: state.unanswered && !filtered, solved: filtered ? '' : state.solved, tag, area })}
            filters={
              <>
                <CategorySelect value={category} onChange={(slug) => update({ category: slug })} />
                <SortSelect value={sort} searching={!!q} onChange={(s) => update({ sort: s })} />
                <ProfessionSelect value={profession} onChange={(p) => update({ profession: p })} />
                {/* Top's period and Unanswered narrow the plain list; a search has its own ranking (issue 18). */}
                {!filtered && sort === 'top' && (
                  <TopPeriodSelect value={state.period} shown={posts.data?.period} onChange={(period) => update({ period })} />
                )}
                {!filtered && <TagSelect value={tag} onChange={(slug) => update({ tag: slug })} />}
                {!filtered && <AreaSelect value={area} onChange={(code) => update({ area: code })} />}
                {!filtered && <UnansweredFilter checked={state.unanswered} onChange={(unanswered) => update({ unanswered })} />}
                {answersFilter && <AnswersFilter value={state.solved} onChange={(solved) => update({ solved })} />}
              </>
            }
          />
        </Slice>
        <BulletinsSlot />
        {/* Issue 28: the member's own posts a moderator checks first (nobody else's list shows them). */}
        <HeldPostsStrip enabled={!!user?.emailVerified} />
        <AdSlot location="forum-header" />
        {current && (
          <CategoryBanner
            category={current}
            allHref={hrefWith({ category: '' })}
            follow={
              user?.emailVerified && (
                <ErrorBoundary fallback={() => null}>
                  <Suspense fallback={null}>
                    <CategoryFollowButton categoryId={current.id} categoryName={current.name} />
                  </Suspense>
                </ErrorBoundary>
              )
            }
          />
        )}

        <section aria-labelledby="results-title" className="grid grid-cols-1 gap-3 sm:gap-4">
          <h2 id="results-title" ref={resultsRef} tabIndex={-1} className="sr-only">
            {q ? 'Search results' : 'Discussions'}
            {page > 1 && `, page ${page}`}
          </h2>
          <LabelFilterChips tag={tag} tagName={tagName} area={area} onRemoveTag={() => update({ tag: '' })} onRemoveArea={() => update({ area: '' })} />

          {posts.isPending || turningPage ? (
            <PostListSkeleton />
          ) : posts.isError && !posts.data ? (
            <ForumListError
              error={posts.error}
              onRetry={() => void posts.refetch()}
              retrying={posts.isFetching}
              allHref={hrefWith({ category: '', q: '', profession: '', tag: '', area: '' })}
            />
          ) : (
            <>
              {settled ? (
                <ListSummary
                  q={q}
                  profession={profession}
                  totalCount={totalCount}
                  onRemoveProfession={() => update({ profession: '' })}
                  onClearFilters={clearFilters}
                />
              ) : (
                <p role="status" className="text-sm text-muted">
                  {filtered ? 'Searching…' : 'Loading…'}
                </p>
              )}

              {posts.data.posts.length === 0 ? (
                page > 1 ? (
                  <div className="grid justify-items-start gap-3 rounded-xl border-2 border-dashed border-line bg-card p-5">
                    <p>There are no discussions on page {page}.</p>
                    <Link to={hrefWith({ page: 1 })} className={buttonClasses('secondary')}>
                      Go to page 1
                    </Link>
                  </div>
                ) : filtered ? (
                  <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">
                    Try other words, fewer filters, or all categories.
                  </p>
                ) : state.solved ? (
                  <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">
                    {state.solved === 'yes' ? 'No solved questions here yet.' : 'No unsolved questions here.'} Try all categories, or All under
                    Answers.
                  </p>
                ) : state.unanswered || sort === 'top' ? (
                  <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">
                    {state.unanswered ? 'Every discussion here has a reply.' : 'No discussions in this period.'} Try a longer period, all
                    categories{state.unanswered ? ', or turn off Unanswered' : ''}.
                  </p>
                ) : tag || area ? (
                  <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">
                    No discussions with {tag && area ? 'this tag in this area' : tag ? 'this tag' : 'this postcode area'} yet. Remove a filter above to see more.
                  </p>
                ) : (
                  <ForumEmptyState signedIn={!!user} />
                )
              ) : (
                <ul
                  className={cn('grid grid-cols-1 gap-2 transition-opacity sm:gap-3', !settled && 'opacity-60')}
                  aria-busy={!settled || undefined}
                >
                  {posts.data.posts.map((post, i, all) => (
                    <Fragment key={post.id}>
                      <StaticUntilUsed as="li" watch={[post, q, blockedWho(post.author, anonymousPostTarget(post)), readOnly]}>
                        <PostCard post={post} hrefWith={hrefWith} highlight={q} />
                      </StaticUntilUsed>
                      {(i + 1) % AD_EVERY === 0 && i < all.length - 1 && <AdSlot location="post-content" as="li" />}
                    </Fragment>
                  ))}
                </ul>
              )}

              {settled && totalCount > PAGE_SIZE && <Pagination page={page} totalPages={totalPages} hrefFor={(p) => hrefWith({ page: p })} />}
            </>
          )}
        </section>
      </div>

      <Slice>
        <aside aria-label="Forum sidebar" className="hidden content-start gap-4 lg:grid">
          <CategoryNav current={category} hrefFor={(slug) => hrefWith({ category: slug })} />
          <BrowseNav />
          <AdSlot location="forum-sidebar" largeOnly />
        </aside>
      </Slice>
    </div>
  );
}
