import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LABEL_MSG } from '@common/rules/labels';
import { renderWithProviders } from '@/test/render';
import { stubApi, type ApiCall } from '@/test/stub-api';
import { testUser } from '@/test/users';
import { FollowedLabels } from './followed-labels';

// Settings' "Followed tags and areas" (issue 32): what the member follows, each with Unfollow, and their
// courier profile's home area offered when they do not follow it yet; the server's words are the toasts.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const TAGS = [
  { id: 1, slug: 'evri', name: 'Evri', kind: 'network', description: '', postCount: 3 },
  { id: 2, slug: 'parking', name: 'Parking and PCNs', kind: 'topic', description: '', postCount: 1 },
];

function stubServer({ follows = { tags: ['evri', 'parking'], areas: ['LS'] }, home = 'WF' as string | null, verified = true } = {}) {
  const state = { tags: [...follows.tags], areas: [...follows.areas] };
  return stubApi((c: ApiCall) => {
    if (c.path === '/api/auth/user') return { body: testUser({ emailVerified: verified }) };
    if (c.path === '/api/follows/labels') return { body: state };
    if (c.path === '/api/tags') return { body: { tags: TAGS } };
    if (c.path === '/api/profile/courier') return { body: { networks: [], area: home, vehicle: null, yearsOnRoad: null, engagement: null } };
    const m = /^\/api\/(tags|areas)\/([^/]+)\/follow$/.exec(c.path);
    if (m) {
      const list = m[1] === 'tags' ? state.tags : state.areas;
      const key = decodeURIComponent(m[2]!);
      const following = c.method === 'PUT';
      list.splice(0, list.length, ...list.filter((k) => k !== key), ...(following ? [key] : []));
      return { body: { following, message: following ? LABEL_MSG.following : LABEL_MSG.notFollowing } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);

beforeEach(() => toast.mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('FollowedLabels', () => {
  it('lists the followed tags by name and the areas, each linking to its page, and unfollows one', async () => {
    const calls = stubServer();
    renderWithProviders(<FollowedLabels />);
    const list = await screen.findByRole('list', { name: 'Followed tags and areas' });
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Parking and PCNs' })).toBeTruthy());
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Evri', '/tags/evri'],
      ['Parking and PCNs', '/tags/parking'],
      ['LS', '/areas/LS'],
    ]);

    await userEvent.click(within(list).getByRole('button', { name: 'Unfollow Evri' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: LABEL_MSG.notFollowing, variant: 'success' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Evri' })).toBeNull());
    await userEvent.click(within(list).getByRole('button', { name: 'Unfollow LS' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'LS' })).toBeNull());
    expect(writes(calls)).toEqual(['DELETE /api/tags/evri/follow', 'DELETE /api/areas/LS/follow']);
  });

  it("offers the courier profile's home area until it is followed", async () => {
    const calls = stubServer({ follows: { tags: [], areas: [] } });
    renderWithProviders(<FollowedLabels />);
    expect(await screen.findByText(/You don't follow any tags or areas yet/)).toBeTruthy();
    const follow = await screen.findByRole('button', { name: 'Follow my home area (WF)' });
    await userEvent.click(follow);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: LABEL_MSG.following, variant: 'success' }));
    const list = await screen.findByRole('list', { name: 'Followed tags and areas' });
    expect(within(list).getByRole('link', { name: 'WF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow my home area/ })).toBeNull();
    expect(writes(calls)).toEqual(['PUT /api/areas/WF/follow']);
  });

  it('offers nothing when the home area is followed already, or there is none', async () => {
    stubServer({ follows: { tags: [], areas: ['WF'] } });
    const first = renderWithProviders(<FollowedLabels />);
    await screen.findByRole('link', { name: 'WF' });
    await waitFor(() => expect(screen.queryByText(/Your courier profile says/)).toBeNull());
    first.unmount();
    vi.unstubAllGlobals();

    stubServer({ follows: { tags: [], areas: [] }, home: null });
    renderWithProviders(<FollowedLabels />);
    await screen.findByText(/You don't follow any tags or areas yet/);
    expect(screen.queryByRole('button', { name: /Follow my home area/ })).toBeNull();
  });

  it('says why when the request fails', async () => {
    stubApi((c) => {
      if (c.path === '/api/auth/user') return { body: testUser() };
      if (c.path === '/api/follows/labels') return { body: { tags: [], areas: ['LS'] } };
      if (c.method === 'DELETE') return { status: 429, body: { message: 'Too many requests. Please wait a moment and try again.' } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderWithProviders(<FollowedLabels />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow LS' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Could not unfollow', description: 'Too many requests. Please wait a moment and try again.', variant: 'destructive' }),
    );
    expect(screen.getByRole('link', { name: 'LS' })).toBeTruthy();
  });

  it('asks an unverified member to verify first, and asks the server nothing about follows', async () => {
    const calls = stubServer({ verified: false });
    renderWithProviders(<FollowedLabels />);
    expect(await screen.findByText('Verify your email address to follow tags and postcode areas.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/user']);
  });
});
