import type { Page } from '@playwright/test';
import { eq, inArray, sql } from 'drizzle-orm';
import { categories, posts, users } from '../server/db/schema/index.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// The main walk goes through the service worker, as a member's browser does (the config blocks it for other specs).
test.use({ serviceWorkers: 'allow' });

// The forum, end to end: writing a post, the conversation under it, votes, reactions and sharing
// (issue: post detail and editor), the list's address (spec §4), drafts that survive, and that no
// member's text can run as script anywhere on these pages.

/** Any alert/confirm/prompt means some text ran as script: the test fails on the spot. */
function failOnDialog(page: Page) {
  page.on('dialog', (dialog) => {
    const message = dialog.message();
    void dialog.dismiss();
    throw new Error(`A dialog opened (script ran): ${message}`);
  });
}

test('a member posts, comments, replies, votes, reacts and copies the link', async ({ page, context, accounts, baseURL }) => {
  failOnDialog(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const account = await accounts.createVerified();
  await signIn(page, account);

  // Write the post, with a look at the preview first.
  const title = `Best route round the M25 roadworks ${Date.now().toString(36)}`;
  await page.goto('/forum/new');
  const main = page.getByRole('main');
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption({ label: 'Routes, Apps & Tech' });
  await main.getByLabel('Your post').fill('Junction 10 is a car park every morning.\n\n**Avoid** it before 9, use the *A3* instead.');
  await main.getByRole('tab', { name: 'Preview' }).click();
  const preview = main.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.locator('strong', { hasText: 'Avoid' })).toBeVisible();
  await main.getByRole('button', { name: 'Publish Post' }).click();

  await expect(page).toHaveURL(/\/forum\/posts\/best-route-round-the-m25-roadworks-[a-z0-9-]+$/);
  const postUrl = page.url();
  const slug = new URL(postUrl).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // It is in the list; open it from there.
  await page.goto('/forum');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(postUrl);
  const post = page.getByRole('article', { name: title });
  await expect(post.getByText('Junction 10 is a car park every morning.')).toBeVisible();

  // Comment.
  await page.getByLabel('Add a comment').fill('Same here: the A3 saved me twenty minutes today.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const firstComment = page.getByRole('article', { name: `Comment by ${account.username}` });
  await expect(firstComment.getByText('Same here: the A3 saved me twenty minutes today.')).toBeVisible();
  // The reply will be by the same member: tell them apart by id from here on.
  const comment = page.locator(`#${await firstComment.getAttribute('id')}`);
  await expect(page.getByRole('heading', { level: 2, name: '1 reply' })).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toHaveValue('');

  // Reply to it: the reply shows nested under the comment.
  await comment.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyBox = page.getByRole('textbox', { name: `Reply to ${account.username}` });
  await replyBox.fill('Cheers, trying it tomorrow.');
  await page.locator('form').filter({ has: replyBox }).getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = page.getByRole('list', { name: `Replies to ${account.username}` });
  await expect(replies.getByText('Cheers, trying it tomorrow.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2 replies' })).toBeVisible();

  // Vote on the post and on the comment.
  const upvotePost = post.getByRole('button', { name: /^Upvote/ });
  await upvotePost.click();
  await expect(upvotePost).toHaveAttribute('aria-pressed', 'true');
  await expect(upvotePost).toHaveAccessibleName('Upvote, 1 upvote');
  const upvoteComment = comment.getByRole('button', { name: /^Upvote/ });
  await upvoteComment.click();
  await expect(upvoteComment).toHaveAttribute('aria-pressed', 'true');

  // React with the picker; the chip is mine (pressed) and survives a reload.
  await post.getByRole('button', { name: 'Add a reaction' }).click();
  await post.getByRole('group', { name: 'Reactions', exact: true }).getByRole('button', { name: 'Truck' }).click();
  const chip = post.getByRole('button', { name: 'Truck, 1 reaction' });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(upvotePost).toHaveAttribute('aria-pressed', 'true');

  // Copy the link.
  await post.getByRole('button', { name: /^Share/ }).click();
  await page.getByRole('menuitem', { name: /Copy Link/ }).click();
  await expect(toastTitled(page, 'Link copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/forum/posts/${slug}`);

  // A link to the reply (as a notification gives) scrolls to it and highlights it.
  const reply = replies.getByRole('article');
  const replyId = (await reply.getAttribute('id'))!;
  expect(replyId).toMatch(/^comment-\d+$/);
  await page.goto('/');
  await page.goto(`/forum/post/${slug}#${replyId}`);
  await expect(page.locator(`#${replyId}`)).toBeInViewport();
  await expect(page.locator(`#${replyId}`)).toBeFocused();
});

test('pagination and sort keep the list in the address (spec §4)', async ({ page, accounts, db }) => {
  failOnDialog(page);
  // 25 posts in one category, straight into the database: the API rightly allows a new account 3 a day.
  const account = await accounts.createVerified();
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username));
  const [category] = await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.slug, 'off-topic'));
  const stamp = Date.now().toString(36);
  const now = Date.now();
  const rows = Array.from({ length: 25 }, (_, i) => {
    const createdAt = new Date(now - (i + 1) * 60_000); // #0 newest
    const content = `Paging post number ${i} for the list test.`;
    return {
      slug: `paging-${stamp}-${i}`,
      title: `Paging post ${stamp} #${i}`,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: author.id,
      viewCount: i === 24 ? 999 : i, // the oldest is the most viewed
      hotScore: hotScore(0, 0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(posts).values(rows).returning({ id: posts.id });
  await db.update(categories).set({ postCount: sql`${categories.postCount} + ${rows.length}` }).where(eq(categories.id, category.id));

  try {
    await page.goto(`/forum?category=${category.slug}`);
    const main = page.getByRole('main');
    const pagination = main.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Page 1 of 2')).toBeVisible();
    await expect(main.getByRole('link', { name: `Paging post ${stamp} #0` })).toBeVisible();

    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]category=off-topic(&|$)/);
    await expect(pagination.getByText('Page 2 of 2')).toBeVisible();
    await expect(main.getByRole('link', { name: `Paging post ${stamp} #24` })).toBeVisible();

    // Changing the sort goes back to page 1, which has no page parameter.
    await main.getByLabel('Sort by').selectOption({ label: 'View Count' });
    await expect(page).toHaveURL(/[?&]sort=views(&|$)/);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await expect(main.getByRole('heading', { level: 2 }).filter({ hasText: `Paging post ${stamp}` }).first()).toHaveText(`Paging post ${stamp} #24`);

    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=views(&|$)/);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(pagination.getByText('Page 1 of 2')).toBeVisible();
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);

    // Back to the default sort: no sort parameter either.
    await main.getByLabel('Sort by').selectOption({ label: 'Upload Date' });
    await expect(page).toHaveURL(/\/forum\?category=off-topic$/);
  } finally {
    // The worker's database is shared with later tests: leave it as it was.
    await db.delete(posts).where(inArray(posts.id, inserted.map((r) => r.id)));
    await db.update(categories).set({ postCount: sql`greatest(${categories.postCount} - ${rows.length}, 0)` }).where(eq(categories.id, category.id));
  }
});

test('the post draft survives a failed send and a refresh, and goes once published', async ({ page, accounts }) => {
  failOnDialog(page);
  const account = await accounts.createVerified();
  await signIn(page, account);
  await page.goto('/forum/new');
  const main = page.getByRole('main');

  // Validation speaks the spec's words, under the fields.
  await main.getByLabel('Title').fill('Van');
  await main.getByRole('button', { name: 'Publish Post' }).click();
  await expect(main.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(main.getByText('Please choose a category')).toBeVisible();
  await expect(main.getByText('Content must be at least 10 characters')).toBeVisible();
  await expect(main.getByLabel('Title')).toBeFocused();

  const title = `Van racking worth it ${Date.now().toString(36)}`;
  const content = 'Thinking of fitting racking in my Transit. Worth the money for parcels?';
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption({ label: 'Vans & Vehicles' });
  await main.getByLabel('Your post').fill(content);

  // The send fails on the server's side: nothing is lost, and it says so. (Without a signal the post
  // is kept on the device and sent later instead: e2e/offline-writes.spec.ts.)
  await page.route('**/api/forum/posts', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } }) : route.fallback()));
  await main.getByRole('button', { name: 'Publish Post' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'Something went wrong on our side' })).toBeVisible();
  await expect(main.getByLabel('Title')).toHaveValue(title);
  await expect(main.getByLabel('Your post')).toHaveValue(content);

  // A refresh brings it all back.
  await page.reload();
  await expect(main.getByText('Draft restored.')).toBeVisible();
  await expect(main.getByLabel('Title')).toHaveValue(title);
  await expect(main.getByLabel('Category')).toHaveValue(/\d+/);
  await expect(main.getByLabel('Your post')).toHaveValue(content);

  await page.unroute('**/api/forum/posts');
  await main.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/forum/new');
  await expect(main.getByLabel('Title')).toHaveValue('');
  await expect(main.getByText('Draft restored.')).toHaveCount(0);
});

test('a missing post shows the not-found page', async ({ page }) => {
  await page.goto('/forum/posts/no-such-post-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test.describe('adversarial: member text never runs as script', () => {
  test('title, content, comment, username and status are shown as text', async ({ page, playwright, accounts, db, baseURL }) => {
    failOnDialog(page);
    const account = await accounts.createVerified();
    const api = await playwright.request.newContext({ baseURL });
    try {
      const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
      expect(login.ok()).toBe(true);
      const [category] = await api.get('/api/forum/categories').then((r) => r.json() as Promise<{ id: number }[]>);
      const title = `<script>alert("title")</script><img src=x onerror=alert("title-img")> ${Date.now().toString(36)}`;
      const content = [
        '<script>alert("content")</script>',
        '<img src=x onerror=alert("content-img")>',
        '[tap here](javascript:alert("link"))',
        '<svg onload=alert("svg")></svg>',
        '"><iframe src="javascript:alert(`frame`)"></iframe>',
      ].join('\n\n');
      const created = await api.post('/api/forum/posts', { data: { title, content, categoryId: category.id } });
      expect(created.status(), await created.text()).toBe(201);
      const post = (await created.json()) as { id: number; slug: string };
      const commented = await api.post(`/api/forum/posts/${post.id}/comments`, {
        data: { content: '<img src=x onerror=alert("comment")> and <script>alert("comment-script")</script>' },
      });
      expect(commented.status(), await commented.text()).toBe(201);

      // Usernames are letters, digits and underscores at sign-up; the page must not rely on that.
      const evilName = `<img src=x onerror=alert("name")>${Date.now().toString(36)}`;
      const evilStatus = '<script>alert("status")</script>';
      await db.update(users).set({ username: evilName, statusText: evilStatus }).where(eq(users.email, account.email));

      await page.goto(`/forum/posts/${post.slug}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main.getByText(evilName).first()).toBeVisible();
      await expect(main.getByText(evilStatus).first()).toBeVisible();
      await expect(main.getByText('tap here')).toBeVisible();
      await expect(page.getByRole('article', { name: `Comment by ${evilName}` })).toBeVisible();

      // None of it became markup: no injected images, scripts, frames, handlers or script links.
      await expect(main.locator('img, iframe, script, [onerror], [onload], a[href^="javascript" i]')).toHaveCount(0);
      await expect(page.locator('img[src="x"]')).toHaveCount(0);

      // The list too.
      await page.goto('/forum');
      await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
    } finally {
      await api.dispose();
    }
  });

  test('the editor preview shows markup as text', async ({ page, accounts }) => {
    failOnDialog(page);
    const account = await accounts.createVerified();
    await signIn(page, account);
    await page.goto('/forum/new');
    const main = page.getByRole('main');
    await main.getByLabel('Your post').fill('<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>\n\n[x](javascript:alert(3))');
    await main.getByRole('tab', { name: 'Preview' }).click();
    const preview = main.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(preview.getByText('<script>alert(2)</script>')).toBeVisible();
    await expect(preview.locator('img, script, a, [onerror]')).toHaveCount(0);
  });
});
