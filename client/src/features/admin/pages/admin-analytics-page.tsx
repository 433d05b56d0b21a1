import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@/lib/router';
import type { TAnalyticsReport } from '@common/contracts/analytics';
import { ANALYTICS_DEFAULT_DAYS } from '@common/rules/analytics';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { addDays, todayInLondon } from '@/lib/dates';
import { getAdminAnalyticsQueryOptions, type AnalyticsPeriod } from '../api/analytics';
import { AdminLayout } from '../components/admin-layout';
import {
  ActionsTable,
  AnalyticsSection,
  DaysTable,
  SharesTable,
  TopPagesTable,
  VitalsTable,
  formatCount,
  formatPercent,
  formatSeconds,
} from '../components/analytics-tables';
import type { ChartSeries } from '../components/analytics-chart';

// uPlot and its CSS load only with this page's charts (never in another chunk).
const AnalyticsChart = lazy(() => import('../components/analytics-chart').then((m) => ({ default: m.AnalyticsChart })));

const PRESETS = [7, 30, 90] as const;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const lastDays = (n: number): AnalyticsPeriod => {
  const to = todayInLondon();
  return { from: addDays(to, -(n - 1)), to };
};

/** The period from the address (?from=&to=), else the last 30 days; shareable and kept on reload. */
function usePeriod(): [AnalyticsPeriod, (p: AnalyticsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const period = useMemo(() => {
    const fallback = lastDays(ANALYTICS_DEFAULT_DAYS);
    return { from: from && DAY_RE.test(from) ? from : fallback.from, to: to && DAY_RE.test(to) ? to : fallback.to };
  }, [from, to]);
  return [period, (p) => setParams({ from: p.from, to: p.to }, { replace: true })];
}

const isEmpty = (r: TAnalyticsReport) => {
  const t = r.totals;
  return t.sessions + t.pageViews + t.actions + t.shares + t.shareFailures + t.signUps === 0 && r.vitals.length === 0 && r.topPages.length === 0;
};

/** /admin/analytics: first-party analytics, shares, sign-ups and web vitals for a period. */
export function AdminAnalyticsPage() {
  const [period, setPeriod] = usePeriod();
  const query = useQuery(getAdminAnalyticsQueryOptions(period));
  const report = query.data;

  return (
    <AdminLayout title="Analytics">
      <PeriodPicker period={period} onChange={setPeriod} />
      {query.isPending ? (
        <Spinner label="Loading analytics" />
      ) : query.isError && !report ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4">
          <p className="font-semibold text-red-900">Could not load analytics</p>
          <p className="text-red-900">{errorMessage(query.error, 'Please try again.')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : report ? (
        <div className={cn('grid grid-cols-1 gap-4', query.isFetching && 'opacity-70')} aria-busy={query.isFetching}>
          {query.isError ? (
            <p role="alert" className="text-red-900">
              {errorMessage(query.error, 'Could not load this period. Please try again.')}
            </p>
          ) : null}
          {isEmpty(report) ? (
            <p className="rounded-xl border border-line bg-card p-8 text-center text-lg text-muted">No data for this period</p>
          ) : (
            <Report report={report} />
          )}
        </div>
      ) : null}
    </AdminLayout>
  );
}

function PeriodPicker({ period, onChange }: { period: AnalyticsPeriod; onChange: (p: AnalyticsPeriod) => void }) {
  const fromId = useId();
  const toId = useId();
  const today = todayInLondon();
  const set = (key: keyof AnalyticsPeriod, value: string) => {
    // A half-typed date is left alone until it is a whole one.
    if (DAY_RE.test(value)) onChange({ ...period, [key]: value });
  };
  return (
    <form
      aria-label="Period"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-card p-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="grid gap-1">
        <label htmlFor={fromId} className="text-sm font-semibold">
          From
        </label>
        <input
          id={fromId}
          type="date"
          value={period.from}
          max={period.to}
          onChange={(e) => set('from', e.target.value)}
          className="min-h-11 rounded-lg border border-line px-2"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={toId} className="text-sm font-semibold">
          To
        </label>
        <input
          id={toId}
          type="date"
          value={period.to}
          min={period.from}
          max={today}
          onChange={(e) => set('to', e.target.value)}
          className="min-h-11 rounded-lg border border-line px-2"
        />
      </div>
      <div role="group" aria-label="Presets" className="flex flex-wrap gap-2">
        {PRESETS.map((n) => {
          const p = lastDays(n);
          const active = p.from === period.from && p.to === period.to;
          return (
            <Button key={n} size="sm" variant={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => onChange(p)}>
              Last {n} days
            </Button>
          );
        })}
      </div>
      <p className="basis-full text-xs text-muted">Days are UK days (Europe/London), both ends included.</p>
    </form>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-line bg-card p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

/** A chart with its table alternative one click away (and always available to screen readers). */
function ChartFigure({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  return (
    <AnalyticsSection title={title}>
      <figure>
        <Suspense fallback={<div className="h-60" aria-hidden="true" />}>
          <AnalyticsChart days={days} series={series} />
        </Suspense>
        <figcaption className="sr-only">{`${title}: the table below lists the same numbers per day.`}</figcaption>
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-link">Show as a table</summary>
          <DaysTable caption={title} days={days} columns={series.map((s) => ({ label: s.label, values: s.values }))} />
        </details>
      </figure>
    </AnalyticsSection>
  );
}

function Report({ report }: { report: TAnalyticsReport }) {
  const t = report.totals;
  const days = useMemo(() => report.days.map((d) => d.date), [report.days]);
  const traffic = useMemo<ChartSeries[]>(
    () => [
      { label: 'Sessions', values: report.days.map((d) => d.sessions), color: 'blue' },
      { label: 'Page views', values: report.days.map((d) => d.pageViews), color: 'amber', dash: [6, 4] },
    ],
    [report.days],
  );
  const signUps = useMemo<ChartSeries[]>(() => [{ label: 'Sign-ups', values: report.days.map((d) => d.signUps), color: 'green' }], [report.days]);

  return (
    <>
      <Summary>
        <Stat label="Sessions" value={formatCount(t.sessions)} />
        <Stat label="Page views" value={formatCount(t.pageViews)} />
        <Stat label="Avg. time on page" value={formatSeconds(t.avgTimeOnPage)} />
        <Stat label="Avg. scroll depth" value={formatPercent(t.avgScrollDepth)} />
        <Stat label="Actions" value={formatCount(t.actions)} />
        <Stat label="Shares" value={formatCount(t.shares)} note={t.shareFailures ? `${formatCount(t.shareFailures)} failed` : undefined} />
        <Stat label="Sign-ups" value={formatCount(t.signUps)} />
      </Summary>
      <ChartFigure title="Sessions and page views per day" days={days} series={traffic} />
      <ChartFigure title="Sign-ups per day" days={days} series={signUps} />
      <AnalyticsSection title="Top pages">
        <TopPagesTable pages={report.topPages} />
      </AnalyticsSection>
      <div className="grid gap-4 md:grid-cols-2">
        <AnalyticsSection title="Actions by type">
          <ActionsTable actions={report.actions} />
        </AnalyticsSection>
        <AnalyticsSection title="Shares by platform">
          <SharesTable shares={report.shares} />
        </AnalyticsSection>
      </div>
      <AnalyticsSection title="Web vitals (75th percentile)">
        <VitalsTable vitals={report.vitals} />
      </AnalyticsSection>
    </>
  );
}

function Summary({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Summary">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">{children}</dl>
    </section>
  );
}
