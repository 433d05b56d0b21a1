import type { ReactNode } from 'react';
import type { TAnalyticsReport, TAnalyticsVital } from '@common/contracts/analytics';
import { rateVital, type TVitalName, type TVitalRating } from '@common/rules/vitals';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/dates';

const nf = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => nf.format(n);

/** 35 → '35 s', 95 → '1 min 35 s'; null → '–' (no exit records in the period). */
export function formatSeconds(s: number | null): string {
  if (s == null) return '–';
  const whole = Math.round(s);
  if (whole < 60) return `${whole} s`;
  const min = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${min} min ${rest} s` : `${min} min`;
}

export const formatPercent = (p: number | null) => (p == null ? '–' : `${Math.round(p)}%`);

/** CLS has no unit; the others are milliseconds, shown in seconds from 1,000 ms. */
export function formatVital(name: TVitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

const ACTION_LABELS: Record<string, string> = {
  post_view: 'Post views',
  search: 'Searches',
  vote: 'Votes',
  comment: 'Comments',
  registration: 'Registrations',
  login: 'Logins',
  share: 'Shares',
  navigation: 'Navigation',
  page_not_found: 'Page not found (404)',
};
const PLATFORM_LABELS: Record<string, string> = {
  native: 'Device share sheet',
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  email: 'Email',
  copy: 'Copy link',
};
const VITAL_LABELS: Record<TVitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  FID: 'First Input Delay',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};
const RATING_LABELS: Record<TVitalRating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };
const RATING_COLOURS: Record<TVitalRating, string> = {
  good: 'bg-green-600',
  'needs-improvement': 'bg-amber-400',
  poor: 'bg-red-600',
};
const RATING_BADGES: Record<TVitalRating, string> = {
  good: 'bg-green-100 text-green-900',
  'needs-improvement': 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
};

/** A titled card holding one table (or a note when the list is empty). */
export function AnalyticsSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-line bg-card p-4">
      <h2 id={headingId} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const th = 'px-2 py-2 text-left text-sm font-semibold text-muted';
const thNum = 'px-2 py-2 text-right text-sm font-semibold text-muted';
const td = 'px-2 py-2 text-left align-top';
const tdNum = 'px-2 py-2 text-right tabular-nums align-top';

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-muted">{children}</p>;
}

export function TopPagesTable({ pages }: { pages: TAnalyticsReport['topPages'] }) {
  if (pages.length === 0) return <Empty>No page views in this period.</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              Page
            </th>
            <th scope="col" className={thNum}>
              Views
            </th>
            <th scope="col" className={thNum}>
              Avg. time on page
            </th>
            <th scope="col" className={thNum}>
              Avg. scroll depth
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p.pageUrl} className="border-b border-line last:border-0">
              <th scope="row" className={cn(td, 'max-w-xs font-normal break-all')}>
                {p.pageUrl}
              </th>
              <td className={tdNum}>{formatCount(p.views)}</td>
              <td className={tdNum}>{formatSeconds(p.avgTimeOnPage)}</td>
              <td className={tdNum}>{formatPercent(p.avgScrollDepth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ActionsTable({ actions }: { actions: TAnalyticsReport['actions'] }) {
  if (actions.length === 0) return <Empty>No actions recorded in this period.</Empty>;
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={th}>
            Action
          </th>
          <th scope="col" className={thNum}>
            Count
          </th>
        </tr>
      </thead>
      <tbody>
        {actions.map((a) => (
          <tr key={a.actionType} className="border-b border-line last:border-0">
            <th scope="row" className={cn(td, 'font-normal')}>
              {ACTION_LABELS[a.actionType] ?? a.actionType}
            </th>
            <td className={tdNum}>{formatCount(a.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SharesTable({ shares }: { shares: TAnalyticsReport['shares'] }) {
  if (shares.length === 0) return <Empty>No shares in this period.</Empty>;
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={th}>
            Platform
          </th>
          <th scope="col" className={thNum}>
            Shares
          </th>
          <th scope="col" className={thNum}>
            Failed
          </th>
        </tr>
      </thead>
      <tbody>
        {shares.map((s) => (
          <tr key={s.platform} className="border-b border-line last:border-0">
            <th scope="row" className={cn(td, 'font-normal')}>
              {PLATFORM_LABELS[s.platform] ?? s.platform}
            </th>
            <td className={tdNum}>{formatCount(s.shares)}</td>
            <td className={tdNum}>{formatCount(s.failures)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const pct = (n: number, total: number) => (total ? Math.round((n / total) * 100) : 0);

/** The good / needs-improvement / poor split as a coloured bar; its text is the label and a caption. */
export function RatingSplitBar({ vital }: { vital: TAnalyticsVital }) {
  const parts: Array<[TVitalRating, number]> = [
    ['good', vital.good],
    ['needs-improvement', vital.needsImprovement],
    ['poor', vital.poor],
  ];
  const text = parts.map(([r, n]) => `${RATING_LABELS[r]} ${pct(n, vital.samples)}% (${formatCount(n)})`).join(', ');
  return (
    <div className="min-w-40">
      <div role="img" aria-label={text} className="flex h-3 w-full overflow-hidden rounded-full bg-gray-100">
        {parts.map(([r, n]) =>
          n > 0 ? <span key={r} className={RATING_COLOURS[r]} style={{ width: `${(n / vital.samples) * 100}%` }} /> : null,
        )}
      </div>
      <p aria-hidden="true" className="mt-1 text-xs text-muted">
        {parts.map(([, n]) => `${pct(n, vital.samples)}%`).join(' · ')}
      </p>
    </div>
  );
}

export function VitalsTable({ vitals }: { vitals: TAnalyticsReport['vitals'] }) {
  if (vitals.length === 0) return <Empty>No web vitals reported in this period.</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              Metric
            </th>
            <th scope="col" className={thNum}>
              p75
            </th>
            <th scope="col" className={thNum}>
              Samples
            </th>
            <th scope="col" className={th}>
              Good / needs improvement / poor
            </th>
          </tr>
        </thead>
        <tbody>
          {vitals.map((v) => {
            const rating = rateVital(v.name, v.p75);
            return (
              <tr key={v.name} className="border-b border-line last:border-0">
                <th scope="row" className={cn(td, 'font-normal')}>
                  <abbr title={VITAL_LABELS[v.name]} className="font-semibold no-underline">
                    {v.name}
                  </abbr>
                  <span className="block text-xs text-muted">{VITAL_LABELS[v.name]}</span>
                </th>
                <td className={tdNum}>
                  <span className="block">{formatVital(v.name, v.p75)}</span>
                  <span className={cn('mt-1 inline-block rounded px-1.5 text-xs font-semibold', RATING_BADGES[rating])}>{RATING_LABELS[rating]}</span>
                </td>
                <td className={tdNum}>{formatCount(v.samples)}</td>
                <td className={td}>
                  <RatingSplitBar vital={v} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The chart's numbers as a table: the text alternative of each chart. */
export function DaysTable({ caption, days, columns }: { caption: string; days: string[]; columns: Array<{ label: string; values: number[] }> }) {
  return (
    <div className="max-h-72 overflow-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={th}>
              Day
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={thNum}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d} className="border-b border-line last:border-0">
              <th scope="row" className={cn(td, 'font-normal tabular-nums')}>
                {formatDay(d)}
              </th>
              {columns.map((c) => (
                <td key={c.label} className={tdNum}>
                  {formatCount(c.values[i])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
