import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BOOT_SCRIPT } from '../../common/boot.ts';
import { THEME_SCRIPT } from '../../common/theme.ts';
import type { Config } from '../config.ts';

/**
 * Headers on every response. Scripts come only from our origin (no 'unsafe-inline'), but for the one
 * inline script of every page, the theme's in <head> (common/theme.ts), allowed by its hash; styles allow
 * inline because Radix positions popovers with style attributes. Third-party tags (consent-gated)
 * are added to the allowlist only when configured. Images: our origin, the photos' bucket when it
 * has its own public address (S3_PUBLIC_URL), and the origins of the ads' own images
 * (`adImageOrigins`, modules/ads/image-origins.ts), so nothing else can load a tracking pixel. A
 * route that sets its own policy (a photo file: uploads/routes.ts) keeps it.
 */
/** The ads' image origins as the ads module keeps them (createAdImageOrigins): the same array until they change. */
export type ImageOrigins = { current(): readonly string[] };

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config; adImageOrigins?: ImageOrigins }) => {
  const { config, adImageOrigins } = opts;
  // Hashed once at start-up from the very strings the pages carry: the theme script the build writes into
  // index.html (vite.config.ts) and the starter of a server-rendered page (server/seo/render.ts).
  const scriptSrc = ["'self'", inlineScriptSource(THEME_SCRIPT), inlineScriptSource(BOOT_SCRIPT)];
  const connectSrc = ["'self'", config.appUrl.replace(/^http/, 'ws')];
  const frameSrc = ["'self'"];
  const imgSrc = ["'self'", 'data:', 'blob:'];
  if (config.s3?.publicUrl) imgSrc.push(new URL(config.s3.publicUrl).origin);
  if (config.gtmId) {
    scriptSrc.push('https://www.googletagmanager.com');
    connectSrc.push('https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com');
    imgSrc.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (config.adsenseClient) {
    scriptSrc.push('https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com');
    frameSrc.push('https://*.googlesyndication.com', 'https://*.doubleclick.net');
    imgSrc.push('https:');
  }
  const policy = (adImages: readonly string[]) =>
    [
      "default-src 'self'",
      `script-src ${scriptSrc.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src ${[...new Set([...imgSrc, ...adImages])].join(' ')}`,
      "font-src 'self' data:",
      `connect-src ${connectSrc.join(' ')}`,
      `frame-src ${frameSrc.join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  // Made again only when the ads' image origins change (the same array until then).
  let adImages: readonly string[] = [];
  let csp = policy(adImages);
  const currentCsp = () => {
    const now = adImageOrigins?.current();
    if (now && now !== adImages) {
      adImages = now;
      csp = policy(adImages);
    }
    return csp;
  };

  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (config.secureCookies) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);

  // A callback hook, not an async one: it runs on every answer (issue 15: the cached guest path).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', currentCsp());
    for (const [name, value] of headers) reply.header(name, value);
    done(null, payload);
  });
}, { name: 'kerbside-security-headers' });

/** A CSP source allowing exactly this inline script's text. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}
