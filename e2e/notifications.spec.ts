import type { Page, WebSocket } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { signInWith, toastTitled } from './support/ui.ts';

// Notifications end to end (issue 4, spec §2/§4): a comment on a member's post rings their bell live
// through the socket, opening the panel marks it read, and the notification leads to the comment.

const isAppSocket = (ws: WebSocket) => new URL(ws.url()).pathname === '/ws';
const frameText = (payload: string | Buffer) => (typeof payload === 'string' ? payload : payload.toString('utf8'));

/** Signs in on the landing page and waits for the member's socket to be authenticated. */
async function signInWithSocket(page: Page, account: Account): Promise<WebSocket> {
  // Listening from the socket's first moment: its frames are not replayed to a later listener.
  const authenticated = new Promise<WebSocket>((resolve) => {
    page.on('websocket', (ws) => {
      if (!isAppSocket(ws)) return;
      ws.on('framereceived', (f) => {
        const text = frameText(f.payload);
        if (text.includes('"type":"authenticated"') && text.includes('"success":true')) resolve(ws);
      });
    });
  });
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  const ws = await authenticated;
  // The welcome banner goes on the first tap anywhere, moving the page under that tap: out of the way first.
  await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
  return ws;
}

test('a comment on my post shows live on the bell; the panel marks it read and leads to the comment', async ({ page, playwright, baseURL, accounts }) => {
  const [author, commenter] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
  const ws = await signInWithSocket(page, author);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The author's post, through the API with the page's own session.
  const categories = (await (await page.request.get('/api/forum/categories')).json()) as { id: number }[];
  const title = `Loading bay at the Dartford depot ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/forum/posts', {
    data: { title, content: 'Anyone know if the loading bay opens before 6 now?', categoryId: categories[0].id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { id: number; slug: string };

  // The other member comments from their own session.
  const other = await playwright.request.newContext({ baseURL });
  try {
    const login = await other.post('/api/auth/login', { data: { email: commenter.email, password: commenter.password } });
    expect(login.ok(), await login.text()).toBe(true);
    const pushed = ws.waitForEvent('framereceived', { predicate: (f) => frameText(f.payload).includes('"notification:new"') });
    const res = await other.post(`/api/forum/posts/${post.id}/comments`, { data: { content: 'It opens at 5:30 since March.' } });
    expect(res.status(), await res.text()).toBe(201);
    const comment = (await res.json()) as { id: number };

    // Live, through the socket: no reload.
    await pushed;
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell.getByText('1', { exact: true })).toBeVisible();

    // Opening the panel marks it read: the badge goes, here and on the server.
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: /New comment on your post/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText(`${commenter.username} commented on "${title}"`);
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(bell.getByText('1', { exact: true })).toHaveCount(0);
    await expect.poll(async () => ((await (await page.request.get('/api/forum/notifications/unread-count')).json()) as { count: number }).count).toBe(0);

    // The notification leads to the comment, scrolled to and focused.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/forum/posts/${post.slug}#comment-${comment.id}$`));
    await expect(panel).toBeHidden();
    const target = page.locator(`#comment-${comment.id}`);
    await expect(target).toContainText('It opens at 5:30 since March.');
    await expect(target).toBeInViewport();
    await expect(target).toBeFocused();
  } finally {
    await other.dispose();
  }

  // Signing out closes the socket on purpose: no retry follows. The logout request is held back
  // (204: the page stays) so the socket's close is watched on a living page, not lost in an unload.
  await page.route('**/api/logout', (route) => route.fulfill({ status: 204 }));
  const retries: WebSocket[] = [];
  page.on('websocket', (w) => retries.push(w));
  const closed = ws.waitForEvent('close');
  await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
  await closed;
  await page.waitForTimeout(1500); // a retry would have started after 1 s
  expect(retries).toEqual([]);
  await page.unroute('**/api/logout');
  await page.goto('/api/logout');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(bell).toHaveCount(0);
});

test('guests load no notifications code, call no notifications API and open no socket', async ({ page }) => {
  const sockets: string[] = [];
  const calls: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/forum/notifications') || /notification|socket-client/.test(url.pathname)) calls.push(url.pathname);
  });
  for (const path of ['/', '/forum']) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Whatever the page fetches once idle (menus, dialogs) has been asked for by then.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 })));
  }
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  expect(calls).toEqual([]);
  expect(sockets).toEqual([]);
});
