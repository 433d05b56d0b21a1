import { BreadcrumbTrail } from '../components/breadcrumb-trail';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import type { TDirectoryUser } from '@common/contracts/members';
import type { TPayIndex } from '@common/contracts/pay';
import { courierFactsLine } from '@common/rules/courier';
import { areaRegion } from '@common/rules/labels';
import { payNetworkName, type TPayRegion } from '@common/rules/trade';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { Time } from '@/components/ui/time';
// The app's own 404 page, already in the shell: an address that is no postcode area is any missing page.
import { NotFoundPage } from '@/app/routes/not-found';
import { getAreaQueryOptions, getRegionPayQueryOptions } from '../api/labels';
import { LabelFollowButton } from '../components/label-follow-button';
import { LabelPostList } from '../components/label-post-list';
import { postPath } from '../components/post-card';
import { alertBadge, alertUntil } from '../lib/labels';

/** How many networks the region's pay summary names. */
const PAY_NETWORKS_SHOWN = 3;

/**
 * /areas/{code} (issue 32): a UK postcode area ('LS', any case in the address): its live alerts first,
 * its region's pay, the members who show they work there, then its posts as the forum list shows them.
 * The area, the region's pay and the posts are asked for together (the region is known from the code).
 */
export function AreaPage() {
  const { code: raw = '' } = useParams();
  const { pathname } = useLocation();
  const code = raw.toUpperCase();
  const region = areaRegion(code);
  if (!region) return <NotFoundPage missingPath={pathname} />;
  return <AreaView code={code} region={region} missingPath={pathname} />;
}

function AreaView({ code, region, missingPath }: { code: string; region: { slug: TPayRegion; name: string }; missingPath: string }) {
  const area = useQuery(getAreaQueryOptions(code));

  if (area.isError) {
    if (area.error instanceof ApiError && area.error.status === 404) return <NotFoundPage missingPath={missingPath} />;
    return (
      <div className="mx-auto grid w-full max-w-6xl px-4 py-6">
        <Head title={`${code} postcode area`} />
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
          <h1 className="text-lg font-bold">Couldn't load the {code} postcode area</h1>
          <p>Check your signal and try again.</p>
          <Button variant="secondary" onClick={() => void area.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const page = area.data;
  return (
    // From lg up the pay and the members sit beside the alerts and the posts; on a phone they come between.
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 content-start gap-4 px-4 py-4 sm:gap-6 sm:py-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-x-8">
      <Head title={`${code} postcode area`} />
      <div className="grid gap-3 lg:col-span-2">
        <BreadcrumbTrail steps={[{ label: 'Forum', to: '/forum' }, { label: 'Postcode areas', to: '/areas' }, { label: code }]} />
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 flex-1 basis-60 gap-1">
            <h1 className="text-2xl font-extrabold sm:text-3xl">{code} postcode area</h1>
            <p className="text-muted">
              {region.name}
              {page && ` · ${plural(page.area.postCount, 'post', 'posts')}`}
            </p>
          </div>
          <LabelFollowButton kind="area" value={code} name={code} guestPrompt />
        </header>
      </div>

      <AlertsSection code={code} alerts={page?.alerts} />

      <aside aria-label={`About the ${code} area`} className="grid content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-2">
        <RegionPay region={region} />
        {page && page.members.length > 0 && <AreaMembers code={code} members={page.members} />}
      </aside>

      <LabelPostList
        area={code}
        title={`Posts about ${code}`}
        empty={<p>No posts about the {code} area yet. Writing one? Add {code} under Postcode areas so couriers here find it.</p>}
      />
    </div>
  );
}

/** The area's live alerts, newest first: what a courier here needs before anything else. */
function AlertsSection({ code, alerts }: { code: string; alerts: TPost[] | undefined }) {
  return (
    <section aria-labelledby="area-alerts-title" className="grid content-start gap-2">
      <h2 id="area-alerts-title" className="text-xl font-bold">
        Live alerts
      </h2>
      {alerts === undefined ? (
        <p role="status" className="text-muted">
          Loading the alerts…
        </p>
      ) : alerts.length === 0 ? (
        <p className="text-muted">No live alerts in {code} right now.</p>
      ) : (
        <ul className="grid gap-2">
          {alerts.map((post) => (
            <AlertItem key={post.id} post={post} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertItem({ post }: { post: TPost }) {
  const alert = post.alert;
  const until = alert ? alertUntil(alert.expiresAt) : null;
  return (
    <li className="grid gap-1 rounded-xl border border-l-8 border-line border-l-red-700 bg-card p-3 shadow-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {alert && <span className="rounded-full bg-red-100 px-2.5 py-0.5 font-semibold text-red-900">{alertBadge(alert.kind)}</span>}
        {alert?.place && <span className="font-semibold">{alert.place}</span>}
        {alert && until && (
          <Time date={alert.expiresAt} className="text-muted">
            {until.text}
          </Time>
        )}
      </p>
      <Link to={postPath(post.slug)} className="font-bold break-words text-ink hover:text-link hover:underline">
        {post.title}
      </Link>
    </li>
  );
}

/** £12.40: an hourly figure, rounded to 10p by the index. */
const pounds = (n: number) => `£${n.toFixed(2)}`;

/** The region's Pay Index at a glance: its networks with a published median, most reports first. */
function RegionPay({ region }: { region: { slug: TPayRegion; name: string } }) {
  const pay = useQuery(getRegionPayQueryOptions(region.slug));
  const top = pay.data ? topNetworks(pay.data) : [];
  return (
    <section aria-labelledby="area-pay-title" className="grid gap-2 rounded-xl border border-line bg-card p-4 shadow-sm">
      <h2 id="area-pay-title" className="text-lg font-bold">
        Pay in {region.name}
      </h2>
      {pay.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading the figures…
        </p>
      ) : pay.isError ? (
        <p className="text-sm text-muted">The pay figures didn't load.</p>
      ) : top.length === 0 ? (
        <p className="text-sm">Not enough reports yet for a figure in {region.name}.</p>
      ) : (
        <>
          <p className="text-sm text-muted">Median net pay an hour, after costs:</p>
          <ul className="grid gap-1">
            {top.map((f) => (
              <li key={f.network} className="flex items-baseline justify-between gap-3">
                <span>{payNetworkName(f.network) ?? f.network}</span>
                <span className="font-bold tabular-nums">{pounds(f.median)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={`/pay?region=${encodeURIComponent(region.slug)}`} className="link text-sm">
        The Courier Pay Index for {region.name}
      </Link>
    </section>
  );
}

function topNetworks(index: TPayIndex): { network: string; median: number }[] {
  return index.figures
    .flatMap((f) => (f.netHourly ? [{ network: f.network, median: f.netHourly.median, reports: f.reports }] : []))
    .sort((a, b) => b.reports - a.reports)
    .slice(0, PAY_NETWORKS_SHOWN);
}

/** Members who show this reader that they work in the area: a guest sees those who show everyone. */
function AreaMembers({ code, members }: { code: string; members: TDirectoryUser[] }) {
  return (
    <section aria-labelledby="area-members-title" className="grid gap-2 rounded-xl border border-line bg-card p-4 shadow-sm">
      <h2 id="area-members-title" className="text-lg font-bold">
        Couriers in {code}
      </h2>
      <ul className="grid gap-3">
        {members.map((m) => {
          const facts = m.courier ? courierFactsLine(m.courier) : '';
          return (
            <li key={m.id} className="flex min-w-0 items-center gap-2.5">
              <AvatarIcon avatar={m.avatar} size="sm" decorative />
              <div className="min-w-0 leading-tight">
                <Link to={`/profile/${encodeURIComponent(m.username)}`} className="font-semibold wrap-anywhere text-ink hover:text-link hover:underline">
                  @{m.username}
                </Link>
                {facts && <p className="text-sm break-words text-muted">{facts}</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
