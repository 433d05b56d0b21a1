import { expect, test } from './fixtures.ts';

test('a member page sends a guest to the landing page', async ({ page, baseURL }) => {
  await page.goto('/directory/users');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: 'Join Free' }).first()).toBeVisible();
});

test('an unknown path shows Page Not Found with HTTP 404, noindex', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  // The server's HTML already says noindex (crawlers that run no JavaScript), and nothing says index.
  expect(await response?.text()).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  await expect(page.locator('meta[name="robots"]:not([content*="noindex"])')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
});

test('the 404 query flag shows the not-found page too', async ({ page }) => {
  const response = await page.goto('/forum?404=/old-thread');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
