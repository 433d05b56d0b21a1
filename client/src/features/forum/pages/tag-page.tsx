import { BreadcrumbTrail } from '../components/breadcrumb-trail';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from '@/lib/router';
import { TAG_KIND_LABELS } from '@common/rules/labels';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
// The app's own 404 page, already in the shell: an unknown tag looks like any other missing page.
import { NotFoundPage } from '@/app/routes/not-found';
import { getTagQueryOptions } from '../api/labels';
import { LabelFollowButton } from '../components/label-follow-button';
import { LabelPostList } from '../components/label-post-list';

/**
 * /tags/{slug} (issue 32): the tag's name, what it is about, its count of posts and its follow, then
 * its posts as the forum list shows them. The tag and its posts are asked for together (one pass of
 * the server's rendering); an unknown tag is the app's 404.
 */
export function TagPage() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const tag = useQuery(getTagQueryOptions(slug));

  if (tag.isError) {
    if (tag.error instanceof ApiError && tag.error.status === 404) return <NotFoundPage missingPath={pathname} />;
    return (
      <div className="mx-auto grid w-full max-w-4xl px-4 py-6">
        <Head title="Tag" />
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <h1 className="text-lg font-bold">Couldn't load this tag</h1>
          <p>Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void tag.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const t = tag.data;
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 content-start gap-4 px-4 py-4 sm:gap-6 sm:py-6">
      {t && <Head title={`${t.name} – Tags`} />}
      <BreadcrumbTrail steps={[{ label: 'Forum', to: '/forum' }, { label: 'Tags', to: '/tags' }, ...(t ? [{ label: t.name }] : [])]} />

      {t ? (
        <header className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-line bg-card p-4 shadow-sm sm:p-5">
          <div className="grid min-w-0 flex-1 basis-60 gap-1">
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">{TAG_KIND_LABELS[t.kind]}</p>
            <h1 className="text-2xl font-extrabold break-words sm:text-3xl">{t.name}</h1>
            {t.description && <p className="text-muted">{t.description}</p>}
            <p className="text-sm text-muted">{plural(t.postCount, 'post', 'posts')}</p>
          </div>
          <LabelFollowButton kind="tag" value={t.slug} name={t.name} guestPrompt />
        </header>
      ) : (
        <div aria-hidden="true" className="h-32 animate-pulse rounded-xl border border-line bg-card motion-reduce:animate-none" />
      )}

      <LabelPostList
        tag={slug.toLowerCase()}
        title={t ? `Posts tagged ${t.name}` : 'Posts'}
        empty={
          <p>
            No posts with this tag yet. A member writing a post can add it under Tags.{' '}
            <Link to="/tags" className="link">
              See every tag
            </Link>
          </p>
        }
      />
    </div>
  );
}
