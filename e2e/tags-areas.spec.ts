import type { APIRequestContext } from '@playwright/test';
import { LABEL_MSG } from '../common/rules/labels.ts';
import { expect, test, type Account } from './fixtures.ts';
import { fitsWidth, signIn, toastTitled } from './support/ui.ts';

// Tags, postcode areas and local alerts as readers meet them (issue 32), on a 390 px phone and on
// desktop: a member's post tagged Evri and about LS is on the Evri tag's page, the LS area's page and
// the forum list narrowed to both; a local alert heads its area's page; a verified member follows an
// area from its page; an unknown tag is the app's 404.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;


/** A request context signed in as `who`, sending the Origin the app checks on writes. */
async function apiAs(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string, who: Account) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: who.email, password: who.password } })).ok()).toBe(true);
  return api;
}

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`tags and postcode areas on ${name}`, () => {
    test.use(use);

    test('a guest finds a tagged post on its tag page, its area page and the forum list narrowed to both', async ({ page, playwright, baseURL, accounts }) => {
      const member = await accounts.createVerified();
      const api = await apiAs(playwright, baseURL!, member);
      const [category] = (await (await api.get('/api/forum/categories')).json()) as Array<{ id: number }>;
      const stamp = `${name} ${Date.now().toString(36)}`;
      const title = `Evri round in Leeds: worth taking on? ${stamp}`;
      const created = await api.post('/api/forum/posts', {
        data: { title, content: 'Offered a second round around Headingley, about 90 drops.', categoryId: category!.id, tags: ['evri'], areas: ['LS'] },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const post = (await created.json()) as { slug: string; tags: Array<{ slug: string }>; areas: string[] };
      expect(post.tags.map((t) => t.slug)).toEqual(['evri']);
      expect(post.areas).toEqual(['LS']);
      // A local alert (the fixture's members are at trust level 1, where alerts open): one area, a place.
      const alertTitle = `Van broken into on Kirkstall Road ${stamp}`;
      const alert = await api.post('/api/forum/posts', {
        data: { title: alertTitle, content: 'Side door forced at lunchtime. Lock up even for a quick drop.', categoryId: category!.id, areas: ['LS'], alert: { kind: 'van_theft', place: 'Kirkstall', hours: 24 } },
      });
      expect(alert.ok(), await alert.text()).toBe(true);
      await api.dispose();

      // The server renders both pages with their posts (and the area's alert), as it does the forum list.
      const served = async (path: string) => {
        const res = await page.request.get(path);
        expect(res.status()).toBe(200);
        return res.text();
      };
      expect(await served('/tags/evri')).toContain(title);
      const areaHtml = await served('/areas/LS');
      expect(areaHtml).toContain(alertTitle);
      expect(areaHtml).toContain(title);

      // The tag's page: its name, then its posts.
      await page.goto('/tags/evri');
      await expect(page.getByRole('heading', { level: 1, name: 'Evri' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in to follow' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Posts tagged Evri' }).getByRole('link', { name: title })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);

      // The area's page, opened in lower case: the alert at the top, the post among its posts.
      await page.goto('/areas/ls');
      await expect(page.getByRole('heading', { level: 1, name: 'LS postcode area' })).toBeVisible();
      const alerts = page.getByRole('region', { name: 'Live alerts' });
      const alertItem = alerts.getByRole('listitem').filter({ has: page.getByRole('link', { name: alertTitle }) });
      await expect(alertItem).toBeVisible();
      await expect(alertItem).toContainText('Van theft alert');
      await expect(alertItem).toContainText('Kirkstall');
      await expect(alertItem).toContainText(/until /);
      const posts = page.getByRole('region', { name: 'Posts about LS' });
      await expect(posts.getByRole('link', { name: title })).toBeVisible();
      // The alerts come first: above the area's posts on every width.
      const [alertsBox, postsBox] = await Promise.all([alerts.boundingBox(), posts.boundingBox()]);
      expect(alertsBox!.y).toBeLessThan(postsBox!.y);
      await expect(page.getByRole('region', { name: 'Pay in Yorkshire and the Humber' })).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);

      // The alert's own page says what and until when.
      await alerts.getByRole('link', { name: alertTitle }).click();
      await expect(page.getByRole('heading', { level: 1, name: alertTitle })).toBeVisible();
      const box = page.getByRole('region', { name: 'Local alert' });
      await expect(box).toContainText('Van theft alert');
      await expect(box).toContainText('Where: Kirkstall, LS postcode area');

      // The forum list narrowed to both, kept in the address, shown as chips.
      await page.goto('/forum?tag=evri&area=LS');
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: alertTitle })).toHaveCount(0);
      const chips = page.getByRole('group', { name: 'Tag and area filters' });
      await expect(chips.getByRole('button', { name: 'Tag: Evri, remove this filter' })).toBeVisible();
      await chips.getByRole('button', { name: 'Area: LS, remove this filter' }).click();
      await expect(page).toHaveURL(/\/forum\?tag=evri$/);
      await expect(page.getByRole('link', { name: title })).toBeVisible();
      await expect(chips.getByRole('button', { name: /^Area:/ })).toHaveCount(0);
    });

    test('a verified member follows an area from its page, and still does after a reload', async ({ page, accounts }) => {
      const member = await accounts.createVerified();
      await signIn(page, member);
      await page.goto('/areas/LS');
      const follow = page.getByRole('button', { name: 'Follow LS' });
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
      await follow.click();
      await expect(toastTitled(page, LABEL_MSG.following)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Following LS' })).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Following LS' })).toHaveAttribute('aria-pressed', 'true');

      // Its tags too, from the list of them.
      await page.goto('/tags');
      await expect(page.getByRole('region', { name: 'Networks' }).getByRole('link', { name: 'Evri' })).toBeVisible();
      await page.getByRole('button', { name: 'Follow Evri' }).click();
      await expect(toastTitled(page, LABEL_MSG.following)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Following Evri' })).toHaveAttribute('aria-pressed', 'true');
    });

    test("an unknown tag and an address that is no postcode area are the app's 404", async ({ page }) => {
      const tag = await page.goto('/tags/no-such-tag');
      expect(tag?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      const area = await page.goto('/areas/ZZ');
      expect(area?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    });
  });
}
