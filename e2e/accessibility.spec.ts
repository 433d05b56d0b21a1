import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { users } from '../server/db/schema/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { chooseTheme, expectTheme } from './support/theme.ts';

// Many pages per test, each waiting for the consent banner, each in three themes.
test.describe.configure({ timeout: 360_000 });

// WCAG 2.2 AA (issue 8): axe-core over every kind of page, in Chromium, with no serious or critical
// violation. The fixtures' browsers have made their cookie choice; the consent banner and the
// preferences dialog get their own scan from a clean browser. Every page is scanned in light, in
// dark by the device's setting, and in dark chosen in the footer on a light device (issue 30, item 1).

async function scan(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`),
    `${name} has no serious or critical accessibility violation`,
  ).toEqual([]);
}

/** The three ways a page can look: light, dark by the device's setting, dark chosen on a light device. */
const THEMES: Array<[string, (page: Page) => Promise<void>]> = [
  [
    'light',
    async (page) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await chooseTheme(page, 'System');
      await expectTheme(page, 'light');
    },
  ],
  [
    "dark: the device's setting",
    async (page) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await chooseTheme(page, 'System');
      await expectTheme(page, 'dark');
    },
  ],
  [
    'dark: chosen in the footer',
    async (page) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await chooseTheme(page, 'Dark');
      await expectTheme(page, 'dark');
    },
  ],
];

async function expectNoSeriousViolations(page: Page, name: string, ready?: Locator) {
  // The page's chunk has rendered its heading (polls and the socket keep the network busy, so no
  // 'networkidle'), or what the caller waits for; then its queries settle.
  await expect(ready ?? page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForTimeout(1000);
  for (const [theme, wear] of THEMES) {
    await wear(page);
    await scan(page, `${name} (${theme})`);
  }
}

async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  const res = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Scans each page as a guest; the pages are split over tests so each stays inside its time. */
async function scanGuestPages(page: Page, pages: ReadonlyArray<readonly [string, string]>) {
  for (const [name, url] of pages) {
    await page.goto(url);
    await expectNoSeriousViolations(page, name);
  }
}

test('guest pages: landing, forum list and a post', async ({ page, accounts }) => {
  // A post to look at, written by a member through the API.
  const author = await accounts.createVerified();
  await signIn(page, author);
  const categories = (await (await page.request.get('/api/forum/categories')).json()) as Array<{ id: number }>;
  const created = await page.request.post('/api/forum/posts', {
    data: { title: 'Best route planner for multi-drop vans?', content: 'Which apps do you use to plan **100+ drops** a day?', categoryId: categories[0]!.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { slug } = (await created.json()) as { slug: string };
  await page.request.post('/api/logout');
  await page.context().clearCookies();

  await scanGuestPages(page, [
    ['landing', '/'],
    ['forum list', '/forum'],
    ['post', `/forum/posts/${slug}`],
  ]);
});

test('guest pages: guide, pay estimator, support and register', async ({ page }) => {
  await scanGuestPages(page, [
    ['courier guide', '/courier-guide-uk'],
    ['pay estimator', '/pay-estimator'],
    ['support', '/support'],
    ['register (its hidden honeypot field among the fields)', '/register'],
  ]);
});

test('guest pages: legal pages and the 404', async ({ page }) => {
  await scanGuestPages(page, [
    ['terms', '/terms'],
    ['privacy', '/privacy'],
    ['community guidelines', '/community-guidelines'],
    ['404', '/no-such-page'],
  ]);
});

test('member pages: editor, directory, inbox, profile', async ({ page, accounts }) => {
  const account = await accounts.createVerified();
  await signIn(page, account);
  for (const [name, url] of [
    ['post editor', '/forum/new'],
    ['directory', '/directory/users'],
    ['inbox', '/inbox'],
    ['profile', '/profile'],
  ] as const) {
    await page.goto(url);
    await expectNoSeriousViolations(page, name);
  }
});

// The admin pages over two tests, so each stays inside its time with three scans a page.
for (const urls of [
  ['/admin', '/admin/members', '/admin/moderation', '/admin/categories'],
  ['/admin/support', '/admin/emails', '/admin/bulletins', '/admin/ads', '/admin/analytics'],
]) {
  test(`admin pages: ${urls.join(', ')}`, async ({ page, accounts, db }) => {
    const account = await accounts.createVerified();
    await db.update(users).set({ isAdmin: true }).where(eq(users.email, account.email));
    await signIn(page, account);
    for (const url of urls) {
      await page.goto(url);
      await expectNoSeriousViolations(page, url);
    }
  });
}

test.describe('before any cookie choice', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the consent banner and the Cookie Preferences dialog', async ({ page }) => {
    await page.goto('/forum');
    await expect(page.getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expectNoSeriousViolations(page, 'consent banner');
    // The theme is chosen in the footer with the dialog closed (it is modal), then the dialog opened.
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    for (const [theme, wear] of THEMES) {
      await wear(page);
      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(300);
      await scan(page, `cookie preferences dialog (${theme})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});

test('the keyboard reaches every control of the forum list with a visible focus, and Enter follows a link', async ({ page }) => {
  await page.goto('/forum');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return {
        name: `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`,
        visibleFocus: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none',
        onScreen: rect.width > 0 && rect.height > 0,
      };
    });
    if (!focused) continue;
    expect(focused.visibleFocus, `${focused.name} shows where the focus is`).toBe(true);
    expect(focused.onScreen, `${focused.name} is on screen when focused`).toBe(true);
    seen.add(focused.name);
  }
  // The skip link, the header's links, the search box and the footer are all on the way.
  expect([...seen].some((n) => n.includes('Skip to content'))).toBe(true);
  expect([...seen].some((n) => n.startsWith('input:'))).toBe(true);
  expect(seen.size).toBeGreaterThan(10);

  await page.goto('/forum');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
