import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 28 item 7 on a phone: a member edits their post; "(edited)" under its title opens the edit
// history, newest first, the changed words marked (removed struck through, added underlined); a guest
// opens the same history.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, account: Account) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

test.describe('edit history on a 390×844 phone', () => {
  test.use(PHONE);

  test('editing a post, then "(edited)" shows the change, for the author and for a guest', async ({ page, browser, playwright, baseURL, accounts }) => {
    const author = await accounts.createVerified();
    const api = await apiAs(playwright, baseURL, author);
    const categories = (await (await api.get('/api/forum/categories')).json()) as { id: number }[];
    const created = await api.post('/api/forum/posts', {
      data: { title: `Van insurance quotes ${Date.now().toString(36)}`, content: 'The cheapest quote I found was 900 a year for a Transit.', categoryId: categories[0].id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: number; slug: string };
    await api.dispose();

    await signIn(page, author);
    await page.goto(`/forum/posts/${post.slug}`);
    await expect(page.getByRole('button', { name: /see the edit history$/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).tap();
    const body = page.getByRole('textbox', { name: 'Your post' });
    await body.fill('The cheapest quote I found was 850 a year for a Transit.');
    await page.getByRole('button', { name: 'Save Changes' }).tap();
    await expect(page.getByText('Post updated', { exact: true }).first()).toBeVisible();

    const check = async () => {
      await page.getByRole('button', { name: /see the edit history$/ }).tap();
      const dialog = page.getByRole('dialog', { name: 'Edit history' });
      const versions = dialog.getByRole('listitem');
      await expect(versions).toHaveCount(2);
      await expect(versions.nth(0)).toContainText('Version 2 · Current version');
      await expect(versions.nth(0).locator('del')).toHaveText('Removed: 900');
      await expect(versions.nth(0).locator('ins')).toHaveText('Added: 850');
      await expect(versions.nth(1)).toContainText('Version 1 · Original');
      await expect(versions.nth(1)).toContainText('The cheapest quote I found was 900 a year for a Transit.');
      // The dialog fits the phone.
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
      await dialog.getByRole('button', { name: 'Close' }).tap();
      await expect(dialog).toBeHidden();
    };
    await check();

    // A guest on another phone reads the same history.
    const guest = await browser.newContext({ ...PHONE, baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
    const guestPage = await guest.newPage();
    try {
      await guestPage.goto(`/forum/posts/${post.slug}`);
      await guestPage.getByRole('button', { name: /see the edit history$/ }).tap();
      const dialog = guestPage.getByRole('dialog', { name: 'Edit history' });
      await expect(dialog.getByRole('listitem').nth(0).locator('ins')).toHaveText('Added: 850');
    } finally {
      await guest.close();
    }
  });
});
