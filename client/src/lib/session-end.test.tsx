import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { renderAppAt } from '@/test/render';
import { testUser } from '@/test/users';
import { API_CACHE, PAGE_CACHE_PREFIX, PHOTOS_CACHE } from '@/sw/cache-names';
import { USER_QUERY_KEY } from './auth';
import { closeAuthDialog } from './auth-dialog';
import { offlineWrites, type OfflineWrite } from './offline-writes';
import { createQueryClient, queryClient } from './query-client';
import { followDeviceMember, SIGNED_OUT_TOAST } from './session-end';
import { getSocketClient } from './socket-client';
import { deviceMember, memberStorage } from './storage';

// Finding 7 of the security review: when the server ends the session (the socket closes with 4401),
// the open tab drops the signed-in state and shows the signed-out one with a Sign In action.

/** The page's socket, driven by the test. */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  static get last() {
    return FakeWebSocket.all[FakeWebSocket.all.length - 1];
  }
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const member = testUser({ id: 21, username: 'van_dan', firstName: 'Dan' });

/** The server: signed in until `session.alive` turns false. */
function stubApi(session: { alive: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (!session.alive && url !== '/api/maintenance/status' && !url.startsWith('/api/forum')) return json({ message: 'Not logged in' }, 401);
      if (url === '/api/auth/user') return json(member);
      if (url === '/api/maintenance/status') return json({ maintenanceMode: false, message: '' });
      if (url.startsWith('/api/forum/notifications/unread-count')) return json({ count: 0 });
      if (url.startsWith('/api/forum/notifications')) return json([]);
      if (url.startsWith('/api/forum/posts')) return json({ posts: [], totalCount: 0, hasMore: false });
      if (url === '/api/forum/categories') return json([]);
      if (url === '/api/chat/unread-count') return json({ count: 0 });
      return json({ message: 'Not found' }, 404);
    }),
  );
}

/** The site header (the forum page has a header of its own). */
const siteHeader = async () => (await screen.findByRole('link', { name: 'Kerbside home' })).closest('header')!;

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  getSocketClient().close();
  closeAuthDialog();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await new Promise((r) => setTimeout(r, 0));
});

describe('the session ends while the page is open', () => {
  it('4401 on the socket: the header turns to Sign In, a toast says so, and its Sign In opens the sign-in dialog', async () => {
    const session = { alive: true };
    stubApi(session);
    // The app's own cache: the socket client reports to it, as in the browser.
    const router = renderAppAt('/forum');
    const header = await siteHeader();
    await waitFor(() => expect(within(header).getAllByRole('link', { name: /Log out/ }).length).toBeGreaterThan(0));
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    FakeWebSocket.last.open();

    // Signed out elsewhere ("Sign out everywhere" on the phone): the server closes this tab's socket.
    session.alive = false;
    FakeWebSocket.last.serverCloses(4401);

    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: /Log out/ })).toBeNull();
    expect(await screen.findByText(SIGNED_OUT_TOAST.title)).toBeTruthy();
    expect(screen.getByText(SIGNED_OUT_TOAST.description)).toBeTruthy();
    // The page the member was on stays, as a guest sees it.
    expect(router.location().pathname).toBe('/forum');

    const toastRegion = screen.getByText(SIGNED_OUT_TOAST.title).closest('li')!;
    // A click only: jsdom has no pointer capture, which the toast's swipe handling reads on pointerdown.
    fireEvent.click(within(toastRegion).getByRole('button', { name: SIGNED_OUT_TOAST.action }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeTruthy();
  });

  it('4401 for a session this browser has since replaced (signed in again): still signed in, the socket reconnects, no toast', async () => {
    stubApi({ alive: true });
    renderAppAt('/forum');
    const header = await siteHeader();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    const first = FakeWebSocket.last;
    first.open();
    first.serverCloses(4401);
    await waitFor(() => expect(FakeWebSocket.last).not.toBe(first));
    expect(FakeWebSocket.last.url).toMatch(/\/ws$/);
    expect(within(header).getAllByRole('link', { name: /Log out/ }).length).toBeGreaterThan(0);
    expect(within(header).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByText(SIGNED_OUT_TOAST.title)).toBeNull();
  });

  it('a socket closed for other reasons (a drop, the server restarting) keeps the member signed in', async () => {
    stubApi({ alive: true });
    renderAppAt('/forum');
    const header = await siteHeader();
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    FakeWebSocket.last.open();
    FakeWebSocket.last.serverCloses(1001);
    await new Promise((r) => setTimeout(r, 50));
    expect(within(header).getAllByRole('link', { name: /Log out/ }).length).toBeGreaterThan(0);
    expect(within(header).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByText(SIGNED_OUT_TOAST.title)).toBeNull();
  });
});

describe('shared phones (issue 18): a member signed out leaves nothing on the device', () => {
  const alice = testUser({ id: 31, username: 'alice' });
  const bob = testUser({ id: 32, username: 'bob' });

  /**
   * What `user` keeps on the device: a comment draft and a chat draft (features/forum/hooks/use-draft.ts,
   * features/chat/lib/outbox.ts, each tested for its keys), an unsent chat message and a comment kept offline.
   */
  async function keepThings(user: { id: number }) {
    memberStorage.set('draft:comment:4', `comment by ${user.id}`, user.id);
    memberStorage.set('chat-draft:9', `chat by ${user.id}`, user.id);
    memberStorage.set('chat-outbox', `[{"clientMessageId":"m${user.id}"}]`, user.id);
    const write: OfflineWrite = {
      clientId: `w${user.id}xxxxxx`,
      kind: 'comment',
      userId: user.id,
      createdAt: new Date().toISOString(),
      url: '/api/forum/posts/4/comments',
      body: { clientId: `w${user.id}xxxxxx`, content: 'offline' },
      postId: 4,
    };
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await offlineWrites.submit(write);
    Reflect.deleteProperty(navigator, 'onLine');
  }
  /** What is kept for `user` on the device. */
  const thingsOf = (user: { id: number }) => ({
    comment: memberStorage.get('draft:comment:4', user.id),
    chat: memberStorage.get('chat-draft:9', user.id),
    outbox: memberStorage.get('chat-outbox', user.id) !== null,
    offline: offlineWrites.getSnapshot().filter((w) => w.userId === user.id).length,
  });
  const nothing = { comment: null, chat: null, outbox: false, offline: 0 };

  /** The server's page for `user` (null: a guest), as the browser hydrates it. */
  function pageFor(user: typeof alice | null) {
    const server = createQueryClient();
    server.setQueryData(USER_QUERY_KEY, user);
    const client = createQueryClient();
    hydrate(client, dehydrate(server));
    return client;
  }

  afterEach(async () => {
    for (const w of offlineWrites.getSnapshot()) await offlineWrites.discard(w.clientId);
  });

  it('a member on the page is the device’s; a sign-out the app hears (server-ended, account deleted) forgets all they kept', async () => {
    const client = pageFor(alice);
    const stop = followDeviceMember(client);
    expect(deviceMember()).toBe(alice.id);
    await keepThings(alice);
    expect(thingsOf(alice)).toEqual({ comment: 'comment by 31', chat: 'chat by 31', outbox: true, offline: 1 });

    client.setQueryData(USER_QUERY_KEY, null); // showSignedOut, the account deleted
    await waitFor(() => expect(deviceMember()).toBeNull());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('kerbside:member:'))).toEqual([]);
    expect(thingsOf(alice)).toEqual(nothing);
    stop();
  });

  it('drafts are per member: the next member signed in sees none of the last one’s, which are forgotten', async () => {
    const client = pageFor(alice);
    const stop = followDeviceMember(client);
    await keepThings(alice);

    client.setQueryData(USER_QUERY_KEY, bob); // signed in as Bob, Alice's session long gone
    expect(deviceMember()).toBe(bob.id);
    expect(thingsOf(bob)).toEqual(nothing);
    await keepThings(bob);
    await waitFor(() => expect(offlineWrites.getSnapshot().map((w) => w.userId)).toEqual([bob.id]));
    expect(thingsOf(alice)).toEqual(nothing);
    expect(thingsOf(bob)).toEqual({ comment: 'comment by 32', chat: 'chat by 32', outbox: true, offline: 1 });
    stop();
  });

  it('another member seen on the device empties the posts and photos the worker kept from the last one’s reading (issue 28)', async () => {
    // The worker's caches as Alice left them; Bob's sign-in did not pass through the worker.
    const names = new Set([`${PAGE_CACHE_PREFIX.offlinePages}b1`, `${PAGE_CACHE_PREFIX.postPages}b1`, API_CACHE.postReads, API_CACHE.postComments, PHOTOS_CACHE]);
    vi.stubGlobal('caches', { keys: async () => [...names], delete: async (n: string) => names.delete(n) });
    const client = pageFor(alice);
    const stop = followDeviceMember(client);
    expect(names.size).toBe(5);

    client.setQueryData(USER_QUERY_KEY, bob);
    // The guide and the legal pages (nobody's) stay.
    await waitFor(() => expect([...names]).toEqual([`${PAGE_CACHE_PREFIX.offlinePages}b1`]));
    stop();
  });

  it('a guest page alone forgets nothing (offline, the worker serves a guest copy): only the server’s 401 does', async () => {
    followDeviceMember(pageFor(alice))();
    await keepThings(alice);

    // No signal: the guest copy of the page, and the server cannot be asked.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = pageFor(null);
    const stopOffline = followDeviceMember(offline);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth/user', expect.anything()));
    await new Promise((r) => setTimeout(r, 20));
    expect(deviceMember()).toBe(alice.id);
    expect(thingsOf(alice)).toEqual({ comment: 'comment by 31', chat: 'chat by 31', outbox: true, offline: 1 });
    stopOffline();

    // Back online, the session over (signed out elsewhere, expired): the server says 401.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Not logged in' }), { status: 401 })));
    const stop = followDeviceMember(pageFor(null));
    await waitFor(() => expect(deviceMember()).toBeNull());
    expect(thingsOf(alice)).toEqual(nothing);
    stop();
  });

  it('drafts and the outbox kept before they were per member are dropped, not handed to whoever signs in', () => {
    localStorage.setItem('kerbside:draft:new-post', JSON.stringify({ title: 'old', categoryId: '', content: '' }));
    localStorage.setItem('chat:draft:9', 'old chat');
    localStorage.setItem('chat:outbox', JSON.stringify([{ conversationId: '9', clientMessageId: 'x', content: 'old', createdAt: '', senderId: 31 }]));
    localStorage.setItem('welcomeBannerDismissed', '1');
    followDeviceMember(pageFor(alice))();
    expect(Object.keys(localStorage).sort()).toEqual(['deviceMember', 'welcomeBannerDismissed']);
  });
});

