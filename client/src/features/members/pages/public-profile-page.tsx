import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams, useSearchParams } from '@/lib/router';
import { avatarLabel } from '@common/avatars';
import type { TPublicProfile } from '@common/contracts/members';
import { canModerate } from '@common/rules/roles';
import { PAGE_SIZE } from '@common/rules/site';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { formatMonthYear } from '@/lib/dates';
// The app's own 404 page, as the post page uses it: an unknown member is a page that does not exist.
import { NotFoundPage } from '@/app/routes/not-found';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Button, buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { BlockButton } from '@/components/blocks/block-button';
import { MessageButton } from '@/components/message-button';
import { ReportButton } from '@/components/report-button';
import { VerifiedBadge } from '@/components/verified-badge';
import { getMemberPostsQueryOptions, getPublicProfileQueryOptions } from '../api/members-api';
import { CourierFacts } from '../components/courier-facts';
import { MemberPostList, PostPager } from '../components/member-post-list';
import { WithdrawBadgeButton } from '../components/withdraw-badge-button';
import { formatNumber } from '@/lib/format';

/** Spec §5: a page below 1 (or not a number) is page 1. */
function parsePage(raw: string | null): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 1 ? n : 1;
}

/** '/profile/{username}': a member's public profile and their posts; ?from=directory leads back there. */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const fromDirectory = params.get('from') === 'directory';
  const page = parsePage(params.get('page'));
  const profile = useQuery(getPublicProfileQueryOptions(username));

  if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundPage missingPath={pathname} />;

  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const s = next.toString();
    return s ? `${pathname}?${s}` : pathname;
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6 sm:py-10">
      <Head title={`@${username}`} noindex />
      {fromDirectory && (
        <Link to="/directory/users" className={buttonClasses('ghost', 'md', '-ml-2 justify-self-start')}>
          <ArrowLeft aria-hidden="true" className="size-5" /> Back to directory
        </Link>
      )}
      {profile.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading profile…
          </p>
          <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl border border-line bg-card motion-reduce:animate-none" />
        </div>
      ) : profile.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <h1 className="text-lg font-bold">Unable to load this profile</h1>
          <p>Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            {profile.isFetching ? 'Trying again…' : 'Try Again'}
          </Button>
        </div>
      ) : (
        <>
          <ProfileHeader profile={profile.data} />
          <MemberPosts username={profile.data.username} page={page} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}

function ProfileHeader({ profile }: { profile: TPublicProfile }) {
  const { user } = useUser();
  const self = user?.id === profile.id;
  const since = formatMonthYear(profile.joinedDate);
  return (
    <section aria-labelledby="member-name" className="grid gap-4 rounded-2xl border border-line bg-card p-4 shadow-sm sm:grid-cols-[auto_1fr] sm:p-6">
      <AvatarIcon avatar={profile.avatar} size="lg" />
      <div className="grid min-w-0 gap-1.5">
        <h1 id="member-name" className="text-2xl font-extrabold">
          @{profile.username}
        </h1>
        {profile.isModerator && (
          <p className="justify-self-start rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-white">Moderator</p>
        )}
        <VerifiedBadge badge={profile.verified} className="justify-self-start" />
        <p className="font-semibold">{avatarLabel(profile.avatar)}</p>
        {since && <p className="text-sm text-muted">Member since {since}</p>}
        {profile.statusText && (
          <p className="justify-self-start rounded-lg bg-accent-100 px-2.5 py-1 text-sm font-semibold break-words">{profile.statusText}</p>
        )}
        <CourierFacts facts={profile.courier} />
        <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <div className="flex flex-col-reverse">
            <dt className="text-sm text-muted">{profile.postCount === 1 ? 'Post' : 'Posts'}</dt>
            <dd className="text-xl font-extrabold tabular-nums">{formatNumber(profile.postCount)}</dd>
          </div>
          <div className="flex flex-col-reverse">
            <dt className="text-sm text-muted">{profile.commentCount === 1 ? 'Comment' : 'Comments'}</dt>
            <dd className="text-xl font-extrabold tabular-nums">{formatNumber(profile.commentCount)}</dd>
          </div>
        </dl>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {self ? (
            <Link to="/profile" className={buttonClasses('secondary')}>
              Edit your profile
            </Link>
          ) : (
            user && (
              <>
                <MessageButton recipientId={profile.id} recipientName={`@${profile.username}`} />
                <ReportButton targetType="user" targetId={profile.id} targetLabel={`@${profile.username}`} />
                <BlockButton member={{ id: profile.id, username: profile.username }} />
                {canModerate(user) && profile.verified && <WithdrawBadgeButton member={profile} badge={profile.verified} />}
              </>
            )
          )}
        </div>
      </div>
    </section>
  );
}

function MemberPosts({ username, page, hrefFor }: { username: string; page: number; hrefFor: (p: number) => string }) {
  const posts = useQuery(getMemberPostsQueryOptions(username, page));
  const totalPages = Math.max(1, Math.ceil((posts.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <section aria-labelledby="member-posts" className="grid gap-3">
      <h2 id="member-posts" className="text-xl font-bold">
        Posts{posts.data && posts.data.totalCount > 0 ? ` (${formatNumber(posts.data.totalCount)})` : ''}
      </h2>
      {posts.isPending ? (
        <div>
          <p role="status" className="sr-only">
            Loading posts…
          </p>
          <ul aria-hidden="true" className="grid gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-28 animate-pulse rounded-xl border border-line bg-card motion-reduce:animate-none" />
            ))}
          </ul>
        </div>
      ) : posts.isError && !posts.data ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <p>Their posts did not load. Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
            {posts.isFetching ? 'Trying again…' : 'Try Again'}
          </Button>
        </div>
      ) : posts.data.posts.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border-2 border-dashed border-line bg-card p-5">
          {page > 1 ? (
            <>
              <p>There are no posts on page {page}.</p>
              <Link to={hrefFor(1)} className={buttonClasses('secondary')}>
                Go to page 1
              </Link>
            </>
          ) : (
            <p>@{username} hasn't posted yet.</p>
          )}
        </div>
      ) : (
        <>
          <MemberPostList posts={posts.data.posts} dimmed={posts.isPlaceholderData} />
          {posts.data.totalCount > PAGE_SIZE && <PostPager page={page} totalPages={totalPages} hrefFor={hrefFor} />}
        </>
      )}
    </section>
  );
}
