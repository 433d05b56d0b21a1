import { useQuery } from '@tanstack/react-query';
import type { TPayFigure } from '@common/contracts/pay';
import { VEHICLE_LABELS } from '@common/pay-estimator';
import { PAY_LICENCE, PAY_MIN_MEMBERS, PAY_TEXT, payNetworkName, payRegionName, PAY_REGIONS, type TPayNetwork } from '@common/rules/pay';
import { NotFoundPage } from '@/app/routes/not-found';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { Link, useLocation, useParams } from '@/lib/router';
import { getPayIndexQueryOptions } from '../api/pay';
import { PayFigureCard, pounds } from '../components/pay-figure';
import { PayFilters, usePayFilters } from '../components/pay-filters';
import { PayTrendChart } from '../components/pay-trend-chart';

/**
 * '/pay/:network': one network's figures (overall, or for ?region= and ?vehicle=), by region and by
 * vehicle, and its trend by quarter. The title, description and Dataset data are the server's.
 */
export function PayNetworkPage() {
  const { network = '' } = useParams<{ network: string }>();
  const { pathname } = useLocation();
  const name = payNetworkName(network);
  if (!name) return <NotFoundPage missingPath={pathname} />;
  return <NetworkFigures network={network as TPayNetwork} name={name} />;
}

function NetworkFigures({ network, name }: { network: TPayNetwork; name: string }) {
  const filters = usePayFilters();
  const filtered = !!(filters.region || filters.vehicle);
  const all = useQuery(getPayIndexQueryOptions({ network }));
  const chosen = useQuery({ ...getPayIndexQueryOptions({ network, region: filters.region, vehicle: filters.vehicle }), enabled: filtered });

  const data = all.data;
  const wage = data?.livingWage.hourly ?? 0;
  const overall = data?.figures.find((f) => f.region === null && f.vehicle === null);
  const headline = filtered ? chosen.data?.figures[0] : overall;
  const byRegion = (data?.figures ?? []).filter((f) => f.region !== null).sort(byOrder(PAY_REGIONS.map((r) => r.slug), 'region'));
  const byVehicle = (data?.figures ?? []).filter((f) => f.vehicle !== null).sort((a, b) => b.reports - a.reports);
  const scope = [filters.region ? payRegionName(filters.region) : 'All regions', filters.vehicle ? VEHICLE_LABELS[filters.vehicle] : 'all vehicles'].join(', ');

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10">
      <Head title={`${name} pay: what couriers really earn`} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className="link" to="/pay">
          Courier Pay Index
        </Link>{' '}
        / {name}
      </nav>
      <header className="grid max-w-3xl gap-3">
        <h1 className="text-3xl font-extrabold">{name} pay: what couriers really earn</h1>
        <p>
          Net pay per hour after fuel, vehicle, insurance and other costs, from Kerbside members&rsquo; own reports for {name}, counting every hour worked
          including waiting. A figure shows only when at least {PAY_MIN_MEMBERS} different members count towards it, each member once. {PAY_TEXT.whoCounts}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={`/pay/report?network=${network}`} className={buttonClasses('primary')}>
            Report your {name} pay
          </Link>
        </div>
      </header>

      <PayFilters filters={filters} />

      {all.isPending ? (
        <p role="status">Loading the figures…</p>
      ) : all.isError ? (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
          {errorMessage(all.error, 'The figures did not load. Please try again.')}
        </p>
      ) : (
        <>
          <section aria-labelledby="pay-headline-title" className="grid max-w-xl gap-2">
            <h2 id="pay-headline-title" className="text-xl font-bold">
              {scope}
            </h2>
            {headline ? <PayFigureCard title={name} figure={headline} livingWage={wage} /> : <p role="status">Loading…</p>}
            <p className="text-sm text-muted">
              National Living Wage today: {pounds(wage)} an hour. {data?.computedAt ? PAY_TEXT.computed(formatDateTime(data.computedAt)) : PAY_TEXT.notComputed}
            </p>
          </section>

          <section aria-labelledby="pay-trend-title" className="grid gap-3">
            <h2 id="pay-trend-title" className="text-xl font-bold">
              Trend by quarter
            </h2>
            <p className="text-sm text-muted">{name} as a whole (all regions and vehicles), beside the National Living Wage of each quarter.</p>
            <PayTrendChart trend={data!.trend} networkName={name} />
          </section>

          <FigureList title="By region" figures={byRegion} label={(f) => payRegionName(f.region!) ?? f.region!} wage={wage} />
          <FigureList title="By vehicle" figures={byVehicle} label={(f) => VEHICLE_LABELS[f.vehicle!]} wage={wage} />
        </>
      )}

      <p className="max-w-3xl text-sm text-muted">
        <a className="link" href="/pay/index.csv" download>
          Download every figure as CSV
        </a>{' '}
        ({PAY_LICENCE.name}:{' '}
        <a className="link" href={PAY_LICENCE.url} rel="license">
          free to reuse with credit
        </a>
        ).
      </p>
    </div>
  );
}

function FigureList({ title, figures, label, wage }: { title: string; figures: TPayFigure[]; label: (f: TPayFigure) => string; wage: number }) {
  const id = `pay-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {figures.length === 0 ? (
        <p>No reports yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {figures.map((f) => (
            <li key={`${f.region}|${f.vehicle}`} className="grid">
              <PayFigureCard title={label(f)} figure={f} livingWage={wage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const byOrder =
  (order: readonly string[], key: 'region') =>
  (a: TPayFigure, b: TPayFigure) =>
    order.indexOf(a[key] ?? '') - order.indexOf(b[key] ?? '');
