import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { secondBrowser, signIn, socketAuthenticated, toastTitled } from './support/ui.ts';

// Admin area end to end (issue 7): members never see it; an admin reads the dashboard's figures and
// suspends a member's chat from /admin/members, and the member, in another browser, is told at once
// (spec §4 'Chat Feature Suspended').

test('a member opening /admin sees Page Not Found, and no Admin link', async ({ page, accounts }) => {
  const member = await accounts.createVerified();
  await signIn(page, member);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  for (const path of ['/admin', '/admin/members']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  }
});

test("an admin reads the dashboard and suspends a member's chat; the member is told at once", async ({ page, browser, baseURL, accounts, db }) => {
  const [admin, member] = await Promise.all([accounts.createVerified(), accounts.createVerified()]);
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));

  const other = await secondBrowser(browser, baseURL);
  try {
    // The member waits on the forum with the chat socket open.
    await signIn(other.page, member);
    const listening = socketAuthenticated(other.page);
    await other.page.goto('/forum');
    await listening;

    await signIn(page, admin);
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const [live] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
    const [verified] = await db
      .select({ n: count() })
      .from(users)
      .where(and(isNull(users.deletedAt), isNotNull(users.emailVerifiedAt)));
    const figures = page.getByRole('region', { name: 'Site figures' });
    await expect(figures.getByTestId('stat-members')).toHaveText(live.n.toLocaleString('en-GB'));
    await expect(figures.getByText(`${verified.n.toLocaleString('en-GB')} verified`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent sign-ups' }).getByRole('link', { name: `@${member.username}` })).toBeVisible();
    await expect(page.getByRole('switch', { name: /Maintenance mode/ })).toBeVisible();

    // Members: find them, open their record, suspend chat (confirmed).
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('searchbox', { name: 'Search members' }).fill(member.username.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'matching' })).toHaveText(`1 member matching "${member.username.toUpperCase()}"`);
    await page.getByRole('button', { name: `@${member.username}` }).click();
    const record = page.getByRole('dialog', { name: `@${member.username}` });
    await expect(record.getByText(member.email)).toBeVisible();
    await record.getByRole('button', { name: 'Suspend chat' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend chat?' });
    await confirm.getByLabel(/Reason/).fill('Spamming the inbox');
    await confirm.getByRole('button', { name: 'Suspend chat' }).click();
    await expect(record.getByRole('status')).toHaveText(`Chat suspended for @${member.username}`);
    await expect(record.getByRole('button', { name: 'Lift chat suspension' })).toBeVisible();
    await expect(record.getByText('Spamming the inbox')).toBeVisible();

    // The member, without doing anything, sees spec §4's toast; the inbox then shows the suspension card with the reason (issue 18).
    await expect(toastTitled(other.page, 'Chat Feature Suspended')).toBeVisible({ timeout: 15_000 });
    await other.page.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
    await expect(other.page.getByRole('region', { name: 'Chat Feature Suspended' })).toContainText('Spamming the inbox');

    // The action is in the audit log on the dashboard.
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Recent admin actions' }).getByText(`@${member.username}`).first()).toBeVisible();
  } finally {
    await other.context.close();
  }
});
