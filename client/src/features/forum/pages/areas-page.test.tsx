import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TArea } from '@common/contracts/labels';
import { POSTCODE_AREAS } from '@common/rules/courier';
import { useLocation } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { AreasPage } from './areas-page';

// Issue 32: /areas lists the postcode areas with posts in the last 30 days (the server's order: most
// recent activity first), and goes to any UK postcode area's page.

const HOUR = 3_600_000;
const area = (code: string, name: string, recentPosts: number, hoursAgo: number): TArea => ({
  code,
  region: { slug: 'yorkshire', name },
  postCount: recentPosts + 2,
  recentPosts,
  lastPostAt: new Date(Date.now() - hoursAgo * HOUR - 60_000).toISOString(),
});

function stub(areas: TArea[]) {
  return stubApi(({ path }) => {
    if (path === '/api/auth/user') return { status: 401, body: { message: 'Not signed in' } };
    if (path === '/api/areas') return { body: { areas } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

function Probe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('AreasPage', () => {
  it('lists the active areas in the order given: code, region, recent posts and when the last came', async () => {
    stub([area('LS', 'Yorkshire and the Humber', 5, 3), area('M', 'North West', 1, 30)]);
    renderWithProviders(<AreasPage />, { route: '/areas' });
    const list = within(await screen.findByRole('region', { name: 'Active in the last 30 days' }));
    const links = await list.findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['LS', '/areas/LS', 'LS postcode area'],
      ['M', '/areas/M', 'M postcode area'],
    ]);
    const ls = links[0]!.closest('li')!;
    expect(ls.textContent).toContain('Yorkshire and the Humber');
    expect(ls.textContent).toContain('5 posts in the last 30 days · last post 3 hours ago');
    expect(links[1]!.closest('li')!.textContent).toContain('1 post in the last 30 days');
  });

  it('goes to any postcode area chosen from every UK area', async () => {
    stub([]);
    renderWithProviders(
      <>
        <AreasPage />
        <Probe />
      </>,
      { route: '/areas' },
    );
    const select = screen.getByLabelText('Any area') as HTMLSelectElement;
    // Every area, and the prompt.
    expect(select.options).toHaveLength(POSTCODE_AREAS.length + 1);
    const go = screen.getByRole('button', { name: 'Go to area' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.selectOptions(select, 'BD');
    await user.click(go);
    expect(screen.getByTestId('location').textContent).toBe('/areas/BD');
  });

  it('says so when no area has recent posts', async () => {
    stub([]);
    renderWithProviders(<AreasPage />, { route: '/areas' });
    expect(await screen.findByText(/No postcode area has posts from the last 30 days yet/)).toBeTruthy();
  });
});
