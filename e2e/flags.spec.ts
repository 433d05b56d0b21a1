import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { londonDateTime } from '../common/rules/roles.ts';
import { FLAGS_TO_HIDE } from '../common/rules/trust.ts';
import { users } from '../server/db/schema/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { secondBrowser, signIn, signInWith, toastTitled } from './support/ui.ts';

// Flags hide, and a moderator decides (issue 28 items 5 and 9), on phones: three members at trust level 1
// flag a member's post from its page, which hides it from guests; a moderator finds it in the queue,
// upholds the flags (it stays removed) and suspends its author for 7 days with a reason, which the author
// is told at sign-in. Rejecting the flags on another post brings it back for guests.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

const DAY_MS = 24 * 3_600_000;

/** Someone else's phone: their own cookies, signed in as `account` unless a guest. */
async function phoneOf(browser: Browser, baseURL: string | undefined, account?: Account) {
  const theirs = await secondBrowser(browser, baseURL, { consent: true });
  await theirs.page.setViewportSize(PHONE.viewport);
  if (account) await signIn(theirs.page, account);
  return theirs;
}

/** The author writes a post from /forum/new (level 1: published at once); its slug. */
async function writePost(page: Page, author: Account, title: string, body: string) {
  await signIn(page, author);
  await page.goto('/forum/new');
  const main = page.getByRole('main');
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Category').selectOption({ index: 1 });
  await main.getByLabel('Your post').fill(body);
  await main.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/**
 * Each member, on their own phone, reports the post from its page with their reason. Their sign-in is
 * not what is tested here: the phone's cookies come from the API's sign-in, which is quicker.
 */
async function flagFromThePage(browser: Browser, baseURL: string | undefined, slug: string, flags: Array<{ by: Account; reason: string }>) {
  for (const { by, reason } of flags) {
    const theirs = await phoneOf(browser, baseURL);
    try {
      const login = await theirs.context.request.post('/api/auth/login', { data: { email: by.email, password: by.password } });
      expect(login.ok(), await login.text()).toBe(true);
      const p = theirs.page;
      await p.goto(`/forum/posts/${slug}`);
      await p.getByRole('button', { name: 'Report this post' }).click();
      const dialog = p.getByRole('dialog', { name: 'Report this post' });
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(toastTitled(p, 'Report sent')).toBeVisible();
    } finally {
      await theirs.context.close();
    }
  }
}

/** The guest's forum list (newest first) and the post's own page both have it, or neither does. */
async function expectGuestFinds(guest: Page, title: string, slug: string, finds: boolean) {
  await guest.goto('/forum?sort=newest');
  await expect(guest.getByRole('main')).toBeVisible();
  if (finds) {
    await guest.getByRole('link', { name: title }).click();
    await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } else {
    await expect(guest.getByText(title)).toHaveCount(0);
    await guest.goto(`/forum/posts/${slug}`);
    await expect(guest.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(guest.getByText(title)).toHaveCount(0);
  }
}

/** The reports in the queue's list that carry this text (the posts tool below it lists posts as articles too). */
const reportsWith = (m: Page, text: string) => m.getByRole('article', { name: /^Report on / }).filter({ hasText: text });

/** The moderator's reports queue, and the open report with this reason (one of the post's three). */
async function openReport(m: Page, reason: string) {
  await m.goto('/admin/moderation');
  const item = reportsWith(m, reason);
  await expect(item.getByText('Hidden by members’ flags')).toBeVisible();
  await expect(item.getByText(`${FLAGS_TO_HIDE} reports on this`)).toBeVisible();
  return item;
}

const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('three members’ flags hide a post; a moderator upholds them and suspends the author for 7 days, who is told at sign-in', async ({
  page,
  browser,
  baseURL,
  accounts,
  db,
}) => {
  // Six people on their own phones (the machine is shared by other runs): more than the default.
  test.setTimeout(240_000);
  const [author, moderator, ...flaggers] = await Promise.all([accounts.createVerified(), accounts.createVerified(), ...Array.from({ length: FLAGS_TO_HIDE }, () => accounts.createVerified())]);
  await db.update(users).set({ isModerator: true }).where(eq(users.email, moderator.email));
  const tag = Date.now().toString(36);
  const title = `Cash jobs for van drivers, no questions ${tag}`;
  const slug = await writePost(page, author, title, `Text me for cash-in-hand drops around Leeds, ref ${tag}.`);
  const reasons = flaggers.map((_, i) => `Spam: a cash-in-hand job advert (${tag}, flag ${i + 1})`);

  const guest = await phoneOf(browser, baseURL);
  try {
    await expectGuestFinds(guest.page, title, slug, true);
    await flagFromThePage(
      browser,
      baseURL,
      slug,
      flaggers.map((by, i) => ({ by, reason: reasons[i]! })),
    );
    await expectGuestFinds(guest.page, title, slug, false);

    // The moderator, on their phone: the hidden post heads the queue, its text shown to them alone.
    const mod = await phoneOf(browser, baseURL, moderator);
    try {
      const m = mod.page;
      const item = await openReport(m, reasons[0]!);
      await expect(item.getByText(`Text me for cash-in-hand drops around Leeds, ref ${tag}.`)).toBeVisible();
      await expect(item.getByText(`Written by @${author.username}`)).toBeVisible();
      expect(await noSidewaysScroll(m)).toBe(true);
      await item.getByRole('button', { name: 'Uphold: keep it removed' }).click();
      await expect(toastTitled(m, 'Flags upheld: the post stays removed')).toBeVisible();
      // The decision closed all three reports.
      await expect(reportsWith(m, tag)).toHaveCount(0);

      // Then the author, from the upheld report: 1 or 7 days, and the reason they will be shown.
      await m.getByRole('tab', { name: 'Resolved' }).click();
      const upheld = reportsWith(m, reasons[0]!);
      await expect(upheld.getByText(`Resolved by @${moderator.username}`)).toBeVisible();
      await upheld.getByRole('button', { name: `Suspend @${author.username}` }).click();
      const dialog = m.getByRole('dialog', { name: `Suspend @${author.username}?` });
      await expect(dialog.getByRole('radio')).toHaveCount(2);
      expect(await noSidewaysScroll(m)).toBe(true);
      await dialog.getByRole('radio', { name: '7 days' }).check();
      // No reason: asked for before anything is sent.
      await dialog.getByRole('button', { name: `Suspend @${author.username}` }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the suspension: the member is shown it when they sign in');
      await dialog.getByLabel('Reason (shown to the member at sign-in)').fill('Advertising cash-in-hand work');
      await dialog.getByRole('button', { name: `Suspend @${author.username}` }).click();
      await expect(dialog).toBeHidden();
      await expect(upheld.getByRole('status')).toHaveText(`@${author.username} is suspended`);
    } finally {
      await mod.context.close();
    }

    // It stays removed for the guest.
    await expectGuestFinds(guest.page, title, slug, false);
  } finally {
    await guest.context.close();
  }

  const [row] = await db.select({ until: users.suspendedUntil, reason: users.suspensionReason }).from(users).where(eq(users.email, author.email));
  expect(row.reason).toBe('Advertising cash-in-hand work');
  expect(row.until!.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - 5 * 60_000);
  expect(row.until!.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

  // The author's session ended with the suspension: signing in again on their phone, they are told why and until when.
  await page.goto('/');
  await signInWith(page, author);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    `Your account is suspended until ${londonDateTime(row.until!)}. Reason: Advertising cash-in-hand work. Contact support if you think this is a mistake.`,
  );
});

test('a moderator rejects the flags on a hidden post, and the guest finds it again', async ({ page, browser, baseURL, accounts, db }) => {
  test.setTimeout(180_000);
  const [author, moderator, ...flaggers] = await Promise.all([accounts.createVerified(), accounts.createVerified(), ...Array.from({ length: FLAGS_TO_HIDE }, () => accounts.createVerified())]);
  await db.update(users).set({ isModerator: true }).where(eq(users.email, moderator.email));
  const tag = Date.now().toString(36);
  const title = `Which depots let you park overnight ${tag}`;
  const slug = await writePost(page, author, title, `Looking for a safe place to leave the van near Wakefield, ref ${tag}.`);
  const reasons = flaggers.map((_, i) => `Off-topic and pointless (${tag}, flag ${i + 1})`);

  const guest = await phoneOf(browser, baseURL);
  try {
    await flagFromThePage(
      browser,
      baseURL,
      slug,
      flaggers.map((by, i) => ({ by, reason: reasons[i]! })),
    );
    await expectGuestFinds(guest.page, title, slug, false);

    const mod = await phoneOf(browser, baseURL, moderator);
    try {
      const m = mod.page;
      const item = await openReport(m, reasons[2]!);
      await item.getByRole('button', { name: 'Reject the flags: restore it' }).click();
      await expect(toastTitled(m, 'Flags rejected: the post is back')).toBeVisible();
      await expect(reportsWith(m, tag)).toHaveCount(0);
      await m.getByRole('tab', { name: 'Dismissed' }).click();
      const dismissed = reportsWith(m, reasons[2]!);
      await expect(dismissed.getByText(`Dismissed by @${moderator.username}`)).toBeVisible();
      // A rejected flag is no ground to suspend its author.
      await expect(dismissed.getByRole('button', { name: /^Suspend @/ })).toHaveCount(0);
    } finally {
      await mod.context.close();
    }

    await expectGuestFinds(guest.page, title, slug, true);
  } finally {
    await guest.context.close();
  }
});
