import { expect, test } from './fixtures.ts';

// Issue 31: a server-rendered page paints before its app's code is asked for (client/public/boot.js
// starts it from the browser's own report of the first paint, not from a frame callback that can run
// before a busy phone has shown that frame), so nothing of the app competes with the first paint.

test("the app's code is asked for only after the page's first paint, and the app still starts", async ({ page }) => {
  for (const path of ['/', '/forum']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const { paint, firstScript } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const scripts = performance.getEntriesByType('resource').filter((e) => /^\/assets\/.+\.js$/.test(new URL(e.name).pathname));
      return { paint, firstScript: Math.min(...scripts.map((e) => e.startTime)) };
    });
    expect(paint, `${path}: a first paint`).toBeGreaterThan(0);
    expect(firstScript, `${path}: the app's first chunk asked for after the first paint`).toBeGreaterThan(paint);
  }
});
