import type { Page } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { payReports, users } from '../server/db/schema/index.ts';
import type { Db } from '../server/db/client.ts';
import { computePaySnapshot } from '../server/modules/pay/index.ts';
import { expect, test } from './fixtures.ts';
import { signIn, toastTitled } from './support/ui.ts';

// Issue 19, the Courier Pay Index, on a phone: a member reports a day's pay and finds it in
// /pay/mine; /pay shows figures for the networks with enough members' reports and "Not enough
// reports yet" for the rest; a network's page has its trend chart; the pay estimator links to it.
// Issue 28: the figures are the day's snapshot (computed here as the daily job does), from members
// who count (level 1, 14 days old, reports a day old), the median from 5 members, the middle half
// from 10; a report just sent is not in them.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Ten members (straight into the database, a month old, trust level 1) with weekly Evri reports in the
 * North West over three quarters, six of them with Amazon Flex reports too, all sent days ago: Evri
 * rests on 10 members (median and middle half), Amazon Flex on 6 (the median alone), overall, per
 * region and per quarter.
 */
async function seedReports(db: Db): Promise<number[]> {
  const stamp = Date.now().toString(36);
  const monthAgo = new Date(Date.now() - 30 * DAY);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        email: `pay_${stamp}_${i}@example.test`,
        username: `pay_${stamp}_${i}`,
        firstName: 'Pay',
        lastName: 'Seed',
        passwordHash: 'not-a-hash: never signs in',
        emailVerifiedAt: monthAgo,
        createdAt: monthAgo,
        trustLevel: 1,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  const sent = new Date(Date.now() - 2 * DAY);
  const reports = ids.flatMap((userId, i) =>
    [14, 105, 196].flatMap((daysAgo) => {
      const start = isoDay(Date.now() - daysAgo * DAY);
      const end = isoDay(Date.now() - (daysAgo - 4) * DAY);
      return (i < 6 ? (['evri', 'amazon-flex'] as const) : (['evri'] as const)).map((network) => ({
        userId,
        network,
        engagement: 'self_employed',
        vehicle: 'van',
        postcodeArea: 'M',
        region: 'north-west',
        periodStart: start,
        periodEnd: end,
        hours: 45,
        drops: 500,
        miles: 400,
        grossPay: 600 + i * 20 + (network === 'evri' ? 0 : 60),
        costFuel: 90,
        createdAt: sent,
        updatedAt: sent,
      }));
    }),
  );
  await db.insert(payReports).values(reports);
  // The day's figures, as the daily job computes them.
  await computePaySnapshot(db, new Date());
  return ids;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test.describe('Courier Pay Index', () => {
  let seeded: number[] = [];
  test.beforeAll(async ({ db }) => {
    seeded = await seedReports(db);
  });
  test.afterAll(async ({ db }) => {
    if (seeded.length) await db.delete(users).where(inArray(users.id, seeded));
    await computePaySnapshot(db, new Date());
  });

  test('a member reports a day of DPD pay on a phone and sees it in /pay/mine; /pay shows figures and "Not enough reports yet"', async ({ page, accounts }) => {
    const account = await accounts.createVerified();
    await signIn(page, account);

    await page.goto('/pay/report?network=dpd');
    const form = page.getByRole('form', { name: 'Pay report' });
    await expect(form.getByLabel('Network or client')).toHaveValue('dpd');
    await form.getByLabel('Postcode district').fill('bs1');
    await expect(form.getByText('Only the area is kept: BS.')).toBeVisible();
    await form.getByLabel('A day').check();
    const day = isoDay(Date.now() - 2 * DAY);
    await form.getByLabel('Day', { exact: true }).fill(day);
    await form.getByLabel('Hours worked').fill('17');
    await form.getByLabel('Parcels or drops').fill('120');
    await form.getByLabel('Miles').fill('80');
    await form.getByLabel('Gross pay (£)').fill('140');
    await form.getByLabel('Fuel or charging').fill('18.40');
    await noSidewaysScroll(page);

    // An impossible day is refused with a clear message, on its field.
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(form.getByText('At most 16 hours for a day (16 a day)')).toBeVisible();
    await expect(form.getByLabel('Hours worked')).toBeFocused();

    await form.getByLabel('Hours worked').fill('9.5');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(toastTitled(page, 'Thanks: your pay report is in')).toBeVisible();
    await expect(page).toHaveURL(/\/pay\/mine$/);
    const mine = page.getByRole('list', { name: 'Your pay reports' });
    await expect(mine.getByRole('heading', { name: `DPD: ${day}` })).toBeVisible();
    await expect(mine.getByText('BS (South West)')).toBeVisible();
    // (140 − 18.40) / 9.5 = £12.80 an hour.
    await expect(mine.getByText('£12.80')).toBeVisible();
    await noSidewaysScroll(page);

    await page.goto('/pay');
    await expect(page.getByRole('heading', { level: 1, name: 'Courier Pay Index' })).toBeVisible();
    const card = (name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    for (const name of ['Evri', 'Amazon Flex']) {
      await expect(card(name).getByText('an hour after costs (median)')).toBeVisible();
      await expect(card(name).getByText(/National Living Wage/)).toBeVisible();
    }
    // Evri: 10 members, the middle half too; Amazon Flex: 6, the median alone. Figures to 10p.
    await expect(card('Evri').getByText(/30 reports from 10 members/)).toBeVisible();
    await expect(card('Evri').getByText(/^Middle half: £\d+\.\d0 to £\d+\.\d0$/)).toBeVisible();
    await expect(card('Amazon Flex').getByText(/18 reports from 6 members/)).toBeVisible();
    await expect(card('Amazon Flex').getByText('The middle half shows from 10 members.')).toBeVisible();
    await expect(card('Amazon Flex').getByText(/^£\d+\.\d0$/)).toBeVisible();
    // The DPD report just sent is not in the day's figures.
    await expect(card('DPD').getByText('Not enough reports yet')).toBeVisible();
    await expect(card('DPD').getByText('No reports yet (a figure needs 5 members)')).toBeVisible();
    await expect(page.getByText(/Figures last computed \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2}\. They are recomputed once a day\./)).toBeVisible();
    await expect(card('Yodel').getByText('Not enough reports yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the figures as CSV' })).toHaveAttribute('href', '/pay/index.csv');
    await noSidewaysScroll(page);

    // Filters: a region nobody reported from has no figures.
    await page.getByLabel('Region').selectOption('wales');
    await expect(page).toHaveURL(/region=wales/);
    await expect(card('Evri').getByText('Not enough reports yet')).toBeVisible();

    // Editing: the form comes back filled in (the postcode kept as its area unless changed).
    await page.goto('/pay/mine');
    await mine.getByRole('link', { name: 'Edit DPD report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit your pay report' })).toBeVisible();
    await expect(form.getByLabel('Hours worked')).toHaveValue('9.5');
    await expect(form.getByText('Leave empty to keep BS.')).toBeVisible();
    await form.getByLabel('Hours worked').fill('10');
    await form.getByRole('button', { name: 'Save DPD report' }).click();
    await expect(toastTitled(page, 'Your pay report is saved')).toBeVisible();
    // (140 − 18.40) / 10 = £12.16 an hour; still in BS.
    await expect(mine.getByText('£12.16')).toBeVisible();
    await expect(mine.getByText('BS (South West)')).toBeVisible();

    // Deleting asks first.
    await mine.getByRole('button', { name: 'Delete DPD report' }).click();
    await page.getByRole('dialog', { name: 'Delete this pay report?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toastTitled(page, 'Pay report deleted')).toBeVisible();
    await expect(page.getByText('You have not reported any pay yet.')).toBeVisible();
  });

  test('an admin sees every report, outliers marked, and removes one', async ({ page, accounts, db }) => {
    const admin = await accounts.createVerified();
    await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
    const [odd] = await db
      .insert(payReports)
      .values({
        userId: seeded[0]!, network: 'gophr', engagement: 'self_employed', vehicle: 'bike', postcodeArea: 'EC', region: 'london',
        periodStart: isoDay(Date.now() - 3 * DAY), periodEnd: isoDay(Date.now() - 3 * DAY), hours: 2, drops: 10, miles: 20, grossPay: 200, outlier: true,
      })
      .returning({ id: payReports.id });
    await signIn(page, admin);
    await page.goto('/admin/pay-reports');
    const row = page.getByRole('listitem').filter({ hasText: 'Gophr' });
    await expect(row.getByText('Outlier')).toBeVisible();
    await expect(row.getByText('£100.00/h net')).toBeVisible();
    await row.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('dialog', { name: 'Remove this pay report?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toastTitled(page, 'Pay report removed')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await db.select().from(payReports).where(eq(payReports.id, odd!.id))).toEqual([]);
  });

  test('the pay estimator links to a network page with its own title, Dataset data and trend chart', async ({ page }) => {
    await page.goto('/pay-estimator');
    const compare = page.getByRole('region', { name: 'Compare with what members report' });
    await compare.getByLabel('Network').selectOption('evri');
    await compare.getByLabel('Region').selectOption('north-west');
    await compare.getByRole('link', { name: 'Compare with what members report for Evri' }).click();
    await expect(page).toHaveURL(/\/pay\/evri\?region=north-west$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Evri pay: what couriers really earn' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'North West, all vehicles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Trend by quarter' })).toBeVisible();
    // uPlot loads on this page only, after it has shown.
    await expect(page.getByTestId('pay-trend-chart').locator('canvas')).toBeVisible();
    await noSidewaysScroll(page);

    // The server's page: title, description and Dataset structured data.
    const html = await (await page.request.get('/pay/evri')).text();
    expect(html).toContain('<title>Evri pay: what couriers really earn | Kerbside</title>');
    expect(html).toContain('"@type":"Dataset"');
    expect(html).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect((await page.request.get('/pay/hermes')).status()).toBe(404);
  });
});

test.describe('Courier Pay Index at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the index, a network page and the report form fit a small phone', async ({ page, accounts }) => {
    for (const path of ['/pay', '/pay/amazon-flex']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
    }
    await signIn(page, await accounts.createVerified());
    await page.goto('/pay/report');
    await expect(page.getByRole('form', { name: 'Pay report' })).toBeVisible();
    await noSidewaysScroll(page);
  });
});
