import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { TUser } from '@common/contracts/auth';
import type { TChatMessage } from '@common/contracts/chat';
import { NOTIFY_DEFAULTS } from '@common/rules/notification-preferences';
import { USER_QUERY_KEY } from '@/lib/auth';
import { saveConsent } from '@/lib/consent';
import { notifyPreferencesKey } from '@/lib/notify-preferences';
import type * as SocketClientModule from '@/lib/socket-client';
import { renderWithProviders } from '@/test/render';
import { testUser } from '@/test/users';
import { closeAllWindows, getWindows, OPEN_CHAT_EVENT, toggleMinimized } from '../lib/chat-windows';
import { ChatCenter, NOTIFICATION_CLOSE_MS } from './chat-center';

// The header's chat: the new-message toast (not when that chat is already shown), the browser
// notification (only when the page is hidden, closed after 5 s), and the floating windows, which are
// the optional live chat of spec §3 'Functional (enables live chat)': on only with that consent.

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/toast', () => ({ toast }));

const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(frame: unknown) => void>>();
  const sent: { type: string; payload: unknown }[] = [];
  return { handlers, sent };
});
vi.mock('@/lib/socket-client', async (importOriginal) => {
  const real = await importOriginal<typeof SocketClientModule>();
  const { useEffect, useRef } = await import('react');
  // A real client that never connects, whose sends are recorded; frames come in through useSocketEvent.
  let client: ReturnType<typeof real.createSocketClient> | undefined;
  const getSocketClient = () => {
    if (!client) {
      client = real.createSocketClient({ url: () => 'ws://x/ws', WebSocket: class {} as unknown as typeof WebSocket, events: null, logger: { error: () => undefined } });
      client.send = ((type: string, payload: unknown) => {
        socket.sent.push({ type, payload });
        return true;
      }) as typeof client.send;
    }
    return client;
  };
  return {
    ...real,
    getSocketClient,
    useSocketConnection: () => undefined,
    useSocketReconnected: () => undefined,
    useSocketEvent: (type: string, handler: (frame: unknown) => void) => {
      const ref = useRef(handler);
      ref.current = handler;
      useEffect(() => {
        const fn = (frame: unknown) => ref.current(frame);
        if (!socket.handlers.has(type)) socket.handlers.set(type, new Set());
        socket.handlers.get(type)!.add(fn);
        return () => void socket.handlers.get(type)!.delete(fn);
      }, [type]);
    },
  };
});

const ME = 1;
const msg = (id: number, conversationId: number): TChatMessage => ({
  id,
  conversationId,
  senderId: 2,
  content: `message ${id}`,
  photo: null,
  createdAt: new Date().toISOString(),
  deliveredAt: null,
  readAt: null,
  clientMessageId: null,
});
const frame = (f: { type: string; [field: string]: unknown }) =>
  act(() => {
    for (const h of socket.handlers.get(f.type) ?? []) h(f);
  });
const incoming = (id: number, conversationId = 5) => frame({ type: 'new_message', conversationId, senderName: 'jo', message: msg(id, conversationId) });

let visibility: DocumentVisibilityState = 'visible';
const notifications: { title: string; closed: boolean }[] = [];

beforeEach(() => {
  toast.mockClear();
  socket.handlers.clear();
  socket.sent.length = 0;
  notifications.length = 0;
  visibility = 'visible';
  closeAllWindows();
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: true, media: q, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'Notification',
    class {
      static permission = 'granted';
      entry: { title: string; closed: boolean };
      onclick: (() => void) | null = null;
      constructor(title: string) {
        this.entry = { title, closed: false };
        notifications.push(this.entry);
      }
      close() {
        this.entry.closed = true;
      }
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/chat/unread-count') return Response.json({ count: 0 });
      if (url.startsWith('/api/inbox/conversations/')) {
        return Response.json({ id: 5, otherUser: { id: 2, username: 'jo', avatar: null, statusText: null }, messages: [], hasMore: false, unreadCount: 0, state: 'open' });
      }
      if (url.startsWith('/api/inbox/conversations')) return Response.json([]);
      return Response.json({});
    }),
  );
});
afterEach(() => {
  closeAllWindows();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ChatCenter', () => {
  it('Functional consent off (or not given yet): no floating windows; badge, toast and delivered still work', async () => {
    renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    incoming(1);
    expect(getWindows()).toEqual([]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'New message from jo' }));
    expect(socket.sent).toContainEqual({ type: 'message_delivered', payload: { conversationId: 5, messageIds: [1] } });
    // The Message button's event is not taken: it goes to /inbox/{id}.
    const e = new CustomEvent(OPEN_CHAT_EVENT, { detail: { conversationId: 5 }, cancelable: true });
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(false);

    act(() => saveConsent({ analytics: false, marketing: false, functional: false }));
    incoming(2);
    expect(getWindows()).toEqual([]);
    expect(screen.queryByRole('region', { name: /^Chat with/ })).toBeNull();
  });

  it('Functional consent on: an incoming message opens its window; no toast while that window is shown, a toast when minimized', async () => {
    saveConsent({ analytics: false, marketing: false, functional: true });
    renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    incoming(1);
    expect(getWindows()).toEqual([{ conversationId: '5', minimized: false }]);
    expect(toast).toHaveBeenCalledTimes(1); // it was not shown before this message
    await screen.findByRole('region', { name: 'Chat with jo' });

    incoming(2);
    expect(toast).toHaveBeenCalledTimes(1); // the window is open and the page visible

    act(() => toggleMinimized('5'));
    incoming(3);
    expect(toast).toHaveBeenCalledTimes(2);
    expect(getWindows()).toEqual([{ conversationId: '5', minimized: true }]); // stays minimized
  });

  it('no toast on /inbox/{id} for that conversation; a toast for another one', async () => {
    renderWithProviders(<ChatCenter userId={ME} />, { route: '/inbox/5' });
    await screen.findByRole('link', { name: 'Messages' });
    incoming(1, 5);
    expect(toast).not.toHaveBeenCalled();
    incoming(2, 6);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'New message from jo' }));
  });

  it('chat "On site" switched off in the notification preferences: no toast and no browser notification; delivered still sent', async () => {
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      url === '/api/notification-preferences'
        ? Response.json({ preferences: { ...NOTIFY_DEFAULTS, chat: { site: false, push: true, email: true } } })
        : answer(url, init),
    );
    const { queryClient } = renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    await waitFor(() => expect(queryClient.getQueryData(notifyPreferencesKey)).toBeDefined());
    // Ids no other test uses: receipts are sent once per message for the page's life.
    incoming(901);
    visibility = 'hidden';
    incoming(902, 6);
    expect(toast).not.toHaveBeenCalled();
    expect(notifications).toEqual([]);
    expect(socket.sent).toEqual([
      { type: 'message_delivered', payload: { conversationId: 5, messageIds: [901] } },
      { type: 'message_delivered', payload: { conversationId: 6, messageIds: [902] } },
    ]);
  });

  it('the browser notification only while the page is hidden, closed after 5 s', async () => {
    renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    incoming(1);
    expect(notifications).toEqual([]);
    vi.useFakeTimers();
    visibility = 'hidden';
    incoming(2, 6);
    expect(notifications).toEqual([{ title: '2 new messages', closed: false }]);
    act(() => vi.advanceTimersByTime(NOTIFICATION_CLOSE_MS - 10));
    expect(notifications[0]!.closed).toBe(false);
    act(() => vi.advanceTimersByTime(20));
    expect(notifications[0]!.closed).toBe(true);
  });

  it('one message_delivered per message, however often its frame comes', async () => {
    renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    incoming(11);
    incoming(11);
    expect(socket.sent.filter((f) => f.type === 'message_delivered')).toEqual([{ type: 'message_delivered', payload: { conversationId: 5, messageIds: [11] } }]);
  });

  it('keeps the cached inbox and the badge from the frames: no refetch for a conversation it has, a refetch for a new one', async () => {
    const { queryClient } = renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    const row = (id: number) => ({ id, otherUser: { id: 2, username: 'jo', avatar: null, statusText: null }, lastMessage: null, unreadCount: 0, state: 'open', updatedAt: '2026-01-01T00:00:00.000Z' });
    queryClient.setQueryData(['/api/inbox/conversations'], { pages: [[row(4), row(5)]], pageParams: [null] });
    const inboxFetches = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/inbox/conversations?') || url === '/api/inbox/conversations').length;
    const before = inboxFetches();

    incoming(21, 5);
    frame({ type: 'inbox_update', conversationId: 5, unreadCount: 1, totalUnread: 3 });
    const data = queryClient.getQueryData<{ pages: { id: number; unreadCount: number; lastMessage: { id: number } | null }[][] }>(['/api/inbox/conversations']);
    expect(data!.pages[0]!.map((c) => [c.id, c.unreadCount, c.lastMessage?.id ?? null])).toEqual([
      [5, 1, 21],
      [4, 0, null],
    ]);
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toBeTruthy();
    expect(inboxFetches()).toBe(before);
    const stale = () => queryClient.getQueryState(['/api/inbox/conversations'])?.isInvalidated;
    expect(stale()).toBe(false);

    incoming(22, 9); // not in the cached inbox: refetched (by the inbox list, when one is shown)
    expect(stale()).toBe(true);
  });

  it('chat_access: the suspension reaches the signed-in user at once, with one toast off /inbox; lifting it restores access', async () => {
    const { queryClient } = renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    queryClient.setQueryData(USER_QUERY_KEY, testUser({ id: ME }));
    frame({ type: 'chat_access', allowed: false, reason: 'suspended' });
    expect(queryClient.getQueryData<TUser>(USER_QUERY_KEY)).toMatchObject({ chatSuspended: true });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Chat Feature Suspended', description: 'Your chat feature has been suspended by an administrator.' }),
    );
    // A refused frame later says it again: already known, no second toast.
    frame({ type: 'chat_access', allowed: false, reason: 'suspended' });
    expect(toast).toHaveBeenCalledTimes(1);
    frame({ type: 'chat_access', allowed: true });
    expect(queryClient.getQueryData<TUser>(USER_QUERY_KEY)).toMatchObject({ chatSuspended: false, emailVerified: true });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('chat_access on /inbox: the user is updated, no toast (the access gate there shows the suspension card)', async () => {
    const { queryClient } = renderWithProviders(<ChatCenter userId={ME} />, { route: '/inbox' });
    await screen.findByRole('link', { name: 'Messages' });
    queryClient.setQueryData(USER_QUERY_KEY, testUser({ id: ME }));
    frame({ type: 'chat_access', allowed: false, reason: 'suspended' });
    expect(queryClient.getQueryData<TUser>(USER_QUERY_KEY)).toMatchObject({ chatSuspended: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('the unread count: polled every 5 s, stopped by a 403 with no retry; chat access restored (chat_access) polls again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let refused = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/api/chat/unread-count') return Response.json({});
        if (refused) return Response.json({ message: 'Your chat feature has been suspended by an administrator.', chatAccess: 'suspended' }, { status: 403 });
        return Response.json({ count: 2 });
      }),
    );
    const polls = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/chat/unread-count').length;
    const { queryClient } = renderWithProviders(<ChatCenter userId={ME} />);
    const state = () => queryClient.getQueryState(['/api/chat/unread-count']);
    // One 5 s step, then until its answer is in (a poll while one is under way would be merged into it).
    // vi.waitFor: Testing Library's waitFor polls with the setInterval faked here.
    const tick = async () => {
      act(() => vi.advanceTimersByTime(5000));
      await vi.waitFor(() => expect(state()?.fetchStatus).toBe('idle'));
    };
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
    expect(polls()).toBe(1);
    await tick();
    expect(polls()).toBe(2);

    refused = true;
    await tick();
    expect(polls()).toBe(3);
    expect(state()?.status).toBe('error');
    for (let i = 0; i < 6; i++) await tick();
    expect(polls()).toBe(3);

    queryClient.setQueryData(USER_QUERY_KEY, testUser({ id: ME, chatSuspended: true }));
    refused = false;
    frame({ type: 'chat_access', allowed: true });
    await vi.waitFor(() => expect(state()?.status).toBe('success'));
    expect(polls()).toBe(4);
    await tick();
    expect(polls()).toBe(5);
  });

  it('never asks for notification permission by itself', async () => {
    const ask = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', Object.assign(class {}, { permission: 'default', requestPermission: ask }));
    renderWithProviders(<ChatCenter userId={ME} />);
    await screen.findByRole('link', { name: 'Messages' });
    incoming(1);
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(ask).not.toHaveBeenCalled();
  });
});
