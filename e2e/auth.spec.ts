import { expect, test } from './fixtures.ts';
import { registerWith, signInWith, toastTitled } from './support/ui.ts';

// Issue 2, the foundation: an account from sign-up to sign-out, with the spec's texts (§4, §8).

test('register, read the code from the email, verify and land on onboarding', async ({ page, accounts, mailbox }) => {
  const account = accounts.details();
  await registerWith(page, account);
  const main = page.getByRole('main');

  const code = main.getByLabel('Verification code');
  await expect(code).toBeVisible();
  const mail = await mailbox.waitForMail(account.email);
  expect(mail.subject).toMatch(/verification code/i);
  expect(mail.code).toMatch(/^\d{6}$/);

  const verify = main.getByRole('button', { name: 'Verify email' });
  await code.fill(mail.code!.slice(0, 5));
  await expect(verify).toBeDisabled(); // spec §5: submit only at 6 digits
  await code.fill(mail.code!);
  await verify.click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('sign out through the header link, then sign in again', async ({ page, accounts, baseURL }) => {
  const account = await accounts.createVerified();
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);

  // The header's sign-out is a plain link to GET /api/logout, which ends the session and redirects to '/'.
  const logout = page.locator('a[href="/api/logout"]').filter({ visible: true }).first();
  await logout.click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.locator('a[href="/api/logout"]').filter({ visible: true }).first()).toBeVisible();
});

test('a wrong password says so and signs nobody in', async ({ page, accounts }) => {
  const account = await accounts.createVerified();
  await page.goto('/');
  await signInWith(page, { email: account.email, password: `${account.password}x` });
  await expect(toastTitled(page, 'Login failed')).toBeVisible();
  await expect(page.getByRole('region', { name: /notifications/i }).getByText('Invalid email or password')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('signing in before verifying opens the code entry', async ({ page, accounts }) => {
  const account = await accounts.createUnverified();
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Email verification required')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify email' })).toBeDisabled();
});
