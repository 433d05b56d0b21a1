import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TNotification } from '@common/contracts/notifications';
import { renderWithProviders } from '@/test/render';
import { NotificationItem } from './notification-item';

// Issue 32's notifications: a new post with a tag or about a postcode area the member follows, and a
// local alert in such an area. Each reads as the server wrote it and goes to its post; an alert stands out.

const note = (id: number, over: Partial<TNotification>): TNotification => ({
  id,
  type: 'followed_tag',
  title: '',
  message: '',
  isRead: false,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  postId: 40 + id,
  commentId: null,
  postSlug: `post-${id}`,
  ...over,
});

const NOTES = [
  note(1, { type: 'followed_tag', title: 'New post tagged Evri', message: 'jo posted "Evri pay rise in May?"' }),
  note(2, { type: 'followed_area', title: 'New post about LS', message: 'jo posted "Parking near Kirkstall Retail Park"' }),
  note(3, { type: 'area_alert', title: 'Road closure or works alert in WF (M62 J27)', message: '"M62 closed at junction 27"', isRead: true }),
];

describe('NotificationItem for tags, areas and alerts', () => {
  it.each(NOTES.map((n) => [n.type, n] as const))('%s: its title and message, linking to the post', (_type, n) => {
    renderWithProviders(
      <ul>
        <NotificationItem notification={n} isNew={false} onOpen={vi.fn()} />
      </ul>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`/forum/posts/${n.postSlug}`);
    expect(within(link).getByText(n.title)).toBeTruthy();
    expect(within(link).getByText(n.message)).toBeTruthy();
    // Only an alert carries the "Local alert" mark, read before its title.
    expect(within(link).queryByText('Local alert') !== null).toBe(n.type === 'area_alert');
    if (n.type === 'area_alert') expect(link.textContent).toMatch(/^Local alert: Road closure or works alert in WF/);
    else expect(link.textContent).toMatch(/^Unread: New post/);
  });
});
