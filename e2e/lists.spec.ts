import type { Page } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { bookmarks, categories, posts, users } from '../server/db/schema/index.ts';
import type { Db } from '../server/db/client.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 18: Top with a period, Unanswered, bookmarks and "new since your last visit", on a phone and
// on a desktop. Posts go straight into a category of their own, so other specs' posts stay out.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const HOUR = 3_600_000;

async function seed(db: Db, author: Account, reader: Account) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, author.username));
  const [r] = await db.select({ id: users.id }).from(users).where(eq(users.username, reader.username));
  const [category] = await db.insert(categories).values({ name: `Lists ${stamp}`, slug: `lists-${stamp}`, position: 99, postCount: 3 }).returning();
  const now = Date.now();
  const make = (title: string, ageMs: number, score: number, comments: number) => {
    const createdAt = new Date(now - ageMs);
    const content = `${title}: a post of the lists test, long enough for an excerpt.`;
    return {
      slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${stamp}`,
      title: `${title} ${stamp}`,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: a.id,
      upvotes: score,
      commentCount: comments,
      hotScore: hotScore(score, 0, comments, createdAt),
      createdAt,
      updatedAt: createdAt,
    };
  };
  const rows = [make('Week winner', 48 * HOUR, 9, 1), make('Fresh question', HOUR, 3, 0), make('Old classic', 60 * 24 * HOUR, 50, 0)];
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  // The reader was last active 3 hours ago: their next request starts a visit, and what came since is New.
  await db.update(users).set({ lastActiveAt: new Date(now - 3 * HOUR), previousVisitAt: null }).where(eq(users.id, r.id));
  const ids = inserted.map((x) => x.id);
  return {
    category,
    titles: { week: rows[0].title, fresh: rows[1].title, old: rows[2].title },
    slugs: { fresh: rows[1].slug },
    cleanUp: async () => {
      await db.delete(bookmarks).where(inArray(bookmarks.postId, ids));
      await db.delete(posts).where(inArray(posts.id, ids));
      await db.delete(categories).where(eq(categories.id, category.id));
    },
  };
}

/** The list's titles, in order. */
const listed = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allInnerTexts();

async function run(page: Page, db: Db, accounts: { createVerified(): Promise<Account> }, phone: boolean) {
  const author = await accounts.createVerified();
  const reader = await accounts.createVerified();
  const s = await seed(db, author, reader);
  try {
    await signIn(page, reader);
    await page.goto(`/forum?category=${s.category.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('article', { name: s.titles.fresh })).toBeVisible();

    // "New since your last visit": only the post written after the reader's previous visit ended.
    await expect(main.getByRole('article', { name: s.titles.fresh }).getByText('New since your last visit', { exact: true })).toBeVisible();
    await expect(main.getByRole('article', { name: s.titles.week }).getByText('New since your last visit', { exact: true })).toHaveCount(0);

    // Top, this week: the week's best first; the 60-day-old classic is out of the period.
    if (phone) await main.getByRole('button', { name: /^Filters/ }).click();
    await main.getByLabel('Sort by').selectOption('top');
    await expect(page).toHaveURL(/sort=top/);
    await main.getByLabel('Period').selectOption('week');
    await expect(page).toHaveURL(/period=week/);
    await expect.poll(() => listed(page)).toEqual([s.titles.week, s.titles.fresh]);
    await main.getByLabel('Period').selectOption('all');
    await expect.poll(() => listed(page)).toEqual([s.titles.old, s.titles.week, s.titles.fresh]);

    // Unanswered: the week's winner has a reply, so it goes.
    await main.getByRole('checkbox', { name: 'Unanswered' }).check();
    await expect(page).toHaveURL(/unanswered=1/);
    await expect.poll(() => listed(page)).toEqual([s.titles.old, s.titles.fresh]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Save a post: from the card on a desktop; on a phone the compact row leaves it to the post page.
    if (phone) {
      await main.getByRole('link', { name: s.titles.fresh }).click();
      await expect(page).toHaveURL(new RegExp(`/forum/posts/${s.slugs.fresh}`));
      await main.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(main.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Saved posts' }).click();
    } else {
      const card = main.getByRole('article', { name: s.titles.fresh });
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(card.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
      // The desktop bar has no room for it: Profile, where the settings are, links to it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
      await main.getByRole('link', { name: 'Your saved posts' }).click();
    }
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(page.getByRole('heading', { name: 'Saved posts', level: 1 })).toBeVisible();
    await expect(main.getByRole('article', { name: s.titles.fresh })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Unsaved again, it leaves the page for the empty state (after a reload: the list keeps what it showed).
    if (!phone) {
      await main.getByRole('article', { name: s.titles.fresh }).getByRole('button', { name: 'Saved', exact: true }).click();
      await page.reload();
      await expect(main.getByRole('heading', { name: 'No saved posts yet' })).toBeVisible();
    }
  } finally {
    await s.cleanUp();
  }
}

test.describe('on a 390×844 phone', () => {
  test.use(PHONE);
  test('Top with a period, Unanswered, New, and a post saved from its page found on /bookmarks', async ({ page, db, accounts }) => {
    await run(page, db, accounts, true);
  });
});

test.describe('on a desktop', () => {
  test('Top with a period, Unanswered, New, and a post saved from its card found on /bookmarks', async ({ page, db, accounts }) => {
    await run(page, db, accounts, false);
  });
});
