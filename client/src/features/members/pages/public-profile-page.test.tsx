import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
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
  userVote: null,
  category: { id: 1, name: 'Tips', slug: 'tips', description: '', color: '#2563eb' },
  author: null,
});

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/user') return new Response(JSON.stringify(me));
      if (url === '/api/users/alex') return new Response(JSON.stringify(alex));
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

  it('is the not-found page for an unknown username', async () => {
    stubFetch();
    renderAt('/profile/nobody_here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
