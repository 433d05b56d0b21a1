import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchRoute, notFoundFlag } from '../../common/routes.ts';
import type { Config } from '../config.ts';
import { sendBytes } from '../lib/compression.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { escapeHtml } from '../lib/html.ts';
import { etagOf, matchesEtag, type CachedAnswer, type GuestCache, type LoadedAnswer } from '../lib/guest-cache.ts';
import { viewerKey } from '../modules/posts/index.ts';
import { renderDocument } from '../seo/document.ts';
import { renderPage, type PageServices } from '../seo/pages.ts';
import { deferAppScript, pageAssets, readManifest, stateScript, withPageScripts, type Renderer } from '../seo/render.ts';
import type { MemberCache } from '../lib/member-cache.ts';

export const DEFAULT_CLIENT_DIR = path.join(PACKAGE_ROOT, 'dist/client');

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files copied from client/public keep their names across builds, so they may only be cached briefly.
const PUBLIC_FILE = 'public, max-age=3600';
/**
 * The service worker and the pages it precaches (scripts/build-sw.mjs) are asked again every time:
 * a browser checks /sw.js for a new version on every visit, and an HTTP-cached copy would hold a
 * deploy back. The two pages are for the worker, not for search engines.
 */
const SERVICE_WORKER_FILES: Record<string, { cacheControl: string; noindex: boolean }> = {
  'sw.js': { cacheControl: 'no-cache', noindex: false },
  'offline.html': { cacheControl: 'no-cache', noindex: true },
  'app-shell.html': { cacheControl: 'no-cache', noindex: true },
};
const NOINDEX_META = '<meta name="robots" content="noindex">';

export type WebPluginOptions = {
  /** The Vite build output (dist/client); tests point it at a temporary directory. */
  clientDir?: string;
  /** With these, each page's head and structured data are written by the server (server/seo). */
  pages?: { config: Config; services: PageServices; cache?: GuestCache; members?: MemberCache };
  /** The React tree rendered on the server (dist/ssr); without it a page is the app shell the browser fills. */
  renderer?: Renderer | null | Promise<Renderer | null>;
};

/**
 * Serves the built client: hashed assets (immutable, pre-compressed), files of client/public, and
 * index.html for every page. Only paths of the route table (common/routes.ts) get a 200; anything
 * else gets the same app shell with HTTP 404 and noindex, so crawlers never index a soft 404.
 * Unknown /api paths get the API's JSON 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const root = path.resolve(opts.clientDir ?? DEFAULT_CLIENT_DIR);
  const indexHtml = inlineStylesheets(readIndexHtml(root), root);
  // The shell as sent: one Buffer each, so their compressed copies are made once (lib/compression.ts).
  const indexBytes = Buffer.from(indexHtml);
  const notFoundBytes = Buffer.from(withNoindexMeta(indexHtml));
  const indexEtag = etagOf(indexHtml);
  const manifest = readManifest(root);
  // Server-rendered pages start the app after their first paint (client/public/boot.js).
  const appShell = deferAppScript(indexHtml);
  const rendererReady = Promise.resolve(opts.renderer ?? null);
  // A renderer that fails to load fails the page requests, with its error, not the start.
  rendererReady.catch(() => {});

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
      // filePath is the file sent: sw.js.br for sw.js to a browser that takes brotli.
      const worker = rel.length === 1 ? SERVICE_WORKER_FILES[rel[0]!.replace(/\.(br|gz)$/, '')] : undefined;
      reply.header('Cache-Control', worker?.cacheControl ?? (rel[0] === 'assets' ? IMMUTABLE : PUBLIC_FILE));
      if (worker?.noindex) reply.header('X-Robots-Tag', 'noindex');
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
      const { config, services, cache, members } = opts.pages;
      let renderedHere = false;
      const render = async (): Promise<LoadedAnswer<PageMeta>> => {
        renderedHere = true;
        const page = await renderPage(services, config, safeDecode(pathname), q < 0 ? '' : req.url.slice(q + 1));
        // Without a built renderer (`npm run dev`, process tests) the page is index.html's shell with its head.
        const renderer = await rendererReady;
        let html: string;
        if (renderer) {
          const rendered = await renderer.renderApp({ url: req.url, fetch: pageFetch(app, req), notFound: page.status === 404 });
          const { scripts, styles } = pageAssets(manifest, rendered.pageSources);
          const links = styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`).join('\n    ');
          html = withPageScripts(renderDocument(appShell, page.head, rendered.html + stateScript(rendered.state), config.appName, links), scripts);
        } else {
          html = renderDocument(indexHtml, page.head, '', config.appName);
        }
        return { body: html, contentType: HTML_TYPE, status: page.status, meta: { noindex: page.head.robots === 'noindex', postId: page.postId } };
      };
      // A guest's page is every guest's page: made once, kept until the next write or a few seconds
      // (server/lib/guest-cache.ts). A member's is made for them (their votes, their links), and kept for
      // them the same way (lib/member-cache.ts; "new" marks read their previous visit, which moves without a write).
      const user = req.user;
      const answer = !cache
        ? withEtag(await render())
        : !user
          ? await cache.answer(`page:${req.url}`, render)
          : members
            ? ((await members.answers.remember(`page:${user.id}:${user.previousVisitAt?.getTime() ?? ''}:${req.url}`, () => render().then(withEtag))) as MemberPage)
            : withEtag(await render());
      const { noindex, postId } = answer.meta ?? {};
      // Reading a kept post page is still a view (a page rendered here counted it through the API); a
      // member's read for their trust level was counted when their page was made, a moment ago.
      if (postId !== undefined && !renderedHere) await services.posts.views.count(postId, viewerKey(req));
      if (noindex) reply.header('X-Robots-Tag', 'noindex');
      if (answer.status !== 200) return sendHtml(req, reply.code(answer.status), answer.bytes);
      reply.header('ETag', answer.etag);
      if (matchesEtag(req.headers['if-none-match'], answer.etag)) return reply.code(304).header('Cache-Control', pageCacheControl(req)).send();
      return sendHtml(req, reply, answer.bytes);
    }
    const route = matchRoute(pathname);
    if (!route || (q >= 0 && notFoundFlag(req.url.slice(q + 1)) !== null)) {
      return sendHtml(req, reply.code(404).header('X-Robots-Tag', 'noindex'), notFoundBytes);
    }
    if (route.noindex) reply.header('X-Robots-Tag', 'noindex');
    reply.header('ETag', indexEtag);
    if (matchesEtag(req.headers['if-none-match'], indexEtag)) return reply.code(304).header('Cache-Control', 'no-cache').send();
    return sendHtml(req, reply, indexBytes);
  });
}, { name: 'kerbside-web' });

const HTML_TYPE = 'text/html; charset=utf-8';

/** What a kept page remembers beside its markup. */
type PageMeta = { noindex: boolean; postId?: number };

/** A member's page, with the ETag of its own bytes. */
type MemberPage = Pick<CachedAnswer<PageMeta>, 'bytes' | 'etag' | 'status' | 'meta'>;
function withEtag(page: LoadedAnswer<PageMeta>): MemberPage {
  return { bytes: Buffer.from(page.body), etag: etagOf(page.body), status: page.status ?? 200, meta: page.meta };
}

/**
 * How the page's queries reach the API while the server renders it: injected into this app with
 * the reader's cookie and address, so each answer is the one the browser would get (access rules,
 * rate limits, view counts, the guest cache).
 */
function pageFetch(app: FastifyInstance, req: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      remoteAddress: req.ip,
      headers: {
        accept: 'application/json',
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
      },
    });
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  };
}

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * A page, compressed as the browser accepts (lib/compression.ts): a server-rendered page is 100–200 kB
 * of markup and 15–25 kB compressed, the difference between one and several round trips on a weak
 * signal. A guest's kept page and the shell are compressed once, not per request.
 */
function sendHtml(req: FastifyRequest, reply: FastifyReply, html: Buffer) {
  return sendBytes(req, reply.header('Cache-Control', pageCacheControl(req)), html, HTML_TYPE);
}

/**
 * A page made for a signed-in member is `private`, as the API's answers to members are
 * (server/lib/guest-cache.ts): no shared cache keeps it, and the service worker keeps no copy of it
 * among the pages it shows every reader of the device offline (client/src/sw/sw.ts).
 */
function pageCacheControl(req: FastifyRequest): string {
  return req.user ? 'private, no-cache' : 'no-cache';
}

/** A page is what a browser navigates to: GET/HEAD, outside the API and socket, without a file extension. */
function isPageRequest(method: FastifyRequest['method'], pathname: string) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]{1,8}$/.test(last);
}

/**
 * The build's stylesheets written into the page instead of linked: a linked one blocks the first
 * paint for one more round trip on a weak signal (10 kB gzipped, one request), and every page needs
 * all of it. Missing files (tests' stand-in builds) stay linked.
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (tag, file: string) => {
    try {
      const css = fs.readFileSync(path.join(root, file), 'utf8');
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    } catch {
      return tag;
    }
  });
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
