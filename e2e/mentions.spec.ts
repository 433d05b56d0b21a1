import type { APIRequestContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { notifications, users } from '../server/db/schema/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 18, "Mentions both ways" and "All notifications", on a phone and a desktop: a member types
// "@ad…" in a comment, picks the member from the list (a tap on the phone, the keyboard on the
// desktop), posts it, and the comment shows the mention as a link to the profile; the member mentioned
// finds the notification on /notifications, among more than 50, and loads the older ones.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

/** A signed-in API session of its own (never the page's cookies). */
async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, account: Account) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

for (const [label, device] of [
  ['a 390×844 phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test.describe(`mentions on ${label}`, () => {
    test.use(device);

    test('@ad… autocompletes, the comment links the profile, and the member finds it on /notifications', async ({ page, browser, playwright, baseURL, accounts, db }) => {
      const [writer, mentioned] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
      // A name starting "Ad", unique to this run, in the member's own mixed case.
      const name = `Ad${Date.now().toString(36)}${device === PHONE ? 'p' : 'd'}`;
      await db.update(users).set({ username: name }).where(eq(users.email, mentioned.email));
      const api = await apiAs(playwright, baseURL, writer);
      const categories = (await (await api.get('/api/forum/categories')).json()) as { id: number }[];
      const created = await api.post('/api/forum/posts', {
        data: { title: `Who covers the Bristol round? ${name}`, content: 'Looking for someone who knows the BS postcodes.', categoryId: categories[0].id },
      });
      expect(created.status(), await created.text()).toBe(201);
      const post = (await created.json()) as { id: number; slug: string };
      await api.dispose();

      // 55 older notifications for the member mentioned: /notifications has more than one page.
      const old = Date.now() - 3_600_000;
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.email, mentioned.email));
      await db.insert(notifications).values(
        Array.from({ length: 55 }, (_, i) => ({
          userId: target!.id,
          type: 'comment' as const,
          title: 'New comment on your post',
          message: `Older notification ${i}`,
          createdAt: new Date(old + i * 1000),
          readAt: new Date(old + i * 1000),
        })),
      );

      await signIn(page, writer);
      await page.goto(`/forum/posts/${post.slug}`);
      const box = page.getByRole('textbox', { name: 'Add a comment' });
      await box.click();
      // All but its last letter: enough that this run's member is the only match.
      await box.pressSequentially(`Ask @ad${name.slice(2, -1)}`, { delay: 30 });
      const list = page.getByRole('listbox', { name: 'Members to mention' });
      const option = list.getByRole('option', { name: `@${name}` });
      await expect(option).toBeVisible();
      // The list fits the screen.
      const box1 = (await list.boundingBox())!;
      expect(box1.x).toBeGreaterThanOrEqual(0);
      expect(box1.x + box1.width).toBeLessThanOrEqual(device.viewport.width);
      if (device === PHONE) {
        await option.tap();
      } else {
        await expect(page.getByRole('combobox', { name: 'Add a comment' })).toHaveAttribute('aria-expanded', 'true');
        // The only match is the active option: Enter takes it (and does not start a new line).
        await page.keyboard.press('Enter');
      }
      await expect(list).toBeHidden();
      await expect(box).toHaveValue(`Ask @${name} `);
      await box.pressSequentially('about the BS3 drops.');
      await page.getByRole('button', { name: 'Post Comment' }).click();

      // The comment links the profile.
      const link = page.getByRole('main').getByRole('link', { name: `@${name}`, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/profile/${name}`);
      await expect(link).toHaveClass(/mention/);

      // The member mentioned, on their own device: the mention on top, 50 to a page, then the older ones.
      const other = await browser.newContext({ baseURL, ...device, locale: 'en-GB', timezoneId: 'Europe/London' });
      await other.addInitScript(() => {
        localStorage.setItem('cookie_consent', 'true');
        localStorage.setItem('cookie_preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
      });
      try {
        const them = await other.newPage();
        await signIn(them, mentioned);
        await them.goto('/notifications');
        await expect(them.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
        const items = them.getByRole('list', { name: 'All notifications' }).getByRole('listitem');
        await expect(items).toHaveCount(50);
        await expect(items.first()).toContainText('You were mentioned');
        await expect(items.first()).toContainText(`${writer.username} mentioned you in a comment`);
        // Arriving marked it read, as the bell's panel does.
        await expect
          .poll(async () => ((await (await them.request.get('/api/forum/notifications/unread-count')).json()) as { count: number }).count)
          .toBe(0);
        await them.getByRole('button', { name: 'Load older' }).click();
        await expect(items).toHaveCount(56);
        await expect(items.last()).toContainText('Older notification 0');
        await expect(them.getByRole('button', { name: 'Load older' })).toHaveCount(0);
        // The mention leads to the comment.
        await items.first().getByRole('link').click();
        await expect(them).toHaveURL(new RegExp(`/forum/posts/${post.slug}#comment-\\d+$`));
      } finally {
        await other.close();
      }
    });
  });
}
