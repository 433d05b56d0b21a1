import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@/lib/router';
import type { TNotification } from '@common/contracts/notifications';
import { USER_QUERY_KEY } from '@/lib/auth';
import { getSocketClient } from '@/lib/socket-client';
import { renderWithProviders } from '@/test/render';
import { notificationKeys } from '../api/keys';
import { NotificationCenter } from './notification-center';

/** The page's socket, driven by the test. */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  static get last() {
    return FakeWebSocket.all[FakeWebSocket.all.length - 1];
  }
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const member = { id: 11, username: 'sam', firstName: 'Sam', lastName: 'D', email: 's@x.co', isAdmin: false, avatar: 'van', onboarded: true };

let seq = 100;
const note = (over: Partial<TNotification> = {}): TNotification => ({
  id: seq++,
  type: 'comment',
  title: 'New comment on your post',
  message: 'jo commented on "Best route round the M25"',
  isRead: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  postId: 3,
  commentId: 9,
  postSlug: 'best-route-m25',
  ...over,
});

type Calls = { method: string; url: string }[];

/** A server holding `list` and `count`; every call is recorded. */
function stubServer(state: { list: TNotification[]; count: number }) {
  const calls: Calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/auth/user') return Response.json(member);
      if (url === '/api/forum/notifications?limit=50') return Response.json(state.list);
      if (url === '/api/forum/notifications/unread-count') return Response.json({ count: state.count });
      if (url === '/api/forum/notifications/read-all') return Response.json({ count: 0 });
      const one = /^\/api\/forum\/notifications\/(\d+)\/read$/.exec(url);
      if (one) return Response.json({ id: Number(one[1]), isRead: true });
      return new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return calls;
}

function Location() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{pathname + hash}</output>;
}

async function renderCenter() {
  const r = renderWithProviders(
    <>
      <NotificationCenter userId={member.id} />
      <Location />
    </>,
    { route: '/forum' },
  );
  r.queryClient.setQueryData(USER_QUERY_KEY, member);
  await waitFor(() => expect(r.queryClient.getQueryData(notificationKeys.list)).toBeDefined());
  await waitFor(() => expect(r.queryClient.getQueryData(notificationKeys.unreadCount)).toBeDefined());
  return r;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.findByRole('dialog', { name: 'Notifications' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  getSocketClient().close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await new Promise((r) => setTimeout(r, 0)); // let a pending socket release run
});

describe('NotificationCenter', () => {
  it('shows the unread count on the bell; opening the panel marks all read (count to 0)', async () => {
    const list = [note({ title: 'Reply from jo' }), note({ isRead: true, title: 'Older one' })];
    const calls = stubServer({ list, count: 1 });
    await renderCenter();
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');

    await userEvent.setup().click(bell());
    const dialog = await panel();
    expect(within(dialog).getByText('Reply from jo')).toBeTruthy();
    expect(within(dialog).getByText('Older one')).toBeTruthy();
    expect(within(dialog).getAllByText('5 minutes ago')).toHaveLength(2);
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/forum/notifications/read-all' }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('opening with nothing unread sends nothing', async () => {
    const calls = stubServer({ list: [note({ isRead: true })], count: 0 });
    await renderCenter();
    await userEvent.setup().click(bell());
    await panel();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says when there are none', async () => {
    stubServer({ list: [], count: 0 });
    await renderCenter();
    await userEvent.setup().click(bell());
    expect(within(await panel()).getByText('No notifications yet')).toBeTruthy();
  });

  it('a live notification goes on top and counts; clicking it marks it read and goes to the comment', async () => {
    const calls = stubServer({ list: [note({ isRead: true, title: 'Old news' })], count: 0 });
    const { queryClient } = await renderCenter();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    act(() => FakeWebSocket.last.open());
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'authenticate', userId: member.id }]);

    const fresh = note({ id: 555, title: 'jo replied to you', commentId: 77, postSlug: 'van-racking' });
    act(() => FakeWebSocket.last.receive({ type: 'notification:new', notification: fresh }));
    act(() => FakeWebSocket.last.receive({ type: 'notification:new', notification: fresh })); // once only
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));

    // The panel opens (marking all read); another arrives while it is open.
    const user = userEvent.setup();
    await user.click(bell());
    const dialog = await panel();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    const later = note({ id: 556, title: 'mo commented', commentId: 78, postSlug: 'van-racking' });
    act(() => FakeWebSocket.last.receive({ type: 'notification:new', notification: later }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const items = within(within(dialog).getByRole('list')).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual([
      expect.stringContaining('mo commented'),
      expect.stringContaining('jo replied to you'),
      expect.stringContaining('Old news'),
    ]);

    await user.click(within(dialog).getByRole('link', { name: /mo commented/ }));
    expect(location()).toBe('/forum/posts/van-racking#comment-78');
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/forum/notifications/556/read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(queryClient.getQueryData<TNotification[]>(notificationKeys.list)?.[0]).toMatchObject({ id: 556, isRead: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the panel links to the notification settings page', async () => {
    stubServer({ list: [note()], count: 0 });
    await renderCenter();
    const user = userEvent.setup();
    await user.click(bell());
    await user.click(within(await panel()).getByRole('link', { name: 'Notification settings' }));
    expect(location()).toBe('/settings/notifications');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the panel links to every notification (/notifications, issue 18)', async () => {
    stubServer({ list: [note()], count: 0 });
    await renderCenter();
    const user = userEvent.setup();
    await user.click(bell());
    await user.click(within(await panel()).getByRole('link', { name: 'See all notifications' }));
    expect(location()).toBe('/notifications');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('goes to /forum when the post is gone, and to the post when there is no comment', async () => {
    stubServer({ list: [note({ postSlug: null, title: 'Gone' }), note({ commentId: null, postSlug: 'kept', title: 'Kept' })], count: 0 });
    await renderCenter();
    const user = userEvent.setup();
    await user.click(bell());
    await user.click(within(await panel()).getByRole('link', { name: /Gone/ }));
    expect(location()).toBe('/forum');
    await user.click(bell());
    await user.click(within(await panel()).getByRole('link', { name: /Kept/ }));
    expect(location()).toBe('/forum/posts/kept');
  });

  it('badge reads 99+ above 99', async () => {
    stubServer({ list: [], count: 150 });
    await renderCenter();
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 99+ unread');
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });

  it('reads elsewhere come in by socket: given ids, or all', async () => {
    const a = note();
    const b = note();
    stubServer({ list: [a, b, note({ isRead: true })], count: 2 });
    await renderCenter();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    act(() => FakeWebSocket.last.open());
    act(() => FakeWebSocket.last.receive({ type: 'notification:markRead', ids: [a.id] }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    act(() => FakeWebSocket.last.receive({ type: 'notification:markRead', ids: [a.id] })); // already read: no change
    await new Promise((r) => setTimeout(r, 10));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    act(() => FakeWebSocket.last.receive({ type: 'notification:markRead', ids: [] }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('refetches after a reconnect, so nothing sent meanwhile is missed', async () => {
    const state = { list: [] as TNotification[], count: 0 };
    const calls = stubServer(state);
    await renderCenter();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    act(() => FakeWebSocket.last.open());
    state.list = [note({ title: 'Missed while away' })];
    state.count = 1;
    const before = calls.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => FakeWebSocket.last.drop());
      act(() => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    act(() => FakeWebSocket.last.open());
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(calls.slice(before).map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/forum/notifications?limit=50', '/api/forum/notifications/unread-count']),
    );
  });

  it('logs failures only (spec §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/auth/user' ? Response.json(member) : new Response('{"message":"nope"}', { status: 403 }))),
    );
    renderWithProviders(<NotificationCenter userId={member.id} />);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to fetch notifications', expect.anything()));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sign-out (the cache dropped) closes the socket on purpose and clears the notifications', async () => {
    stubServer({ list: [note()], count: 1 });
    const { queryClient } = await renderCenter();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    const socket = FakeWebSocket.last;
    act(() => socket.open());
    act(() => queryClient.clear());
    expect(socket.closed).toBe(true);
    expect(getSocketClient().getState()).toBe('idle');
    expect(queryClient.getQueryData(notificationKeys.list)).toBeUndefined();
  });
});
