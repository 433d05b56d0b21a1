import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { VERIFY_MSG } from '../common/rules/courier.ts';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { fitsWidth, secondBrowser, signIn, toastTitled } from './support/ui.ts';

// The verified courier badge (issue 32 item 2), on a 390 px phone and on desktop: a member sends a
// photo of their proof for Evri from their settings; an admin sees the photo on the moderation page's
// "Courier badges" queue and approves it; a guest then sees "Verified Evri courier" beside the member's
// name on their post, and the member sees their badge in their settings. The admin withdraws it again
// from the member's profile.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/** A small PNG of one colour, made here byte by byte (signature, IHDR, IDAT, IEND), as a phone's photo would arrive. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour (RGB); compression, filter and interlace stay 0
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const thisMonth = () => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());

async function openBadgeSettings(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Verified courier badge' }).click();
}

for (const [name, use] of [
  ['desktop', {}],
  ['a 390 px phone', PHONE],
] as const) {
  test.describe(`the verified courier badge on ${name}`, () => {
    test.use(use);

    test('a member sends a photo for Evri; an admin sees it and approves; a guest sees "Verified Evri courier" by their post; the admin withdraws it', async ({
      page,
      browser,
      playwright,
      baseURL,
      accounts,
      db,
    }) => {
      test.setTimeout(120_000);
      const [courier, admin] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
      await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));

      // The member has a post, where the badge will show.
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
      expect((await api.post('/api/auth/login', { data: { email: courier.email, password: courier.password } })).ok()).toBe(true);
      const [category] = (await (await api.get('/api/forum/categories')).json()) as Array<{ id: number }>;
      const title = `First week on an Evri round ${name} ${Date.now().toString(36)}`;
      const created = await api.post('/api/forum/posts', { data: { title, content: 'Forty drops a day, mostly flats.', categoryId: category!.id } });
      expect(created.ok(), await created.text()).toBe(true);
      const post = (await created.json()) as { slug: string };
      await api.dispose();

      // The member asks for the badge from their settings: a network and one photo.
      await signIn(page, courier);
      await openBadgeSettings(page);
      await expect(page.getByText('Only moderators see it, on their review screen. It is never published.')).toBeVisible();
      await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Evri' });
      await page.getByLabel('Photo of your proof').setInputFiles({ name: 'evri-badge.png', mimeType: 'image/png', buffer: solidPng(48, 32, [29, 63, 114]) });
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Send for checking' }).click();
      await expect(toastTitled(page, VERIFY_MSG.requested)).toBeVisible();
      await expect(page.getByText('Waiting for a moderator:')).toBeVisible();
      await expect(page.getByText('Waiting for a moderator:').locator('..')).toContainText('Evri, sent');
      await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();

      // An admin finds it in the moderation page's "Courier badges" queue, sees the photo, approves.
      const mod = await secondBrowser(browser, baseURL, { consent: true, device: use });
      await signIn(mod.page, admin);
      await mod.page.goto('/admin/moderation');
      await mod.page.getByRole('tab', { name: /^Courier badges/ }).click();
      await expect(mod.page).toHaveURL(/\/admin\/moderation\?queue=badges$/);
      const item = mod.page.getByRole('article', { name: `Badge request by @${courier.username}` });
      await expect(item).toBeVisible();
      await expect(item).toContainText('Evri');
      const proof = item.getByRole('img', { name: `Proof sent by @${courier.username} for Evri` });
      await proof.scrollIntoViewIfNeeded();
      await expect.poll(() => proof.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
      expect(await fitsWidth(mod.page)).toBe(true);
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(toastTitled(mod.page, VERIFY_MSG.approved)).toBeVisible();
      await expect(item).toHaveCount(0);

      // A guest sees the badge beside the member's name on their post, with its month for a pointer.
      const guest = await secondBrowser(browser, baseURL, { consent: true, device: use });
      await guest.page.goto(`/forum/posts/${post.slug}`);
      await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const badge = guest.page.getByTitle(`Verified Evri courier, since ${thisMonth()}`);
      await expect(badge).toBeVisible();
      await expect(badge).toContainText('Verified Evri courier');
      expect(await fitsWidth(guest.page)).toBe(true);
      await guest.context.close();

      // The member's settings show the badge and the way to take it off.
      await openBadgeSettings(page);
      await expect(page.getByText(`Verified Evri courier, since ${thisMonth()}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove badge' })).toBeVisible();

      // The admin can take it off again from the member's profile, with a reason the member is told.
      await mod.page.goto(`/profile/${courier.username}`);
      const header = mod.page.getByRole('region', { name: `@${courier.username}` });
      await expect(header.getByTitle(`Verified Evri courier, since ${thisMonth()}`)).toBeVisible();
      await header.getByRole('button', { name: 'Withdraw badge' }).click();
      const dialog = mod.page.getByRole('dialog', { name: `Withdraw @${courier.username}’s badge?` });
      await dialog.getByLabel('Reason (the member is told)').fill('Sent by mistake: they drive for DPD');
      expect(await fitsWidth(mod.page)).toBe(true);
      await dialog.getByRole('button', { name: 'Withdraw badge' }).click();
      await expect(toastTitled(mod.page, VERIFY_MSG.withdrawn)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(header.getByText('Verified Evri courier')).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Withdraw badge' })).toHaveCount(0);
      await mod.context.close();
    });
  });
}
