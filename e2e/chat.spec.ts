import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn, socketAuthenticated, toastTitled } from './support/ui.ts';

// Chat end to end (issue 5, spec §2/§4): A messages B from B's profile on a phone (to /inbox/{id});
// B, on a large screen elsewhere, gets the toast and the badge, opens the conversation and reads
// it; A's tick turns to read, live.

/** Spec §3 Cookie preferences, as the banner's Save Preferences stores them. */
async function storeConsent(page: Page, functional: boolean) {
  await page.evaluate((f) => {
    localStorage.setItem('cookie_consent', 'true');
    localStorage.setItem('cookie_preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: f }));
  }, functional);
}

test('A messages B: B sees the toast and the message, A sees the ticks turn read', async ({ page, browser, baseURL, accounts }) => {
  const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  try {
    const pageA = await phone.newPage();
    await signIn(page, b);
    await signIn(pageA, a);

    // B waits on the forum with the socket authenticated; no cookie choice made, so no floating window.
    const bListening = socketAuthenticated(page);
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

test('with Functional cookies on, on a large screen: a message opens a floating window, restored after a reload; closed stays closed', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  try {
    const pageA = await phone.newPage();
    await signIn(page, b);
    await storeConsent(page, true);
    await signIn(pageA, a);

    const bListening = socketAuthenticated(page);
    await page.goto('/forum');
    await bListening;

    await pageA.goto(`/profile/${b.username}`);
    await pageA.getByRole('main').getByRole('button', { name: `Message @${b.username}` }).click();
    await expect(pageA).toHaveURL(/\/inbox\/\d+$/);
    await pageA.getByRole('textbox', { name: 'Message' }).fill('Van keys are at the front desk');
    await pageA.getByRole('button', { name: 'Send' }).click();
    const mine = pageA.locator('li[data-message-id]').filter({ hasText: 'Van keys are at the front desk' });
    await expect(mine).toHaveCount(1);

    // B's floating window opens by itself with the message; shown there, it is read.
    const win = page.getByRole('region', { name: `Chat with ${a.username}` });
    await expect(win.locator('li[data-message-id]').filter({ hasText: 'Van keys are at the front desk' })).toBeVisible({ timeout: 15_000 });
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible({ timeout: 15_000 });

    // Minimized, then reloaded: it comes back minimized (the state is the server's).
    const stateSaved = (state: string) =>
      page.waitForResponse((r) => r.url().includes('/api/chat/conversation/') && r.request().method() === 'PUT' && r.request().postData()?.includes(state) === true);
    await Promise.all([stateSaved('minimized'), win.getByRole('button', { name: 'Minimize chat' }).click()]);
    await page.reload();
    await expect(win.getByRole('button', { name: 'Restore chat' })).toBeVisible({ timeout: 15_000 });

    // Closed, then reloaded: it stays closed.
    await Promise.all([stateSaved('closed'), win.getByRole('button', { name: 'Close chat' }).click()]);
    await expect(win).toHaveCount(0);
    const restoreAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/inbox/conversations');
    await page.reload();
    await restoreAsked;
    await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(win).toHaveCount(0);

    // Functional cookies off: the floating chat stays off, the inbox still works.
    await storeConsent(page, false);
    await pageA.getByRole('textbox', { name: 'Message' }).fill('Gate code is 4471');
    const bBack = socketAuthenticated(page);
    await page.reload();
    await bBack;
    await pageA.getByRole('button', { name: 'Send' }).click();
    await expect(toastTitled(page, `New message from ${a.username}`)).toBeVisible({ timeout: 15_000 });
    await expect(win).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole('list', { name: 'Conversations' }).getByText('Gate code is 4471')).toBeVisible();
  } finally {
    await phone.close();
  }
});
