import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '@common/boot';
import { PRIVACY } from '@common/content/legal';
import { allBlocks } from '@common/content/types';
import { API_CACHE, isMemberCache, LEGACY_MEMBER_CACHES, MEMBER_SEEN_CACHE, PAGE_CACHE_PREFIX, PHOTOS_CACHE } from './cache-names';
import {
  assetsOfPage,
  FALLBACK_PUSH,
  GUEST_COPY_GAP_MS,
  guestCopyDue,
  guestCopyOutcome,
  isEndpoint,
  isPrivate,
  mergeRecentPosts,
  notificationTarget,
  OFFLINE_PAGES,
  pageKind,
  postOfPage,
  postReadCache,
  postReadUrl,
  pushDisplay,
  recentPostOfPage,
  recentPostOfRead,
  renderOfflinePage,
  saysSignedOut,
} from './policy';

// What the service worker (sw.ts) keeps, serves and shows: its decisions, outside a browser.

describe('which navigations the worker keeps', () => {
  it('keeps the guide, the estimator and the legal pages, and post pages; other pages only go to the network', () => {
    for (const path of OFFLINE_PAGES) expect(pageKind(path), path).toBe('offline');
    expect(pageKind('/courier-guide-uk/')).toBe('offline');
    expect(pageKind('/forum/posts/a-van-for-multi-drop')).toBe('post');
    expect(pageKind('/forum/post/a-van-for-multi-drop')).toBe('post');
    for (const path of ['/', '/forum', '/inbox', '/inbox/3', '/profile', '/admin', '/forum/new', '/forum/posts/x/edit']) expect(pageKind(path), path).toBe('other');
  });

  it('leaves the API, the socket and files to the browser', () => {
    for (const path of ['/api/logout', '/api/forum/posts/x', '/api', '/ws', '/sw.js', '/robots.txt', '/offline.html']) expect(pageKind(path), path).toBeNull();
  });

  it("reads a post page's slug", () => {
    expect(postOfPage('/forum/posts/fuel-cards%20uk')).toBe('fuel-cards uk');
    expect(postOfPage('/forum')).toBeNull();
    expect(postReadUrl('fuel-cards')).toBe('/api/forum/posts/fuel-cards');
  });
});

describe('which API answers the worker keeps', () => {
  it("keeps only a post's read and its comments, for GET", () => {
    expect(postReadCache('GET', '/api/forum/posts/fuel-cards')).toBe(API_CACHE.postReads);
    expect(postReadCache('GET', '/api/forum/posts/12')).toBe(API_CACHE.postReads);
    expect(postReadCache('GET', '/api/forum/posts/12/comments')).toBe(API_CACHE.postComments);
    expect(postReadCache('POST', '/api/forum/posts/12/comments')).toBeNull();
    expect(postReadCache('PATCH', '/api/forum/posts/12')).toBeNull();
    for (const path of ['/api/forum/posts', '/api/forum/posts/12/reactions', '/api/auth/user', '/api/admin/posts', '/api/chat/conversations', '/api/notifications', '/api/profile']) {
      expect(postReadCache('GET', path), path).toBeNull();
    }
  });

  it("knows a member's caches from the guest copies", () => {
    expect(isMemberCache(`${PAGE_CACHE_PREFIX.postPages}abc123`)).toBe(true);
    expect(isMemberCache(API_CACHE.postReads)).toBe(true);
    expect(isMemberCache(PHOTOS_CACHE)).toBe(true);
    expect(isMemberCache(API_CACHE.postComments)).toBe(true);
    expect(isMemberCache(MEMBER_SEEN_CACHE)).toBe(true);
    // What builds before issue 28 kept as the member read it goes with the rest.
    for (const name of LEGACY_MEMBER_CACHES) {
      expect(isMemberCache(name), name).toBe(true);
      expect(Object.values(API_CACHE), name).not.toContain(name);
    }
    expect(isMemberCache(`${PAGE_CACHE_PREFIX.offlinePages}abc123`)).toBe(false);
    expect(isMemberCache('workbox-precache-v2-http://localhost/')).toBe(false);
  });

  it('tells requests that start or end a session', () => {
    const endpoints = [
      { method: 'POST', path: '/api/auth/login' },
      { method: 'GET', path: '/api/logout' },
    ];
    expect(isEndpoint(endpoints, 'POST', '/api/auth/login')).toBe(true);
    expect(isEndpoint(endpoints, 'GET', '/api/logout')).toBe(true);
    expect(isEndpoint(endpoints, 'GET', '/api/auth/login')).toBe(false);
    expect(isEndpoint(endpoints, 'POST', '/api/auth/register')).toBe(false);
  });

  it("tells a member's answer by its Cache-Control", () => {
    expect(isPrivate('private, no-cache')).toBe(true);
    expect(isPrivate('no-cache, private')).toBe(true);
    expect(isPrivate('no-cache')).toBe(false);
    expect(isPrivate('public, max-age=60')).toBe(false);
    expect(isPrivate(null)).toBe(false);
  });
});

describe('offline copies are a guest\'s (issue 28, a shared phone)', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toUTCString();

  it("refreshes the guest copy kept in place of a member's answer at most once per gap: hourly for the guide, each minute for a post", () => {
    expect(GUEST_COPY_GAP_MS).toEqual({ offline: 3_600_000, post: 60_000 });
    expect(guestCopyDue(null, now, GUEST_COPY_GAP_MS.post)).toBe(true);
    expect(guestCopyDue(undefined, now, GUEST_COPY_GAP_MS.post)).toBe(true);
    expect(guestCopyDue('not a date', now, GUEST_COPY_GAP_MS.post)).toBe(true);
    expect(guestCopyDue(ago(30_000), now, GUEST_COPY_GAP_MS.post)).toBe(false);
    expect(guestCopyDue(ago(61_000), now, GUEST_COPY_GAP_MS.post)).toBe(true);
    expect(guestCopyDue(ago(59 * 60_000), now, GUEST_COPY_GAP_MS.offline)).toBe(false);
    expect(guestCopyDue(ago(61 * 60_000), now, GUEST_COPY_GAP_MS.offline)).toBe(true);
  });

  it("keeps a guest's 200; drops the kept copy when a guest may not read it; otherwise leaves the last copy", () => {
    const copy = (status: number, cacheControl: string | null = 'no-cache', redirected = false) => guestCopyOutcome({ status, redirected, cacheControl });
    expect(copy(200)).toBe('keep');
    expect(copy(200, null)).toBe('keep');
    // Sign-in asked, refused, gone (deleted, removed, held for review: the author's alone), sent elsewhere.
    for (const status of [401, 403, 404, 410]) expect(copy(status), String(status)).toBe('drop');
    expect(copy(200, 'no-cache', true)).toBe('drop');
    // Made for somebody: never kept.
    expect(copy(200, 'private, no-cache')).toBe('leave');
    // The server unwell or busy says nothing about the post.
    for (const status of [429, 500, 502, 503, 304]) expect(copy(status), String(status)).toBe('leave');
  });

  it('hears a session end in the signed-in user answered 401, and nowhere else', () => {
    const user = [{ method: 'GET', path: '/api/auth/user' }];
    expect(saysSignedOut(user, 'GET', '/api/auth/user', 401)).toBe(true);
    expect(saysSignedOut(user, 'GET', '/api/auth/user', 200)).toBe(false);
    expect(saysSignedOut(user, 'GET', '/api/auth/user', 503)).toBe(false);
    expect(saysSignedOut(user, 'POST', '/api/auth/login', 401)).toBe(false);
    expect(saysSignedOut(user, 'GET', '/api/notifications', 401)).toBe(false);
  });
});

describe("a kept page's files", () => {
  it("lists the build's chunks and stylesheet a page names, once each", () => {
    const html = `<head><link rel="modulepreload" href="/assets/initial-AbC_1234.js"><style>a{}</style>
      <script type="module" data-app="/assets/index-DxYz9876.js" data-page="/assets/post-detail-page-Q1w2E3r4.js /assets/initial-AbC_1234.js">${BOOT_SCRIPT}</script>
      <link rel="stylesheet" href="/assets/index-UuWDuC4U.css"></head><body><a href="/forum/posts/assets-and-vans">x</a><img src="/icon-192.png"></body>`;
    expect(assetsOfPage(html).sort()).toEqual(['/assets/index-DxYz9876.js', '/assets/index-UuWDuC4U.css', '/assets/initial-AbC_1234.js', '/assets/post-detail-page-Q1w2E3r4.js']);
    expect(assetsOfPage('<p>no scripts</p>')).toEqual([]);
  });

  it('a page kept from before its starter was inlined still names /boot.js among its files (no build has it now)', () => {
    const html = '<script type="module" src="/boot.js" data-app="/assets/index-DxYz9876.js"></script>';
    expect(assetsOfPage(html).sort()).toEqual(['/assets/index-DxYz9876.js', '/boot.js']);
  });
});

describe('push notifications', () => {
  it("shows the server's title, body and tag, renotifying within a conversation, and opens its url", () => {
    const shown = pushDisplay(JSON.stringify({ title: 'Sam Driver', body: 'On my way to the depot', url: '/inbox/4', tag: 'chat:4' }));
    expect(shown).toEqual({
      title: 'Sam Driver',
      options: { body: 'On my way to the depot', tag: 'chat:4', renotify: true, icon: '/icon-192.png', badge: '/icon-192.png', data: { url: '/inbox/4' } },
    });
    const untagged = pushDisplay(JSON.stringify({ title: 'Announcement', body: 'New rules', url: '/forum' }));
    expect(untagged.options.tag).toBeUndefined();
    expect(untagged.options.renotify).toBe(false);
  });

  it('always shows a notification, even for an empty, broken or hostile payload', () => {
    for (const payload of [null, '', 'not json', '[1,2]', '{"title":"  "}', JSON.stringify({ title: 'Hi', url: 'https://evil.example/x' }), JSON.stringify({ title: 'Hi', url: '//evil.example' })]) {
      const shown = pushDisplay(payload);
      expect(shown.title, String(payload)).toBeTruthy();
      expect(shown.options.body, String(payload)).toBeTruthy();
      expect(shown.options.data.url, String(payload)).toBe(FALLBACK_PUSH.url);
    }
    expect(pushDisplay(null).title).toBe(FALLBACK_PUSH.title);
    expect(pushDisplay(null).options.body).toBe(FALLBACK_PUSH.body);
  });

  it('opens only pages of this site', () => {
    const origin = 'https://kerbside.example';
    expect(notificationTarget('/forum/posts/x#comment-3', origin)).toBe('https://kerbside.example/forum/posts/x#comment-3');
    expect(notificationTarget('https://kerbside.example/inbox', origin)).toBe('https://kerbside.example/inbox');
    for (const bad of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 42, undefined]) expect(notificationTarget(bad, origin), String(bad)).toBe(`${origin}/`);
  });
});

describe('the offline page', () => {
  it('lists the posts kept for reading, newest first, each once, escaped', () => {
    const fromPage = recentPostOfPage('/forum/posts/van-insurance', '<title>Van insurance &amp; &lt;claims&gt; | Kerbside</title>');
    expect(fromPage).toEqual({ title: 'Van insurance & <claims>', url: '/forum/posts/van-insurance' });
    expect(recentPostOfPage('/forum/post/old-address', '<title></title>')).toEqual({ title: 'old-address', url: '/forum/post/old-address' });
    expect(recentPostOfPage('/inbox', '<title>Inbox | Kerbside</title>')).toBeNull();
    const fromRead = recentPostOfRead(JSON.stringify({ id: 3, slug: 'fuel-cards', title: 'Fuel cards "worth it"?' }));
    expect(fromRead).toEqual({ title: 'Fuel cards "worth it"?', url: '/forum/posts/fuel-cards' });
    expect(recentPostOfRead('{"message":"Post not found"}')).toBeNull();
    expect(recentPostOfRead('')).toBeNull();
    const posts = mergeRecentPosts([
      { ...fromPage!, at: 2000 },
      { ...fromRead!, at: 1000 },
      { title: 'Older copy', url: '/forum/posts/van-insurance', at: 500 },
    ]);
    expect(posts).toEqual([fromPage, fromRead]);
    expect(mergeRecentPosts([{ ...fromPage!, at: 1 }, { ...fromRead!, at: 2 }]).map((p) => p.url)).toEqual(['/forum/posts/fuel-cards', '/forum/posts/van-insurance']);

    const html = renderOfflinePage("<h1>You're offline</h1><!--recent-posts-->", posts);
    expect(html).toContain('<li><a href="/forum/posts/van-insurance">Van insurance &amp; &lt;claims&gt;</a></li>');
    expect(html).toContain('<li><a href="/forum/posts/fuel-cards">Fuel cards &quot;worth it&quot;?</a></li>');
    expect(renderOfflinePage('<!--recent-posts-->', [])).toContain('Posts you open while online are kept here');
  });

  it('keeps at most 20', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ title: `Post ${i}`, url: `/forum/posts/p${i}`, at: i }));
    const kept = mergeRecentPosts(many);
    expect(kept).toHaveLength(20);
    expect(kept[0]!.title).toBe('Post 29');
  });
});

describe('the privacy policy', () => {
  it("names every cache the worker keeps in its Essential storage table, and the offline writes' store", () => {
    const essential = allBlocks(PRIVACY).find((b) => b.type === 'table' && b.caption.startsWith('Essential'));
    const rows = essential && essential.type === 'table' ? essential.rows : [];
    const names = rows.map((r) => r[0]).join(' | ');
    for (const name of [...Object.values(PAGE_CACHE_PREFIX).map((p) => `${p}*`), ...Object.values(API_CACHE), PHOTOS_CACHE, MEMBER_SEEN_CACHE, 'workbox-precache-*']) {
      expect(names, name).toContain(name);
    }
    // The offline writes' store (features/forum offline writes) has its row too.
    expect(rows.some((r) => r[1] === 'IndexedDB')).toBe(true);
  });
});
