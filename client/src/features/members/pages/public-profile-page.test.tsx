import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { PublicProfilePage } from './public-profile-page';

const me = { id: 1, username: 'sam', firstName: 'Sam', lastName: 'D', email: 's@x.co', isAdmin: false, avatar: 'van' };
const alex = { id: 2, username: 'alex', avatar: 'freight', statusText: 'Nights out of Daventry', joinedDate: '2025-06-01T09:00:00Z', postCount: 21, commentCount: 1 };

const post = (id: number): TPost => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: 'Excerpt',
  content: 'Excerpt',
  createdAt: new Date().toISOString(),
  viewCount: 1,
  commentCount: 2,
  upvotes: 3,
  downvotes: 1,
  shareCount: 0,
  isPinned: false,
  isLocked: false,
  tags: [],
  areas: [],
  userVote: null,
  category: { id: 1, name: 'Tips', slug: 'tips', description: '', color: '#2563eb' },
  author: null,
});

function stubFetch(profile: object = alex) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/user') return new Response(JSON.stringify(me));
      if (url === '/api/users/alex') return new Response(JSON.stringify(profile));
      if (url.startsWith('/api/users/alex/posts')) return new Response(JSON.stringify({ posts: [post(21)], totalCount: 21, hasMore: false }));
      return new Response('{"message":"Member not found"}', { status: 404 });
    }),
  );
  return calls;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<PublicProfilePage />} />
    </Routes>,
    { route },
  );

afterEach(() => vi.unstubAllGlobals());

describe('PublicProfilePage', () => {
  it('shows the member, their counts and posts (page from the address), Message, and the way back to the directory', async () => {
    const calls = stubFetch();
    renderAt('/profile/alex?from=directory&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: '@alex' })).toBeTruthy();
    expect(screen.getByText('Member since June 2025')).toBeTruthy();
    expect(screen.getByText('Nights out of Daventry')).toBeTruthy();
    expect(screen.getByText('Freight Transport')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to directory/ }).getAttribute('href')).toBe('/directory/users');
    expect(await screen.findByRole('button', { name: 'Message @alex' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Post 21' })).toBeTruthy();
    expect(calls).toContain('/api/users/alex/posts?page=2&limit=20');
    const pager = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    expect(within(pager).getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe('/profile/alex?from=directory');
  });

  it("shows the courier facts the reader may see as a definition list, and nothing of them when there are none", async () => {
    stubFetch({ ...alex, courier: { networks: ['evri', 'dpd'], area: 'LS', yearsOnRoad: 6, engagement: 'owner_driver' } });
    const { unmount } = renderAt('/profile/alex');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Courier profile' });
    const facts = heading.parentElement!.querySelector('dl')!;
    const pairs = [...facts.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Networks', 'Evri, DPD'],
      ['Postcode area', 'LS'],
      ['On the road', '6 years'],
      ['Works as', 'Owner driver'],
    ]);
    // What the server left out (hidden from this reader, or unset) is not named at all.
    expect(within(facts).queryByText('Vehicle')).toBeNull();
    unmount();

    stubFetch();
    renderAt('/profile/alex');
    expect(await screen.findByRole('heading', { level: 1, name: '@alex' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Courier profile' })).toBeNull();
    expect(screen.queryByText('Networks')).toBeNull();
  });

  it('says one year on the road as a year', async () => {
    stubFetch({ ...alex, courier: { yearsOnRoad: 1 } });
    renderAt('/profile/alex');
    expect(await screen.findByText('1 year')).toBeTruthy();
  });

  it('shows the verified courier badge in the header, with its month, and none without it', async () => {
    stubFetch({ ...alex, verified: { network: 'evri', since: '2026-11-15T12:00:00.000Z' } });
    const { unmount } = renderAt('/profile/alex');
    const header = (await screen.findByRole('heading', { level: 1, name: '@alex' })).closest('section')!;
    expect(within(header).getByTitle('Verified Evri courier, since November 2026').textContent).toBe('Verified Evri courier, since November 2026');
    // A member who is not a moderator has no way to take it off.
    expect(await within(header).findByRole('button', { name: 'Message @alex' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Withdraw badge' })).toBeNull();
    unmount();

    stubFetch();
    renderAt('/profile/alex');
    expect(await screen.findByRole('heading', { level: 1, name: '@alex' })).toBeTruthy();
    expect(screen.queryByText('Verified Evri courier')).toBeNull();
  });

  it('offers a moderator "Withdraw badge" on the profile of a member with one, never on one without, nor on their own', async () => {
    const badge = { network: 'evri', since: '2026-11-15T12:00:00.000Z' };
    const stubAs = (user: object, profile: object) =>
      stubApi((c) => {
        if (c.path === '/api/auth/user') return { body: user };
        if (c.path === '/api/users/alex') return { body: profile };
        if (c.path.startsWith('/api/users/alex/posts')) return { body: { posts: [], totalCount: 0, hasMore: false } };
        return { status: 404, body: { message: 'Not found' } };
      });
    stubAs({ ...me, isModerator: true }, { ...alex, verified: badge });
    let view = renderAt('/profile/alex');
    expect(await screen.findByRole('button', { name: 'Withdraw badge' })).toBeTruthy();
    view.unmount();

    stubAs({ ...me, isAdmin: true }, { ...alex, verified: badge });
    view = renderAt('/profile/alex');
    expect(await screen.findByRole('button', { name: 'Withdraw badge' })).toBeTruthy();
    view.unmount();

    stubAs({ ...me, isModerator: true }, alex);
    view = renderAt('/profile/alex');
    expect(await screen.findByRole('button', { name: 'Message @alex' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw badge' })).toBeNull();
    view.unmount();

    stubAs({ ...me, id: alex.id, username: 'alex', isModerator: true }, { ...alex, verified: badge });
    renderAt('/profile/alex');
    expect(await screen.findByRole('link', { name: 'Edit your profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw badge' })).toBeNull();
  });

  it('is the not-found page for an unknown username', async () => {
    stubFetch();
    renderAt('/profile/nobody_here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
