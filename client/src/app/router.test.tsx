import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import { createQueryClient } from '@/lib/query-client';
import { renderAppAt } from '@/test/render';
import { testUser } from '@/test/users';

const member: TUser = testUser({ id: 1, username: 'sam_driver', email: 'sam@example.co.uk', avatar: 'van', createdAt: '2025-01-01T00:00:00Z' });

/** A fake API: the given user (or 401), no maintenance, an empty forum. */
function stubApi(user: TUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === '/api/auth/user') return user ? json(user) : json({ message: 'Unauthorized' }, 401);
      if (url === '/api/maintenance/status') return json({ maintenanceMode: false, message: '' });
      if (url.startsWith('/api/forum/posts')) return json({ posts: [], totalCount: 0, hasMore: false });
      if (url === '/api/forum/categories') return json([]);
      return json({ message: 'Not found' }, 404);
    }),
  );
}

function renderAt(path: string) {
  return renderAppAt(path, createQueryClient());
}

afterEach(() => vi.unstubAllGlobals());

describe('app routes', () => {
  it('shows the not-found page for unknown paths', async () => {
    stubApi(null);
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('/no-such-page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Browse Forum Discussions' }).getAttribute('href')).toBe('/forum');
    await waitFor(() => expect(document.title).toBe('Page Not Found | Kerbside'));
  });

  it('shows the not-found page for the 404 query flag', async () => {
    stubApi(null);
    renderAt('/forum?404=/old/thread');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('/old/thread')).toBeTruthy();
  });

  it('hides admin pages from members behind the not-found page', async () => {
    stubApi(member);
    renderAt('/admin/ads');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('sends a guest from a member page home and remembers it', async () => {
    stubApi(null);
    const router = renderAt('/inbox?x=1');
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(sessionStorage.getItem('returnTo')).toBe('/inbox?x=1');
    expect(await screen.findByRole('heading', { name: /community for UK couriers/ })).toBeTruthy();
    expect(screen.getByText('Sign in to continue to that page.')).toBeTruthy();
  });

  it('sends a member away from guest pages', async () => {
    stubApi(member);
    const router = renderAt('/register');
    await waitFor(() => expect(router.location().pathname).toBe('/'));
  });

  it('shows guests the landing page with Sign In and Join Free, and no member links', async () => {
    stubApi(null);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: /community for UK couriers/ })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.textContent).toContain('Forum');
    expect(nav.textContent).not.toContain('New Post');
    expect(nav.textContent).not.toContain('Directory');
    expect(nav.textContent).not.toContain('Jobs');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Join Free' })[0].getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('link', { name: /^(Bike|Bicycle) Courier/ })[0].getAttribute('href')).toBe('/forum?profession=bike');
  });

  it('shows members the forum on / with their links and the welcome banner', async () => {
    stubApi(member);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'No discussions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Discussion' }).getAttribute('href')).toBe('/forum/new');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Forum', 'New Post', 'Directory', 'Jobs', 'Inbox', 'Profile']) expect(nav.textContent).toContain(label);
    expect(nav.textContent).not.toContain('Admin');
    // Joined in 2025: a long-standing member is welcomed back (issue 30), not greeted as new.
    expect(screen.getByText(/Welcome back, Sam!/)).toBeTruthy();
  });
});
