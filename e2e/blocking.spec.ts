import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, type Account } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Issue 18, "Blocking, everywhere", on a phone and a desktop: a member blocks another from their
// profile (after a confirmation), sees the blocked member's post (in the list and on its page) and
// comment collapsed to "Hidden: you blocked NAME — Show", Shows one, and unblocks from settings.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

/** A signed-in API session of its own (never the page's cookies). */
async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, account: Account) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

async function post(api: APIRequestContext, title: string, content: string) {
  const categories = (await (await api.get('/api/forum/categories')).json()) as { id: number }[];
  const res = await api.post('/api/forum/posts', { data: { title, content, categoryId: categories[0].id } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

const hiddenLine = (page: Page, what: 'post' | 'comment', name: string) => page.getByRole('group', { name: `Hidden ${what}` }).filter({ hasText: `Hidden: you blocked ${name}` });

for (const [label, device] of [
  ['a 390×844 phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test.describe(`blocking on ${label}`, () => {
    test.use(device);

    test('block from a profile; their post and comment collapse; Show; unblock from settings', async ({ page, playwright, baseURL, accounts }) => {
      const [me, them] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
      const [mine, theirs] = [await apiAs(playwright, baseURL, me), await apiAs(playwright, baseURL, them)];
      const tag = Date.now().toString(36);
      const myPost = await post(mine, `Parking at the Leeds hub ${tag}`, `Where do you all park for the morning load? (${tag})`);
      const theirPost = await post(theirs, `Selling my old Transit ${tag}`, `Full service history, 120k miles. (${tag})`);
      const comment = await theirs.post(`/api/forum/posts/${myPost.id}/comments`, { data: { content: `Round the back by the cages. (${tag})` } });
      expect(comment.status(), await comment.text()).toBe(201);
      await Promise.all([mine.dispose(), theirs.dispose()]);

      await signIn(page, me);

      // Block from their profile: asked first, then told.
      await page.goto(`/profile/${them.username}`);
      await page.getByRole('button', { name: `Block ${them.username}` }).click();
      const dialog = page.getByRole('dialog', { name: `Block ${them.username}?` });
      await expect(dialog).toContainText("They won't be able to message you");
      await dialog.getByRole('button', { name: `Block ${them.username}` }).click();
      await expect(toastTitled(page, `Blocked ${them.username}`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: `Unblock ${them.username}` })).toBeVisible();

      // Their post in the list is one line.
      await page.goto('/forum');
      await expect(hiddenLine(page, 'post', them.username).first()).toBeVisible();
      await expect(page.getByRole('link', { name: `Selling my old Transit ${tag}` })).toHaveCount(0);

      // Their comment on my post is one line; Show brings it back for this view.
      await page.goto(`/forum/posts/${myPost.slug}`);
      const line = hiddenLine(page, 'comment', them.username);
      await expect(line).toBeVisible();
      await expect(page.getByText('Round the back by the cages.')).toHaveCount(0);
      await line.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByText('Round the back by the cages.')).toBeVisible();

      // Their post's own page: collapsed, with the heading gone until Shown.
      await page.goto(`/forum/posts/${theirPost.slug}`);
      await expect(hiddenLine(page, 'post', them.username)).toBeVisible();
      await expect(page.getByRole('heading', { name: `Selling my old Transit ${tag}` })).toHaveCount(0);

      // Nothing overflows sideways, on the smallest phones too.
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      if (device === PHONE) {
        await page.setViewportSize({ width: 320, height: 640 });
        expect(await fits()).toBe(true);
        await page.goto(`/forum/posts/${myPost.slug}`);
        await expect(hiddenLine(page, 'comment', them.username)).toBeVisible();
        expect(await fits()).toBe(true);
      }

      // Unblock from settings; the list empties.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Blocked members' }).click();
      const list = page.getByRole('list', { name: 'Blocked members' });
      await expect(list.getByRole('link', { name: them.username })).toBeVisible();
      await list.getByRole('button', { name: `Unblock ${them.username}` }).click();
      await expect(toastTitled(page, `Unblocked ${them.username}`)).toBeVisible();
      await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

      // Their comment shows again.
      await page.goto(`/forum/posts/${myPost.slug}`);
      await expect(page.getByText('Round the back by the cages.')).toBeVisible();
      await expect(hiddenLine(page, 'comment', them.username)).toHaveCount(0);
    });
  });
}
