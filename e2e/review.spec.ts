import { eq } from 'drizzle-orm';
import { CENSOR_MARK } from '../common/rules/review.ts';
import { TRUST_MSG } from '../common/rules/trust.ts';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { secondBrowser, signIn, toastTitled } from './support/ui.ts';

// The review queue and watched words (issue 28, items 3 and 4) on a phone: a new member's first post
// with a link waits for a moderator ("Awaiting approval", theirs alone); the moderator approves it in
// the queue beside the reports; a guest then finds it. An admin adds a watched word to censor, and a
// comment with it shows ■■■.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

test('a new member’s link post waits for approval; a moderator approves it; a guest then sees it; a censored word shows ■■■', async ({ page, browser, baseURL, accounts, db }) => {
  test.setTimeout(120_000);
  const [newcomer, moderator, admin] = await Promise.all([accounts.createVerified({ newcomer: true }), accounts.createVerified(), accounts.createVerified()]);
  await db.update(users).set({ isModerator: true }).where(eq(users.email, moderator.email));
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
  const tag = Date.now().toString(36);
  const title = `Cheap van insurance I found ${tag}`;

  // The new member (level 0) posts a link: no post page to go to, the held notice instead.
  await signIn(page, newcomer);
  await page.goto('/forum/new');
  const main = page.getByRole('main');
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption({ index: 1 });
  await main.getByLabel('Your post').fill('Half the price of my last one: https://vans.example/deal');
  await main.getByRole('button', { name: 'Publish Post' }).click();
  const held = main.getByRole('region', { name: TRUST_MSG.awaitingApproval });
  await expect(held.getByText(TRUST_MSG.heldNotice)).toBeVisible();
  await expect(held.getByRole('article', { name: `Your post “${title}”, awaiting approval` })).toBeVisible();
  await expect(page).toHaveURL(/\/forum\/new$/);
  // Nothing sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Their forum list has it on the "awaiting approval" strip, and only there.
  await page.goto('/forum');
  const strip = page.getByRole('region', { name: 'Your posts awaiting approval' });
  await expect(strip.getByText(title)).toBeVisible();
  await expect(strip.getByText(TRUST_MSG.awaitingApproval, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  const guest = await secondBrowser(browser, baseURL, { consent: true });
  const mod = await secondBrowser(browser, baseURL, { consent: true });
  try {
    await guest.page.setViewportSize(PHONE.viewport);
    // The guest's list (written by the server, whole) has no trace of it.
    await guest.page.goto('/forum?sort=newest');
    await expect(guest.page.getByRole('main')).toBeVisible();
    await expect(guest.page.getByText(title)).toHaveCount(0);

    // The moderator approves it in the review queue beside the reports.
    const m = mod.page;
    await m.setViewportSize(PHONE.viewport);
    await signIn(m, moderator);
    await m.goto('/admin/moderation');
    await m.getByRole('tab', { name: /^Review/ }).click();
    const item = m.getByRole('article', { name: `Held post by @${newcomer.username}` }).filter({ hasText: title });
    await expect(item.getByText('https://vans.example/deal')).toBeVisible();
    await expect(item.getByText('New member, with a link')).toBeVisible();
    expect(await m.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await item.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(toastTitled(m, 'Approved and published')).toBeVisible();
    await expect(item).toHaveCount(0);

    // The guest now finds it, and opens it.
    await guest.page.goto('/forum?sort=newest');
    await guest.page.getByRole('link', { name: title }).click();
    await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The author is told.
    await page.goto('/notifications');
    await expect(page.getByText('Your post was approved')).toBeVisible();
  } finally {
    await guest.context.close();
    await mod.context.close();
  }

  // An admin adds a watched word to censor; a comment with it shows ■■■ where the word was.
  const word = `grotty${tag.replace(/\d/g, '')}`;
  const theirs = await secondBrowser(browser, baseURL, { consent: true });
  try {
    const a = theirs.page;
    await a.setViewportSize(PHONE.viewport);
    await signIn(a, admin);
    await a.goto('/admin/watched-words');
    await a.getByLabel('Word or phrase').fill(word);
    await a.getByRole('radio', { name: /^Censor/ }).check();
    await a.getByRole('button', { name: 'Add word' }).click();
    await expect(toastTitled(a, 'Watched word added')).toBeVisible();
    await expect(a.getByRole('list', { name: 'Watched words' }).getByText(word, { exact: true })).toBeVisible();
    expect(await a.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await a.goto('/forum?sort=newest');
    await a.getByRole('link', { name: title }).click();
    await a.getByLabel('Add a comment').fill(`What a ${word.toUpperCase()} deal`);
    await a.getByRole('button', { name: 'Post Comment' }).click();
    const comment = a.getByRole('article', { name: `Comment by ${admin.username}` });
    await expect(comment.getByText(`What a ${CENSOR_MARK} deal`)).toBeVisible();
    await expect(a.getByText(word.toUpperCase())).toHaveCount(0);
  } finally {
    await theirs.context.close();
  }
});
