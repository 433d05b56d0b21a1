import { BreadcrumbTrail } from '../components/breadcrumb-trail';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import type { TTag } from '@common/contracts/labels';
import { TAG_KINDS, TAG_KIND_LABELS } from '@common/rules/labels';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { getTagsQueryOptions } from '../api/get-tags';
import { LabelFollowButton } from '../components/label-follow-button';
import { tagPath } from '../lib/labels';

/**
 * /tags (issue 32): every tag, the networks then the topics, each a link to its posts with their
 * count; a verified member follows any of them here.
 */
export function TagsPage() {
  const tags = useQuery(getTagsQueryOptions());
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 content-start gap-4 px-4 py-4 sm:gap-6 sm:py-6">
      <Head title="Tags" />
      <BreadcrumbTrail steps={[{ label: 'Forum', to: '/forum' }, { label: 'Tags' }]} />
      <header className="grid gap-1">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Tags</h1>
        <p className="text-muted">
          Posts by the network they are about, or by topic. Looking for what's happening near you?{' '}
          <Link to="/areas" className="link">
            Browse by postcode area
          </Link>
          .
        </p>
      </header>

      {tags.isPending ? (
        <p role="status">Loading the tags…</p>
      ) : tags.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <p>{errorMessage(tags.error, "The tags didn't load. Check your signal and try again.")}</p>
          <Button variant="secondary" onClick={() => void tags.refetch()}>
            Try again
          </Button>
        </div>
      ) : tags.data.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-line bg-card p-5">There are no tags yet.</p>
      ) : (
        TAG_KINDS.map((kind) => <TagGroup key={kind} title={TAG_KIND_LABELS[kind]} tags={tags.data.filter((t) => t.kind === kind)} />)
      )}
    </div>
  );
}

function TagGroup({ title, tags }: { title: string; tags: TTag[] }) {
  if (tags.length === 0) return null;
  const id = `tags-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {tags.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-line bg-card p-3 shadow-sm">
            <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
              <Link to={tagPath(t.slug)} className="font-semibold break-words text-ink hover:text-link hover:underline">
                {t.name}
              </Link>
              <p className="text-sm text-muted">
                {plural(t.postCount, 'post', 'posts')}
                {t.description && ` · ${t.description}`}
              </p>
            </div>
            <LabelFollowButton kind="tag" value={t.slug} name={t.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}
