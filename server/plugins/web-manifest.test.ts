import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../../common/routes.ts';
import { webPlugin } from './web.ts';

// Issue 16: Kerbside installs on a phone's home screen. The build copies client/public to the root of
// dist/client beside index.html; this serves the same files through the web plugin.

const client = path.resolve(import.meta.dirname, '../../client');

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

type Icon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = Record<string, unknown> & { icons: Icon[]; shortcuts: Array<{ name: string; url: string; icons?: Icon[] }> };

describe('the web app manifest and home-screen icons', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-manifest-'));
    fs.cpSync(path.join(client, 'public'), dir, { recursive: true });
    fs.copyFileSync(path.join(client, 'index.html'), path.join(dir, 'index.html'));
    app = Fastify();
    await app.register(webPlugin, { clientDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the app shell links the manifest, the Apple touch icon and the iOS home-screen tags (a server-rendered page links the manifest after its first paint: seo.test.ts)', async () => {
    const page = await app.inject({ url: '/forum' });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(page.body).toContain('<meta name="apple-mobile-web-app-title" content="Kerbside" />');
    const touch = await app.inject({ url: '/apple-touch-icon.png' });
    expect(touch.statusCode).toBe(200);
    expect(pngSize(touch.rawPayload)).toEqual({ width: 180, height: 180 });
  });

  it('/manifest.webmanifest: standalone, scoped to the site, themed, with 192 and 512 px icons (one maskable) and three shortcuts', async () => {
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({
      short_name: 'Kerbside',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1d36',
      background_color: '#ffffff',
      lang: 'en-GB',
    });
    expect(String(manifest.name)).toMatch(/^Kerbside/);
    expect(String(manifest.description).length).toBeGreaterThan(40);

    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const file = await app.inject({ url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toContain(icon.type);
      if (icon.type === 'image/png') {
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(pngSize(file.rawPayload), icon.src).toEqual({ width: w, height: h });
      }
    }

    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['New post', '/forum/new'],
      ['Inbox', '/inbox'],
      ['Pay estimator', '/pay-estimator'],
    ]);
    for (const s of manifest.shortcuts) expect(matchRoute(s.url), s.url).toBeTruthy();
  });
});
