import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { call, member } from '../test/members.ts';
import { adImageOriginsOf } from '../modules/ads/index.ts';
import { BOOT_SCRIPT } from '../../common/boot.ts';
import { THEME_SCRIPT } from '../../common/theme.ts';
import { securityHeadersPlugin } from './security-headers.ts';

/** The inline scripts a page may run, by their hashes: the theme's in <head> (common/theme.ts) and a server-rendered page's starter (common/boot.ts). */
const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
  );
}

/** The plugin alone, for configurations the whole app need not be built for. */
async function headersWith(env: Record<string, string>) {
  const app = Fastify({ logger: false });
  await app.register(securityHeadersPlugin, { config: loadConfig({ NODE_ENV: 'test', ...env }) });
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject('/x');
  await app.close();
  return res.headers;
}

describe('security headers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(() => t?.close());

  it('sends a strict policy on API answers, errors included', async () => {
    for (const url of ['/healthz', '/api/no-such-thing']) {
      const res = await t.app.inject(url);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'", THEME_SCRIPT_SOURCE, BOOT_SCRIPT_SOURCE]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS only when the site is served over https', async () => {
    const headers = await headersWith({ APP_URL: 'https://kerbside.example' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(headers['content-security-policy']).get('connect-src')).toContain('wss://kerbside.example');
  });

  it('allows third-party tags only when they are configured, never inline scripts', async () => {
    expect(String((await t.app.inject('/healthz')).headers['content-security-policy'])).not.toContain('googletagmanager');
    const gtmOnly = directives((await headersWith({ GTM_ID: 'GTM-ABC123' }))['content-security-policy']);
    expect(gtmOnly.get('script-src')).toEqual(["'self'", THEME_SCRIPT_SOURCE, BOOT_SCRIPT_SOURCE, 'https://www.googletagmanager.com']);
    expect(gtmOnly.get('script-src'), 'AdSense stays out until configured').not.toContain('https://pagead2.googlesyndication.com');
    const csp = directives((await headersWith({ GTM_ID: 'GTM-ABC123', ADSENSE_CLIENT: 'ca-pub-123' }))['content-security-policy']);
    expect(csp.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(csp.get('connect-src')).toContain('https://www.googletagmanager.com');
    expect(csp.get('img-src')).toContain('https://www.googletagmanager.com');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it("lets images load from our origin and the ads' own image origins only, as soon as an ad is saved", async () => {
    const imgSrc = async (url = '/healthz') => directives((await t.app.inject(url)).headers['content-security-policy']).get('img-src');
    expect(await imgSrc()).toEqual(["'self'", 'data:', 'blob:']);
    const admin = await member(t, 'admin');
    const native = await call(t, 'POST', '/api/admin/ads', {
      cookie: admin.cookie,
      body: { location: 'forum-header', adType: 'native', title: 'Van cover', linkUrl: 'https://insure.example/vans', imageUrl: 'https://cdn.example.com/x.png' },
    });
    expect(native.statusCode, native.body).toBe(201);
    const custom = await call(t, 'POST', '/api/admin/ads', {
      cookie: admin.cookie,
      body: { location: 'post-content', adType: 'custom', customHtml: '<a href="https://link.example"><img src="https://ads.example.org/banner.png" alt=""></a>' },
    });
    expect(custom.statusCode, custom.body).toBe(201);
    // A page and an API answer alike: the ads are shown on pages, their images load under its policy.
    for (const url of ['/healthz', '/api/forum/posts']) {
      expect(await imgSrc(url)).toEqual(["'self'", 'data:', 'blob:', 'https://ads.example.org', 'https://cdn.example.com']);
    }
    // Deleted: its origin goes too.
    const res = await call(t, 'DELETE', `/api/admin/ads/${(custom.json() as { id: number }).id}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(204);
    expect(await imgSrc()).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
  });

  it("reads an ad's image origins from its image URL and its HTML's src, srcset and CSS url()", () => {
    expect(
      adImageOriginsOf({
        imageUrl: null,
        customHtml:
          '<img src=https://a.example/1.png><img srcset="https://b.example/1.png 1x, https://c.example:8443/2.png 2x">' +
          '<div style="background:url(\'https://d.example/bg.jpg\')"></div><a href="https://not-an-image.example">x</a><img src="http://insecure.example/x.png">',
      }),
    ).toEqual(['https://a.example', 'https://b.example', 'https://c.example:8443', 'https://d.example']);
    expect(adImageOriginsOf({ imageUrl: '/images/van.webp', customHtml: null })).toEqual([]);
  });
});
