import { expect, type Browser, type Page } from '@playwright/test';
import { SIGN_UP_MIN_FILL_MS } from '../../common/rules/auth.ts';
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

/**
 * Fills and sends the /register page's form; the page then shows the code entry. Sent no sooner than a
 * person could (the sign-up bot defence refuses a form sent within SIGN_UP_MIN_FILL_MS of opening).
 */
export async function registerWith(page: Page, account: Pick<Account, 'firstName' | 'lastName' | 'username' | 'email' | 'password'>) {
  await page.goto('/register');
  const opened = Date.now(); // the page's timing token was issued when the server rendered it, before this
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(account.firstName);
  await main.getByLabel('Last name').fill(account.lastName);
  await main.getByLabel('Username').fill(account.username);
  await main.getByLabel('Email', { exact: true }).fill(account.email);
  await main.getByLabel('Password', { exact: true }).fill(account.password);
  await main.getByLabel('Confirm password').fill(account.password);
  await page.waitForTimeout(Math.max(0, opened + SIGN_UP_MIN_FILL_MS + 500 - Date.now()));
  await main.getByRole('button', { name: 'Join Free' }).click();
}

/**
 * Signs in from the landing page's form, waits for the 'Login successful' toast and dismisses the
 * welcome banner (it goes on the first tap anywhere, moving the page under that tap: out of the way first).
 */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/');
  await signInWith(page, account);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
}

/**
 * A second person on another device: their own cookies, same site, en-GB in London. Unlike the
 * fixtures' default context it has no stored cookie choice, so the consent banner shows; with
 * `consent: true` it starts with "necessary only" chosen (unless the page stores another choice).
 * `device`: the same kind of device as the test's own (its viewport, touch and scale options).
 */
export async function secondBrowser(browser: Browser, baseURL: string | undefined, options: { consent?: boolean; device?: object } = {}) {
  const context = await browser.newContext({ ...options.device, baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
  if (options.consent) {
    await context.addInitScript(() => {
      if (!localStorage.getItem('cookie_consent')) {
        localStorage.setItem('cookie_consent', 'true');
        localStorage.setItem('cookie_preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
      }
    });
  }
  return { context, page: await context.newPage() };
}

/** Resolves once the page's socket is authenticated (listening from the socket's first frame). */
export function socketAuthenticated(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => {
        const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
        if (text.includes('"type":"authenticated"') && text.includes('"success":true')) resolve();
      });
    });
  });
}

/** Nothing on the page scrolls sideways. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
