import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import type { TChatMessage } from '@common/contracts/chat';
import type * as SocketClientModule from '@/lib/socket-client';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { ConversationView } from './conversation-view';

// Issue 18: a chat-suspended member still reads a conversation; the composer gives way to one line.

vi.mock('@/lib/socket-client', async (importOriginal) => {
  const real = await importOriginal<typeof SocketClientModule>();
  // A real client that never connects.
  const client = real.createSocketClient({ url: () => 'ws://x/ws', WebSocket: class {} as unknown as typeof WebSocket, events: null, logger: { error: () => undefined } });
  return { ...real, getSocketClient: () => client };
});

const ME = 7;
const message = (id: number, senderId: number, content: string): TChatMessage => ({
  id,
  conversationId: 5,
  senderId,
  content,
  photo: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: null,
  readAt: null,
  clientMessageId: null,
});

function signedIn(user: TUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return Response.json(user);
      if (url.startsWith('/api/inbox/conversations/5'))
        return Response.json({
          id: 5,
          otherUser: { id: 2, username: 'jo', avatar: null, statusText: null },
          messages: [message(1, ME, 'Is the depot open?'), message(2, 2, 'Until noon.')],
          hasMore: false,
          unreadCount: 0,
          state: 'open',
        });
      return Response.json({});
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ConversationView', () => {
  it('chat suspended: the messages are there; a note instead of the composer', async () => {
    signedIn(testUser({ id: ME, chatSuspended: true }));
    renderWithProviders(<ConversationView conversationId={5} me={ME} />, { route: '/inbox/5' });
    expect(await screen.findByText('Until noon.')).toBeTruthy();
    expect(screen.getByText('Is the depot open?')).toBeTruthy();
    expect(await screen.findByText('Your chat is suspended: you can read this conversation but not reply.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('chat allowed: the composer, no note', async () => {
    signedIn(testUser({ id: ME }));
    renderWithProviders(<ConversationView conversationId={5} me={ME} />, { route: '/inbox/5' });
    expect(await screen.findByText('Until noon.')).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByText(/Your chat is suspended/)).toBeNull();
  });
});
