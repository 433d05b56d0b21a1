import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification } from '@common/contracts/notifications';
import { renderWithProviders } from '@/test/render';
import { NotificationsPage } from './notifications-page';

// Issue 18: /notifications lists every notification, 50 at a time with "Load older" (the `before`
// cursor), marks them read on arrival as the panel does, and says so when there are none.

const note = (id: number, isRead = true): TNotification => ({
  id,
  type: 'comment',
  title: 'New comment on your post',
  message: `Message ${id}`,
  isRead,
  createdAt: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
  postId: 1,
  commentId: id,
  postSlug: 'a-post',
});

function stub(all: TNotification[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const u = new URL(url, 'http://x');
      if (u.pathname === '/api/forum/notifications/read-all') return Response.json({ count: 0 });
      const before = u.searchParams.get('before');
      const from = before ? all.findIndex((n) => String(n.id) === before) + 1 : 0;
      const page = all.slice(from, from + 50);
      return Response.json(page);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('shows 50, then the older ones on "Load older"; arriving marks all read once', async () => {
    const all = Array.from({ length: 60 }, (_, i) => note(100 - i, i > 1));
    const calls = stub(all);
    renderWithProviders(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    // The two unread stay marked as new while the page is open.
    await waitFor(() => expect(within(list).getAllByText('Unread:')).toHaveLength(2));
    await waitFor(() => expect(calls).toContain('POST /api/forum/notifications/read-all'));

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(calls).toContain('GET /api/forum/notifications?limit=50&before=51');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('an empty state when there are none, and nothing to mark read', async () => {
    const calls = stub([]);
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the forum' }).getAttribute('href')).toBe('/forum');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });
});
