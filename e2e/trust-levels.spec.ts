import { eq } from 'drizzle-orm';
import { londonDate } from '../common/london-day.ts';
import { userVisits, users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 28 on a phone: a new member opens their settings and reads their trust level, what it allows
// and what the next level needs (each with what they have); an admin's pin shows at their next visit.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

test.describe('trust level in the settings, on a 390×844 phone', () => {
  test.use(PHONE);

  test('a new member sees level 0, what it allows and what level 1 needs; a pinned level shows at the next visit', async ({ page, accounts, db, playwright, baseURL }) => {
    const account = await accounts.createVerified({ newcomer: true });
    const [{ id }] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    // Yesterday's visit with a dozen posts read (today's is recorded by signing in).
    await db.insert(userVisits).values({ userId: id, day: londonDate(new Date(Date.now() - 86_400_000)), postsRead: 12 });

    await signIn(page, account);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Trust level' });
    await expect(section.getByText('Trust level: 0 — New')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'What your level allows' })).toBeVisible();
    await expect(section.getByText('Up to 3 posts and 20 comments a day')).toBeVisible();
    await expect(section.getByText('Up to 1 link and 1 photo in a post or comment')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'To reach level 1 — Basic' })).toBeVisible();
    const needs = section.getByRole('listitem');
    await expect(needs.filter({ hasText: 'a day since you verified your email' })).toHaveText('Not yet: a day since you verified your email (you have 0)');
    await expect(needs.filter({ hasText: '10 posts read' })).toHaveText('Done: 10 posts read (you have 12)');
    // Nothing overflows sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An admin pins level 2 (through the admin API, as the admin screen does): the member's next page says
    // so, with level 2's allowances and no next level.
    const admin = await accounts.createVerified();
    await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
    const adminApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
    expect((await adminApi.post('/api/auth/login', { data: { email: admin.email, password: admin.password } })).ok()).toBe(true);
    expect((await adminApi.put(`/api/admin/members/${id}/trust-level`, { data: { level: 2 } })).ok()).toBe(true);
    await adminApi.dispose();
    await page.reload();
    await expect(section.getByText('Trust level: 2 — Member')).toBeVisible();
    await expect(section.getByText('An admin set your level, so it does not change with your activity.')).toBeVisible();
    await expect(section.getByText('Up to 30 posts and 200 comments a day')).toBeVisible();
    await expect(section.getByRole('heading', { name: /To reach level/ })).toHaveCount(0);
  });
});
