// What the service worker (sw.ts) keeps and shows, as plain functions: which requests it caches,
// which cached pages it may still serve, what a push shows and where a tap goes. Neither DOM nor
// worker types are needed here, so the page (client/src/lib/service-worker.ts) and the unit tests
// share it with the worker.
import { API_CACHE } from './cache-names';

/** The pages cached at install and refreshed when visited: they answer offline (issue 16). */
export const OFFLINE_PAGES = ['/courier-guide-uk', '/pay-estimator', '/terms', '/privacy', '/privacy-policy', '/community-guidelines'] as const;

/** The page's message asking the worker to keep the page it did not see load: `{ type: KEEP_PAGE, path }`. */
export const KEEP_PAGE = 'KEEP_PAGE';

/** The precached pages the worker falls back to (written beside the build by scripts/build-sw.mjs). */
export const OFFLINE_PAGE_URL = '/offline.html';
export const APP_SHELL_URL = '/app-shell.html';

/** How many posts a member opened are kept for reading offline (each cache below, oldest out first). */
export const RECENT_POSTS_KEPT = 20;

/** A navigation waits this long for the network before a cached copy of the page is shown. */
export const NAVIGATION_TIMEOUT_S = 4;

const POST_PAGE = /^\/forum\/posts?\/([^/]+)\/?$/;
const POST_READ = /^\/api\/forum\/posts\/([^/]+)$/;
const POST_COMMENTS = /^\/api\/forum\/posts\/(\d+)\/comments$/;

export type PageKind = 'offline' | 'post' | 'other';

/**
 * What the worker does with a navigation to `pathname`; null for what is not a page (the API, the
 * socket, a file), which the worker leaves to the browser (as server/plugins/web.ts tells pages apart).
 */
export function pageKind(pathname: string): PageKind | null {
  if (/^\/(api|ws)(\/|$)/.test(pathname) || /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1))) return null;
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if ((OFFLINE_PAGES as readonly string[]).includes(path)) return 'offline';
  if (POST_PAGE.test(pathname)) return 'post';
  return 'other';
}

/** The slug (or id) of a post page's path, or null. */
export function postOfPage(pathname: string): string | null {
  const m = POST_PAGE.exec(pathname);
  return m ? safeDecode(m[1]!) : null;
}

/** Which cache keeps an API answer: only a post's own read and its comments; no other API answer is ever cached. */
export function postReadCache(method: string, pathname: string): (typeof API_CACHE)[keyof typeof API_CACHE] | null {
  if (method !== 'GET') return null;
  if (POST_COMMENTS.test(pathname)) return API_CACHE.postComments;
  if (POST_READ.test(pathname)) return API_CACHE.postReads;
  return null;
}

/** The cache key of a post's API read, as the client asks for it (features/forum/api/get-post.ts). */
export function postReadUrl(slug: string): string {
  return `/api/forum/posts/${encodeURIComponent(slug)}`;
}

/** Whether a request is one of `endpoints` (from common/contracts; paths without parameters). */
export function isEndpoint(endpoints: ReadonlyArray<{ method: string; path: string }>, method: string, pathname: string): boolean {
  return endpoints.some((e) => e.method === method && e.path === pathname);
}

/** A response made for a signed-in member (the server marks those `private`, pages and API alike). */
export function isPrivate(cacheControl: string | null): boolean {
  return !!cacheControl && /(^|[\s,])private([\s,=]|$)/i.test(cacheControl);
}

/**
 * Issue 28, a shared phone: what the worker keeps for offline is the guest's form of a page or post
 * read, never the one made for a member (their email and username in the page's state, their votes
 * and rights). Offline, nobody can tell whether the member's session still lives: it may have been
 * ended from another device while the phone was in a pocket. So a member's visit keeps, beside
 * showing them their own answer, a copy fetched without cookies; at most once per gap below, the
 * guest copies being the same for every reader (docs/adr, "Offline copies are a guest's").
 */
export const GUEST_COPY_GAP_MS = {
  /** The guide, the estimator and the legal pages change with a deploy, if ever. */
  offline: 60 * 60 * 1000,
  /** A post gains comments: a member rereading it a minute later keeps the newer copy. */
  post: 60 * 1000,
} as const;

/** Whether the kept copy (its Date header; null when none is kept) is older than `gapMs`. */
export function guestCopyDue(keptDate: string | null | undefined, now: number, gapMs: number): boolean {
  const at = keptDate ? Date.parse(keptDate) : NaN;
  return !(now - at < gapMs);
}

/**
 * What becomes of a guest copy the worker fetched: kept; or, when a guest may not read it (sign-in
 * asked, refused, gone, or sent elsewhere), the kept copy dropped too, since the page is no longer
 * everybody's; otherwise (the server unwell, a rate limit) the last copy stays. A copy marked
 * `private` was made for somebody: never kept.
 */
export function guestCopyOutcome(res: { status: number; redirected: boolean; cacheControl: string | null }): 'keep' | 'drop' | 'leave' {
  if (res.redirected || [401, 403, 404, 410].includes(res.status)) return 'drop';
  if (res.status === 200 && !isPrivate(res.cacheControl)) return 'keep';
  return 'leave';
}

/**
 * Whether an answer tells the worker this browser's session is over, as well as the requests that
 * end it (sign-out, account deletion): the signed-in user asked for and 401 answered.
 */
export function saysSignedOut(endpoints: ReadonlyArray<{ method: string; path: string }>, method: string, pathname: string, status: number): boolean {
  return status === 401 && isEndpoint(endpoints, method, pathname);
}

const ASSET_REF = /\/(?:assets\/[\w.-]+\.(?:js|css)|boot\.js)/g;

/**
 * The build's files a page's HTML needs (its chunks in <script>, <link> and its starter's data-app and
 * data-page attributes, its stylesheet). A cached page is served only when every one is in the
 * worker's own precache: the files of one build. A page kept from before the starter was inlined
 * (common/boot.ts) names /boot.js, which no build has now: it is not served.
 */
export function assetsOfPage(html: string): string[] {
  return [...new Set(html.match(ASSET_REF) ?? [])];
}

/** What `showNotification` is called with for a push from server/modules/push/sender.ts ({title, body, url, tag}). */
export type PushDisplay = {
  title: string;
  options: { body: string; tag?: string; renotify: boolean; icon: string; badge: string; data: { url: string } };
};

export const FALLBACK_PUSH = { title: 'Kerbside', body: 'You have a new notification.', url: '/' } as const;

/**
 * Every push shows a notification (iOS withdraws the permission of a site that shows none), even one
 * whose payload is missing or unreadable. Notifications with one tag (a conversation) replace each
 * other and still alert (renotify).
 */
export function pushDisplay(payload: string | null): PushDisplay {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = payload ? JSON.parse(payload) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the fallback below
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const tag = text(data.tag) ?? undefined;
  const url = text(data.url);
  return {
    title: text(data.title) ?? FALLBACK_PUSH.title,
    options: {
      body: text(data.body) ?? FALLBACK_PUSH.body,
      ...(tag ? { tag } : {}),
      renotify: !!tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: url && isSitePath(url) ? url : FALLBACK_PUSH.url },
    },
  };
}

/** A path on this site (never another origin, `//host`, or a backslash some browsers read as a slash). */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

/** The absolute URL a notification opens: `url` when it is on `origin`, else the home page. */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export type RecentPost = { title: string; url: string };
/** A kept post and when it was fetched (its answer's Date header, in ms; 0 when unknown). */
export type KeptPost = RecentPost & { at: number };

/** A post kept for offline reading, from a cached post page (its <title>, `Post | Site`) or API answer ({slug, title}). */
export function recentPostOfPage(pathname: string, html: string): RecentPost | null {
  const slug = postOfPage(pathname);
  if (!slug) return null;
  const m = /<title>([^<]*)<\/title>/i.exec(html);
  const title = m ? decodeEntities(m[1]!).replace(/\s*\|[^|]*$/, '').trim() : '';
  // The path it was kept under (/forum/post/:slug, the old address, is kept as such).
  return { title: title || slug, url: pathname };
}

export function recentPostOfRead(json: string): RecentPost | null {
  try {
    const post = JSON.parse(json) as { slug?: unknown; title?: unknown };
    if (typeof post.slug !== 'string' || typeof post.title !== 'string') return null;
    return { title: post.title, url: `/forum/posts/${encodeURIComponent(post.slug)}` };
  } catch {
    return null;
  }
}

/** Newest first, one row per post (kept as a page and as an answer: the newer one's title). */
export function mergeRecentPosts(kept: KeptPost[]): RecentPost[] {
  const seen = new Map<string, RecentPost>();
  for (const { title, url } of [...kept].sort((a, b) => b.at - a.at)) if (!seen.has(url)) seen.set(url, { title, url });
  return [...seen.values()].slice(0, RECENT_POSTS_KEPT);
}

/** The offline page with its list of posts readable offline, in place of its `<!--recent-posts-->` mark. */
export function renderOfflinePage(template: string, posts: RecentPost[]): string {
  const list = posts.length
    ? `<ul>${posts.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.title)}</a></li>`).join('')}</ul>`
    : '<p class="none">Posts you open while online are kept here, the last 20.</p>';
  return template.replace('<!--recent-posts-->', list);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
