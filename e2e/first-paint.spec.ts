import fs from 'node:fs';
import path from 'node:path';
import { faviconDataUrl } from '../common/favicon.ts';
import { expect, test } from './fixtures.ts';

// Issue 31: a server-rendered page paints before its app's code is asked for (its starter, common/boot.ts,
// starts it from the browser's own report of the first paint, not from a frame callback that can run
// before a busy phone has shown that frame), so nothing of the app competes with the first paint. The
// starter is in the page and links the manifest only after the paint: no script file and no manifest
// is asked for before it. Nor is the tab's icon: it travels inside the page (vite.config.ts faviconInPage).

test("the app's code is asked for only after the page's first paint, and the app still starts", async ({ page }) => {
  // The preloads inserted, as each task left them (the starter's, common/boot.ts, then the app's own).
  await page.addInitScript(() => {
    const inserted: string[][] = ((window as unknown as { preloadsPerTask: string[][] }).preloadsPerTask = []);
    new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n instanceof HTMLLinkElement && n.rel === 'modulepreload');
      if (added.length) inserted.push(added.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/', '/forum']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const listed = ((await page.locator('script[data-app]').getAttribute('data-page')) ?? '').split(' ').filter(Boolean);
    const perTask = await page.evaluate(() => (window as unknown as { preloadsPerTask: string[][] }).preloadsPerTask);
    const starters = perTask.map((hrefs) => hrefs.filter((href) => listed.includes(href))).filter((hrefs) => hrefs.length);
    expect(starters.flat().sort(), `${path}: every chunk of the page preloaded`).toEqual([...listed].sort());
    expect(Math.max(...starters.map((hrefs) => hrefs.length)), `${path}: at most four of them in one task`).toBeLessThanOrEqual(4);
    if (path === '/forum') expect(starters.length, '/forum: its preloads in several tasks').toBeGreaterThan(1);
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

test("the tab's icon is inside the page; the icon search engines read and the manifest's icon keep their addresses", async ({ page }) => {
  const mark = fs.readFileSync(path.resolve(import.meta.dirname, '../client/public/favicon.svg'), 'utf8');
  // Headless Chromium here asks for no tab icon at all, so what is checked is the page: Lighthouse's runs
  // (bench/results/2026-12-01-web-lighthouse-favicon.md) show the request gone.
  await page.goto('/forum');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe(faviconDataUrl(mark));
  // The same picture: the text of the file but for its quotes.
  expect(decodeURIComponent(icon!.slice('data:image/svg+xml,'.length))).toBe(mark.trim().replaceAll('"', "'"));
  // Chromium draws it: the kerb-paint yellow at the top of the mark.
  const pixel = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 32;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, 32, 32);
    return [...ctx.getImageData(16, 2, 1, 1).data];
  }, icon!);
  expect(pixel).toEqual([0xff, 0xd1, 0x3b, 255]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  for (const file of ['/apple-touch-icon.png', '/favicon.svg']) expect((await page.request.get(file)).status(), file).toBe(200);
});
