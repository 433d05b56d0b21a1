import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { categories, comments, posts, users } from '../server/db/schema/index.ts';
import { makeExcerpt, renderMarkdown } from '../server/lib/markdown.ts';
import { hotScore } from '../server/modules/posts/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { secondBrowser, signIn, toastTitled } from './support/ui.ts';

// Moderation end to end (issue 7): an admin pins and locks a post from its page and a member, in
// another browser, sees both; a member reports a comment and the admin finds it in the queue.

async function makeAdmin(db: Db, account: Account) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, account.email));
}

/** A post straight into the database (new accounts may post only 3 a day through the API). */
async function seedPost(db: Db, author: Account, title: string, comment?: string) {
  const [a] = await db.select({ id: users.id }).from(users).where(eq(users.email, author.email));
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'off-topic'));
  const content = `Has anyone else noticed this? ${title}.`;
  const createdAt = new Date();
  const slug = `moderation-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const [post] = await db
    .insert(posts)
    .values({
      slug,
      title,
      content,
      contentHtml: renderMarkdown(content),
      excerpt: makeExcerpt(content),
      categoryId: category.id,
      authorId: a.id,
      hotScore: hotScore(0, 0, 0, createdAt),
      createdAt,
      updatedAt: createdAt,
      commentCount: comment ? 1 : 0,
    })
    .returning({ id: posts.id, slug: posts.slug });
  await db.update(categories).set({ postCount: sql`${categories.postCount} + 1` }).where(eq(categories.id, category.id));
  let commentId: number | undefined;
  if (comment) {
    const [c] = await db
      .insert(comments)
      .values({ postId: post.id, authorId: a.id, content: comment, contentHtml: renderMarkdown(comment) })
      .returning({ id: comments.id });
    commentId = c.id;
  }
  return { ...post, commentId };
}

test('an admin pins and locks a post; a member sees both badges and cannot comment', async ({ page, browser, accounts, db, baseURL }) => {
  const author = await accounts.createVerified();
  const admin = await accounts.createVerified();
  const reader = await accounts.createVerified();
  await makeAdmin(db, admin);
  const title = `Parking ticket outside the depot ${Date.now().toString(36)}`;
  const post = await seedPost(db, author, title);

  await signIn(page, admin);
  await page.goto(`/forum/posts/${post.slug}`);
  const article = page.getByRole('article', { name: title });
  const tools = article.getByRole('group', { name: 'Moderation' });
  await tools.getByRole('button', { name: 'Pin' }).click();
  await expect(toastTitled(page, 'Post pinned')).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true');
  await tools.getByRole('button', { name: 'Lock' }).click();
  await expect(toastTitled(page, 'Post locked')).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Unlock' })).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(article.getByText('Locked', { exact: true })).toBeVisible();

  // The member, elsewhere: the list shows both badges, first in the list (pinned), and the post takes no comments.
  const member = await secondBrowser(browser, baseURL);
  try {
    await signIn(member.page, reader);
    await member.page.goto('/forum');
    const card = member.page.getByRole('article', { name: title });
    await expect(card.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(card.getByText('Locked', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(member.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(member.page.getByRole('note').filter({ hasText: 'This discussion is locked. New comments are not allowed.' })).toBeVisible();
    await expect(member.page.getByLabel('Add a comment')).toHaveCount(0);
    // Members get no moderation tools.
    await expect(member.page.getByRole('group', { name: 'Moderation' })).toHaveCount(0);
  } finally {
    await member.context.close();
  }
});

test('a member reports a comment and the admin sees it in the moderation queue', async ({ page, browser, accounts, db, baseURL }) => {
  const author = await accounts.createVerified();
  const reporter = await accounts.createVerified();
  const admin = await accounts.createVerified();
  await makeAdmin(db, admin);
  const title = `Cheap fuel cards ${Date.now().toString(36)}`;
  const commentText = `Buy fuel cards at half price from my site ${Date.now().toString(36)}`;
  const post = await seedPost(db, author, title, commentText);

  await signIn(page, reporter);
  await page.goto(`/forum/posts/${post.slug}`);
  const comment = page.locator(`#comment-${post.commentId}`);
  await expect(comment.getByText(commentText)).toBeVisible();
  await comment.getByRole('button', { name: `Report ${author.username}'s comment` }).click();
  const dialog = page.getByRole('dialog', { name: `Report ${author.username}'s comment` });
  const reason = dialog.getByLabel('Reason');
  await reason.fill('spam');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us what is wrong (at least 10 characters)');
  await reason.fill('Spam: selling fuel cards that are surely stolen.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toastTitled(page, 'Report sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second report of the same comment by the same member is refused, with the server's words.
  await comment.getByRole('button', { name: `Report ${author.username}'s comment` }).click();
  await dialog.getByLabel('Reason').fill('Still spam, please remove it.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You have already reported this');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastTitled(page, 'Report failed')).toBeVisible();

  const adminBrowser = await secondBrowser(browser, baseURL);
  try {
    const a = adminBrowser.page;
    await signIn(a, admin);
    await a.goto('/admin/moderation');
    await expect(a.getByRole('tab', { name: /Open/ })).toHaveAttribute('aria-selected', 'true');
    const item = a.getByRole('article').filter({ hasText: 'Spam: selling fuel cards that are surely stolen.' });
    await expect(item).toBeVisible();
    await expect(item.getByText(`by @${reporter.username}`)).toBeVisible();
    await expect(item.getByText(`Written by @${author.username}`)).toBeVisible();
    await expect(item.getByRole('link', { name: commentText })).toHaveAttribute('href', `/forum/posts/${post.slug}#comment-${post.commentId}`);

    await item.getByRole('button', { name: 'Delete comment and resolve' }).click();
    await item.getByRole('button', { name: 'Confirm: delete comment' }).click();
    await expect(toastTitled(a, 'Comment deleted and report resolved')).toBeVisible();
    await expect(item).toHaveCount(0);
    await a.getByRole('tab', { name: 'Resolved' }).click();
    await expect(a.getByRole('article').filter({ hasText: 'Spam: selling fuel cards that are surely stolen.' }).getByText(`Resolved by @${admin.username}`)).toBeVisible();
  } finally {
    await adminBrowser.context.close();
  }

  // The comment is gone for the member too.
  await page.reload();
  await expect(page.getByText(commentText)).toHaveCount(0);
});
