import type { APIRequestContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { londonDateTime } from '../common/rules/roles.ts';
import { users } from '../server/db/schema/index.ts';
import { expect, test, type Account } from './fixtures.ts';
import { secondBrowser, signIn, signInWith, toastTitled } from './support/ui.ts';

// Moderators and timed suspensions (issue 18), on a phone and a desktop: an admin grants the
// moderator role from /admin/members; the moderator pins a post, deletes a comment, resolves a report
// from the queue, and finds every admin-only page (emails, ads, the dashboard) "Admins only" (issue 28);
// the admin suspends a member for 1 day with a reason, and the member sees the reason and the end date
// when signing in.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

/** A signed-in API session of its own (never the page's cookies). */
async function apiAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, account: Account) {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return api;
}

async function created<T>(res: { status(): number; text(): Promise<string>; json(): Promise<unknown> }) {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

for (const [label, device] of [
  ['a 390×844 phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test.describe(`moderators on ${label}`, () => {
    test.use(device);

    test('admin grants the role; the moderator pins, deletes a comment, resolves a report, has no ads page; a 1-day suspension is told at sign-in', async ({
      page,
      browser,
      baseURL,
      playwright,
      accounts,
      db,
    }) => {
      test.setTimeout(120_000);
      const [admin, mod, author, reporter, member] = await Promise.all([
        accounts.createVerified(),
        accounts.createVerified(),
        accounts.createVerified(),
        accounts.createVerified(),
        accounts.createVerified(),
      ]);
      await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));

      // The author's post with two comments; the reporter reports the second.
      const tag = Date.now().toString(36);
      const title = `Depot gate codes changed again ${tag}`;
      const rude = `Rude reply that a moderator deletes ${tag}`;
      const spam = `Cheap fuel cards from my site ${tag}`;
      const writer = await apiAs(playwright, baseURL, author);
      const categories = (await (await writer.get('/api/forum/categories')).json()) as { id: number }[];
      const post = await created<{ id: number; slug: string }>(await writer.post('/api/forum/posts', { data: { title, content: 'Anyone got the new code for the back gate?', categoryId: categories[0].id } }));
      const first = await created<{ id: number }>(await writer.post(`/api/forum/posts/${post.id}/comments`, { data: { content: rude } }));
      const second = await created<{ id: number }>(await writer.post(`/api/forum/posts/${post.id}/comments`, { data: { content: spam } }));
      await writer.dispose();
      const reporting = await apiAs(playwright, baseURL, reporter);
      await created(await reporting.post('/api/reports', { data: { targetType: 'comment', targetId: second.id, reason: 'Selling fuel cards, surely stolen.' } }));
      await reporting.dispose();

      // The admin makes the member a moderator from /admin/members.
      await signIn(page, admin);
      const findMember = async (who: Account) => {
        await page.goto('/admin/members');
        await page.getByRole('searchbox', { name: 'Search members' }).fill(who.username);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByRole('button', { name: `@${who.username}` }).click();
        return page.getByRole('dialog', { name: `@${who.username}` });
      };
      let record = await findMember(mod);
      await record.getByRole('button', { name: 'Make moderator' }).click();
      const grant = page.getByRole('dialog', { name: 'Make moderator?' });
      await grant.getByRole('button', { name: 'Make moderator' }).click();
      await expect(record.getByRole('status')).toHaveText(`@${mod.username} is now a moderator`);
      await expect(record.getByText(/^Moderator · Verified/)).toBeVisible();
      await expect(record.getByRole('button', { name: 'Remove moderator' })).toBeVisible();
      await page.keyboard.press('Escape');

      // The moderator, on their own device.
      const other = await secondBrowser(browser, baseURL, { consent: true });
      try {
        const m = other.page;
        await m.setViewportSize(device.viewport);
        await signIn(m, mod);
        if (device === DESKTOP) await expect(m.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin/moderation');
        await m.goto(`/forum/posts/${post.slug}`);
        const tools = m.getByRole('article', { name: title }).getByRole('group', { name: 'Moderation' });
        await expect(tools.getByText('Moderator', { exact: true })).toBeVisible();
        await tools.getByRole('button', { name: 'Pin' }).click();
        await expect(toastTitled(m, 'Post pinned')).toBeVisible();
        await expect(tools.getByRole('button', { name: 'Unpin' })).toHaveAttribute('aria-pressed', 'true');

        // Deletes someone else's comment (but may not edit it).
        const comment = m.locator(`#comment-${first.id}`);
        await expect(comment.getByText(rude)).toBeVisible();
        await expect(comment.getByRole('button', { name: 'Edit' })).toHaveCount(0);
        await comment.getByRole('button', { name: 'Delete' }).click();
        await m.getByRole('dialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete comment' }).click();
        await expect(m.getByText(rude)).toHaveCount(0);

        // The reports queue: the only admin section they have.
        await m.goto('/admin/moderation');
        const sections = m.getByRole('navigation', { name: 'Admin sections' });
        await expect(sections.getByRole('link')).toHaveText(['Moderation']);
        // Nothing overflows sideways (checked before any toast slides in).
        const item = m.getByRole('article').filter({ hasText: 'Selling fuel cards, surely stolen.' });
        await expect(item).toBeVisible();
        expect(await m.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (device === PHONE) {
          // The smallest phones too.
          await m.setViewportSize({ width: 320, height: 640 });
          expect(await m.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await m.setViewportSize(device.viewport);
        }
        await item.getByRole('button', { name: 'Delete comment and resolve' }).click();
        await item.getByRole('button', { name: 'Confirm: delete comment' }).click();
        await expect(toastTitled(m, 'Comment deleted and report resolved')).toBeVisible();
        await expect(item).toHaveCount(0);

        // No ads page (nor any other admin-only page) for a moderator: each says it is admins' only,
        // not that it does not exist (issue 28), and leads back to their own tools.
        for (const path of ['/admin/emails', '/admin/ads', '/admin']) {
          await m.goto(path);
          await expect(m.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
          await expect(m.getByText('This page is for admins.', { exact: false })).toBeVisible();
          await expect(m.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
        }
        await m.getByRole('main').getByRole('link', { name: 'Go to Moderation' }).click();
        await expect(m).toHaveURL(/\/admin\/moderation$/);
      } finally {
        await other.context.close();
      }

      // The admin suspends a member for 1 day, with a reason.
      record = await findMember(member);
      await record.getByRole('button', { name: 'Suspend account' }).click();
      const suspend = page.getByRole('dialog', { name: 'Suspend account?' });
      await suspend.getByRole('radio', { name: '1 day' }).check();
      await suspend.getByLabel(/Reason/).fill('Posting spam links');
      await suspend.getByRole('button', { name: 'Suspend account' }).click();
      await expect(record.getByRole('status')).toHaveText(`@${member.username} is suspended`);
      await expect(record.getByText('Posting spam links').first()).toBeVisible();
      const [row] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.email, member.email));
      expect(row.until!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

      // The member, signing in, is told the reason and the end (London time), on the form.
      const theirs = await secondBrowser(browser, baseURL, { consent: true });
      try {
        const p = theirs.page;
        await p.setViewportSize(device.viewport);
        await p.goto('/');
        await signInWith(p, member);
        await expect(p.getByRole('main').getByRole('alert')).toHaveText(
          `Your account is suspended until ${londonDateTime(row.until!)}. Reason: Posting spam links. Contact support if you think this is a mistake.`,
        );
      } finally {
        await theirs.context.close();
      }
    });
  });
}
