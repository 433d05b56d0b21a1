// Kerbside's service worker (issue 16), built into /sw.js by scripts/build-sw.mjs as part of `vite
// build`, with the build's files listed in place of self.__WB_MANIFEST. docs/ARCHITECTURE.md,
// "Service worker", says what it keeps and why; the decisions are in policy.ts.
//
// Why a deploy never leaves a phone on a broken mix of old and new files: the build's files are
// content-hashed and all of them are precached at install, in one step that fails whole. A new worker
// installs beside the old one and waits; until every tab of the old build has gone (or its reader
// pressed Reload on the "New version available" toast), the old worker answers those tabs from its
// own precache, so a chunk an old page loads late is the old chunk even though the server only has
// the new ones. Pages (HTML) are kept per build (PAGE_CACHE_PREFIX + BUILD_ID) and a kept page is
// only ever served when every chunk it names is in this worker's precache (servesWithThisBuild); any
// other page comes from the network, whose HTML names the server's chunks, fetched from the network.
// When a new worker takes over, every tab of the old build reloads (client/src/lib/service-worker.ts).
import { deleteAccount } from '@endpoints/members';
import { getCurrentUser, login, logout, logoutByLink, verifyCode } from '@endpoints/auth';
import { passkeySignIn, secondStep } from '@endpoints/sign-in';
import { getPushPublicKey, subscribePush, unsubscribePush } from '@endpoints/push';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheNames, clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { API_CACHE, isMemberCache, LEGACY_MEMBER_CACHES, MEMBER_SEEN_CACHE, PAGE_CACHE_PREFIX, PHOTOS_CACHE } from './cache-names';
import {
  APP_SHELL_URL,
  assetsOfPage,
  GUEST_COPY_GAP_MS,
  guestCopyDue,
  guestCopyOutcome,
  isEndpoint,
  isPrivate,
  KEEP_PAGE,
  mergeRecentPosts,
  NAVIGATION_TIMEOUT_S,
  notificationTarget,
  OFFLINE_PAGE_URL,
  OFFLINE_PAGES,
  pageKind,
  postOfPage,
  postReadCache,
  postReadUrl,
  pushDisplay,
  RECENT_POSTS_KEPT,
  recentPostOfPage,
  recentPostOfRead,
  renderOfflinePage,
  saysSignedOut,
  type KeptPost,
  type RecentPost,
} from './policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
/** The build's id (a hash of its precache list), written by scripts/build-sw.mjs. */
declare const __BUILD_ID__: string;

const OFFLINE_PAGES_CACHE = PAGE_CACHE_PREFIX.offlinePages + __BUILD_ID__;
const POST_PAGES_CACHE = PAGE_CACHE_PREFIX.postPages + __BUILD_ID__;
const SESSION_CHANGES = [login, verifyCode, secondStep, passkeySignIn, logout, logoutByLink, deleteAccount];
/** Photos kept on the device: enough for the posts kept for offline (RECENT_POSTS_KEPT) and a few chats. */
const PHOTOS_KEPT = 150;

// ——— Install, activate, update ———

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open tabs over at once (they run this build, or the network answers
// them as before), so a member's first visit already keeps what they read. A later worker only
// takes over once told to (the message below), and then every tab reloads.
clientsClaim();

self.addEventListener('install', (event) => {
  // The pages that answer offline, as a guest sees them. A page that cannot be fetched now is only
  // missing offline (the offline page stands in): it does not fail the install.
  event.waitUntil(Promise.allSettled(OFFLINE_PAGES.map((path) => storeGuestCopy(offlinePageCopies, self.location.origin + path))));
  event.waitUntil(routeBuildFilesPastTheWorker(event));
});

type RouterRule = { condition: { urlPattern: unknown }; source: { cacheName: string } };
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };
declare const URLPattern: new (init: { pathname: string; baseURL: string }) => unknown;

/**
 * The build's files (all content-hashed, all precached) are served by the browser from the precache
 * without waking this worker, where the browser can (Chromium's static routing; elsewhere Workbox's
 * route answers from the same cache). Besides the start-up a page's chunks no longer wait for, it
 * lets a new version take over when the reader says so: Chromium switches once the old worker has
 * stopped for want of work, and a chunk the same tap loads (lib/idle.ts) woke it again, so the
 * switch waited for it to idle once more (30 s, or for ever while DevTools watched it). A file
 * missing from the cache comes from the network.
 */
async function routeBuildFilesPastTheWorker(event: InstallEventWithRoutes): Promise<void> {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  await event
    .addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: '/assets/*', baseURL: self.location.origin }) }, source: { cacheName: cacheNames.precache } }])
    .catch(() => undefined); // an older browser's router refusing the rule: Workbox's route answers
}

self.addEventListener('activate', (event) => {
  // Other builds' pages name chunks this precache no longer has.
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(isOtherBuildsPages).map((n) => caches.delete(n)))));
});

/** Caches a worker of this build no longer writes: other builds' pages, and the member's answers kept before issue 28. */
function isOtherBuildsPages(name: string): boolean {
  if ((LEGACY_MEMBER_CACHES as readonly string[]).includes(name)) return true;
  return Object.values(PAGE_CACHE_PREFIX).some((prefix) => name.startsWith(prefix)) && name !== OFFLINE_PAGES_CACHE && name !== POST_PAGES_CACHE;
}

// The page's Reload button (client/src/lib/service-worker.ts): the waiting worker takes over now.
// A first visit's page, loaded before this worker was there, asks to be kept as if it had passed here.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; path?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === KEEP_PAGE && typeof data.path === 'string' && data.path.startsWith('/')) {
    const kind = pageKind(data.path);
    const copies = kind === 'post' ? postPageCopies : kind === 'offline' ? offlinePageCopies : null;
    if (copies) event.waitUntil(storeGuestCopy(copies, self.location.origin + data.path).catch(() => undefined));
  }
});

// ——— Sessions: a member's reads never outlive their session on this device ———
// What is kept for offline is a guest's copy (below), so nothing kept shows who read it; but which
// posts they opened and the photos they saw are theirs, and go when a session starts or ends: as a
// sign-in or sign-out passes through here, when the server answers "nobody" to a page asking who is
// signed in (a session ended from another device, or expired), and from the page when it sees
// another member or the session's end (client/src/lib/session-end.ts).

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && isEndpoint(SESSION_CHANGES, event.request.method, url.pathname)) {
    event.waitUntil(clearMemberCaches());
  }
});

/**
 * Wipes so far: a guest copy fetched before a wipe is not stored after it (it would list the last
 * member's reading on the offline page). A worker woken afresh starts again at 0, with no fetch under way.
 */
let wipes = 0;
/** Whether this worker has already marked the device as a member's (MEMBER_SEEN_CACHE). */
let memberSeen = false;

async function clearMemberCaches(): Promise<void> {
  wipes++;
  memberSeen = false;
  const names = await caches.keys();
  await Promise.all(names.filter(isMemberCache).map((n) => caches.delete(n)));
}

/**
 * A member's answer passed here: marks the device, so the next "nobody signed in" empties what they
 * left. A guest's 401s (every visitor asks who is signed in) leave a guest's own kept posts alone.
 */
async function noteMember(response: Response): Promise<void> {
  if (memberSeen || !isPrivate(response.headers.get('cache-control'))) return;
  memberSeen = true;
  await caches.open(MEMBER_SEEN_CACHE);
}

const notesMembers: WorkboxPlugin = {
  fetchDidSucceed: async ({ response, event }) => {
    event.waitUntil(noteMember(response).catch(() => undefined));
    return response;
  },
};

/** GET /api/auth/user answered 401 after a member used the device: their session is over. */
const signedOutEmpties: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response, event }) => {
    if (saysSignedOut([getCurrentUser], request.method, new URL(request.url).pathname, response.status) && (memberSeen || (await caches.has(MEMBER_SEEN_CACHE)))) {
      event.waitUntil(clearMemberCaches());
    }
    return response;
  },
};

// Passed through untouched (never cached): only its answer is looked at.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && isEndpoint([getCurrentUser], request.method, url.pathname),
  new NetworkOnly({ plugins: [signedOutEmpties] }),
);

// ——— Pages ———

const pathKey = (request: Request) => {
  const url = new URL(request.url);
  return url.origin + url.pathname;
};

/** Keeps one copy per page path (a query string such as ?utm_source does not make another). */
const onePerPath: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pathKey(request),
};

/**
 * A post that is gone (deleted, or removed by a moderator: 404 or 410) leaves the device too, so no
 * copy of it can be read offline afterwards. `key` is the cache key the strategy used.
 */
function forgetGone(cacheName: string, key: (request: Request) => string): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status === 404 || response.status === 410) await caches.open(cacheName).then((c) => c.delete(key(request)));
      return response;
    },
  };
}

/** A kept page is served only with this build's files (see the top of this file). */
const servesWithThisBuild: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse && (await isOfThisBuild(cachedResponse)) ? cachedResponse : null),
};

async function isOfThisBuild(page: Response): Promise<boolean> {
  const html = await page.clone().text();
  return assetsOfPage(html).every((path) => getCacheKeyForURL(path) !== undefined);
}

/** Only a whole page of our own is kept: never an error, a redirect or another origin's answer. */
const okPagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === 'basic' && !response.redirected ? response : null),
};

/** Where a route keeps guest copies, by what key, and how often a member's visit refreshes one. */
type GuestCopies = { cacheName: string; key: (request: Request) => string; gapMs: number; accept: string; expiration?: CacheExpiration };

/**
 * Only a guest's copy is kept (policy.ts GUEST_COPY_GAP_MS says why): an answer the server made for a
 * signed-in member (`private`) is shown to them and not kept; a copy fetched without cookies is kept
 * in its place, unless the kept one is fresh enough.
 */
function guestCopiesOnly(copies: GuestCopies): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ request, response, event }) => {
      if (!isPrivate(response.headers.get('cache-control'))) return response;
      const key = copies.key(request);
      const kept = await caches.open(copies.cacheName).then((c) => c.match(key));
      if (guestCopyDue(kept?.headers.get('date'), Date.now(), copies.gapMs)) event?.waitUntil(storeGuestCopy(copies, key).catch(() => undefined));
      return null;
    },
  };
}

async function storeGuestCopy(copies: GuestCopies, key: string): Promise<void> {
  const wipesBefore = wipes;
  const res = await fetch(key, { credentials: 'omit', cache: 'no-store', headers: { Accept: copies.accept } });
  const outcome = guestCopyOutcome({ status: res.status, redirected: res.redirected, cacheControl: res.headers.get('cache-control') });
  if (outcome === 'leave' || wipes !== wipesBefore) return;
  const cache = await caches.open(copies.cacheName);
  if (outcome === 'drop') {
    await cache.delete(key);
    return;
  }
  await cache.put(key, res);
  if (copies.expiration) {
    await copies.expiration.updateTimestamp(key);
    await copies.expiration.expireEntries();
  }
}

const offlinePageCopies: GuestCopies = { cacheName: OFFLINE_PAGES_CACHE, key: pathKey, gapMs: GUEST_COPY_GAP_MS.offline, accept: 'text/html' };
const postPageCopies: GuestCopies = {
  cacheName: POST_PAGES_CACHE,
  key: pathKey,
  gapMs: GUEST_COPY_GAP_MS.post,
  accept: 'text/html',
  expiration: new CacheExpiration(POST_PAGES_CACHE, { maxEntries: RECENT_POSTS_KEPT }),
};

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && pageKind(url.pathname) === 'offline',
  new NetworkFirst({
    cacheName: OFFLINE_PAGES_CACHE,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
    plugins: [onePerPath, notesMembers, okPagesOnly, guestCopiesOnly(offlinePageCopies), servesWithThisBuild],
  }),
);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && pageKind(url.pathname) === 'post',
  new NetworkFirst({
    cacheName: POST_PAGES_CACHE,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
    plugins: [
      onePerPath,
      notesMembers,
      okPagesOnly,
      guestCopiesOnly(postPageCopies),
      servesWithThisBuild,
      forgetGone(POST_PAGES_CACHE, pathKey),
      new ExpirationPlugin({ maxEntries: RECENT_POSTS_KEPT }),
    ],
  }),
);

// Every other page comes from the network only; without it, the offline page (the catch handler).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && pageKind(url.pathname) === 'other',
  new NetworkOnly({ plugins: [notesMembers] }),
);

// ——— API: a post's read and its comments, nothing else ———

/** Only a 200 answer is kept (never an error, nor a 304 without its body). */
const okAnswersOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === 'basic' ? response : null),
};

for (const cacheName of Object.values(API_CACHE)) {
  const copies: GuestCopies = {
    cacheName,
    key: (request) => request.url,
    gapMs: GUEST_COPY_GAP_MS.post,
    accept: 'application/json',
    expiration: new CacheExpiration(cacheName, { maxEntries: RECENT_POSTS_KEPT }),
  };
  // No timeout: online, a read is always the server's latest (a comment just written, a vote).
  registerRoute(
    ({ request, url }) => url.origin === self.location.origin && postReadCache(request.method, url.pathname) === cacheName,
    new NetworkFirst({
      cacheName,
      plugins: [notesMembers, okAnswersOnly, guestCopiesOnly(copies), forgetGone(cacheName, copies.key), new ExpirationPlugin({ maxEntries: RECENT_POSTS_KEPT })],
    }),
  );
}

// ——— Photos: a photo's files never change (a new photo is a new address), so a kept one is served as is ———

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({ cacheName: PHOTOS_CACHE, plugins: [okAnswersOnly, new ExpirationPlugin({ maxEntries: PHOTOS_KEPT, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
);

// ——— Offline ———

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate' || !url) return Response.error();
  // A post read through the app (its API answer kept, not its page): the app shell renders it from there.
  const slug = postOfPage(url.pathname);
  if (slug && (await caches.open(API_CACHE.postReads).then((c) => c.match(self.location.origin + postReadUrl(slug))))) {
    const shell = await matchPrecache(APP_SHELL_URL);
    if (shell) return shell;
  }
  return offlinePage();
});

async function offlinePage(): Promise<Response> {
  const template = await matchPrecache(OFFLINE_PAGE_URL);
  const html = renderOfflinePage(template ? await template.text() : "<h1>You're offline</h1><!--recent-posts-->", await recentPosts());
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The posts this device can show offline, newest first. */
async function recentPosts(): Promise<RecentPost[]> {
  const kept = async (cacheName: string, read: (path: string, res: Response) => Promise<RecentPost | null>) => {
    const cache = await caches.open(cacheName);
    const posts = await Promise.all(
      (await cache.keys()).map(async (req) => {
        const res = await cache.match(req);
        const post = res ? await read(new URL(req.url).pathname, res) : null;
        return post ? { ...post, at: Date.parse(res!.headers.get('date') ?? '') || 0 } : null;
      }),
    );
    return posts.filter((p): p is KeptPost => p !== null);
  };
  const [pages, reads] = await Promise.all([
    kept(POST_PAGES_CACHE, async (path, res) => ((await isOfThisBuild(res)) ? recentPostOfPage(path, await res.text()) : null)),
    kept(API_CACHE.postReads, async (_path, res) => recentPostOfRead(await res.text())),
  ]);
  return mergeRecentPosts([...pages, ...reads]);
}

// ——— Web Push (server/modules/push/sender.ts sends {title, body, url, tag}) ———

self.addEventListener('push', (event) => {
  const { title, options } = pushDisplay(event.data ? event.data.text() : null);
  // renotify is not in TypeScript's NotificationOptions yet; browsers that support tags read it.
  event.waitUntil(self.registration.showNotification(title, options as NotificationOptions));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(openOrFocus(target));
});

/** Focuses a tab of the site and takes it to `url`, else opens one there. */
async function openOrFocus(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
  if (tab) {
    try {
      const focused = await tab.focus();
      // navigate() answers null for a tab this worker does not control: then a new window below.
      if (focused.url === url || (await focused.navigate(url))) return;
    } catch {
      // not allowed (the tab went away): a new window below
    }
  }
  await self.clients.openWindow(url);
}

type PushSubscriptionChangeEvent = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

// The push service replaced or expired the subscription: subscribe again with the server's key and
// tell the server, so this device keeps getting notifications without the member doing anything.
self.addEventListener('pushsubscriptionchange', (event) => {
  const { oldSubscription, newSubscription } = event as PushSubscriptionChangeEvent;
  event.waitUntil(resubscribe(oldSubscription ?? null, newSubscription ?? null));
});

async function resubscribe(old: PushSubscription | null, fresh: PushSubscription | null): Promise<void> {
  let subscription = fresh;
  if (!subscription) {
    const res = await fetch(getPushPublicKey.path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return;
    const { publicKey } = (await res.json()) as { publicKey: string };
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
  }
  await sendJson(subscribePush, subscription.toJSON());
  if (old && old.endpoint !== subscription.endpoint) await sendJson(unsubscribePush, { endpoint: old.endpoint });
}

function sendJson(endpoint: { method: string; path: string }, body: unknown): Promise<Response> {
  return fetch(endpoint.path, {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
