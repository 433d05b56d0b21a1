import { expect, test } from './fixtures';

// Issue 16: Chromium itself reads the manifest a page links, as it does before offering to install.
test('Chromium reads the web app manifest without errors: Kerbside, standalone, its icons and shortcuts', async ({ page }) => {
  await page.goto('/forum');
  const cdp = await page.context().newCDPSession(page);
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }>; data?: string };
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors.map((e) => e.message)).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as { short_name: string; display: string; icons: unknown[]; shortcuts: Array<{ url: string }> };
  expect(manifest.short_name).toBe('Kerbside');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/forum/new', '/inbox', '/pay-estimator']);
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/apple-touch-icon.png']) {
    const res = await page.request.get(icon);
    expect(res.status(), icon).toBe(200);
    expect(res.headers()['content-type'], icon).toBe('image/png');
  }
});
