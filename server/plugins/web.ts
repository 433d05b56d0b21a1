import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchRoute, notFoundFlag } from '../../common/routes.ts';
import type { Config } from '../config.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { renderDocument } from '../seo/document.ts';
import { renderPage, type PageServices } from '../seo/pages.ts';

export const DEFAULT_CLIENT_DIR = path.join(PACKAGE_ROOT, 'dist/client');

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files copied from client/public keep their names across builds, so they may only be cached briefly.
const PUBLIC_FILE = 'public, max-age=3600';
const NOINDEX_META = '<meta name="robots" content="noindex">';

export type WebPluginOptions = {
  /** The Vite build output (dist/client); tests point it at a temporary directory. */
  clientDir?: string;
  /** With these, each page's head, structured data and readable body are written by the server (server/seo). */
  pages?: { config: Config; services: PageServices };
};

/**
 * Serves the built client: hashed assets (immutable, pre-compressed), files of client/public, and
 * index.html for every page. Only paths of the route table (common/routes.ts) get a 200; anything
 * else gets the same app shell with HTTP 404 and noindex, so crawlers never index a soft 404.
 * Unknown /api paths get the API's JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const root = path.resolve(opts.clientDir ?? DEFAULT_CLIENT_DIR);
  const indexHtml = readIndexHtml(root);
  const notFoundHtml = withNoindexMeta(indexHtml);
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;

  // wildcard: false globs the build once at start and registers one route per file, so a page request
  // goes straight to the not-found handler below without touching the disk. index.html is not a file
  // route: it is only ever sent from memory by that handler. preCompressed picks the .br/.gz siblings
  // written by scripts/compress.mjs from Accept-Encoding (and adds Vary: Accept-Encoding).
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = path.relative(root, filePath).split(path.sep);
      reply.header('Cache-Control', rel[0] === 'assets' ? IMMUTABLE : PUBLIC_FILE);
    },
  });

  app.setNotFoundHandler(async (req, reply) => {
    // Split by hand: new URL() would read a path like //host/x as another host.
    const q = req.url.indexOf('?');
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    if (!isPageRequest(req.method, pathname)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (opts.pages) {
      const { config, services } = opts.pages;
      const page = await renderPage(services, config, safeDecode(pathname), q < 0 ? '' : req.url.slice(q + 1));
      const html = renderDocument(indexHtml, page.head, page.body, config.appName);
      if (page.head.robots === 'noindex') reply.header('X-Robots-Tag', 'noindex');
      if (page.status === 404) return sendHtml(reply.code(404), html);
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      reply.header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).header('Cache-Control', 'no-cache').send();
      return sendHtml(reply, html);
    }
    const route = matchRoute(pathname);
    if (!route || (q >= 0 && notFoundFlag(req.url.slice(q + 1)) !== null)) {
      return sendHtml(reply.code(404).header('X-Robots-Tag', 'noindex'), notFoundHtml);
    }
    if (route.noindex) reply.header('X-Robots-Tag', 'noindex');
    reply.header('ETag', indexEtag);
    if (req.headers['if-none-match'] === indexEtag) return reply.code(304).header('Cache-Control', 'no-cache').send();
    return sendHtml(reply, indexHtml);
  });
});

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/** A page is what a browser navigates to: GET/HEAD, outside the API and socket, without a file extension. */
function isPageRequest(method: FastifyRequest['method'], pathname: string) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]{1,8}$/.test(last);
}

function readIndexHtml(root: string): string {
  const file = path.join(root, 'index.html');
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(
      `The web client is not built: ${file} is missing.\n` +
        'Run `npm run build` first (or use `npm start`, which builds it when needed).',
    );
  }
}

/** The 404 shell: a robots meta saying noindex, replacing any robots meta the page already has. */
export function withNoindexMeta(html: string): string {
  const existing = /<meta\s+name=["']robots["'][^>]*>/i;
  if (existing.test(html)) return html.replace(existing, NOINDEX_META);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return NOINDEX_META + html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${NOINDEX_META}${html.slice(at)}`;
}
