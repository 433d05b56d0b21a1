// The starter of a server-rendered page (issues 15 and 31), inlined into its HTML by the server
// (server/seo/render.ts deferAppScript) and allowed by its hash in the Content-Security-Policy
// (server/plugins/security-headers.ts), both from this one string.
//
// It starts the app after the page's first paint: the server has drawn the page and its links work
// without JavaScript, and fetching and running ~100 kB of code before the first paint would only delay
// what a phone on a weak signal sees first. Its own tag names the app's chunk (data-app) and the page's
// chunks (data-page): they are fetched together, then run. <html data-app> says where the app is:
// "ready" once hydrated (client/src/lib/hydrated.ts), "failed" when its code did not arrive.
//
// Nothing but the page is asked for before its first paint, since a request made then is counted into
// that paint (Lighthouse's simulation: a round trip on a slow line). So the script is in the page, not a
// file of its own (it was client/public/boot.js), and it links the web app manifest, which Chromium
// fetches as soon as a page links it, after the paint (on /forum FCP 1,024 → 837 ms and LCP 1,160 → 926;
// bench/results/2026-12-01-web-lighthouse-first-paint.md). Installing needs the service worker, which
// needs JavaScript, so a page without it loses nothing.
//
// - A form sent before the app has taken it over would go out as a plain GET, the password in the
//   address: until then a submit does nothing (the reader sends it again a moment later).
// - The links go into the head four at a time, each four in a task of its own: the browser starts each
//   link's request while it is inserted (0.7–1.4 ms a link in Chromium with DevTools open, as Lighthouse has
//   it), so the 30 of /forum in one insertion were one task of 31–46 ms, 125–185 with the CPU slowed 4×,
//   blocking for 75–135 of them (issue 31). The app is imported with the last four, so that its own
//   preloading (Vite's, for what it imports later) finds the page's chunks already linked.
// - The start waits for the browser's report of the first paint, once shown: a frame's callback (rAF,
//   then a task) can run before a busy phone has put that frame on screen. A browser that does not
//   report paints, or a page with nothing to paint, starts after a frame.
export const BOOT_SCRIPT = `var tag = document.querySelector('script[data-app]');
var app = tag && tag.getAttribute('data-app');
if (app) {
  document.addEventListener('submit', function (event) {
    if (document.documentElement.dataset.app !== 'ready') event.preventDefault();
  }, true);
  var pages = (tag.getAttribute('data-page') || '').split(' ').filter(Boolean);
  var started = false;
  var link = function (into, rel, href) {
    var l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    into.append(l);
  };
  var preload = function (from) {
    var links = document.createDocumentFragment();
    var to = from + 4;
    pages.slice(from, to).forEach(function (href) { link(links, 'modulepreload', href); });
    if (to < pages.length) {
      document.head.append(links);
      setTimeout(function () { preload(to); }, 0);
      return;
    }
    link(links, 'manifest', '/manifest.webmanifest');
    document.head.append(links);
    import(app).catch(function () { document.documentElement.dataset.app = 'failed'; });
  };
  var start = function () {
    if (started) return;
    started = true;
    preload(0);
  };
  var afterFrame = function () { requestAnimationFrame(function () { setTimeout(start, 0); }); };
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    var painted = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      painted.disconnect();
      setTimeout(start, 0);
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(afterFrame, 1000);
  } else {
    afterFrame();
  }
}`;
