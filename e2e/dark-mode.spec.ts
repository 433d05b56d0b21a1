import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { signIn } from './support/ui.ts';
import { bodyColour, chooseTheme, expectTheme, PAGE_COLOUR } from './support/theme.ts';

// Dark mode (issue 30, item 1): the device's setting by CSS alone, a Light or Dark choice kept on the
// device and worn from the first paint (the inline script in <head>, allowed by its hash), no flash,
// no layout shift. The colour contrast of every page in both themes: e2e/accessibility.spec.ts.

/**
 * What the page was at DOMContentLoaded, before the app (started after the first paint by its starter, common/boot.ts)
 * could have done anything, and every layout shift from then on.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { firstPaint?: unknown; shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts.push((e as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      w.firstPaint = {
        theme: document.documentElement.getAttribute('data-theme'),
        colour: getComputedStyle(document.body).backgroundColor,
        appStarted: document.documentElement.dataset.app !== undefined,
      };
    });
  });
  return {
    atDomContentLoaded: () => page.evaluate(() => (window as unknown as { firstPaint: { theme: string | null; colour: string; appStarted: boolean } }).firstPaint),
    shifts: () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts),
  };
}

/** Content-Security-Policy refusals the page reports (the head script would be one without its hash). */
function cspRefusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('Dark chosen in the footer applies at once and from the first paint after a reload; System follows the device; Light overrides a dark device', async ({ page }) => {
  const refusals = cspRefusals(page);
  const firstPaint = await watchFirstPaint(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/forum');
  await expectTheme(page, 'light');

  await chooseTheme(page, 'Dark');
  await expectTheme(page, 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // A reload on a light device: dark before the app has started, and nothing moves.
  await page.reload();
  expect(await firstPaint.atDomContentLoaded()).toEqual({ theme: 'dark', colour: PAGE_COLOUR.dark, appStarted: false });
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expectTheme(page, 'dark');
  expect(await firstPaint.shifts(), 'no layout shift').toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  // System: the device's setting, as it changes.
  await chooseTheme(page, 'System');
  await expectTheme(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectTheme(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light');

  // Light on a dark device stays light, after a reload too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await chooseTheme(page, 'Light');
  await expectTheme(page, 'light');
  await page.reload();
  expect(await firstPaint.atDomContentLoaded()).toEqual({ theme: 'light', colour: PAGE_COLOUR.light, appStarted: false });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
  expect(refusals).toEqual([]);
});

test('the head script alone paints the chosen theme: with the app’s code blocked, and on a dark device with no choice', async ({ page }) => {
  const refusals = cspRefusals(page);
  // The app's code never arrives (the starter marks the page data-app="failed").
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/forum');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('failed');
  expect(await bodyColour(page)).toBe(PAGE_COLOUR.dark);

  // No choice stored: System is CSS alone (no script needed at all).
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
  expect(await bodyColour(page)).toBe(PAGE_COLOUR.dark);
  expect(refusals).toEqual([]);
});

test('a member chooses the theme in their settings; the footer shows the same choice', async ({ page, accounts }) => {
  const account = await accounts.createVerified();
  await signIn(page, account);
  await page.goto('/profile');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await appearance.getByRole('radio', { name: 'Dark' }).check();
  await expectTheme(page, 'dark');
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.goto('/forum');
  await expectTheme(page, 'dark');
});

test.describe('pages outside the app follow a dark device, with AA contrast', () => {
  test.use({ colorScheme: 'dark' });

  async function expectDarkAndReadable(page: Page, name: string) {
    expect(await bodyColour(page), `${name} is dark`).toBe(PAGE_COLOUR.dark);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), name).toEqual([]);
  }

  test('the offline page, the sign-out confirmation and the unsubscribe page', async ({ page }) => {
    await page.goto('/offline.html');
    await expectDarkAndReadable(page, 'offline page');

    // Reached from another site's link: the page asks before signing out.
    const logout = await page.request.get('/api/logout', { headers: { accept: 'text/html', 'sec-fetch-site': 'cross-site' }, maxRedirects: 0 });
    expect(logout.status()).toBe(200);
    await page.setContent(await logout.text());
    await expectDarkAndReadable(page, 'sign-out confirmation');

    const unsubscribe = await page.request.get('/unsubscribe?token=not-a-token', { headers: { accept: 'text/html' } });
    expect(unsubscribe.headers()['content-type']).toContain('text/html');
    await page.setContent(await unsubscribe.text());
    await expectDarkAndReadable(page, 'unsubscribe page');
  });
});
