import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TPost } from '@common/contracts/forum';
import type { TAreaPage } from '@common/contracts/labels';
import type { TPayFigure, TPayIndex } from '@common/contracts/pay';
import { RouteParams } from '@/lib/router';
import { testPost } from '@/test/posts';
import { renderWithProviders } from '@/test/render';
import { AreaPage } from './area-page';

// Issue 32: /areas/{code} shows the area's live alerts first, its region's pay at a glance, the members
// who show they work there, then its posts from the forum list's query (?area=LS).

const HOUR = 3_600_000;

const alertPost = testPost(50, {
  slug: 'van-broken-into-kirkstall',
  title: 'Van broken into on Kirkstall Road',
  areas: ['LS'],
  alert: { kind: 'van_theft', place: 'Kirkstall', expiresAt: new Date(Date.now() + 2 * HOUR).toISOString() },
});

const AREA: TAreaPage = {
  area: { code: 'LS', region: { slug: 'yorkshire', name: 'Yorkshire and the Humber' }, postCount: 7, recentPosts: 3, lastPostAt: new Date().toISOString() },
  alerts: [alertPost],
  members: [
    { id: 9, username: 'leeds_lou', avatar: 'van', statusText: '', joinedDate: '2025-01-01T00:00:00.000Z', courier: { networks: ['evri', 'dpd'], area: 'LS', yearsOnRoad: 6 } },
  ],
};

const figure = (network: TPayFigure['network'], reports: number, median: number | null): TPayFigure => ({
  network,
  region: 'yorkshire',
  vehicle: null,
  reports,
  members: reports,
  netHourly: median === null ? null : { p25: null, median, p75: null },
});

const PAY: TPayIndex = {
  figures: [figure('dpd', 8, 13.4), figure('evri', 14, 11.2), figure('yodel', 2, null)],
  trend: [],
  livingWage: { hourly: 12.21, from: '2025-04-01' },
  since: '2024-01-01',
  computedAt: null,
};

function stubFetch({ area = AREA, pay = PAY, posts = [testPost(1, { areas: ['LS'] })] }: { area?: TAreaPage; pay?: TPayIndex; posts?: TPost[] } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === '/api/auth/user') return json({ message: 'Not signed in' }, 401);
      if (url.startsWith('/api/areas/')) return json(area);
      if (url.startsWith('/api/pay-index')) return json(pay);
      if (url.startsWith('/api/forum/posts')) return json({ posts, totalCount: posts.length, hasMore: false });
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

const renderAt = (code: string) =>
  renderWithProviders(
    <RouteParams params={{ code }}>
      <AreaPage />
    </RouteParams>,
    { route: `/areas/${code}` },
  );

afterEach(() => vi.unstubAllGlobals());

describe('AreaPage', () => {
  it('shows the live alerts first, then the pay, the members and the posts of the area', async () => {
    const calls = stubFetch();
    renderAt('LS');
    expect(screen.getByRole('heading', { level: 1, name: 'LS postcode area' })).toBeTruthy();
    expect(screen.getByText(/^Yorkshire and the Humber/)).toBeTruthy();

    const alerts = screen.getByRole('region', { name: 'Live alerts' });
    const alert = await within(alerts).findByRole('link', { name: 'Van broken into on Kirkstall Road' });
    expect(alert.getAttribute('href')).toBe('/forum/posts/van-broken-into-kirkstall');
    const item = within(alert.closest('li')!);
    expect(item.getByText('Van theft alert')).toBeTruthy();
    expect(item.getByText('Kirkstall')).toBeTruthy();
    // Two hours on: today's clock time (or, late in the evening, tomorrow's date and time).
    expect(item.getByText(/^until (\d{1,2} \w{3}, )?\d\d:\d\d$/)).toBeTruthy();

    const pay = screen.getByRole('region', { name: 'Pay in Yorkshire and the Humber' });
    // Networks with a figure, most reports first; none below the threshold.
    expect(await within(pay).findByText('Evri')).toBeTruthy();
    expect(within(pay).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Evri£11.20', 'DPD£13.40']);
    expect(within(pay).getByRole('link', { name: 'The Courier Pay Index for Yorkshire and the Humber' }).getAttribute('href')).toBe('/pay?region=yorkshire');
    expect(calls).toContain('/api/pay-index?region=yorkshire');

    const members = screen.getByRole('region', { name: 'Couriers in LS' });
    expect(within(members).getByRole('link', { name: '@leeds_lou' }).getAttribute('href')).toBe('/profile/leeds_lou');
    expect(within(members).getByText('Evri, DPD · LS · 6 years on the road')).toBeTruthy();

    const posts = screen.getByRole('region', { name: 'Posts about LS' });
    expect(await within(posts).findByRole('article', { name: 'Post number 1' })).toBeTruthy();
    expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&area=LS');
    // The alerts come before everything else of the area, the posts after.
    expect(alerts.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(members.compareDocumentPosition(posts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A guest is offered a way in to follow it.
    expect(screen.getByRole('button', { name: 'Sign in to follow' })).toBeTruthy();
  });

  it('opens from a lower-case address, and asks for the area in capitals', async () => {
    const calls = stubFetch();
    renderAt('ls');
    expect(screen.getByRole('heading', { level: 1, name: 'LS postcode area' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Post number 1' });
    expect(calls).toContain('/api/areas/LS');
    expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=newest&area=LS');
  });

  it('says when there are no live alerts, no pay figures yet and no members to show', async () => {
    stubFetch({ area: { ...AREA, alerts: [], members: [] }, pay: { ...PAY, figures: [figure('evri', 3, null)] } });
    renderAt('LS');
    expect(await screen.findByText('No live alerts in LS right now.')).toBeTruthy();
    expect(await screen.findByText('Not enough reports yet for a figure in Yorkshire and the Humber.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Couriers in LS' })).toBeNull();
  });

  it("is the app's not-found page for an address that is no postcode area, asking nothing", async () => {
    const calls = stubFetch();
    renderAt('ZZ');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(calls.filter((c) => c !== '/api/auth/user')).toEqual([]);
  });
});
