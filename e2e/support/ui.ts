import type { Page } from '@playwright/test';
import type { Account } from '../fixtures.ts';

/** A toast with this title, read from the toast region (F8) so Radix's screen-reader copy is not matched too. */
export const toastTitled = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true });

/** Signs in with the form in the page's content (the landing page's sign-in card), not the header's dialog. */
export async function signInWith(page: Page, account: Pick<Account, 'email' | 'password'>) {
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills and sends the /register page's form; the page then shows the code entry. */
export async function registerWith(page: Page, account: Pick<Account, 'firstName' | 'lastName' | 'username' | 'email' | 'password'>) {
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(account.firstName);
  await main.getByLabel('Last name').fill(account.lastName);
  await main.getByLabel('Username').fill(account.username);
  await main.getByLabel('Email', { exact: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByLabel('Confirm password').fill(account.password);
  await main.getByRole('button', { name: 'Join Free' }).click();
}
