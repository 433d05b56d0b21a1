import type { PlaywrightWorkerArgs } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { LABEL_MSG } from '../common/rules/labels.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Tags, postcode areas and local alerts as members write them and admins manage them (issue 32), on a
// 390 px phone and on desktop: a post written with two tags and an area shows them on its page; a tag
// an admin creates is in the editor's picker at once (and leaves when deleted); a member at the Basic
// level sends an alert with its kind, place and area; a member follows their home area from their
// settings and unfollows it again.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`post labels on ${name}`, () => {
    test.use(use);

    test('a member writes a post with two tags and an area and sees them on its page', async ({ page, accounts }) => {
      const member = await accounts.createVerified();
      await signIn(page, member);
      const title = `Evri or DPD round Leeds this peak? ${Date.now().toString(36)}`;
      await page.goto('/forum/new');
      const main = page.getByRole('main');
      await main.getByLabel('Title').fill(title);
      await main.getByLabel('Category').selectOption({ label: 'Routes, Apps & Tech' });
      await main.getByLabel('Your post').fill('Both are offering routes in LS from November: which treats its drivers better?');

      const tags = main.getByRole('group', { name: 'Tags' });
      await expect(tags.getByText('Choose up to 3: the networks or topics it is about. 0 chosen.')).toBeVisible();
      await tags.getByRole('checkbox', { name: 'Evri' }).check();
      await tags.getByRole('checkbox', { name: 'DPD' }).check();
      await expect(tags.getByText(/2 chosen/)).toBeVisible();
      const areas = main.getByRole('group', { name: 'Postcode areas' });
      await areas.getByLabel('Postcode area').selectOption('LS');
      await areas.getByRole('button', { name: 'Add area' }).click();
      await expect(areas.getByRole('button', { name: 'Remove LS' })).toBeVisible();
      await main.getByRole('button', { name: 'Publish Post' }).click();

      await expect(page).toHaveURL(/\/forum\/posts\/evri-or-dpd-round-leeds-this-peak-[a-z0-9-]+$/);
      const post = page.getByRole('article', { name: title });
      await expect(post.getByRole('link', { name: 'Tag: Evri' })).toBeVisible();
      await expect(post.getByRole('link', { name: 'Tag: DPD' })).toBeVisible();
      await expect(post.getByRole('link', { name: 'LS postcode area' })).toHaveAttribute('href', '/areas/LS');
      // Not an alert.
      await expect(post.getByRole('region', { name: 'Local alert' })).toHaveCount(0);
    });

    test("an admin creates a tag at /admin/tags, it is in the editor's picker, and deleting it takes it out", async ({ page, accounts, db }) => {
      const admin = await accounts.createVerified();
      await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
      await signIn(page, admin);
      const stamp = Date.now().toString(36);
      const tagName = `Night trunking ${stamp}`;
      await page.goto('/admin/tags');
      await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
      const form = page.getByRole('region', { name: 'New tag' });
      await form.getByLabel('Name').fill(tagName);
      await form.getByLabel('Address').fill('evri');
      await form.getByRole('radio', { name: /^Topic/ }).check();
      await form.getByRole('button', { name: 'Create tag' }).click();
      // The seeded Evri holds that address.
      await expect(form.getByText(LABEL_MSG.tagSlugTaken)).toBeVisible();
      await form.getByLabel('Address').fill(`night-trunking-${stamp}`);
      await form.getByRole('button', { name: 'Create tag' }).click();
      await expect(toastTitled(page, `${LABEL_MSG.tagCreated}: ${tagName}`)).toBeVisible();
      const row = page.getByRole('article', { name: tagName });
      await expect(row).toContainText(`/tags/night-trunking-${stamp}`);
      await expect(row).toContainText('0 posts');

      await page.goto('/forum/new');
      const topics = page.getByRole('main').getByRole('group', { name: 'Topics' });
      await expect(topics.getByRole('checkbox', { name: tagName })).toBeVisible();

      await page.goto('/admin/tags');
      await page.getByRole('article', { name: tagName }).getByRole('button', { name: `Delete ${tagName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete the tag ${tagName}?` });
      await expect(dialog).toContainText('This removes it from every post that carries it');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(toastTitled(page, LABEL_MSG.tagDeleted)).toBeVisible();
      await expect(page.getByRole('article', { name: tagName })).toHaveCount(0);
      await page.goto('/forum/new');
      await expect(page.getByRole('main').getByRole('checkbox', { name: 'Evri' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('checkbox', { name: tagName })).toHaveCount(0);
    });

    test('a Basic member sends a local alert with its kind, place and area', async ({ page, accounts }) => {
      // createVerified leaves the account at trust level 1 (Basic): alerts are open to it.
      const member = await accounts.createVerified();
      await signIn(page, member);
      const title = `Van broken into on Kirkstall Road ${Date.now().toString(36)}`;
      await page.goto('/forum/new');
      const main = page.getByRole('main');
      await main.getByLabel('Title').fill(title);
      await main.getByLabel('Category').selectOption({ label: 'Vans & Vehicles' });
      await main.getByLabel('Your post').fill('Side door forced overnight, parcels taken. Keep your vans locked and lit.');
      await main.getByRole('switch', { name: 'This is a local alert' }).click();
      await expect(main.getByText('73 / 500')).toBeVisible();
      await main.getByLabel('Kind').selectOption({ label: 'Van theft' });
      await main.getByLabel(/^Place/).fill('Kirkstall Road');
      await expect(main.getByLabel('Show it for')).toHaveValue('24');
      await main.getByLabel('Show it for').selectOption('12');

      // No area yet: the form asks for one before anything is sent.
      await main.getByRole('button', { name: 'Publish Post' }).click();
      const areas = main.getByRole('group', { name: 'Postcode areas' });
      await expect(areas.getByRole('alert')).toHaveText(LABEL_MSG.alertArea);
      await areas.getByLabel('Postcode area').selectOption('LS');
      await areas.getByRole('button', { name: 'Add area' }).click();
      await expect(areas.getByRole('alert')).toHaveCount(0);
      await main.getByRole('button', { name: 'Publish Post' }).click();

      await expect(page).toHaveURL(/\/forum\/posts\/van-broken-into-on-kirkstall-road-[a-z0-9-]+$/);
      const alert = page.getByRole('article', { name: title }).getByRole('region', { name: 'Local alert' });
      await expect(alert).toContainText('Van theft alert');
      await expect(alert).toContainText('Kirkstall Road');
      await expect(alert.getByRole('link', { name: 'LS postcode area' })).toBeVisible();
      await expect(alert).toContainText("Shown at the top of its area's page until");

      // Its author corrects the place; the area stays (no switch, no area picker), and so does the alert.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = page.getByRole('main');
      await expect(editor.getByRole('group', { name: 'Local alert' })).toBeVisible();
      await expect(editor.getByRole('switch')).toHaveCount(0);
      await expect(editor.getByRole('group', { name: 'Postcode areas' }).getByRole('button')).toHaveCount(0);
      await editor.getByLabel(/^Place/).fill('Kirkstall Road, by the viaduct');
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toastTitled(page, 'Post updated')).toBeVisible();
      await expect(alert).toContainText('Kirkstall Road, by the viaduct');
      await expect(alert).toContainText('Van theft alert');
    });

    test('a member follows their home area from their settings and unfollows it', async ({ page, playwright, baseURL, accounts }) => {
      const member = await accounts.createVerified();
      await setHomeArea(playwright, baseURL!, member, 'WF');
      await signIn(page, member);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Followed tags and areas' }).click();
      await expect(page.getByText("You don't follow any tags or areas yet.", { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Follow my home area (WF)' }).click();
      await expect(toastTitled(page, LABEL_MSG.following)).toBeVisible();
      const list = page.getByRole('list', { name: 'Followed tags and areas' });
      await expect(list.getByRole('link', { name: 'WF' })).toHaveAttribute('href', '/areas/WF');
      await expect(page.getByRole('button', { name: 'Follow my home area (WF)' })).toHaveCount(0);

      // Kept: a fresh page lists it.
      await page.reload();
      await page.getByRole('button', { name: 'Followed tags and areas' }).click();
      await page.getByRole('list', { name: 'Followed tags and areas' }).getByRole('button', { name: 'Unfollow WF' }).click();
      await expect(toastTitled(page, LABEL_MSG.notFollowing)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Followed tags and areas' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Follow my home area (WF)' })).toBeVisible();
    });
  });
}

/** The member's courier profile names their postcode area (through the API, as its form saves it). */
async function setHomeArea(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, who: Account, area: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: who.email, password: who.password } })).ok()).toBe(true);
  expect((await api.put('/api/profile/courier', { data: { area } })).ok()).toBe(true);
  await api.dispose();
}
