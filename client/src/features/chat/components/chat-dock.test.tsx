import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInboxItem } from '@common/contracts/chat';
import { renderWithProviders } from '@/test/render';
import { closeAllWindows, getWindows, OPEN_CHAT_EVENT } from '../lib/chat-windows';
import { ChatDock } from './chat-dock';

// Spec §2/§4 floating chat windows (≥1024 px): stacked, minimizable (unread badge, 99+), closable, the
// state sent to the server, and restored from it after a reload (closed ones stay closed).

const ME = 1;
let large = true;
let inbox: Partial<TInboxItem>[] = [];
let unread: Record<string, number> = {};
let states: { id: string; state: string }[] = [];

const item = (id: number, state: TInboxItem['state']): Partial<TInboxItem> => ({
  id,
  state,
  otherUser: { id: 100 + id, username: `driver${id}`, avatar: null, statusText: null },
  lastMessage: null,
  unreadCount: 0,
  updatedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, 60 - id)).toISOString(),
});

beforeEach(() => {
  closeAllWindows();
  large = true;
  inbox = [];
  unread = {};
  states = [];
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: large, media: q, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const state = /^\/api\/chat\/conversation\/(\d+)\/state$/.exec(url);
      if (state && method === 'PUT') {
        const body = JSON.parse(String(init?.body)) as { state: string };
        states.push({ id: state[1]!, state: body.state });
        return Response.json(body);
      }
      if (url.startsWith('/api/inbox/conversations?') || url === '/api/inbox/conversations') return Response.json(inbox);
      const conv = /^\/api\/inbox\/conversations\/(\d+)$/.exec(url);
      if (conv && method === 'GET') {
        const id = Number(conv[1]);
        return Response.json({ ...item(id, 'open'), messages: [], hasMore: false, unreadCount: unread[id] ?? 0 });
      }
      return Response.json({});
    }),
  );
});
afterEach(() => {
  closeAllWindows();
  vi.unstubAllGlobals();
});

const chat = (name: string) => screen.queryByRole('region', { name: `Chat with ${name}` });

describe('ChatDock', () => {
  it('after a reload: open and minimized windows come back from the server, closed ones do not, at most three', async () => {
    inbox = [item(1, 'open'), item(2, 'closed'), item(3, 'minimized'), item(4, 'open'), item(5, 'open')];
    renderWithProviders(<ChatDock me={ME} />);
    await waitFor(() => expect(chat('driver1')).not.toBeNull());
    await waitFor(() => expect(chat('driver3')).not.toBeNull());
    expect(chat('driver4')).not.toBeNull();
    expect(chat('driver2')).toBeNull();
    expect(chat('driver5')).toBeNull();
    expect(getWindows()).toEqual([
      { conversationId: '1', minimized: false },
      { conversationId: '3', minimized: true },
      { conversationId: '4', minimized: false },
    ]);
    // The minimized one offers Restore; the open ones Minimize.
    expect(within(chat('driver3')!).getByRole('button', { name: 'Restore chat' })).toBeTruthy();
    expect(within(chat('driver1')!).getByRole('button', { name: 'Minimize chat' })).toBeTruthy();
    expect(states).toEqual([]);
  });

  it('the Message button opens a window (newest first), minimize/restore/close send the state to the server', async () => {
    renderWithProviders(<ChatDock me={ME} />);
    const open = (id: number) => {
      const e = new CustomEvent(OPEN_CHAT_EVENT, { detail: { conversationId: id }, cancelable: true });
      act(() => void window.dispatchEvent(e));
      return e.defaultPrevented;
    };
    expect(open(7)).toBe(true);
    expect(open(8)).toBe(true);
    await waitFor(() => expect(chat('driver8')).not.toBeNull());
    expect(getWindows().map((w) => w.conversationId)).toEqual(['8', '7']);
    await waitFor(() => expect(states).toEqual([{ id: '7', state: 'open' }, { id: '8', state: 'open' }]));

    const w7 = chat('driver7')!;
    await userEvent.click(within(w7).getByRole('button', { name: 'Minimize chat' }));
    await waitFor(() => expect(states.at(-1)).toEqual({ id: '7', state: 'minimized' }));
    expect(getWindows().find((w) => w.conversationId === '7')!.minimized).toBe(true);
    await userEvent.click(within(chat('driver7')!).getByRole('button', { name: 'Restore chat' }));
    await waitFor(() => expect(states.at(-1)).toEqual({ id: '7', state: 'open' }));

    await userEvent.click(within(chat('driver8')!).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(states.at(-1)).toEqual({ id: '8', state: 'closed' }));
    expect(chat('driver8')).toBeNull();
    expect(getWindows().map((w) => w.conversationId)).toEqual(['7']);
  });

  it('a minimized window shows its unread count, capped at 99+', async () => {
    inbox = [item(3, 'minimized'), item(4, 'minimized')];
    unread = { 3: 150, 4: 7 };
    renderWithProviders(<ChatDock me={ME} />);
    await waitFor(() => expect(within(chat('driver3')!).getByLabelText('150 unread').textContent).toBe('99+'));
    await waitFor(() => expect(within(chat('driver4')!).getByLabelText('7 unread').textContent).toBe('7'));
  });

  it('below 1024 px: no windows, and the Message button event is left to go to /inbox/{id}', async () => {
    large = false;
    inbox = [item(1, 'open')];
    renderWithProviders(<ChatDock me={ME} />);
    const e = new CustomEvent(OPEN_CHAT_EVENT, { detail: { conversationId: 1 }, cancelable: true });
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(false);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(chat('driver1')).toBeNull();
    expect(getWindows()).toEqual([]);
  });

  it('the conversation shown on /inbox/{id} has no window beside it', async () => {
    inbox = [item(1, 'open'), item(2, 'open')];
    renderWithProviders(<ChatDock me={ME} hiddenId="1" />);
    await waitFor(() => expect(chat('driver2')).not.toBeNull());
    expect(chat('driver1')).toBeNull();
  });
});
