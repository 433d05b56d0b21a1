import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { member, call, type Member } from '../../test/members.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { cameraJpeg, hasGpsIfd, upload } from '../../test/images.ts';

// The photos' S3 path against a real S3-compatible server (s3rver): signed PUT, GET and DELETE.

const FILES = ['full.webp', 'full.jpg', 'w320.webp', 'w640.webp', 'w1280.webp'];

describe('photos in an S3 bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await buildTestApp('pglite', s3.env);
    admin = await member(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores every file in the bucket, serves them through the app, and removal deletes them', async () => {
    const m = await member(t);
    const res = await upload(t, m.cookie, { body: await cameraJpeg() });
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    // No S3_PUBLIC_URL: the app serves the bucket's files under its own /uploads.
    expect(url).toBe(`/uploads/${id}/full.webp`);
    // Nothing on this machine's disk.
    expect(fs.existsSync(path.join(t.app.deps.config.dataDir, 'uploads', id))).toBe(false);

    for (const file of FILES) {
      const direct = await fetch(s3.objectUrl(`uploads/${id}/${file}`));
      expect(direct.status, file).toBe(200);
      expect(direct.headers.get('content-type')).toBe(file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const inBucket = Buffer.from(await direct.arrayBuffer());

      const viaApp = await t.app.inject({ method: 'GET', url: `/uploads/${id}/${file}` });
      expect(viaApp.statusCode, file).toBe(200);
      expect(viaApp.headers['content-type']).toBe(file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
      expect(viaApp.headers['x-content-type-options']).toBe('nosniff');
      expect(viaApp.rawPayload.equals(inBucket)).toBe(true);
      expect((await sharp(inBucket).metadata()).exif).toBeUndefined();
      expect(hasGpsIfd(inBucket)).toBe(false);
    }

    const removed = await call(t, 'DELETE', `/api/admin/uploads/${id}`, { cookie: admin.cookie });
    expect(removed.json()).toEqual({ removed: true, places: 0 });
    for (const file of FILES) {
      expect((await fetch(s3.objectUrl(`uploads/${id}/${file}`))).status, file).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${id}/${file}` })).statusCode).toBe(404);
    }
  });

  it('with S3_PUBLIC_URL, answers name the bucket’s public address, and the CSP allows exactly its origin', async () => {
    const app = await buildTestApp('pglite', { ...s3.env, S3_PUBLIC_URL: 'https://photos.example.net/kerbside' });
    try {
      const m = await member(app);
      const res = await upload(app, m.cookie, { body: await cameraJpeg(900, 600) });
      expect(res.statusCode, res.body).toBe(201);
      const { id, url } = res.json() as { id: string; url: string };
      expect(url).toBe(`https://photos.example.net/kerbside/uploads/${id}/full.webp`);
      expect((await fetch(s3.objectUrl(`uploads/${id}/full.jpg`))).status).toBe(200);
      const csp = String((await app.app.inject('/healthz')).headers['content-security-policy']);
      const imgSrc = /img-src ([^;]*)/.exec(csp)![1].split(' ');
      expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://photos.example.net']);
    } finally {
      await app.close();
    }
  });
});
