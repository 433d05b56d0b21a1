import { eq, inArray } from 'drizzle-orm';
import { categories, posts, users } from '../server/db/schema/index.ts';
import type { Db } from '../server/db/client.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { expect, test } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// The push offer waits for the worker (the config blocks it for other specs).
test.use({ serviceWorkers: 'allow' });

// Issue 30: what a driver's phone walk still tripped on (paging, the push offer, blocking from chat),
// each on a 390 px phone.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/** 45 posts in a category of their own (three pages), newest first as "Paging 1" … "Paging 45". */
async function seedThreePages(db: Db, authorEmail: string) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, authorEmail));
  const [category] = await db.insert(categories).values({ name: `Paging ${stamp}`, slug: `paging-${stamp}`, position: 99, postCount: 45 }).returning();
  const now = Date.now();
  const rows = Array.from({ length: 45 }, (_, i) => {
    const content = `Post ${i + 1} of the paging test, long enough to make an excerpt of it.`;
    const createdAt = new Date(now - (i + 1) * 60_000);
    return {
      slug: `paging-${i + 1}-${stamp}`,
      title: `Paging ${i + 1} ${stamp}`,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: author.id,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  return {
    category,
    stamp,
    cleanUp: async () => {
      await db.delete(posts).where(inArray(posts.id, inserted.map((r) => r.id)));
      await db.delete(categories).where(eq(categories.id, category.id));
    },
  };
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test("Next opens page 2 at its top, and never shows page 1's posts under page 2's number", async ({ page, db, accounts }) => {
    const seeded = await seedThreePages(db, (await accounts.createVerified()).email);
    try {
      await page.goto(`/forum?category=${seeded.category.slug}`);
      const titles = page.getByRole('main').getByRole('article').getByRole('heading');
      await expect(titles.first()).toHaveText(`Paging 1 ${seeded.stamp}`);
      // A slow signal: page 2's answer comes when the test has seen the page meanwhile.
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(/\/api\/forum\/posts\?.*page=2/, async (route) => {
        await answered;
        await route.continue();
      });
      const next = page.getByRole('link', { name: 'Next' });
      await next.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await next.click();
      await expect(page).toHaveURL(/page=2/);
      await page.waitForTimeout(2500);
      // While it loads: at the top, and page 1's posts are not presented as page 2.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByText('Page 2 of 3')).toBeHidden();
      await expect(page.getByText(`Paging 1 ${seeded.stamp}`, { exact: true })).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Loading discussions…' })).toBeAttached();
      answer();
      // Loaded: page 2's posts from its top, and the pager says so.
      await expect(titles.first()).toHaveText(`Paging 21 ${seeded.stamp}`);
      await expect(page.getByText('Page 2 of 3')).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await seeded.cleanUp();
    }
  });
});

test.describe('blocking from a chat on a phone', () => {
  test.use(PHONE);

  test('asks first, then hides their messages and puts a note where the message box was', async ({ page, browser, baseURL, accounts }) => {
    const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
    const other = await browser.newContext({ baseURL, ...PHONE, locale: 'en-GB' });
    try {
      const pageA = await other.newPage();
      await signIn(pageA, a);
      await pageA.goto(`/profile/${b.username}`);
      await pageA.getByRole('main').getByRole('button', { name: `Message @${b.username}` }).click();
      await expect(pageA).toHaveURL(/\/inbox\/\d+$/);
      const conversationPath = new URL(pageA.url()).pathname;
      await pageA.getByRole('textbox', { name: 'Message' }).fill('Got a minute about the Leeds round?');
      await pageA.getByRole('button', { name: 'Send' }).click();
      await expect(pageA.locator('li[data-message-id]').filter({ hasText: 'Leeds round' })).toHaveCount(1);

      await signIn(page, b);
      await page.goto(conversationPath);
      const theirs = page.locator('li[data-message-id]').filter({ hasText: 'Got a minute about the Leeds round?' });
      await expect(theirs).toBeVisible();
      await page.getByRole('button', { name: `Block ${a.username}` }).click();
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await expect(dialog.getByRole('heading', { name: `Block ${a.username}?` })).toBeVisible();
      // Nothing is blocked until the member confirms.
      await expect(theirs).toBeVisible();
      await dialog.getByRole('button', { name: `Block ${a.username}`, exact: true }).click();
      await expect(toastTitled(page, `Blocked ${a.username}`)).toBeVisible();

      const chat = page.getByRole('region', { name: `Conversation with ${a.username}` });
      await expect(theirs).toBeHidden();
      await expect(chat.getByText(`Hidden: you blocked ${a.username}`)).toBeVisible();
      await expect(chat.getByRole('textbox', { name: 'Message' })).toBeHidden();
      await expect(chat.getByText(`You blocked ${a.username}. Unblock them to send a message.`)).toBeVisible();
      // Show reveals the conversation for this view; Unblock gives the message box back.
      await chat.getByRole('button', { name: `Show ${a.username}'s messages` }).click();
      await expect(theirs).toBeVisible();
      await page.getByRole('button', { name: `Unblock ${a.username}` }).click();
      await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test.describe('the push offer on a phone', () => {
  test.use(PHONE);

  test('after a message sent it leaves the chat alone, and shows on the next page in its flow, covering nothing', async ({ page, accounts }) => {
    const [a, b] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
    await signIn(page, a);
    // The service worker first: the offer is only made where push can work.
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.goto(`/profile/${b.username}`);
    await page.getByRole('main').getByRole('button', { name: `Message @${b.username}` }).click();
    await expect(page).toHaveURL(/\/inbox\/\d+$/);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Are you on the Bristol multidrop tomorrow?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.locator('li[data-message-id]').filter({ hasText: 'Bristol multidrop' })).toHaveCount(1);
    const offer = page.getByRole('complementary', { name: 'Get notified on this phone?' });
    await page.waitForTimeout(1_500);
    await expect(offer).toBeHidden();
    await expect(box).toBeInViewport();

    await page.getByRole('banner').getByRole('link', { name: 'Kerbside home' }).click();
    await expect(offer).toBeVisible();
    // In the page's flow at the top of its content: not laid over anything.
    expect(await offer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    expect(await offer.evaluate((el) => el.closest('main')?.firstElementChild?.contains(el))).toBe(true);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
  });
});
