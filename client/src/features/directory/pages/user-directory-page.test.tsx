import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@/lib/router';
import type { TDirectoryUser } from '@common/contracts/members';
import { renderWithProviders } from '@/test/render';
import { UserDirectoryPage } from './user-directory-page';

const me = { id: 1, username: 'sam', firstName: 'Sam', lastName: 'D', email: 's@x.co', isAdmin: false, avatar: 'van' };

const member = (id: number, username: string, over: Partial<TDirectoryUser> = {}): TDirectoryUser => ({
  id,
  username,
  avatar: 'bike',
  statusText: '',
  joinedDate: '2025-03-02T10:00:00.000Z',
  ...over,
});

type Answer = { status?: number; body: unknown };

function stubFetch(answer: (url: URL) => Answer) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return new Response(JSON.stringify(me));
      calls.push(url);
      const a = answer(new URL(url, 'http://x'));
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    }),
  );
  return calls;
}

const list = (users: TDirectoryUser[], over: { totalCount?: number; verifiedCount?: number; hasMore?: boolean } = {}) => ({
  body: { users, totalCount: users.length, verifiedCount: users.length, hasMore: false, ...over },
});

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

const renderPage = (route = '/directory/users') =>
  renderWithProviders(
    <>
      <UserDirectoryPage />
      <Where />
    </>,
    { route },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('UserDirectoryPage', () => {
  it('shows skeletons, then member cards and "Showing X of Y verified members"', async () => {
    stubFetch(() =>
      list(
        [
          member(1, 'sam', { statusText: 'Multi-drop, Leeds' }),
          member(2, 'alex', { avatar: 'van', statusText: 'Owner driver', courier: { networks: ['evri', 'dpd'], vehicle: 'van', area: 'LS', yearsOnRoad: 6, engagement: 'owner_driver' } }),
        ],
        {
          verifiedCount: 57,
          totalCount: 57,
          hasMore: true,
        },
      ),
    );
    renderPage();
    expect(screen.getAllByTestId('member-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Showing 2 of 57 verified members')).toBeTruthy();
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('Search by username or status...');

    const alex = screen.getByRole('article', { name: '@alex' });
    expect(within(alex).getByText('Member since Mar 2025')).toBeTruthy();
    expect(within(alex).getByText('Owner driver')).toBeTruthy();
    expect(within(alex).getByText('Van Delivery')).toBeTruthy();
    // Issue 32: what alex shows members of their courier profile, as one line.
    expect(within(alex).getByText('Evri, DPD · Van (petrol or diesel) · LS · 6 years on the road · Owner driver')).toBeTruthy();
    expect(within(alex).getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/profile/alex?from=directory');
    expect(within(alex).getByRole('button', { name: 'Message @alex' })).toBeTruthy();
    // Not on your own card.
    const own = screen.getByRole('article', { name: '@sam' });
    expect(within(own).queryByRole('button', { name: /Message/ })).toBeNull();
    // No courier profile shown: no line for it.
    expect(within(own).queryByText(/Courier profile/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Load more members' })).toBeTruthy();
  });

  it('loads more and counts what is shown', async () => {
    const calls = stubFetch((url) =>
      url.searchParams.get('page') === '2'
        ? list([member(3, 'chris')], { verifiedCount: 3, totalCount: 3 })
        : list([member(1, 'sam'), member(2, 'alex')], { verifiedCount: 3, totalCount: 3, hasMore: true }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more members' }));
    expect(await screen.findByText('Showing 3 of 3 verified members')).toBeTruthy();
    expect(screen.getByRole('article', { name: '@chris' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more members' })).toBeNull();
    expect(calls).toEqual(['/api/directory/users?sort=username&page=1&limit=20', '/api/directory/users?sort=username&page=2&limit=20']);
  });

  it('searches 300 ms after typing stops, with q in the address; sorting puts sort there', async () => {
    const calls = stubFetch((url) =>
      url.searchParams.get('q') ? list([member(2, 'alex', { statusText: 'Leeds depot' })], { verifiedCount: 9 }) : list([member(1, 'sam'), member(2, 'alex')], { verifiedCount: 9 }),
    );
    renderPage();
    await screen.findByText('Showing 2 of 9 verified members');
    await userEvent.type(screen.getByRole('searchbox'), 'leeds');
    // Typing fast sends one request after the pause, not one per letter.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?q=leeds'));
    expect(await screen.findByText('Showing 1 of 9 verified members')).toBeTruthy();
    expect(calls.filter((c) => c.includes('q=')).map((c) => new URL(c, 'http://x').searchParams.get('q'))).toEqual(['leeds']);

    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'Recently Joined');
    expect(screen.getByTestId('where').textContent).toBe('?q=leeds&sort=joined');
    await waitFor(() => expect(calls.at(-1)).toBe('/api/directory/users?q=leeds&sort=joined&page=1&limit=20'));
  });

  it('filters by network, area and vehicle, each in the address and the query, starting again at page 1', async () => {
    const calls = stubFetch((url) =>
      url.searchParams.get('vehicle') === 'ev'
        ? list([], { verifiedCount: 9 })
        : url.searchParams.get('page') === '2'
          ? list([member(3, 'chris')], { verifiedCount: 9, totalCount: 3 })
          : list([member(1, 'sam'), member(2, 'alex')], { verifiedCount: 9, totalCount: 3, hasMore: true }),
    );
    renderPage('/directory/users?q=leeds');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more members' }));
    await screen.findByRole('article', { name: '@chris' });
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Any network' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Any area' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Any vehicle' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Network'), 'Evri');
    expect(screen.getByTestId('where').textContent).toBe('?q=leeds&network=evri');
    await waitFor(() => expect(calls.at(-1)).toBe('/api/directory/users?q=leeds&sort=username&network=evri&page=1&limit=20'));
    expect(await screen.findByText('3 matches for “leeds”', { exact: false })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Area'), 'LS');
    expect(screen.getByTestId('where').textContent).toBe('?q=leeds&network=evri&area=LS');
    await waitFor(() => expect(calls.at(-1)).toBe('/api/directory/users?q=leeds&sort=username&network=evri&area=LS&page=1&limit=20'));

    await user.selectOptions(screen.getByLabelText('Network'), 'Any network');
    await user.selectOptions(screen.getByLabelText('Vehicle'), 'Electric car or van');
    expect(screen.getByTestId('where').textContent).toBe('?q=leeds&area=LS&vehicle=ev');
    await waitFor(() => expect(calls.at(-1)).toBe('/api/directory/users?q=leeds&sort=username&area=LS&vehicle=ev&page=1&limit=20'));
    // Nothing fits: the spec's words, and the way back clears the search and the filters.
    expect(await screen.findByRole('heading', { name: 'No matches found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all members' }));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect((screen.getByLabelText('Area') as HTMLSelectElement).value).toBe('');
  });

  it('reads the filters from the address, and says "No matches found" when only they narrow it', async () => {
    const calls = stubFetch(() => list([], { verifiedCount: 4 }));
    renderPage('/directory/users?area=ls&vehicle=van');
    expect(await screen.findByRole('heading', { name: 'No matches found' })).toBeTruthy();
    expect(calls).toEqual(['/api/directory/users?sort=username&area=LS&vehicle=van&page=1&limit=20']);
    expect((screen.getByLabelText('Area') as HTMLSelectElement).value).toBe('LS');
    expect((screen.getByLabelText('Vehicle') as HTMLSelectElement).value).toBe('van');
    expect(screen.getByText('0 matches', { exact: false })).toBeTruthy();
  });

  it('does not send a search the server would refuse, and says why', async () => {
    const calls = stubFetch(() => list([member(1, 'sam')]));
    renderPage();
    await screen.findByText('Showing 1 of 1 verified members');
    await userEvent.type(screen.getByRole('searchbox'), '-');
    expect(await screen.findByText('Search must start with a letter or number')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByTestId('where').textContent).toBe('');
    expect(calls).toHaveLength(1);
  });

  it("says 'No matches found' for a search and 'No public profiles' when nobody is listed", async () => {
    stubFetch(() => list([], { verifiedCount: 4 }));
    renderPage('/directory/users?q=zebra');
    expect(await screen.findByRole('heading', { name: 'No matches found' })).toBeTruthy();
    expect(screen.getByText('Showing 0 of 4 verified members')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all members' }));
    expect(await screen.findByRole('heading', { name: 'No public profiles' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('');
  });

  it("shows 'Unable to load directory' with the spec's text, and Try Again loads it", async () => {
    let fail = true;
    // A 403 is not retried (spec §7), so the error shows at once.
    stubFetch(() => (fail ? { status: 403, body: { message: 'Forbidden' } } : list([member(2, 'alex')])));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load directory' })).toBeTruthy();
    expect(within(alert).getByText('There was an error loading the user directory. Please try again later.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: '@alex' })).toBeTruthy();
  });

  it('tells a member without a verified email to verify it', async () => {
    stubFetch(() => ({ status: 403, body: { message: 'Email verification required to access directory' } }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load directory' })).toBeTruthy();
    expect(within(alert).getByText(/Please verify your email address to access the member directory\./)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'email verification page' }).getAttribute('href')).toBe('/verify-email');
    expect(within(alert).queryByText('There was an error loading the user directory. Please try again later.')).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
