import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fitsWidth, secondBrowser, signIn, toastTitled } from './support/ui.ts';

// The courier profile (issue 32 item 1), on a 390 px phone and on desktop: a member fills it in their
// settings, each field with who sees it; a guest sees beside their post only what they show everyone,
// a verified member sees on their profile what they show members, and the directory's filters find
// them by what they show members, never by what they keep to themselves.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;


async function openCourierProfile(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Courier profile' }).click();
  await expect(page.getByRole('group', { name: 'Networks you work for' })).toBeVisible();
}

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`the courier profile on ${name}`, () => {
    test.use(use);

    test('each field is seen by whom its member chose: beside posts, on the profile, in the directory filters', async ({ page, browser, playwright, baseURL, accounts }) => {
      const [courier, reader] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);

      // The member fills it in: Evri for everyone, LS for members, their van for nobody.
      await signIn(page, courier);
      await openCourierProfile(page);
      await page.getByRole('checkbox', { name: 'Evri' }).check();
      await page.getByLabel('Who sees this: Networks you work for').selectOption({ label: 'Everyone' });
      await page.getByLabel('Home postcode area', { exact: true }).selectOption('LS');
      await page.getByLabel('Who sees this: Home postcode area').selectOption({ label: 'Members only' });
      await page.getByLabel('Vehicle', { exact: true }).selectOption({ label: 'Van (petrol or diesel)' });
      await page.getByLabel('Who sees this: Vehicle').selectOption({ label: 'Only me' });
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Save courier profile' }).click();
      await expect(toastTitled(page, 'Courier profile saved')).toBeVisible();
      // Kept: it loads as saved.
      await openCourierProfile(page);
      await expect(page.getByRole('checkbox', { name: 'Evri' })).toBeChecked();
      await expect(page.getByLabel('Home postcode area', { exact: true })).toHaveValue('LS');
      await expect(page.getByLabel('Who sees this: Vehicle')).toHaveValue('nobody');

      // They post.
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
      expect((await api.post('/api/auth/login', { data: { email: courier.email, password: courier.password } })).ok()).toBe(true);
      const [category] = (await (await api.get('/api/forum/categories')).json()) as Array<{ id: number }>;
      const title = `Evri round in Leeds, worth it? ${name} ${Date.now()}`;
      const created = await api.post('/api/forum/posts', { data: { title, content: 'Thinking of taking on a second round.', categoryId: category!.id } });
      expect(created.ok(), await created.text()).toBe(true);
      const post = (await created.json()) as { slug: string };
      await api.dispose();

      // A guest sees Evri beside their name, and nothing else of the profile.
      const guest = await secondBrowser(browser, baseURL, { consent: true, device: use });
      await guest.page.goto(`/forum/posts/${post.slug}`);
      await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const line = guest.page.locator('p', { has: guest.page.getByText('Courier profile:', { exact: true }) });
      await expect(line).toHaveText('Courier profile: Evri');
      await expect(guest.page.getByText('LS', { exact: true })).toHaveCount(0);
      await guest.context.close();

      // Another verified member sees Evri and LS on their profile, not the van.
      const other = await secondBrowser(browser, baseURL, { consent: true, device: use });
      await signIn(other.page, reader);
      await other.page.goto(`/profile/${courier.username}`);
      const facts = other.page.locator('dl').filter({ hasText: 'Networks' });
      await expect(facts).toContainText('Evri');
      await expect(facts).toContainText('Postcode area');
      await expect(facts).toContainText('LS');
      await expect(facts).not.toContainText('Vehicle');
      await expect(other.page.getByText('Van (petrol or diesel)')).toHaveCount(0);

      // The directory finds them by their area, never by the vehicle they keep to themselves.
      const card = other.page.getByRole('article', { name: `@${courier.username}` });
      await other.page.goto('/directory/users');
      await other.page.getByLabel('Area').selectOption('LS');
      await expect(other.page).toHaveURL(/\/directory\/users\?area=LS$/);
      await expect(card).toBeVisible();
      await expect(card).toContainText('Evri · LS');
      expect(await fitsWidth(other.page)).toBe(true);

      await other.page.getByLabel('Area').selectOption({ label: 'Any area' });
      await other.page.getByLabel('Vehicle').selectOption({ label: 'Van (petrol or diesel)' });
      await expect(other.page).toHaveURL(/\/directory\/users\?vehicle=van$/);
      // Settled on the filtered list (its count of matches shows), and they are not in it.
      await expect(other.page.getByRole('status').filter({ hasText: 'verified members' })).toContainText(/\d+\+? match/);
      await expect(card).toHaveCount(0);
      await other.context.close();
    });
  });
}

test.describe('the courier profile with large text', () => {
  test.use(PHONE);

  test('the form and the directory filters fit a 390 px phone at 200 % text', async ({ page, accounts }) => {
    const member = await accounts.createVerified();
    await signIn(page, member);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await openCourierProfile(page);
    await page.getByRole('checkbox', { name: 'Royal Mail' }).check();
    expect(await fitsWidth(page)).toBe(true);
    // A tap target for every network: the whole row, at least 44 px high.
    const box = await page.getByRole('group', { name: 'Networks you work for' }).locator('label').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.goto('/directory/users?area=LS');
    await expect(page.getByLabel('Area')).toHaveValue('LS');
    expect(await fitsWidth(page)).toBe(true);
  });
});
