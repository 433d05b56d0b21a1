import type { Page, Request } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { signInWith } from './support/ui.ts';

// Spec §2 Cookie consent, §4 Consent, §7 analytics calls; UK PECR: nothing optional (request, tag,
// cookie, storage) before a choice, and refusing is as easy as accepting. The analytics endpoints
// may answer anything: these tests look at what the browser sends, not at the answers.

// A clean browser: no stored choice (the other specs start with Essential Only stored).
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => use({ cookies: [], origins: [] }),
});

const ANALYTICS = /\/api\/(analytics|metrics)\//;
const GTM_ID = 'GTM-E2ETEST';

/** Every analytics or vitals request the page sends, from now on. */
function recordAnalytics(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (ANALYTICS.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

/** The site configuration names a tag manager container, and its script never leaves the machine. */
async function withTagManager(page: Page) {
  await page.route('**/api/site-config', (route) => route.fulfill({ json: { appName: 'Kerbside', gtmId: GTM_ID, adsenseClient: null } }));
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
}

/** React Router's scroll restoration (session storage, no personal data): set by any in-app navigation. */
const ROUTER_SCROLL_KEY = 'react-router-scroll-positions';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/** Storage keys and script-visible cookies; React Router's scroll key is left out (it may or may not be written yet). */
async function storageKeys(page: Page) {
  const found = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort(), cookie: document.cookie }));
  return { ...found, session: found.session.filter((k) => k !== ROUTER_SCROLL_KEY) };
}

const isAnalytics = (path: string) => (r: Request) => new URL(r.url()).pathname === path && r.method() === 'POST';

test('before any choice: no analytics or vitals request, no tag, no cookie, no storage; the banner comes after about 2 s', async ({ page, context }) => {
  const analytics = recordAnalytics(page);
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/site-config') || r.url().includes('googletagmanager')) configRequests.push(r.url());
  });
  await withTagManager(page);

  // When the banner appears, by the page's own clock (ms since navigation start).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[aria-label="Cookie consent"]')) {
        (window as { bannerAt?: number }).bannerAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Join Free' }).first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  const timing = await page.evaluate(() => ({
    bannerAt: (window as { bannerAt?: number }).bannerAt ?? 0,
    loadedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
  }));
  expect(timing.bannerAt, 'not before 2 s').toBeGreaterThanOrEqual(2000);
  expect(timing.bannerAt - timing.loadedAt, 'soon after: the page mounts, then waits 2 s (a slow shared machine adds to it)').toBeLessThan(8000);

  await expect(banner(page).getByRole('button', { name: 'Customize' })).toBeVisible();
  // Refusing is as easy as accepting: the same size, side by side.
  const essential = await banner(page).getByRole('button', { name: 'Essential Only' }).boundingBox();
  const accept = await banner(page).getByRole('button', { name: 'Accept All' }).boundingBox();
  expect(essential && accept && Math.abs(essential.width - accept.width) < 2 && Math.abs(essential.height - accept.height) < 2).toBe(true);

  // Another page, a scroll, a hidden tab: still nothing.
  await page.getByRole('link', { name: 'Browse Forum' }).first().click();
  await expect(page).toHaveURL(/\/forum$/);
  await page.mouse.wheel(0, 2000);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(1500);

  expect(analytics.map((r) => r.url())).toEqual([]);
  expect(configRequests, 'no site config fetched for the tag manager, no tag').toEqual([]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { dataLayer?: unknown }).dataLayer)).toBeUndefined();
  expect(await storageKeys(page)).toEqual({ local: [], session: [], cookie: '' });
  expect(await context.cookies()).toEqual([]);
});

test('a signed-in member without a choice has only the session cookie, and signing in sends no analytics', async ({ page, context, accounts }) => {
  const account = await accounts.createVerified();
  const analytics = recordAnalytics(page);
  await page.goto('/');
  await signInWith(page, account);
  await expect(page.getByRole('link', { name: 'New Post' }).first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.waitForTimeout(1500);

  expect(analytics.map((r) => r.url())).toEqual([]);
  const cookies = await context.cookies();
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const { local, session, cookie } = await storageKeys(page);
  expect(cookie, 'the session cookie is HttpOnly: scripts see no cookie').toBe('');
  expect(session).toEqual([]);
  // Only what the product needs: the welcome banner's dismissal may be remembered (spec §3 Browser
  // storage), and which member is signed in on this device, whose drafts sign-out removes (issue 18).
  expect(local.filter((k) => k !== 'welcomeBannerDismissed' && k !== 'deviceMember')).toEqual([]);
});

test('Accept All starts a session and records page views with the consent header, and loads the tag manager with consent denied first', async ({ page }) => {
  await withTagManager(page);
  await page.goto('/forum');
  await expect(banner(page)).toBeVisible();

  const start = page.waitForRequest(isAnalytics('/api/analytics/session/start'));
  const view = page.waitForRequest(isAnalytics('/api/analytics/page-view'));
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toHaveCount(0);

  const startRequest = await start;
  expect(startRequest.headers()['x-analytics-consent']).toBe('granted');
  const session = startRequest.postDataJSON() as Record<string, string>;
  expect(session.sessionId).toMatch(/^[\w-]{21}$/);
  expect(session).toMatchObject({ landingPage: '/forum', userAgent: expect.any(String) });
  const viewRequest = await view;
  expect(viewRequest.headers()['x-analytics-consent']).toBe('granted');
  expect(viewRequest.postDataJSON()).toMatchObject({ sessionId: session.sessionId, pageUrl: '/forum', pageTitle: expect.any(String) });

  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null'))).toEqual({
    necessary: true,
    analytics: true,
    marketing: true,
    functional: true,
  });
  expect(await page.evaluate(() => localStorage.getItem('cookie_consent'))).toBe('true');
  expect(await page.evaluate(() => sessionStorage.getItem('analytics_session_id'))).toBe(session.sessionId);

  // The tag manager: loaded after consent, consent mode denied by default before anything else.
  await expect(page.locator(`script[src="https://www.googletagmanager.com/gtm.js?id=${GTM_ID}"]`)).toHaveCount(1);
  const layer = await page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) => (e && typeof e === 'object' && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e)),
  );
  expect(layer[0]).toEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
  expect(layer).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_personalization: 'denied' })]);
  expect(layer).toContainEqual(['set', expect.objectContaining({ anonymize_ip: true, allow_ad_personalization_signals: false })]);

  // Moving on in the app: the exit of /forum (time and scroll) and a view of the next page.
  const exit = page.waitForRequest((r) => isAnalytics('/api/analytics/page-view')(r) && 'timeOnPage' in (r.postDataJSON() as object));
  const next = page.waitForRequest((r) => isAnalytics('/api/analytics/page-view')(r) && (r.postDataJSON() as { pageUrl: string }).pageUrl === '/terms');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  expect((await exit).postDataJSON()).toMatchObject({ pageUrl: '/forum', timeOnPage: expect.any(Number), scrollDepth: expect.any(Number) });
  expect((await next).postDataJSON()).toMatchObject({ sessionId: session.sessionId, referrerUrl: '/forum' });

  // Leaving the page ends the session (pagehide: the event a closing tab or a new address fires).
  const end = page.waitForRequest(isAnalytics('/api/analytics/session/end'));
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  const endRequest = await end;
  expect(endRequest.headers()['x-analytics-consent']).toBe('granted');
  expect(endRequest.postDataJSON()).toMatchObject({ sessionId: session.sessionId, sessionDuration: expect.any(Number) });
});

test('Essential Only sends no analytics, also after navigating, and a reload keeps the choice', async ({ page }) => {
  const analytics = recordAnalytics(page);
  await withTagManager(page);
  await page.goto('/forum');
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null'))).toEqual({
    necessary: true,
    analytics: false,
    marketing: false,
    functional: false,
  });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Community Guidelines' }).click();
  await expect(page).toHaveURL(/\/community-guidelines$/);
  await page.waitForTimeout(1500);
  await page.goto('/no-such-page'); // the 404 page reports an event only with consent
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(banner(page), 'the choice is remembered').toHaveCount(0);

  expect(analytics.map((r) => r.url())).toEqual([]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(await storageKeys(page)).toEqual({ local: ['cookie_consent', 'cookie_preferences'], session: [], cookie: '' });
});

test('Customize opens Cookie Preferences: Essential locked on, the other switches, Save Preferences stores them', async ({ page }) => {
  const analytics = recordAnalytics(page);
  await page.goto('/forum');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Essential' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Essential' })).toBeDisabled();
  for (const name of ['Analytics', 'Functional', 'Marketing']) await expect(dialog.getByRole('switch', { name })).not.toBeChecked();
  await expect(dialog.getByText(/enables live chat/i)).toBeVisible();
  await expect(dialog.getByText(/currently not used/i)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Essential Only' })).toBeVisible();

  await dialog.getByRole('switch', { name: 'Functional' }).click();
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null'))).toEqual({
    necessary: true,
    analytics: false,
    marketing: false,
    functional: true,
  });
  await page.waitForTimeout(1500);
  expect(analytics).toEqual([]);
});

test('the footer Cookie Settings dialog shows the stored choice and changes it: analytics on from there records a page view', async ({ page }) => {
  const analytics = recordAnalytics(page);
  await page.goto('/forum');
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();

  const openSettings = async () => {
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  // Cancel changes nothing.
  let dialog = await openSettings();
  await expect(dialog.getByRole('switch', { name: 'Essential' })).toBeDisabled();
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(1200);
  expect(analytics).toEqual([]);

  // Analytics on: a session and a page view follow at once.
  dialog = await openSettings();
  await expect(dialog.getByRole('switch', { name: 'Analytics' }), 'Cancel kept the stored choice').not.toBeChecked();
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  const view = page.waitForRequest(isAnalytics('/api/analytics/page-view'));
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  const viewRequest = await view;
  expect(viewRequest.headers()['x-analytics-consent']).toBe('granted');
  expect(viewRequest.postDataJSON()).toMatchObject({ pageUrl: '/forum' });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null'))).toMatchObject({ analytics: true, functional: false });

  // And off again: the dialog shows it on; after saving it off nothing more is sent.
  dialog = await openSettings();
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(300);
  const count = analytics.length;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.waitForTimeout(1500);
  expect(analytics.slice(count).map((r) => r.url())).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('analytics_session_id')), 'the session id is forgotten').toBeNull();
});

test('a sampled session reports web vitals in the spec shape with the consent header', async ({ page }) => {
  // Decide this session's sampling in advance (10% otherwise), then accept.
  await page.addInitScript(() => sessionStorage.setItem('vitals_sampled', '1'));
  await page.goto('/forum');
  const view = page.waitForRequest(isAnalytics('/api/analytics/page-view'));
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await view;
  await page.waitForTimeout(500);
  const vitals = page.waitForRequest(isAnalytics('/api/metrics/vitals'));
  // A hidden tab flushes what has gathered (FCP and TTFB by now).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const request = await vitals;
  expect(request.headers()['x-analytics-consent']).toBe('granted');
  const body = request.postDataJSON() as { reports: { url: string; timestamp: number; metrics: { name: string; rating: string }[]; userAgent: string; connectionType: string }[] };
  expect(body.reports.length).toBeGreaterThan(0);
  expect(body.reports.length).toBeLessThanOrEqual(10);
  for (const report of body.reports) {
    expect(report).toMatchObject({ url: '/forum', timestamp: expect.any(Number), userAgent: expect.any(String), connectionType: expect.any(String) });
    for (const m of report.metrics) {
      expect(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']).toContain(m.name);
      expect(['good', 'needs-improvement', 'poor']).toContain(m.rating);
    }
  }
});
