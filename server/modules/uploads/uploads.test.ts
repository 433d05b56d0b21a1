import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { comments, conversations, messages, posts, uploadUses, uploads } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, insertMember, lastAudit, member, type Member } from '../../test/members.ts';
import { createUploadService } from './service.ts';
import { animatedGif, cameraJpeg, hasGpsIfd, png, upload } from '../../test/images.ts';

type Uploaded = { id: string; url: string; width: number; height: number };

describe.each(testDatabases)('photos on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let categoryId: number;
  /** A fresh verified member: each has its own upload allowance. */
  const someone = () => insertMember(t);
  const served = (url: string) => t.app.inject({ method: 'GET', url });
  const filesOnDisk = (id: string) => fs.readdirSync(path.join(t.app.deps.config.dataDir, 'uploads', id)).sort();

  beforeAll(async () => {
    // UPLOAD_MAX_MB 1: the size limit is tested without making a large file.
    t = await buildTestApp(kind, { UPLOAD_MAX_MB: '1' });
    admin = await member(t, 'admin');
    categoryId = (await addCategory(t.database.db)).id;
  });
  afterAll(() => t?.close());

  it('a camera JPEG is stored upright, at most 2048 px, as WebP and JPEG with srcset widths, without EXIF, GPS or ICC', async () => {
    const original = await cameraJpeg();
    const meta = await sharp(original).metadata();
    // The test's own input does carry what must go.
    expect(meta.orientation).toBe(6);
    expect(hasGpsIfd(meta.exif!)).toBe(true);
    expect(meta.icc).toBeDefined();

    const m = await someone();
    const res = await upload(t, m.cookie, { body: original, filename: 'IMG_0001.JPG' });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json() as Uploaded;
    expect(up.id).toMatch(/^[0-9a-z]{20}$/);
    // 3000×2000 turned a quarter (orientation 6) is 2000×3000; at most 2048 on the long side.
    expect(up).toMatchObject({ url: `/uploads/${up.id}/full.webp`, width: 1365, height: 2048 });

    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
    expect(row).toMatchObject({ userId: m.id, sourceType: 'jpeg', width: 1365, height: 2048, widths: [320, 640, 1280], usedAt: null });
    expect(filesOnDisk(up.id)).toEqual(['full.jpg', 'full.webp', 'w1280.webp', 'w320.webp', 'w640.webp']);

    let bytes = 0;
    for (const [file, type, width] of [
      ['full.webp', 'image/webp', 1365],
      ['full.jpg', 'image/jpeg', 1365],
      ['w320.webp', 'image/webp', 320],
      ['w640.webp', 'image/webp', 640],
      ['w1280.webp', 'image/webp', 1280],
    ] as const) {
      const got = await served(`/uploads/${up.id}/${file}`);
      expect(got.statusCode, file).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(got.headers['content-disposition']).toBe('inline');
      expect(got.headers['cross-origin-resource-policy']).toBe('same-site');
      const body = got.rawPayload;
      bytes += body.length;
      const info = await sharp(body).metadata();
      expect(info.format).toBe(type === 'image/jpeg' ? 'jpeg' : 'webp');
      expect(info.width).toBe(width);
      expect(info.exif, `${file} has no EXIF`).toBeUndefined();
      expect(info.xmp, `${file} has no XMP`).toBeUndefined();
      expect(info.icc, `${file} has no ICC profile`).toBeUndefined();
      expect(info.orientation).toBeUndefined();
      expect(hasGpsIfd(body), `${file} has no GPS`).toBe(false);
      expect(body.includes(Buffer.from('KerbCam'))).toBe(false);
    }
    expect(row.bytes).toBe(bytes);
    // What the site pages show it with (ZPhoto), as posts and chat get it.
    const service = createUploadService({ ...t.app.deps, db: t.database.db, clock: { now: () => new Date() }, log: t.app.log });
    expect((await service.photos([up.id, 'x'.repeat(20)])).get(up.id)).toEqual({
      id: up.id,
      src: `/uploads/${up.id}/full.jpg`,
      srcset: `/uploads/${up.id}/w320.webp 320w, /uploads/${up.id}/w640.webp 640w, /uploads/${up.id}/w1280.webp 1280w, /uploads/${up.id}/full.webp 1365w`,
      width: 1365,
      height: 2048,
    });
  });

  it('reads the kind from the bytes: a PNG named .jpg is a PNG, HTML named .png and SVG are refused (415)', async () => {
    const m = await someone();
    const renamed = await upload(t, m.cookie, { body: await png(400, 300, true), filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const up = renamed.json() as Uploaded;
    expect(up).toMatchObject({ width: 400, height: 300 });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
    expect(row.sourceType).toBe('png');
    // Narrower than 640: only the 320 width beside the full size.
    expect(row.widths).toEqual([320]);
    expect((await served(`/uploads/${up.id}/w640.webp`)).statusCode).toBe(404);

    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    for (const [body, filename, type] of [
      [html, 'cat.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      ['%PDF-1.4\n%…', 'scan.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(t, m.cookie, { body, filename, type });
      expect(res.statusCode, filename).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_MSG.unsupportedType });
    }
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, m.id))).toHaveLength(1);
  });

  it('refuses a file over UPLOAD_MAX_MB (413), a decompression bomb (400), a broken image (400), and a request without a file (400)', async () => {
    const m = await someone();
    // 1.2 MB of noise as a PNG, over this app's 1 MB.
    const noise = await sharp(Buffer.from(Array.from({ length: 700 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 700, height: 600, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const big = await upload(t, m.cookie, { body: noise, filename: 'big.png', type: 'image/png' });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: UPLOAD_MSG.tooLarge(1) });

    // 10000×5000 of one colour: 50 megapixels in a file of a few hundred kB.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(t, m.cookie, { body: bomb, filename: 'bomb.png', type: 'image/png' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: UPLOAD_MSG.tooManyPixels });

    const broken = await upload(t, m.cookie, { body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), filename: 'cut.jpg' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: UPLOAD_MSG.unreadable });

    const noFile = await call(t, 'POST', '/api/uploads', { cookie: m.cookie, body: { file: 'not a file' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: UPLOAD_MSG.noFile });
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, m.id))).toHaveLength(0);
    expect(fs.existsSync(path.join(t.app.deps.config.dataDir, 'uploads')) ? fs.readdirSync(path.join(t.app.deps.config.dataDir, 'uploads')).filter((f) => f.endsWith('.tmp')) : []).toEqual([]);
  });

  it('stores the first frame of an animated GIF', async () => {
    const m = await someone();
    const res = await upload(t, m.cookie, { body: await animatedGif(), filename: 'wave.gif', type: 'image/gif' });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json() as Uploaded;
    expect(up).toMatchObject({ width: 64, height: 48 });
    const full = (await served(`/uploads/${up.id}/full.jpg`)).rawPayload;
    const meta = await sharp(full).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([64, 48, 1]);
    const { data } = await sharp(full).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame (not blue, the second).
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('needs a verified member (guest and suspended 401, unverified 403), and counts the upload allowance (429)', async () => {
    const image = await png(40, 40);
    expect((await upload(t, undefined, { body: image })).statusCode).toBe(401);
    expect((await upload(t, (await member(t, 'suspended')).cookie, { body: image })).statusCode).toBe(401);
    expect((await upload(t, (await member(t, 'unverified')).cookie, { body: image })).statusCode).toBe(403);

    // A first-day account: 5 a minute.
    const newcomer = await insertMember(t, { firstDay: true });
    for (let i = 0; i < 5; i++) expect((await upload(t, newcomer.cookie, { body: image })).statusCode).toBe(201);
    const held = await upload(t, newcomer.cookie, { body: image });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
    expect(held.json().message).toMatch(/uploading photos too quickly/);
  });

  it('refuses a photo over the member’s total (413)', async () => {
    const m = await someone();
    await t.database.db.insert(uploads).values({
      id: 'q'.repeat(20),
      userId: m.id,
      sourceType: 'jpeg',
      width: 10,
      height: 10,
      bytes: UPLOAD_LIMITS.totalBytesPerMember,
      widths: [],
      usedAt: new Date(),
    });
    const res = await upload(t, m.cookie, { body: await png(40, 40) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.quotaFull });
    // Removed photos no longer count.
    await t.database.db.update(uploads).set({ removedAt: new Date() }).where(eq(uploads.id, 'q'.repeat(20)));
    expect((await upload(t, m.cookie, { body: await png(40, 40) })).statusCode).toBe(201);
  });

  it('serves only well-formed names of existing uploads (404 otherwise)', async () => {
    const m = await someone();
    const up = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    for (const url of [
      `/uploads/${up.id}/full.png`,
      `/uploads/${up.id}/w320.webp`, // narrower than 320: never stored
      `/uploads/${up.id}/..%2f..%2fetc%2fpasswd`,
      `/uploads/${'a'.repeat(20)}/full.webp`,
      `/uploads/${up.id.toUpperCase()}/full.webp`,
      '/uploads/../package.json/full.webp',
    ]) {
      const res = await served(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await served(`/uploads/${up.id}/full.webp`)).statusCode).toBe(200);
  });

  it('an admin removes a photo everywhere: files gone, posts and comments re-rendered, messages without it, audited', async () => {
    const m = await member(t);
    const up = (await upload(t, m.cookie, { body: await png(800, 600) })).json() as Uploaded;
    const post = await createPost(t, m.cookie, categoryId, { content: `Look at this:\n\n![the queue](${up.url})` });
    const comment = await createComment(t, m.cookie, post.id, { content: `Same again ![again](${up.url})` });
    const [postRow] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(postRow.contentHtml).toContain(`src="/uploads/${up.id}/full.jpg"`);
    expect(await t.database.db.select().from(uploadUses).where(eq(uploadUses.uploadId, up.id))).toHaveLength(2);
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, up.id)))[0].usedAt).not.toBeNull();

    // Only admins: a guest 401, a member 403.
    const url = `/api/admin/uploads/${up.id}`;
    expect((await call(t, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', url, { cookie: m.cookie })).statusCode).toBe(403);
    expect((await served(`/uploads/${up.id}/full.webp`)).statusCode).toBe(200);

    const res = await call(t, 'DELETE', url, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true, places: 2 });
    for (const file of ['full.webp', 'full.jpg', 'w320.webp', 'w640.webp']) expect((await served(`/uploads/${up.id}/${file}`)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.app.deps.config.dataDir, 'uploads', up.id))).toBe(false);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, up.id));
    expect(row.removedAt).not.toBeNull();
    expect(row.removedBy).toBe(admin.id);
    const [p] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    const [c] = await t.database.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(p.contentHtml).not.toContain('<img');
    expect(c.contentHtml).not.toContain('<img');
    expect(p.content).toContain(up.url); // the member's words are theirs: only the HTML changes
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'upload.remove', targetType: 'upload', targetId: up.id, actorId: admin.id });

    // Again: nothing left to do; an id that never was: 404.
    expect((await call(t, 'DELETE', url, { cookie: admin.cookie })).json()).toEqual({ removed: false, places: 0 });
    expect((await call(t, 'DELETE', `/api/admin/uploads/${'z'.repeat(20)}`, { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('removing a photo takes it off chat messages too', async () => {
    const m = await someone();
    const up = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    const other = await someone();
    const [low, high] = [m.id, other.id].sort((x, y) => x - y);
    const [conv] = await t.database.db.insert(conversations).values({ userLowId: low, userHighId: high }).returning();
    const [msg] = await t.database.db.insert(messages).values({ conversationId: conv.id, senderId: m.id, content: '' }).returning();
    await t.database.db.update(messages).set({ uploadId: up.id }).where(eq(messages.id, msg.id));
    const res = await call(t, 'DELETE', `/api/admin/uploads/${up.id}`, { cookie: admin.cookie });
    expect(res.json()).toEqual({ removed: true, places: 1 });
    expect((await t.database.db.select().from(messages).where(eq(messages.id, msg.id)))[0].uploadId).toBeNull();
  });

  it('the sweep removes an upload nothing used within 24 hours and keeps a used one', async () => {
    const m = await member(t);
    const unused = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    const used = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    const fresh = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    await createPost(t, m.cookie, categoryId, { content: `![a](${used.url})` });
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const id of [unused.id, used.id]) await t.database.db.update(uploads).set({ createdAt: dayAgo }).where(eq(uploads.id, id));

    const service = createUploadService({ ...t.app.deps, db: t.database.db, clock: { now: () => new Date() }, log: t.app.log });
    expect(await service.sweepUnused(new Date())).toBeGreaterThanOrEqual(1);
    const left = new Set((await t.database.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
    expect(left.has(unused.id)).toBe(false);
    expect(left.has(used.id)).toBe(true);
    expect(left.has(fresh.id)).toBe(true);
    expect((await served(`/uploads/${unused.id}/full.webp`)).statusCode).toBe(404);
    expect((await served(`/uploads/${used.id}/full.webp`)).statusCode).toBe(200);
  });

  it('a member’s photos are in their data export, and go with their account', async () => {
    const m = await member(t);
    const up = (await upload(t, m.cookie, { body: await png(40, 40) })).json() as Uploaded;
    const post = await createPost(t, m.cookie, categoryId, { content: `![mine](${up.url})` });
    const exported = await call(t, 'GET', '/api/auth/me/export', { cookie: m.cookie });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().photos).toEqual([{ id: up.id, url: `${t.app.deps.config.appUrl}${up.url}`, width: 40, height: 40, createdAt: expect.any(String) }]);

    const res = await call(t, 'DELETE', `/api/admin/members/${m.id}`, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, up.id))).toEqual([]);
    expect((await served(`/uploads/${up.id}/full.webp`)).statusCode).toBe(404);
    const [p] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(p.contentHtml).not.toContain('<img');
  });

  it('a multipart body anywhere else is still refused (415)', async () => {
    const m = await someone();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forum/posts',
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: m.cookie, origin: t.app.deps.config.appUrl },
    });
    expect(res.statusCode).toBe(415);
  });

  it('maintenance mode pauses uploads like every other write (503)', async () => {
    const m = await someone();
    await t.app.maintenance.set(admin.id, { maintenanceMode: true, message: '' });
    try {
      expect((await upload(t, m.cookie, { body: await png(40, 40) })).statusCode).toBe(503);
    } finally {
      await t.app.maintenance.set(admin.id, { maintenanceMode: false, message: '' });
    }
  });

  it('/api/site-config tells the client the size limit', async () => {
    expect((await call(t, 'GET', '/api/site-config')).json()).toMatchObject({ uploadMaxBytes: 1024 * 1024 });
  });
});
