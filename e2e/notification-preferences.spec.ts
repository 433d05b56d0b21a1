import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInWith, toastTitled } from './support/ui.ts';

// Notification preferences and follows end to end (issue 16): a switch flipped on
// /settings/notifications is saved at once and still set after a reload; a member follows a post
// from its page and the server holds the follow; the page and the open follow menu pass axe (WCAG 2.2 AA).

async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`),
    `${name} has no serious or critical accessibility violation`,
  ).toEqual([]);
}

test('a preference switch is saved at once and stays after a reload; a post can be followed from its page', async ({ page, playwright, baseURL, accounts }) => {
  const [author, reader] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);

  // The author's post, through the API from the author's own session.
  const other = await playwright.request.newContext({ baseURL });
  let post: { id: number; slug: string };
  try {
    const login = await other.post('/api/auth/login', { data: { email: author.email, password: author.password } });
    expect(login.ok(), await login.text()).toBe(true);
    const categories = (await (await other.get('/api/forum/categories')).json()) as { id: number }[];
    const created = await other.post('/api/forum/posts', {
      data: { title: `Follow me ${Date.now().toString(36)}`, content: 'A post for the follow control to follow.', categoryId: categories[0].id },
    });
    expect(created.status(), await created.text()).toBe(201);
    post = (await created.json()) as { id: number; slug: string };
  } finally {
    await other.dispose();
  }

  await page.goto('/');
  await signInWith(page, reader);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();

  // The preferences page: flip "Replies: Push" off.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification preferences' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toBeVisible();
  const repliesPush = page.getByRole('switch', { name: 'Replies: Push' });
  await expect(repliesPush).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousViolations(page, 'notification preferences');
  await repliesPush.click();
  await expect(repliesPush).toHaveAttribute('aria-checked', 'false');
  await expect(toastTitled(page, 'Notification preferences saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Replies: Push' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Replies: On site' })).toHaveAttribute('aria-checked', 'true');

  // Follow the post from its page.
  await page.goto(`/forum/posts/${post.slug}`);
  const follow = page.getByRole('button', { name: 'Notifications for this post: Follow' });
  await follow.click();
  await expect(page.getByRole('menuitemradio')).toHaveCount(3);
  await expectNoSeriousViolations(page, 'post follow menu');
  await page.getByRole('menuitemradio', { name: /Follow/ }).first().click();
  await expect(toastTitled(page, 'You are following this post')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications for this post: Following' })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get(`/api/forum/posts/${post.id}/follow`)).json()) as { level: string }).level).toBe('follow');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications for this post: Following' })).toBeVisible();
});
