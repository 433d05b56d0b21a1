import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TInboxItem } from '@common/contracts/chat';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { InboxList } from './inbox-list';

const item = (id: number, content: string, withPhoto: boolean): TInboxItem => ({
  id,
  otherUser: { id: 10 + id, username: `driver${id}`, avatar: null, statusText: null },
  lastMessage: {
    id: 100 + id,
    conversationId: id,
    senderId: 10 + id,
    content,
    photo: withPhoto
      ? { id: 'abcdefghij0123456789', src: '/uploads/abcdefghij0123456789/full.jpg', srcset: '/uploads/abcdefghij0123456789/full.webp 600w', width: 600, height: 400 }
      : null,
    createdAt: '2026-06-01T09:00:00.000Z',
    deliveredAt: null,
    readAt: null,
    clientMessageId: null,
  },
  unreadCount: 0,
  state: 'closed',
  updatedAt: '2026-06-01T09:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('InboxList', () => {
  it("previews a photo sent alone as 'Photo', and a photo with text by its text", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([item(1, '', true), item(2, 'Look at this dent', true)]), { status: 200 })));
    renderWithProviders(<InboxList />);
    const first = await screen.findByRole('link', { name: /driver1/ });
    expect(first.textContent).toContain('Photo');
    expect(screen.getByRole('link', { name: /driver2/ }).textContent).toContain('Look at this dent');
  });

  it('chat suspended with no conversations: no invitation to start one from the directory (issue 18)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => Response.json(url === '/api/auth/user' ? testUser({ chatSuspended: true }) : [])));
    renderWithProviders(<InboxList />);
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'directory' })).toBeNull();
  });
});
