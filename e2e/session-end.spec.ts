import { expect, test } from './fixtures.ts';
import { secondBrowser, signIn, socketAuthenticated, toastTitled } from './support/ui.ts';

// Security review findings 6 and 7: "Sign out everywhere" on the profile ends the member's other
// sessions, and a tab whose session ended shows the signed-out state at once (its socket is closed
// with 4401), not at its next click.

test('sign out everywhere on one browser: the other browser of the same member shows the signed-out state at once', async ({
  page,
  browser,
  baseURL,
  accounts,
}) => {
  const account = await accounts.createVerified();

  // The phone: signed in, on the forum, its socket open.
  const phone = await secondBrowser(browser, baseURL, { consent: true });
  const phoneSocket = socketAuthenticated(phone.page);
  await signIn(phone.page, account);
  await phoneSocket;
  await phone.page.goto('/forum');
  await expect(phone.page.locator('a[href="/api/logout"]').filter({ visible: true }).first()).toBeVisible();

  // The laptop: signs in and signs out everywhere else from the profile.
  await signIn(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(toastTitled(page, 'Signed out everywhere else')).toBeVisible();

  // The phone hears it without doing anything: signed-out toast with Sign In, header for guests.
  await expect(toastTitled(phone.page, 'You have been signed out')).toBeVisible();
  const header = phone.page.getByRole('banner').first();
  await expect(header.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(phone.page.locator('a[href="/api/logout"]').filter({ visible: true })).toHaveCount(0);
  expect((await phone.page.request.get('/api/auth/user')).status()).toBe(401);
  await phone.page.getByRole('region', { name: /notifications/i }).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(phone.page.getByRole('dialog').getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();

  // The laptop is still signed in, after a reload too.
  await page.reload();
  await expect(page).toHaveURL(`${baseURL}/profile`);
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await phone.context.close();
});
