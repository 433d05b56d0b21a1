import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TPost } from '@common/contracts/forum';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';
import { BookmarksPage } from './bookmarks-page';

const saved: TPost = {
  id: 3,
  slug: 'fuel-cards',
  title: 'Which fuel card do you use?',
  excerpt: 'Comparing fuel cards',
  content: 'Comparing fuel cards',
  createdAt: new Date().toISOString(),
  viewCount: 4,
  commentCount: 0,
  upvotes: 1,
  downvotes: 0,
  shareCount: 0,
  isPinned: false,
  isLocked: false,
  tags: [],
  areas: [],
  userVote: null,
  bookmarked: true,
  category: { id: 1, name: 'Tips', slug: 'tips', description: '', color: '#123456' },
  author: { username: 'gaz', firstName: 'Gareth', lastName: 'P', avatar: 'van', statusText: '' },
};

afterEach(() => vi.unstubAllGlobals());

describe('BookmarksPage', () => {
  it('lists the saved posts from GET /api/bookmarks', async () => {
    const calls = stubApi((c) => (c.path === '/api/bookmarks' ? { body: { posts: [saved], totalCount: 1, hasMore: false } } : { status: 401, body: {} }));
    renderWithProviders(<BookmarksPage />, { route: '/bookmarks' });
    const card = await screen.findByRole('article', { name: 'Which fuel card do you use?' });
    expect(within(card).getByRole('link', { name: 'Category: Tips' }).getAttribute('href')).toBe('/forum?category=tips');
    expect(screen.getByText('1 saved post')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/bookmarks')).toBe(true);
  });

  it('says how to save posts when there are none', async () => {
    stubApi((c) => (c.path === '/api/bookmarks' ? { body: { posts: [], totalCount: 0, hasMore: false } } : { status: 401, body: {} }));
    renderWithProviders(<BookmarksPage />, { route: '/bookmarks' });
    expect(await screen.findByRole('heading', { name: 'No saved posts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the forum' }).getAttribute('href')).toBe('/forum');
  });
});
