import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { secondBrowser, signIn } from './support/ui.ts';

// Issue 18, "Maintenance is not read-only in the interface" and "The admin maintenance switch says
// 'on' before Save": an admin's switch says what is saved apart from what Save would change; once
// saved, a member on a phone who sends a comment gets the maintenance message (not 'Something went
// wrong'), and the page turns read-only at once: the banner says so with the admin's text under it,
// and the comment box and votes are disabled with the reason. Switched off, the kept text goes.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const NOTICE = 'Upgrading the database, back by 22:00.';
const READ_ONLY = 'Kerbside is read-only during maintenance.';
const OFF = { maintenanceMode: false, message: '' };

test.describe('maintenance on a 390×844 phone', () => {
  test.use(PHONE);

  test('the admin saves the switch; a member mid-comment gets the maintenance message and a read-only page', async ({
    page,
    browser,
    baseURL,
    accounts,
    db,
    maintenance,
  }) => {
    const [admin, member] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
    const [{ id: adminId }] = await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email)).returning({ id: users.id });
    const desk = await secondBrowser(browser, baseURL, { consent: true });
    try {
      // The member reads a post of their own on the phone, the comment box open.
      await signIn(page, member);
      const categories = (await (await page.request.get('/api/forum/categories')).json()) as Array<{ id: number }>;
      const created = await page.request.post('/api/forum/posts', {
        data: { title: `Sunday hours at Dartford ${Date.now().toString(36)}`, content: 'Is the Dartford depot open on Sundays now?', categoryId: categories[0]!.id },
      });
      expect(created.status()).toBe(201);
      const post = (await created.json()) as { slug: string };
      // Until the member presses send, the page has not yet polled the switch (it does every 30 s).
      let stale = true;
      await page.route('**/api/maintenance/status', (route) => (stale ? route.fulfill({ json: OFF }) : route.fallback()));
      await page.goto(`/forum/posts/${post.slug}`);
      const main = page.getByRole('main');
      const box = main.getByRole('textbox', { name: 'Add a comment' });
      const text = `Only until noon on Sundays ${Date.now().toString(36)}`;
      await box.fill(text);

      // The admin flips the switch: not on until saved, and it says so.
      await signIn(desk.page, admin);
      await desk.page.goto('/admin');
      const section = desk.page.getByRole('region', { name: 'Maintenance' });
      const state = section.getByRole('status');
      await expect(state).toHaveText('Currently off');
      await section.getByRole('textbox', { name: 'Banner message' }).fill(NOTICE);
      await section.getByRole('switch', { name: 'Maintenance mode' }).click();
      await expect(state).toContainText('Currently off');
      await expect(state).toContainText('Not saved yet: turns on when you save.');
      await section.getByRole('button', { name: 'Save maintenance settings' }).click();
      await expect(state).toHaveText('Currently on');
      // The admin's own banner: read-only for members, an admin still writes.
      await expect(desk.page.getByRole('status').filter({ hasText: READ_ONLY })).toContainText('Admins can still post and change settings.');

      // The member sends: the maintenance message, the text kept, and the page read-only at once.
      stale = false;
      await main.getByRole('button', { name: 'Post Comment' }).click();
      await expect(main.getByRole('alert')).toHaveText(`Kerbside is under maintenance. Please try again shortly. Your text is kept on this device.`);
      const banner = page.getByRole('status').filter({ hasText: NOTICE });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(READ_ONLY);
      await expect(box).toBeDisabled();
      await expect(box).toHaveValue(text);
      await expect(main.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
      await expect(main.getByText(READ_ONLY, { exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: /^Upvote/ }).first()).toBeDisabled();
      await expect(main.getByRole('button', { name: /^Upvote/ }).first()).toHaveAttribute('title', READ_ONLY);

      // Loaded afresh during maintenance: read-only from the start.
      await page.reload();
      await expect(banner).toBeVisible();
      await expect(box).toBeDisabled();
      await expect(main.getByText(READ_ONLY, { exact: true })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('phone-read-only.png'), fullPage: false });

      // Switched off: the member's kept text goes.
      await section.getByRole('switch', { name: 'Maintenance mode' }).click();
      await expect(state).toContainText('Not saved yet: turns off when you save.');
      await section.getByRole('button', { name: 'Save maintenance settings' }).click();
      await expect(state).toHaveText('Currently off');
      await page.reload();
      await expect(page.getByText(NOTICE)).toHaveCount(0);
      await expect(box).toBeEnabled();
      await expect(box).toHaveValue(text);
      await main.getByRole('button', { name: 'Post Comment' }).click();
      await expect(main.getByRole('article', { name: `Comment by ${member.username}` }).getByText(text)).toBeVisible();
    } finally {
      // Other specs run after this one on the same worker's app.
      await maintenance.set(adminId, OFF);
      await desk.context.close();
    }
  });
});
