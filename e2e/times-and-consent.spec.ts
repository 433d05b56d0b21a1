import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';

// Issue 18 on a phone: times read as people say them, with the exact time on hover (title) or a long
// press (ADR 0008); and the cookie banner's three buttons show their whole labels at 390 px.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

// A clean browser: no stored cookie choice, so the banner comes (the other specs start with one stored).
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => use({ cookies: [], origins: [] }),
});
test.use(PHONE);

/** Each button's label against its box: wider or taller content than the box is clipped or spills. */
async function clippedButtons(page: Page) {
  return page.getByRole('region', { name: 'Cookie consent' }).evaluate((banner) =>
    [...banner.querySelectorAll('button')]
      .map((b) => ({ text: b.textContent, scrollWidth: b.scrollWidth, clientWidth: b.clientWidth, scrollHeight: b.scrollHeight, clientHeight: b.clientHeight }))
      .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight),
  );
}

for (const width of [390, 320]) {
  test.describe(`${width} px wide`, () => {
    // A phone's own width from its start (resizing a mobile page later leaves its hit-testing behind).
    test.use({ viewport: { width, height: 844 } });
    test(`at ${width} px the cookie banner's three buttons show their whole labels, the same size`, async ({ page }) => {
      await page.goto('/forum');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible({ timeout: 10_000 });
      const buttons = banner.getByRole('button');
      await expect(buttons).toHaveText(['Customize', 'Essential Only', 'Accept All']);
      expect(await clippedButtons(page)).toEqual([]);
      const boxes = await Promise.all((await buttons.all()).map((b) => b.boundingBox()));
      for (const box of boxes) {
        expect(box, 'on screen').not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        expect(box!.width).toBeCloseTo(boxes[0]!.width, 0);
        expect(box!.height).toBeCloseTo(boxes[0]!.height, 0);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
    });
    test(`at ${width} px a guest's page is no wider than the phone (the header's buttons fit)`, async ({ page }) => {
      await page.goto('/forum');
      await expect(page.getByRole('button', { name: 'Join Free' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test('a fresh post reads "just now", with its exact London time in the title and on a long press', async ({ page, accounts }) => {
  const author = await accounts.createVerified();
  const login = await page.request.post('/api/auth/login', { data: { email: author.email, password: author.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const [category] = (await (await page.request.get('/api/forum/categories')).json()) as Array<{ id: number }>;
  const created = await page.request.post('/api/forum/posts', {
    data: { title: `Which van racking lasts? ${Date.now().toString(36)}`, content: 'Mine rattles loose every few weeks.', categoryId: category!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { slug: string; createdAt: string };
  const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(post.createdAt));

  // Rendered by the server and hydrated by the app: the same words either way.
  await page.goto(`/forum/posts/${post.slug}`);
  const time = page.getByRole('main').locator(`time[datetime="${new Date(post.createdAt).toISOString()}"]`).first();
  await expect(time).toHaveText('just now');
  await expect(time).toHaveAttribute('title', exact);

  // A touch screen has no hover: a long press shows the exact time, another the age again.
  await time.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  await expect(time).toHaveText(exact);
  await time.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
  await time.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
  await expect(time).toHaveText('just now');
  await time.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
});
