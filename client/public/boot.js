// Starts the app after the page's first paint (issue 15). The server has already drawn the page and
// its links work without JavaScript; fetching and running ~100 kB of it before the first paint would
// only delay what a phone on a weak signal sees first. The server names the app's chunk and the
// page's own chunks on this script's tag (server/plugins/web.ts): they are fetched together, then run.
// <html data-app> says where the app is: "ready" once hydrated (client/src/lib/hydrated.ts), "failed"
// when its code did not arrive.
const tag = document.querySelector('script[data-app]');
const app = tag && tag.getAttribute('data-app');
if (app) {
  // A form sent before the app has taken it over would go out as a plain GET, the password in the
  // address: until then a submit does nothing (the reader sends it again a moment later).
  document.addEventListener(
    'submit',
    (event) => {
      if (document.documentElement.dataset.app !== 'ready') event.preventDefault();
    },
    true,
  );
  const pages = (tag.getAttribute('data-page') || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of pages) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    import(app).catch(() => {
      document.documentElement.dataset.app = 'failed';
    });
  };
  // After the first paint as the browser reports it, once shown: a frame's callback (rAF, then a task)
  // can run before a busy phone has put that frame on screen, and the app's requests then compete with
  // the paint (Lighthouse counts every request started before the paint into the page's first paint).
  // A browser that does not report paints, or a page with nothing to paint, starts after a frame.
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      painted.disconnect();
      setTimeout(start, 0);
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(afterFrame, 1000);
  } else {
    afterFrame();
  }
}
