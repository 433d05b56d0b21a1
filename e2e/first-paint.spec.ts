import { expect, test } from './fixtures.ts';

// Issue 31: a server-rendered page paints before its app's code is asked for (its starter, common/boot.ts,
// starts it from the browser's own report of the first paint, not from a frame callback that can run
// before a busy phone has shown that frame), so nothing of the app competes with the first paint. The
// starter is in the page and links the manifest only after the paint: no script file and no manifest
// is asked for before it.

test("the app's code is asked for only after the page's first paint, and the app still starts", async ({ page }) => {
  for (const path of ['/', '/forum']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const { paint, firstScript, manifest } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const scripts = performance.getEntriesByType('resource').filter((e) => /\.js$/.test(new URL(e.name).pathname));
      return { paint, firstScript: Math.min(...scripts.map((e) => e.startTime)), manifest: document.querySelectorAll('link[rel="manifest"]').length };
    });
    expect(paint, `${path}: a first paint`).toBeGreaterThan(0);
    expect(firstScript, `${path}: the app's first chunk asked for after the first paint`).toBeGreaterThan(paint);
    expect(manifest, `${path}: the manifest linked once the app has started`).toBe(1);
    const served = await (await page.request.get(path)).text();
    expect(served, `${path}: no starter file`).not.toContain('/boot.js');
    expect(served, `${path}: no manifest before the paint`).not.toContain('rel="manifest"');
  }
});
