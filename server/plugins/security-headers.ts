import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * Headers on every response. Scripts come only from our origin (no 'unsafe-inline'); styles allow
 * inline because Radix positions popovers with style attributes. Third-party tags (consent-gated)
 * are added to the allowlist only when configured.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const scriptSrc = ["'self'"];
  const connectSrc = ["'self'", config.appUrl.replace(/^http/, 'ws')];
  const frameSrc = ["'self'"];
  const imgSrc = ["'self'", 'data:', 'blob:'];
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
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${frameSrc.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (config.secureCookies) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
});
