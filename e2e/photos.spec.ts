import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../server/db/schema/index.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './support/ui.ts';

// Issue 17 on a phone: a member attaches a photo to a comment, sees it in the thread, and opens it
// full screen in the viewer. The upload, its processing and the CSP that lets the page show it are
// the real ones (the served files' headers and metadata: server/modules/uploads tests).

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

/** A phone-sized photo (noise, so it does not shrink to nothing), made here rather than kept as a file. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

test('a member attaches a photo to a comment, sees it in the thread and opens it in the viewer', async ({ page, accounts }) => {
  const account = await accounts.createVerified();
  await signIn(page, account);

  // The post to comment on, through the API with the page's own session.
  const [category] = (await (await page.request.get('/api/forum/categories')).json()) as { id: number }[];
  const created = await page.request.post('/api/forum/posts', {
    data: { title: `Parcel left in the rain ${Date.now().toString(36)}`, content: 'Found this on a doorstep today. What would you do?', categoryId: category!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as { slug: string };
  await page.goto(`/forum/posts/${post.slug}`);

  // Attach: the Photo button opens the phone's picker (camera or gallery).
  const comment = page.getByLabel('Add a comment');
  await comment.fill('Soaked through, photo below.');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Photo', exact: true }).first().tap();
  await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });

  // Uploaded: the markdown line is in the comment and the thumbnail can be removed (no longer in progress).
  await expect(comment).toHaveValue(/!\[Photo\]\([^)]*\/uploads\/[0-9a-z]{20}\/full\.webp\)/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Post Comment' }).tap();

  // In the thread: the photo as this site's upload, sized before it loads, lazy, with its widths.
  const article = page.getByRole('article', { name: `Comment by ${account.username}` });
  await expect(article.getByText('Soaked through, photo below.')).toBeVisible();
  const img = article.locator('img');
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute('src', /\/uploads\/[0-9a-z]{20}\/full\.jpg$/);
  await expect(img).toHaveAttribute('srcset', /w320\.webp 320w, .*w640\.webp 640w, .*w1280\.webp 1280w, .*full\.webp 1600w/);
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '1200');
  await expect(img).toHaveAttribute('loading', 'lazy');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // Never wider than the phone's column.
  expect((await img.boundingBox())!.width).toBeLessThanOrEqual(390);

  // Tap: the viewer shows it full screen, loaded, with the touch gestures the page leaves to it.
  await img.tap();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  const full = viewer.locator('img');
  await expect(full).toHaveAttribute('src', /\/uploads\/[0-9a-z]{20}\/full\.jpg$/);
  await expect(full).toHaveAttribute('sizes', '100vw');
  await expect.poll(() => full.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const box = (await full.boundingBox())!;
  expect(box.width).toBeGreaterThan(380);
  expect(await viewer.getByTestId('photo-viewer-area').evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');

  await viewer.getByRole('button', { name: 'Close' }).tap();
  await expect(viewer).toBeHidden();
  await expect(img).toBeVisible();
});

/** Touches through Chromium's own input pipeline (a page's pointer events with touch type), one or two fingers. */
async function touch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
  return {
    /** Fingers from `from` to `to` (same count), in steps. */
    async drag(from: { x: number; y: number }[], to: { x: number; y: number }[], steps = 8) {
      await send('touchStart', from);
      for (let i = 1; i <= steps; i++) await send('touchMove', from.map((f, k) => ({ x: f.x + ((to[k]!.x - f.x) * i) / steps, y: f.y + ((to[k]!.y - f.y) * i) / steps })));
      await send('touchEnd', []);
    },
    async tap(at: { x: number; y: number }) {
      await send('touchStart', [at]);
      await send('touchEnd', []);
    },
  };
}

test('in the viewer a swipe moves to the next photo, and a double tap or a pinch zooms', async ({ page, accounts, db }) => {
  const account = await accounts.createVerified();
  // Two photos in one post: more than a brand-new account's one (issue 28's trust levels), so a member of level 1.
  await db.update(users).set({ trustLevel: 1 }).where(eq(users.email, account.email));
  await signIn(page, account);
  const urls: string[] = [];
  for (const name of ['left.jpg', 'right.jpg']) {
    const res = await page.request.post('/api/uploads', { multipart: { file: { name, mimeType: 'image/jpeg', buffer: await phonePhoto() } } });
    expect(res.status(), await res.text()).toBe(201);
    urls.push(((await res.json()) as { url: string }).url);
  }
  const [category] = (await (await page.request.get('/api/forum/categories')).json()) as { id: number }[];
  const created = await page.request.post('/api/forum/posts', {
    data: { title: `Van racking before and after ${Date.now().toString(36)}`, content: `Before and after:\n\n![Before](${urls[0]})\n\n![After](${urls[1]})`, categoryId: category!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/forum/posts/${((await created.json()) as { slug: string }).slug}`);

  await page.getByRole('main').getByAltText('Before').tap();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toContainText('1 of 2');
  const full = viewer.locator('img');
  const area = (await viewer.getByTestId('photo-viewer-area').boundingBox())!;
  const mid = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  const fingers = await touch(page);

  await fingers.drag([{ x: mid.x + 120, y: mid.y }], [{ x: mid.x - 120, y: mid.y + 10 }]);
  await expect(viewer).toContainText('2 of 2');
  await expect(full).toHaveAttribute('alt', 'After');

  // Double tap: zoomed; again: back.
  await fingers.tap(mid);
  await fingers.tap(mid);
  await expect(full).toHaveCSS('transform', /^matrix\(2\.5, 0, 0, 2\.5,/);
  await page.waitForTimeout(400); // not a third tap of the same double tap
  await fingers.tap(mid);
  await fingers.tap(mid);
  await expect(full).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');

  // Two fingers apart: zoomed, no further than four times; no page zoom, no move to another photo.
  await fingers.drag(
    [{ x: mid.x - 30, y: mid.y }, { x: mid.x + 30, y: mid.y }],
    [{ x: mid.x - 150, y: mid.y }, { x: mid.x + 150, y: mid.y }],
  );
  const scale = await full.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
  expect(scale).toBeGreaterThan(2);
  expect(scale).toBeLessThanOrEqual(4);
  await expect(viewer).toContainText('2 of 2');
  expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});
