import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TChatMessage } from '@common/contracts/chat';
import { createSocketClient, type SocketClient } from '@/lib/socket-client';
import { renderWithProviders } from '@/test/render';
import { loadOutbox } from '../lib/outbox';
import { useConversation } from './use-conversation';

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  readyState = 0;
  sent: { type: string; [k: string]: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const ME = 1;
const OTHER = 2;
const msg = (over: Partial<TChatMessage>): TChatMessage => ({
  id: 1,
  conversationId: 7,
  senderId: OTHER,
  content: 'hello',
  photo: null,
  createdAt: new Date().toISOString(),
  deliveredAt: null,
  readAt: null,
  clientMessageId: null,
  ...over,
});

let serverMessages: TChatMessage[] = [];
let posts: { text: string; clientMessageId: string }[] = [];

function stub() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/inbox/conversations/7' && method === 'GET')
        return Response.json({ id: 7, otherUser: { id: OTHER, username: 'jo', avatar: null, statusText: null }, messages: serverMessages, hasMore: false, unreadCount: 0, state: 'open' });
      if (url === '/api/inbox/conversations/7/messages' && method === 'POST') {
        const body = JSON.parse(String(init?.body)) as { text: string; clientMessageId: string };
        posts.push(body);
        const m = msg({ id: 50 + posts.length, senderId: ME, content: body.text, clientMessageId: body.clientMessageId });
        serverMessages = [...serverMessages, m];
        return Response.json(m, { status: 201 });
      }
      if (url.startsWith('/api/chat/messages?')) {
        const after = Number(new URL(url, 'http://x').searchParams.get('after'));
        return Response.json({ messages: serverMessages.filter((m) => m.id > after), hasMore: false });
      }
      return Response.json({});
    }),
  );
}

function Probe({ client }: { client: SocketClient }) {
  const c = useConversation(7, ME, true, client);
  return (
    <div>
      <ul>
        {c.messages.map((m) => (
          <li key={String(m.clientMessageId ?? m.id)} data-testid="m">
            {m.content}|{m.pending ? 'pending' : 'saved'}|{m.readAt ? 'read' : 'unread'}
          </li>
        ))}
      </ul>
      <button onClick={() => void c.send('  hi there  ')}>send</button>
      <button onClick={() => void c.send('   ')}>blank</button>
    </div>
  );
}

beforeEach(() => {
  localStorage.clear();
  serverMessages = [];
  posts = [];
  FakeWebSocket.last = null;
  stub();
});
afterEach(() => vi.unstubAllGlobals());

const makeClient = () => createSocketClient({ url: () => 'ws://x/ws', WebSocket: FakeWebSocket as unknown as new (u: string) => WebSocket, events: null, logger: { error: () => undefined } });

describe('useConversation', () => {
  it('sends over REST when the socket is down, once, trimmed, and clears the outbox', async () => {
    renderWithProviders(<Probe client={makeClient()} />);
    await userEvent.click(screen.getByText('send'));
    await userEvent.click(screen.getByText('blank'));
    await waitFor(() => expect(screen.getAllByTestId('m').map((e) => e.textContent)).toEqual(['hi there|saved|unread']));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toBe('hi there');
    expect(loadOutbox(ME)).toEqual([]);
  });

  it('over the socket: the receipt replaces the pending copy; delivered and read frames for the other member', async () => {
    const client = makeClient();
    client.connect(ME);
    act(() => FakeWebSocket.last!.open());
    serverMessages = [msg({ id: 3 })];
    renderWithProviders(<Probe client={client} />);
    await screen.findByText('hello|saved|unread');
    const ws = FakeWebSocket.last!;
    await waitFor(() => expect(ws.sent.some((f) => f.type === 'message_delivered')).toBe(true));
    // Read 1 s after appearing.
    await waitFor(() => expect(ws.sent.find((f) => f.type === 'mark_read')).toMatchObject({ conversationId: 7, messageIds: [3] }), { timeout: 3000 });

    await userEvent.click(screen.getByText('send'));
    const frame = ws.sent.find((f) => f.type === 'send_message') as unknown as { clientMessageId: string; content: string };
    expect(frame.content).toBe('hi there');
    expect(loadOutbox(ME)).toHaveLength(1);
    await screen.findByText('hi there|pending|unread');
    act(() => ws.receive({ type: 'new_message', conversationId: 7, senderName: 'me', message: msg({ id: 9, senderId: ME, content: 'hi there', clientMessageId: frame.clientMessageId }) }));
    act(() => ws.receive({ type: 'new_message', conversationId: 7, senderName: 'me', message: msg({ id: 9, senderId: ME, content: 'hi there', clientMessageId: frame.clientMessageId }) }));
    await waitFor(() => expect(screen.getAllByTestId('m').map((e) => e.textContent)).toEqual(['hello|saved|read', 'hi there|saved|unread']));
    expect(loadOutbox(ME)).toEqual([]);
    expect(posts).toHaveLength(0);
    act(() => ws.receive({ type: 'message_status', conversationId: 7, messageIds: [9], readAt: new Date().toISOString() }));
    await screen.findByText('hi there|saved|read');
  });

  it('after a reconnect: catches up what was missed and resends the unacknowledged send with the same clientMessageId', async () => {
    const client = makeClient();
    client.connect(ME);
    act(() => FakeWebSocket.last!.open());
    renderWithProviders(<Probe client={client} />);
    const first = FakeWebSocket.last!;
    await waitFor(() => expect(first.sent.some((f) => f.type === 'join_conversation')).toBe(true));
    await userEvent.click(screen.getByText('send'));
    const frame = first.sent.find((f) => f.type === 'send_message') as unknown as { clientMessageId: string };
    // The signal drops before the receipt; meanwhile the other member wrote.
    act(() => {
      first.readyState = 3;
      first.onclose?.({ code: 1006 });
    });
    serverMessages = [msg({ id: 4, content: 'missed' })];
    await waitFor(() => expect(FakeWebSocket.last).not.toBe(first), { timeout: 3000 });
    const second = FakeWebSocket.last!;
    act(() => second.open());
    await screen.findByText(/^missed\|saved/);
    await waitFor(() => expect(second.sent.find((f) => f.type === 'send_message')).toMatchObject({ clientMessageId: frame.clientMessageId, content: 'hi there' }));
    expect(loadOutbox(ME)).toHaveLength(1);
    expect(screen.getAllByTestId('m')).toHaveLength(2);
  });
});
