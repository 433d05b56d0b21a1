import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { categories, posts, users } from '../server/db/schema/index.ts';
import { CATEGORIES } from '../server/db/seed/categories.ts';
import type { Db } from '../server/db/client.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 15 item 2: on a phone a post is a compact row (title, then category · age · author …
// replies, score) and the search and filters fold into one bar; from the sm breakpoint up the list
// keeps the spec's card. Layout is CSS only, so these measure the real browser at both widths.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

// Real-length titles: several wrap to two lines on a phone, which is what the five-row count must survive.
const TITLES = [
  'Best van racking for multi-drop parcels?',
  'HMRC mileage allowance: do you claim 45p or actual costs on a leased Transit Custom?',
  'Evri rates cut again from Monday',
  'Anyone else stuck at the Daventry hub gates for an hour this morning before loading?',
  'Insurance for hire and reward on an e-cargo bike',
  'Route planner apps that cope with 120+ drops a day',
  'Tyre pressure light keeps coming on',
  'First week as an owner driver: what I wish I had known about fuel, tolls and the congestion charge',
  'Parking tickets outside the depot',
  'Food delivery at night in Manchester city centre: safe spots to wait between orders?',
  'Pallet network jobs worth it?',
  'DPD Predict slots and what happens when you miss one',
];

/** 22 posts in several categories (more than a page), straight into the database; returns their ids and a clean-up. */
async function seedList(db: Db, account: Account) {
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username));
  const stamp = Date.now().toString(36);
  // A name of one length in every run: the fixture's grows with the worker's number and its count of
  // accounts (a row's details take a second line for a long one, which is right, and the height check
  // below would then measure the name, not the row).
  const username = `driver_${stamp}`;
  await db.update(users).set({ username, avatar: 'van', statusText: 'Owner driver, Transit Custom, Bristol' }).where(eq(users.id, author.id));
  // The site's own categories only (other specs on this worker add some with made-up names), the
  // longest name ('Multi-drop & Parcel Networks') on the pinned and locked row: the fullest details.
  const cats = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(inArray(categories.slug, CATEGORIES.map((c) => c.slug)))
    .orderBy(categories.id);
  const longest = cats.reduce((a, b) => (b.name.length > a.name.length ? b : a));
  cats.splice(cats.indexOf(longest), 1);
  cats.splice(1, 0, longest);
  const now = Date.now();
  const rows = Array.from({ length: 22 }, (_, i) => {
    // Ages from minutes to weeks.
    const createdAt = new Date(now - (i * i + 1) * 45 * 60_000);
    const content = `Post ${i} of the phone list test: a paragraph long enough to make an excerpt of two or three lines on the desktop card, which the phone row leaves to the post page.`;
    const category = cats[i % cats.length];
    return {
      slug: `phone-${stamp}-${i}`,
      title: `${TITLES[i % TITLES.length]} ${stamp}${i}`,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: author.id,
      viewCount: 10 * i,
      commentCount: (i * 7) % 31,
      upvotes: (i * 5) % 17,
      downvotes: i % 4,
      isPinned: i === 1,
      isLocked: i === 1,
      hotScore: hotScore(0, 0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    };
  });
  // The list is this test's alone while it runs: the posts earlier specs on this worker left (newer
  // than these, some pinned) are set aside, so how many of them there are never pushes these rows off
  // the first page, and are put back by the clean-up.
  const setAside = await db.update(posts).set({ deletedAt: new Date(now) }).where(isNull(posts.deletedAt)).returning({ id: posts.id });
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.categoryId, (counts.get(r.categoryId) ?? 0) + 1);
  for (const [id, n] of counts) await db.update(categories).set({ postCount: sql`${categories.postCount} + ${n}` }).where(eq(categories.id, id));
  return {
    rows,
    username,
    // The worker's database is shared with later tests: leave it as it was.
    cleanUp: async () => {
      await db.delete(posts).where(inArray(posts.id, inserted.map((r) => r.id)));
      if (setAside.length) await db.update(posts).set({ deletedAt: null }).where(and(inArray(posts.id, setAside.map((r) => r.id)), eq(posts.deletedAt, new Date(now))));
      for (const [id, n] of counts) await db.update(categories).set({ postCount: sql`greatest(${categories.postCount} - ${n}, 0)` }).where(eq(categories.id, id));
    },
  };
}

/** Post rows whose whole box is on screen below the site header (at the top of the page, as it first shows). */
async function rowsFullyOnScreen(page: Page) {
  const header = await page.getByRole('banner').boundingBox();
  const viewport = page.viewportSize()!;
  const boxes = await Promise.all((await page.getByRole('main').getByRole('article').all()).map((a) => a.boundingBox()));
  const top = header ? header.y + header.height : 0;
  return boxes.filter((b) => b && b.y >= top && b.y + b.height <= viewport.height && b.x >= 0 && b.x + b.width <= viewport.width).length;
}

/** No serious or critical WCAG 2.2 AA violation (the rules e2e/accessibility.spec.ts runs), at this width. */
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`), what).toEqual([]);
}


/**
 * Opens /forum as a guest until `row` is on it. The rows go straight into the database, past the
 * API's writes that clear the guests' kept pages, so a guest sees them once the page an earlier
 * test left in the guest cache expires (5 s).
 */
async function openForumShowing(page: Page, row: Locator) {
  await expect
    .poll(
      async () => {
        await page.goto('/forum');
        return row.isVisible();
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toBe(true);
}

test.describe('on a 390×844 phone', () => {
  test.use(PHONE);

  test('at least five post rows fit under the header, and the search and filters are one bar until opened', async ({ page, accounts, db }) => {
    const account = await accounts.createVerified();
    const { rows, username, cleanUp } = await seedList(db, account);
    try {
      const main = page.getByRole('main');
      const newest = main.getByRole('article', { name: rows[0].title });
      await openForumShowing(page, newest);

      // Nothing wider than the screen (no sideways scrolling on a phone).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const fitting = await rowsFullyOnScreen(page);
      console.log(`phone 390x844: ${fitting} post rows fully on screen below the header`);
      expect(fitting).toBeGreaterThanOrEqual(5);

      // The row: title, category, age, author, replies and score; the excerpt and the buttons are not in it.
      await expect(newest.getByRole('link', { name: rows[0].title })).toBeVisible();
      await expect(newest.getByRole('link', { name: /^Category: / })).toBeVisible();
      await expect(newest.getByText(username)).toBeVisible();
      await expect(newest.getByText(/^4\dm$/)).toBeVisible(); // 45 minutes old: '45m'
      await expect(newest.getByText(`Score ${rows[0].upvotes - rows[0].downvotes}`)).toBeVisible();
      await expect(newest.getByText(rows[0].excerpt)).toBeHidden();
      await expect(newest.getByRole('button', { name: /^Upvote/ })).toBeHidden();
      await expect(newest.getByRole('button', { name: /^Share/ })).toBeHidden();
      // Every row is at most title (two lines) plus the details, which take a second line rather than
      // shorten a long category or name (issue 30 item 9: these names are as long as they come): 102 px,
      // 106 for the pinned and locked row with the longest category; a third line of details (the age
      // alone on one, as CI once found) is 128. This test's rows only: other tests in this worker leave
      // posts whose titles are not real ones (a 300-character stamp), which rightly take more lines.
      const measured: Array<{ title: string; height: number }> = [];
      for (const row of rows) {
        const article = main.getByRole('article', { name: row.title, exact: true });
        if ((await article.count()) === 1) measured.push({ title: row.title, height: (await article.boundingBox())!.height });
      }
      expect(measured.length).toBeGreaterThanOrEqual(8);
      expect(measured.filter((m) => m.height > 112)).toEqual([]);
      // Pinned and Locked shrink to icons but are still named.
      const pinned = main.getByRole('article', { name: rows[1].title });
      await expect(pinned.getByText('Pinned', { exact: true })).toBeAttached();
      await expect(pinned.getByText('Locked', { exact: true })).toBeAttached();

      // The filters bar: the search box and the Filters toggle side by side, controls folded away.
      const search = main.getByRole('searchbox', { name: 'Search discussions' });
      const toggle = main.getByRole('button', { name: /^Filters/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(main.getByLabel('Category', { exact: true })).toBeHidden();
      await expect(main.getByLabel('Sort by')).toBeHidden();
      const [searchBox, toggleBox] = [await search.boundingBox(), await toggle.boundingBox()];
      expect(Math.abs(searchBox!.y - toggleBox!.y)).toBeLessThanOrEqual(2);
      expect(toggleBox!.height).toBeGreaterThanOrEqual(44);
      expect(toggleBox!.width).toBeGreaterThanOrEqual(44);
      expect((await main.getByRole('button', { name: 'Search', exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await page.screenshot({ path: '/tmp/phone-390.png' });
      await expectAccessible(page, 'the phone list, filters folded');

      // A tap anywhere on the row opens the post (the title's link covers it).
      const second = main.getByRole('article', { name: rows[2].title });
      // On screen first: a tap lands where the row is in the viewport, and it may be below the fold.
      await second.scrollIntoViewIfNeeded();
      const box = (await second.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width - 20, box.y + 12);
      await expect(page).toHaveURL(new RegExp(`/forum/posts/${rows[2].slug}$`));
      await page.goBack();

      // Opening the bar shows the controls; the panel is the one the toggle names.
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panelId = await toggle.getAttribute('aria-controls');
      const panel = page.locator(`[id="${panelId}"]`);
      await expect(panel.getByLabel('Category')).toBeVisible();
      await expect(panel.getByLabel('Sort by')).toBeVisible();
      await expect(panel.getByLabel('Profession')).toBeVisible();
      await page.screenshot({ path: '/tmp/phone-390-filters.png' });
      await expectAccessible(page, 'the phone list, filters open');

      // Choosing filters counts them on the toggle, and the list follows the address.
      await panel.getByLabel('Sort by').selectOption({ label: 'View Count' });
      await expect(page).toHaveURL(/[?&]sort=views(&|$)/);
      await panel.getByLabel('Profession').selectOption({ label: 'Van Delivery' });
      await expect(page).toHaveURL(/[?&]profession=van(&|$)/);
      await expect(toggle).toHaveAccessibleName('Filters 2 active');
      await expect(main.getByText(`${rows.length} posts from Van Delivery professionals`)).toBeVisible();

      // Closing folds it again, from the keyboard too.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(panel.getByLabel('Category')).toBeHidden();
    } finally {
      await cleanUp();
    }
  });
});

test.describe('on a 320-wide phone, signed in', () => {
  test.use({ ...PHONE, viewport: { width: 320, height: 640 } });

  test('New Post sits beside the title and nothing is wider than the screen', async ({ page, accounts, db }) => {
    const account = await accounts.createVerified();
    const { rows, cleanUp } = await seedList(db, account);
    try {
      await signIn(page, account);
      await page.goto('/forum');
      const main = page.getByRole('main');
      await expect(main.getByRole('article', { name: rows[0].title })).toBeVisible();
      const [title, newPost] = [await main.getByRole('heading', { level: 1, name: 'Forum' }).boundingBox(), await main.getByRole('link', { name: 'New Post' }).boundingBox()];
      expect(newPost!.y).toBeLessThan(title!.y + title!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.screenshot({ path: '/tmp/phone-320.png' });
    } finally {
      await cleanUp();
    }
  });
});

test('at 1280×800 the list keeps the spec’s card: excerpt, avatar, views, vote and share buttons, open filters', async ({ page, accounts, db }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await accounts.createVerified();
  const { rows, cleanUp } = await seedList(db, account);
  try {
    const main = page.getByRole('main');
    const card = main.getByRole('article', { name: rows[3].title });
    await openForumShowing(page, card);
    await expect(card.getByText(rows[3].excerpt)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Show posts from Van Delivery professionals' })).toBeVisible();
    await expect(card.getByText('Owner driver, Transit Custom, Bristol')).toBeVisible();
    await expect(card.getByText(`${rows[3].viewCount} views`)).toBeVisible();
    await expect(card.getByText(`${rows[3].commentCount} replies`)).toBeVisible();
    await expect(card.getByText(/^(just now|\d+ (minute|hour)s? ago|\d{1,2} [A-Z][a-z]{2}( \d{4})?)$/)).toBeVisible();
    await expect(card.getByRole('button', { name: `Upvote, ${rows[3].upvotes} upvotes` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Downvote, ${rows[3].downvotes} downvotes` })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Share/ })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Join the discussion' })).toBeVisible();
    // The phone row's short forms are not shown here.
    await expect(card.getByText(/^Score /)).toBeHidden();

    // The filters are open, and there is no toggle.
    await expect(main.getByLabel('Category', { exact: true })).toBeVisible();
    await expect(main.getByLabel('Sort by')).toBeVisible();
    await expect(main.getByLabel('Profession', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(main.getByRole('button', { name: 'Search', exact: true })).toHaveText('Search');
    await page.screenshot({ path: '/tmp/desktop.png' });
  } finally {
    await cleanUp();
  }
});
