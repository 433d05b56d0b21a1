import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { errorsPlugin } from './errors.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { webPlugin, withNoindexMeta } from './web.ts';

const INDEX = '<!doctype html>\n<html lang="en-GB">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Kerbside</title>\n  </head>\n  <body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body>\n</html>\n';
const ASSET = `console.log(${JSON.stringify('kerbside '.repeat(300))});\n`;

describe('web plugin (built client + SPA fallback)', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    // A tiny fake `vite build` output with what scripts/compress.mjs would add.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const asset = path.join(dir, 'assets/index-AbC123.js');
    fs.writeFileSync(asset, ASSET);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET));
    // What scripts/build-sw.mjs adds: the service worker (compressed like any script) and its pages.
    fs.writeFileSync(path.join(dir, 'sw.js'), ASSET);
    fs.writeFileSync(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync(ASSET));
    fs.writeFileSync(path.join(dir, 'offline.html'), '<!doctype html><title>You\'re offline</title>');
    fs.writeFileSync(path.join(dir, 'app-shell.html'), INDEX);

    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { config: loadConfig({ NODE_ENV: 'test' }) });
    app.get('/api/ping', async () => ({ ok: true }));
    await app.register(webPlugin, { clientDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves hashed assets immutable, pre-compressed by Accept-Encoding', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ASSET);
  });

  it('caches other public files briefly and answers a missing asset with a plain 404', async () => {
    const robots = await app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');

    const missing = await app.inject('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('serves the service worker and its pages to be revalidated every time, at scope /', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const sw = await app.inject({ url: '/sw.js', headers });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(sw.headers['x-robots-tag']).toBeUndefined();
    }
    for (const url of ['/offline.html', '/app-shell.html']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('answers a known route with index.html, never cached', async () => {
    for (const url of ['/', '/forum', '/forum/posts/some-slug', '/forum/', '/forum?page=2']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBeUndefined();
      expect(res.body).toBe(INDEX);
    }
  });

  it('revalidates index.html with its ETag', async () => {
    const first = await app.inject('/forum');
    const again = await app.inject({ url: '/terms', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('marks private pages noindex by header', async () => {
    const res = await app.inject('/directory/users');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('answers an unknown path with HTTP 404, the app shell and noindex', async () => {
    for (const url of ['/no-such-page', '/forum/posts', '/admin/nope', '//forum', '/index.html']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      if (url === '/index.html') continue; // a file-like path: plain 404
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('treats the 404 query flag as not found', async () => {
    const res = await app.inject('/forum?404=/x');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect((await app.inject('/?404')).statusCode).toBe(404);
  });

  it('answers HEAD like GET without a body', async () => {
    const page = await app.inject({ method: 'HEAD', url: '/forum' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('');
    expect((await app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('answers unknown API paths and other methods with JSON 404', async () => {
    expect((await app.inject('/api/ping')).json()).toEqual({ ok: true });
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['POST', '/forum'],
      ['GET', '/ws/x'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('sends the security headers on pages too', async () => {
    const res = await app.inject('/forum');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to start without a build, saying how to make one', async () => {
    const bare = Fastify();
    await expect(bare.register(webPlugin, { clientDir: path.join(dir, 'missing') }).ready()).rejects.toThrow(/npm run build/);
    await bare.close();
  });
});

describe('withNoindexMeta', () => {
  it('adds the meta right after <head>', () => {
    expect(withNoindexMeta('<html><head><title>x</title></head></html>')).toBe(
      '<html><head>\n    <meta name="robots" content="noindex"><title>x</title></head></html>',
    );
  });
  it('replaces an existing robots meta instead of contradicting it', () => {
    const out = withNoindexMeta('<head><meta name="robots" content="index, follow" /></head>');
    expect(out).toBe('<head><meta name="robots" content="noindex"></head>');
  });
});
