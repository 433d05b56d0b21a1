import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAppAt } from '@/test/render';
import { testUser } from '@/test/users';
import { closeAuthDialog } from './auth-dialog';
import { queryClient } from './query-client';
import { SIGNED_OUT_TOAST } from './session-end';
import { getSocketClient } from './socket-client';

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
