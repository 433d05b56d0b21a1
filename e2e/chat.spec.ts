import type { Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { signInWith, toastTitled } from './support/ui.ts';

// Chat end to end (issue 5, spec §2/§4): A messages B from B's profile on a phone (to /inbox/{id});
// B, on a large screen elsewhere, gets the toast and the badge, opens the conversation and reads
// it; A's tick turns to read, live.

async function signIn(page: Page, account: Account) {
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
}

test('A messages B: B sees the toast and the message, A sees the ticks turn read', async ({ page, browser, baseURL, accounts }) => {
  const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  try {
    const pageA = await phone.newPage();
    await signIn(page, b);
    await signIn(pageA, a);

    // B waits on the forum with the socket authenticated (listening from the socket's first frame).
    const bListening = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        ws.on('framereceived', (f) => {
          const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
          if (text.includes('"type":"authenticated"') && text.includes('"success":true')) resolve();
        });
      });
    });
    await page.goto('/forum');
    await bListening;
    await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

    // A, on a phone: Message goes to /inbox/{id}.
    await pageA.goto(`/profile/${b.username}`);
    await pageA.getByRole('main').getByRole('button', { name: `Message @${b.username}` }).click();
    await expect(pageA).toHaveURL(/\/inbox\/\d+$/);
    const conversationPath = new URL(pageA.url()).pathname;
    const box = pageA.getByRole('textbox', { name: 'Message' });
    await box.fill('  Is the Dartford depot open yet?  ');
    await pageA.getByRole('button', { name: 'Send' }).click();
    const mine = pageA.locator('li[data-message-id]').filter({ hasText: 'Is the Dartford depot open yet?' });
    await expect(mine).toHaveCount(1);
    await expect(box).toHaveValue('');

    // B, on the forum: the toast and the header badge, live.
    await expect(toastTitled(page, `New message from ${a.username}`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
    await expect(page).toHaveTitle(/^\(1\) /);

    // Delivered to B's client, then read 1 s after B opens it.
    await expect(mine.getByRole('img', { name: 'Delivered' })).toBeVisible({ timeout: 15_000 });
    await page.goto(conversationPath);
    await expect(page.locator('li[data-message-id]').filter({ hasText: 'Is the Dartford depot open yet?' })).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(mine).toHaveCount(1);
  } finally {
    await phone.close();
  }
});
