import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { signInWith, toastTitled } from './support/ui.ts';

// /admin/analytics end to end: a visitor who accepted analytics browses, web vitals come in, and an
// admin reads it on the screen (uPlot drawn in Chromium, its numbers as tables); the chart library is
// fetched by that screen only.

const ACCEPT_ANALYTICS = JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: false });

test('an admin reads what a consenting visitor did; uPlot loads on that screen only', async ({ page, browser, baseURL, accounts, db }) => {
  const path = `/e2e-analytics-${Date.now().toString(36)}`;

  // A visitor with analytics consent opens a page that does not exist (a page view and a 404 action).
  const visitor = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL ?? '',
          localStorage: [
            { name: 'cookie_consent', value: 'true' },
            { name: 'cookie_preferences', value: ACCEPT_ANALYTICS },
          ],
        },
      ],
    },
  });
  try {
    const v = await visitor.newPage();
    const viewSent = v.waitForRequest((r) => r.url().endsWith('/api/analytics/page-view') && (r.postData() ?? '').includes(path));
    await v.goto(path);
    await expect(v.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect((await viewSent).headers()['x-analytics-consent']).toBe('granted');
    // Vitals arrive in batches from a 10% sample: send one report as the client would.
    const vitals = await v.request.post('/api/metrics/vitals', {
      headers: { 'X-Analytics-Consent': 'granted' },
      data: { reports: [{ url: path, timestamp: Date.now(), metrics: [{ name: 'LCP', value: 1800, rating: 'good', id: 'v1', delta: 1800 }], userAgent: 'e2e', connectionType: '4g' }] },
    });
    expect(vitals.status()).toBe(202);
  } finally {
    await visitor.close();
  }

  // The admin: the forum never fetches the chart chunk; the analytics screen does.
  const admin = await accounts.createVerified();
  await db.update(users).set({ isAdmin: true }).where(eq(users.email, admin.email));
  const chartChunks: string[] = [];
  page.on('request', (r) => {
    if (/analytics-chart[^/]*\.js$/.test(r.url())) chartChunks.push(r.url());
  });
  await page.goto('/');
  await signInWith(page, admin);
  await expect(toastTitled(page, 'Login successful')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss welcome message' }).click();
  await page.goto('/forum');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(chartChunks).toEqual([]);

  // The buffer is written every 2 s: wait for the report to hold the visit.
  await expect
    .poll(async () => ((await (await page.request.get('/api/admin/analytics')).json()) as { topPages: Array<{ pageUrl: string }> }).topPages.map((p) => p.pageUrl), {
      timeout: 15_000,
    })
    .toContain(path);

  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Sessions', { exact: true })).toBeVisible();

  // uPlot draws both charts on canvases; each has its table one click away.
  await expect(page.locator('.uplot canvas')).toHaveCount(2);
  expect(chartChunks.length).toBeGreaterThan(0);
  await page.getByText('Show as a table').first().click();
  await expect(page.getByRole('table', { name: 'Sessions and page views per day' })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Top pages' }).getByRole('row', { name: new RegExp(path) })).toBeVisible();
  const vitalsRow = page.getByRole('region', { name: 'Web vitals (75th percentile)' }).getByRole('row').filter({ hasText: 'LCP' });
  await expect(vitalsRow.getByRole('img', { name: /^Good \d+% \(\d+\)/ })).toBeVisible();

  // A preset asks for a shorter period and keeps it in the address.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
});
