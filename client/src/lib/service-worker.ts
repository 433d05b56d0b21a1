import { toast } from '@/components/ui/toast';
import { isMemberCache } from '@/sw/cache-names';
import { KEEP_PAGE } from '@/sw/policy';
import { slicesHydrated } from './hydration-slices';
import { onIdle } from './idle';

// The page's side of the service worker (/sw.js, client/src/sw/sw.ts; docs/ARCHITECTURE.md "Service
// worker"): registration, the "New version available" toast, and emptying a member's kept posts when
// their session ends. Other code that needs the worker (push subscription, offline writes) waits for
// navigator.serviceWorker.ready; only this file registers it.

export const UPDATE_TOAST = { title: 'New version available', action: 'Reload' } as const;

/** A long-open tab asks for a new worker at most this often, when it comes back into view. */
const UPDATE_CHECK_GAP_MS = 60 * 60 * 1000;

/**
 * Only a production build registers the worker (`npm run dev` serves modules the precache does not
 * list), and only where browsers allow one: https, or http on this machine (localhost, 127.0.0.1).
 */
export function canRegister(location: Pick<Location, 'protocol' | 'hostname'>, production: boolean): boolean {
  if (!production) return false;
  return location.protocol === 'https:' || (location.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname));
}

/** After the page's load, the worker is registered in the next idle moment, or after this long at most. */
const REGISTER_IDLE_TIMEOUT_MS = 2000;

/**
 * Registers /sw.js once the page has loaded and hydrated, in an idle moment: the first paint never
 * waits for it, and its install (which fetches the build) runs off the main thread. It does not wait
 * for the reader's first touch as the page's later code does (lib/idle.ts): a driver who loads a
 * page or two and loses signal is offline-ready after the first (issue 30).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !canRegister(window.location, import.meta.env.PROD)) return;
  const firstVisit = !navigator.serviceWorker.controller;
  const register = () =>
    void slicesHydrated()
      .then(() => navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }))
      .then((registration) => {
        watchForUpdates(registration);
        if (firstVisit) void keepThisPage();
      })
      .catch(() => undefined); // storage full, private mode: the site works as it did without one
  const whenLoaded = () => void onIdle(register, REGISTER_IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
}

/**
 * The worker did not see this page load (it was not there yet): it is asked to keep it as it keeps
 * the pages it sees (a post or an offline page, as a guest's copy), so the post just read opens offline.
 */
async function keepThisPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: KEEP_PAGE, path: window.location.pathname });
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const sw = navigator.serviceWorker;
  // The first worker takes this page over (it claims it) with nothing to reload for. A later one took
  // over from the worker that served this page's chunks, which its precache no longer keeps: a chunk
  // this page loads later could not be found, so the page reloads (in every tab of the old build, the
  // one whose reader pressed Reload first) and starts on the new build whole.
  let controlled = !!sw.controller;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  const offer = (worker: ServiceWorker) => {
    if (!sw.controller) return; // the first install: nothing older is running
    toast({
      title: UPDATE_TOAST.title,
      duration: Infinity,
      action: { label: UPDATE_TOAST.action, onClick: () => worker.postMessage({ type: 'SKIP_WAITING' }) },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const next = registration.installing;
    next?.addEventListener('statechange', () => {
      if (next.state === 'installed') offer(next);
    });
  });
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_GAP_MS) return;
    checkedAt = Date.now();
    void registration.update().catch(() => undefined);
  });
}

/**
 * Forgets the posts and photos this device kept from the reading of the member whose session ended
 * (kept as a guest sees them since issue 28, but which posts they read is theirs). The worker also
 * empties them as a sign-in or sign-out passes through it; this covers a session ended elsewhere and
 * another member seen on the device (client/src/lib/session-end.ts).
 */
export async function forgetMemberReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter(isMemberCache).map((name) => caches.delete(name)));
  } catch {
    // storage refused (private mode): nothing was kept either
  }
}
