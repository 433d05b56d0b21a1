import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { ForumPage } from './forum-page';

// Issue 30 item 14: "Latest activity" in the sort menu, kept in the address, sent as sortBy=active, and a
// card in that order says when its thread last had a reply.

const MIN = 60_000;
const category = { id: 1, name: 'Tips & Tricks', slug: 'tips', description: 'Share what works.', color: '#2563eb' };

const makePost = (id: number, over: Partial<TPost> = {}): TPost => ({
  id,
  slug: `post-${id}`,
  title: `Post number ${id}`,
  excerpt: 'An excerpt',
  content: 'An excerpt',
  createdAt: new Date(Date.now() - 3 * 24 * 60 * MIN).toISOString(),
  viewCount: 12,
  commentCount: 2,
  upvotes: 2,
  downvotes: 0,
  shareCount: 0,
  isPinned: false,
  isLocked: false,
  userVote: null,
  category,
  author: { username: 'sam', firstName: 'Sam', lastName: 'D', avatar: 'van', statusText: 'Multi-drop in Leeds' },
  ...over,
});

function stubApi(posts: TPost[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/user') return new Response('{"message":"Not signed in"}', { status: 401 });
      if (url === '/api/forum/categories') return new Response(JSON.stringify([{ ...category, postCount: 3 }]));
      if (url.startsWith('/api/bulletins') || url.startsWith('/api/ads/')) return new Response('[]');
      return new Response(JSON.stringify({ posts, totalCount: posts.length, hasMore: false }));
    }),
  );
  return calls;
}

function Probe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

describe('Latest activity sort', () => {
  it('is offered in the sort menu, goes into the address and asks the list for sortBy=active', async () => {
    const calls = stubApi([makePost(1)]);
    renderWithProviders(
      <>
        <ForumPage />
        <Probe />
      </>,
      { route: '/forum?page=2' },
    );
    const menu = await screen.findByLabelText('Sort by');
    expect(within(menu).getByRole('option', { name: 'Latest activity' })).toBeTruthy();
    // The spec's sorts and default stay.
    expect((menu as HTMLSelectElement).value).toBe('newest');
    expect(within(menu).getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Most Popular', 'Upload Date', 'View Count']),
    );

    await userEvent.setup().selectOptions(menu, 'Latest activity');
    expect(screen.getByTestId('location').textContent).toBe('/forum?sort=active');
    await vi.waitFor(() => expect(calls).toContain('/api/forum/posts?page=1&limit=20&sortBy=active'));
  });

  it('opens from the address with the sort chosen, and a search keeps it', async () => {
    const calls = stubApi([makePost(1)]);
    renderWithProviders(<ForumPage />, { route: '/forum?q=fuel+card&sort=active' });
    const menu = (await screen.findByLabelText('Sort by')) as HTMLSelectElement;
    expect(menu.value).toBe('active');
    await vi.waitFor(() => expect(calls.some((c) => c.startsWith('/api/forum/search?') && c.includes('sortBy=active'))).toBe(true));
  });

  it("shows on a card when its thread last had a reply", async () => {
    stubApi([makePost(1, { lastReplyAt: new Date(Date.now() - 5 * MIN).toISOString() }), makePost(2)]);
    renderWithProviders(<ForumPage />, { route: '/forum?sort=active' });
    const replied = await screen.findByRole('article', { name: 'Post number 1' });
    expect(within(replied).getByText('last reply 5 minutes ago')).toBeTruthy();
    const quiet = screen.getByRole('article', { name: 'Post number 2' });
    expect(within(quiet).queryByText(/last reply/)).toBeNull();
  });
});
