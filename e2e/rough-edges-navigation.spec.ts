import type { Locator, Page } from '@playwright/test';
import { eq, inArray, sql } from 'drizzle-orm';
import { categories, comments, posts, users } from '../server/db/schema/index.ts';
import type { Db } from '../server/db/client.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Issue 18 "Rough edges", the ones about where things land: the landing's Latest, signing in from the
// dialog, a new comment, toasts on a phone, the guest's vote toast and search. Each on a phone
// (390 × 844) and a desktop.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

type SeedPost = { title: string; content?: string; ageMs?: number; isPinned?: boolean; comments?: number };

/** Posts (and comments on them) straight into the database; returns their slugs and a clean-up. */
async function seedPosts(db: Db, author: Account | null, specs: SeedPost[]) {
  const authorId = author ? (await db.select({ id: users.id }).from(users).where(eq(users.username, author.username)))[0]!.id : null;
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'off-topic'));
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const now = Date.now();
  const rows = specs.map((s, i) => {
    const createdAt = new Date(now - (s.ageMs ?? 0));
    const content = s.content ?? `${s.title}: a post of the rough edges test, long enough to be one.`;
    return {
      slug: `rough-${stamp}-${i}`,
      title: s.title,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category!.id,
      authorId,
      isPinned: s.isPinned ?? false,
      commentCount: s.comments ?? 0,
      hotScore: hotScore(0, 0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id, slug: posts.slug });
  await db.update(categories).set({ postCount: sql`${categories.postCount} + ${rows.length}` }).where(eq(categories.id, category!.id));
  for (const [i, s] of specs.entries()) {
    if (!s.comments) continue;
    await db.insert(comments).values(
      Array.from({ length: s.comments }, (_, n) => {
        const text = `Earlier comment ${n}: the A3 was clear this morning, the M25 was not.\n\nSecond paragraph to give it some height.`;
        const at = new Date(now - 3_600_000 + n * 1000);
        return { postId: inserted[i]!.id, authorId, content: text, contentHtml: renderMarkdown(text), createdAt: at, updatedAt: at };
      }),
    );
  }
  return {
    slugs: inserted.map((p) => p.slug),
    cleanUp: async () => {
      await db.delete(posts).where(inArray(posts.id, inserted.map((p) => p.id)));
      await db.update(categories).set({ postCount: sql`${categories.postCount} - ${rows.length}` }).where(eq(categories.id, category!.id));
    },
  };
}

/** A toast shown more than this before a navigation is about the page left (client/src/components/ui/toast.tsx NAVIGATION_GRACE_MS, plus a margin). */
const PAST_GRACE_MS = 1500;

/** No overlap between two boxes on screen; with `ifOnScreen`, nothing to compare when `b` is scrolled away. */
async function expectApart(a: Locator, b: Locator, { ifOnScreen = false } = {}) {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  const height = a.page().viewportSize()!.height;
  if (ifOnScreen && (!rb || rb.y + rb.height <= 0 || rb.y >= height)) return;
  expect(ra && rb, 'both on screen').toBeTruthy();
  const overlap = ra!.x < rb!.x + rb!.width && rb!.x < ra!.x + ra!.width && ra!.y < rb!.y + rb!.height && rb!.y < ra!.y + ra!.height;
  expect(overlap, `toast ${JSON.stringify(ra)} clear of the control ${JSON.stringify(rb)}`).toBe(false);
}

/** The toast on screen (Radix's list item), found by its title. */
const toastBox = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).locator('li').filter({ hasText: title });

for (const [device, use] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(use);

    test("the landing's Latest is the newest posts by date, a months-old pinned post not among them", async ({ page, db }) => {
      const tag = Date.now().toString(36);
      // Ahead of anything else in the worker's database: the three newest by date, and a pinned post from months ago.
      const seeded = await seedPosts(db, null, [
        { title: `Pinned house rules ${tag}`, ageMs: 120 * 86_400_000, isPinned: true },
        { title: `Fresh from the depot ${tag} 3`, ageMs: -60_000 },
        { title: `Fresh from the depot ${tag} 2`, ageMs: -120_000 },
        { title: `Fresh from the depot ${tag} 1`, ageMs: -180_000 },
      ]);
      try {
        await page.goto('/');
        const latest = page.getByRole('region', { name: 'Latest from the forum' });
        await expect(latest.getByRole('listitem')).toHaveCount(3);
        for (const [i, n] of [1, 2, 3].entries()) await expect(latest.getByRole('listitem').nth(i)).toContainText(`Fresh from the depot ${tag} ${n}`);
        await expect(latest.getByText(`Pinned house rules ${tag}`)).toHaveCount(0);
      } finally {
        await seeded.cleanUp();
      }
    });

    test('signing in from the dialog on a post stays on the post', async ({ page, db, accounts }) => {
      const account = await accounts.createVerified();
      const title = `Dialog sign-in keeps me here ${Date.now().toString(36)}`;
      const seeded = await seedPosts(db, null, [{ title }]);
      try {
        await page.goto(`/forum/posts/${seeded.slugs[0]}`);
        const postUrl = page.url();
        await page.getByRole('main').getByRole('button', { name: 'Sign In', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Email', { exact: true }).fill(account.email);
        await dialog.getByLabel('Password', { exact: true }).fill(account.password);
        await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
        await expect(toastTitled(page, 'Login successful')).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(page.getByLabel('Add a comment')).toBeVisible(); // signed in, on the post
        expect(page.url()).toBe(postUrl);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      } finally {
        await seeded.cleanUp();
      }
    });

    test("a new comment is scrolled to and highlighted; its toast clears the box and goes on navigating", async ({ page, db, accounts }) => {
      const account = await accounts.createVerified();
      const seeded = await seedPosts(db, account, [{ title: `Long thread ${Date.now().toString(36)}`, comments: 25 }]);
      try {
        await signIn(page, account);
        await page.goto(`/forum/posts/${seeded.slugs[0]}`);
        const box = page.getByLabel('Add a comment');
        await box.fill('Posting this at the top of a long thread: where does it go?');
        await page.getByRole('button', { name: 'Post Comment' }).click();

        const mine = page.getByRole('article', { name: `Comment by ${account.username}` }).filter({ hasText: 'where does it go?' });
        await expect(mine).toBeInViewport();
        await expect(mine).toBeFocused();
        await expect(mine).toHaveClass(/ring-2/); // the highlight notifications use

        const toast = toastBox(page, 'Comment posted');
        await expect(toast).toBeVisible();
        await expectApart(toast, mine);
        await expectApart(toast, box, { ifOnScreen: true });

        // The toast belongs to this page: going elsewhere takes it away.
        await page.waitForTimeout(PAST_GRACE_MS);
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Forum' }).click();
        await expect(page).toHaveURL(/\/forum$/);
        await expect(toastTitled(page, 'Comment posted')).toHaveCount(0);
      } finally {
        await seeded.cleanUp();
      }
    });

    test("a guest's vote toast sits clear of the vote buttons and offers Sign In", async ({ page, db }) => {
      const title = `Vote as a guest ${Date.now().toString(36)}`;
      const seeded = await seedPosts(db, null, [{ title, comments: 6 }]);
      try {
        await page.goto(`/forum/posts/${seeded.slugs[0]}`);
        // A comment's vote buttons low on the screen, where a thumb is.
        const comment = page.getByRole('article', { name: /^Comment by/ }).nth(3);
        await comment.scrollIntoViewIfNeeded();
        const upvote = comment.getByRole('button', { name: /^Upvote/ });
        const viewport = page.viewportSize()!;
        await page.evaluate((dy) => window.scrollBy(0, dy), ((await upvote.boundingBox())!.y - viewport.height * 0.8));
        await upvote.click();
        const toast = toastBox(page, 'Login required');
        await expect(toast).toBeVisible();
        await expectApart(toast, upvote);
        await expectApart(toast, comment.getByRole('button', { name: /^Downvote/ }));

        await toast.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByRole('dialog', { name: /Sign in to/ })).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(`/forum/posts/${seeded.slugs[0]}`);
      } finally {
        await seeded.cleanUp();
      }
    });

    test('a one-character search ends the old one and its count; matches are marked', async ({ page, db }) => {
      const word = `zq${Date.now().toString(36)}`;
      const seeded = await seedPosts(db, null, [
        { title: `Tolls and ${word} charges`, content: `Every ${word} charge on the way to the depot adds up.` },
        { title: `Another ${word} question`, content: 'Nothing else to say about it here, really.' },
      ]);
      try {
        await page.goto(`/forum?q=${word}`);
        const main = page.getByRole('main');
        await expect(main.getByText(`Found 2 results for "${word}"`)).toBeVisible();
        const marks = main.getByRole('article').locator('mark');
        await expect(marks.filter({ hasText: word }).first()).toBeVisible();
        expect(await marks.count()).toBeGreaterThanOrEqual(2);

        const box = main.getByRole('searchbox', { name: 'Search discussions' });
        await box.fill('z');
        await box.press('Enter');
        await expect(main.getByRole('alert')).toHaveText('Enter at least 2 characters to search.');
        await expect(main.getByText(/Found \d+ results? for/)).toHaveCount(0);
        await expect(page).not.toHaveURL(/[?&]q=/);
        await expect(box).toHaveValue('z');
        await expect(main.getByRole('article').locator('mark')).toHaveCount(0);
      } finally {
        await seeded.cleanUp();
      }
    });
  });
}
