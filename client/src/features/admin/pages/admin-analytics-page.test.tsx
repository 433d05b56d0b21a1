import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnalyticsReport } from '@common/contracts/analytics';
import { renderWithProviders } from '@/test/render';
import { AdminAnalyticsPage } from './admin-analytics-page';

// jsdom has no canvas: the uPlot chart is replaced; its table alternative is what is checked here.
vi.mock('../components/analytics-chart', () => ({
  AnalyticsChart: ({ series }: { series: Array<{ label: string }> }) => <div data-testid="chart">{series.map((s) => s.label).join(', ')}</div>,
}));

const report: TAnalyticsReport = {
  from: '2024-03-30',
  to: '2024-04-01',
  timezone: 'Europe/London',
  totals: { sessions: 3, pageViews: 1234, actions: 4, shares: 3, shareFailures: 2, signUps: 2, avgTimeOnPage: 95, avgScrollDepth: 75 },
  days: [
    { date: '2024-03-30', sessions: 2, pageViews: 1, signUps: 1 },
    { date: '2024-03-31', sessions: 0, pageViews: 1232, signUps: 0 },
    { date: '2024-04-01', sessions: 1, pageViews: 1, signUps: 1 },
  ],
  topPages: [
    { pageUrl: '/forum', views: 3, avgTimeOnPage: 45, avgScrollDepth: 75 },
    { pageUrl: '/guide', views: 1, avgTimeOnPage: null, avgScrollDepth: null },
  ],
  actions: [
    { actionType: 'search', count: 2 },
    { actionType: 'page_not_found', count: 1 },
  ],
  shares: [{ platform: 'whatsapp', shares: 2, failures: 1 }],
  vitals: [
    { name: 'LCP', p75: 3500, samples: 4, good: 2, needsImprovement: 1, poor: 1 },
    { name: 'CLS', p75: 0.05, samples: 2, good: 2, needsImprovement: 0, poor: 0 },
  ],
};

const empty: TAnalyticsReport = {
  ...report,
  totals: { sessions: 0, pageViews: 0, actions: 0, shares: 0, shareFailures: 0, signUps: 0, avgTimeOnPage: null, avgScrollDepth: null },
  days: report.days.map((d) => ({ ...d, sessions: 0, pageViews: 0, signUps: 0 })),
  topPages: [],
  actions: [],
  shares: [],
  vitals: [],
};

function stubFetch(answer: (url: URL) => { status?: number; body: unknown }) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      calls.push(u);
      const a = answer(u);
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const route = '/admin/analytics?from=2024-03-30&to=2024-04-01';

describe('AdminAnalyticsPage', () => {
  it('asks for the period in the address and shows the summary, charts with tables, and every table', async () => {
    const calls = stubFetch(() => ({ body: report }));
    renderWithProviders(<AdminAnalyticsPage />, { route });
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeTruthy();

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(calls[0].pathname).toBe('/api/admin/analytics');
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ from: '2024-03-30', to: '2024-04-01' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2024-03-30');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2024-04-01');

    const stat = (label: string) => within(summary).getByText(label).parentElement?.textContent;
    expect(stat('Sessions')).toBe('Sessions3');
    expect(stat('Page views')).toBe('Page views1,234');
    expect(stat('Avg. time on page')).toBe('Avg. time on page1 min 35 s');
    expect(stat('Avg. scroll depth')).toBe('Avg. scroll depth75%');
    expect(stat('Shares')).toBe('Shares32 failed');
    expect(stat('Sign-ups')).toBe('Sign-ups2');

    // Each chart has its numbers as a table.
    expect((await screen.findAllByTestId('chart')).map((c) => c.textContent)).toEqual(['Sessions, Page views', 'Sign-ups']);
    const traffic = screen.getByRole('table', { name: 'Sessions and page views per day' });
    expect(within(traffic).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DaySessionsPage views',
      'Sat 30 Mar 202421',
      'Sun 31 Mar 202401,232',
      'Mon 1 Apr 202411',
    ]);

    const pages = within(screen.getByRole('region', { name: 'Top pages' })).getAllByRole('row');
    expect(pages.map((r) => r.textContent)).toEqual(['PageViewsAvg. time on pageAvg. scroll depth', '/forum345 s75%', '/guide1––']);
    const actions = within(screen.getByRole('region', { name: 'Actions by type' })).getAllByRole('row');
    expect(actions.map((r) => r.textContent)).toEqual(['ActionCount', 'Searches2', 'Page not found (404)1']);
    const shares = within(screen.getByRole('region', { name: 'Shares by platform' })).getAllByRole('row');
    expect(shares.map((r) => r.textContent)).toEqual(['PlatformSharesFailed', 'WhatsApp21']);

    const vitals = screen.getByRole('region', { name: 'Web vitals (75th percentile)' });
    const [, lcp, cls] = within(vitals).getAllByRole('row');
    expect(within(lcp).getByText('3.50 s')).toBeTruthy();
    expect(within(lcp).getByText('Needs improvement')).toBeTruthy();
    expect(within(lcp).getByRole('img').getAttribute('aria-label')).toBe('Good 50% (2), Needs improvement 25% (1), Poor 25% (1)');
    expect(within(cls).getByText('0.05')).toBeTruthy();
    expect(within(cls).getByText('Good')).toBeTruthy();
    expect(within(cls).getByRole('img').getAttribute('aria-label')).toBe('Good 100% (2), Needs improvement 0% (0), Poor 0% (0)');
  });

  it('a preset asks for the last 7 London days', async () => {
    const calls = stubFetch(() => ({ body: report }));
    renderWithProviders(<AdminAnalyticsPage />, { route });
    await screen.findByRole('region', { name: 'Summary' });
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await vi.waitFor(() => expect(calls.at(-1)?.searchParams.get('to')).toBe(today));
    const from = calls.at(-1)?.searchParams.get('from') ?? '';
    expect((Date.parse(today) - Date.parse(from)) / 86_400_000).toBe(6);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'No data for this period' when nothing happened", async () => {
    stubFetch(() => ({ body: empty }));
    renderWithProviders(<AdminAnalyticsPage />, { route });
    expect(await screen.findByText('No data for this period')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
  });

  it("shows the server's message when the period is refused", async () => {
    stubFetch(() => ({ status: 400, body: { message: 'The period can be at most 366 days' } }));
    renderWithProviders(<AdminAnalyticsPage />, { route: '/admin/analytics?from=2020-01-01&to=2024-04-01' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load analytics');
    expect(alert.textContent).toContain('The period can be at most 366 days');
  });
});
