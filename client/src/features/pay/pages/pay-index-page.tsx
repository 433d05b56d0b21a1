import { useQuery } from '@tanstack/react-query';
import { payNetworkName, PAY_LICENCE, PAY_OUTLIER_NET_HOURLY, PAY_TEXT, payRegionName } from '@common/rules/pay';
import { VEHICLE_LABELS } from '@common/pay-estimator';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { Link } from '@/lib/router';
import { getPayIndexQueryOptions } from '../api/pay';
import { PayFigureCard, pounds } from '../components/pay-figure';
import { PayFilters, usePayFilters } from '../components/pay-filters';

/**
 * '/pay': the Courier Pay Index, one card per network (median net £/h after costs, the middle half,
 * the reports behind it, the National Living Wage beside it), filtered by region and vehicle.
 * Server-rendered from GET /api/pay-index; the head and Dataset data are the server's (server/seo).
 */
export function PayIndexPage() {
  const filters = usePayFilters();
  const index = useQuery(getPayIndexQueryOptions({ region: filters.region, vehicle: filters.vehicle }));
  const scope = [filters.region ? payRegionName(filters.region) : null, filters.vehicle ? VEHICLE_LABELS[filters.vehicle] : null].filter(Boolean).join(', ');

  // Networks with a figure first (most reports first), then the rest in the list's order.
  const figures = index.data ? [...index.data.figures].sort((a, b) => Number(!!b.netHourly) - Number(!!a.netHourly) || (a.netHourly && b.netHourly ? b.reports - a.reports : 0)) : [];

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10">
      <Head title="Courier Pay Index: what UK couriers really earn" />
      <header className="grid max-w-3xl gap-3">
        <h1 className="text-3xl font-extrabold">Courier Pay Index</h1>
        <p>
          What does Evri, Amazon Flex or DPD really pay round here, after fuel? Members report their pay for a day or a week they worked; this page shows
          the <strong>net pay per hour after costs</strong> (fuel or charging, van hire, insurance and other costs), counting every hour including waiting,
          beside the National Living Wage.
        </p>
        <p className="text-sm">
          {PAY_TEXT.privacy} {PAY_TEXT.whoCounts}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/pay/report" className={buttonClasses('primary')}>
            Report your pay
          </Link>
          <Link to="/pay/mine" className={buttonClasses('secondary')}>
            Your reports
          </Link>
        </div>
      </header>

      <PayFilters filters={filters} />

      <section aria-labelledby="pay-figures-title" className="grid gap-3">
        <h2 id="pay-figures-title" className="text-xl font-bold">
          Net pay per hour by network{scope ? `: ${scope}` : ''}
        </h2>
        {index.data && (
          <p className="text-sm text-muted">
            National Living Wage today: {pounds(index.data.livingWage.hourly)} an hour. Reports from {index.data.since} on.{' '}
            {index.data.computedAt ? PAY_TEXT.computed(formatDateTime(index.data.computedAt)) : PAY_TEXT.notComputed}
          </p>
        )}
        {index.isPending ? (
          <p role="status">Loading the figures…</p>
        ) : index.isError ? (
          <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-red-950">
            {errorMessage(index.error, 'The figures did not load. Please try again.')}
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {figures.map((f) => (
              <li key={f.network} className="grid">
                <PayFigureCard
                  title={
                    <Link className="link" to={`/pay/${f.network}${filters.region ? `?region=${filters.region}` : ''}`}>
                      {payNetworkName(f.network)}
                    </Link>
                  }
                  figure={f}
                  livingWage={index.data.livingWage.hourly}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="pay-data-title" className="grid max-w-3xl gap-2">
        <h2 id="pay-data-title" className="text-xl font-bold">
          The data
        </h2>
        <p>
          {/* A file download, not a page: a plain link, outside the app's router. */}
          <a className="link" href="/pay/index.csv" download>
            Download the figures as CSV
          </a>{' '}
          (every network, region and vehicle, from the same daily figures; medians and quartiles only where the privacy thresholds are met). The figures are published under the{' '}
          <a className="link" href={PAY_LICENCE.url} rel="license">
            Creative Commons Attribution 4.0 licence ({PAY_LICENCE.name})
          </a>
          : use them freely, crediting Kerbside.
        </p>
        <p className="text-sm text-muted">
          Reports with a net pay below {pounds(PAY_OUTLIER_NET_HOURLY.min)} or above {pounds(PAY_OUTLIER_NET_HOURLY.max)} an hour are kept out of the figures as likely mistakes. Want a figure for your own round?{' '}
          <Link className="link" to="/pay-estimator">
            Try the pay estimator
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
