import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_PAGE } from '@/sw/policy';
import { API_CACHE, LEGACY_MEMBER_CACHES, MEMBER_SEEN_CACHE, PAGE_CACHE_PREFIX, PHOTOS_CACHE } from '@/sw/cache-names';

// The page's side of the service worker: where it registers, the update toast and its Reload, and
// forgetting a member's kept posts. The worker itself runs in Chromium (e2e/service-worker.spec.ts).

const toast = vi.fn();
vi.mock('@/components/ui/toast', () => ({ toast: (input: unknown) => toast(input) }));
// Registration waits for the browser to be idle after hydration: here, at once.
vi.mock('./idle', () => ({ onIdle: (fn: () => void) => (fn(), () => {}) }));
vi.mock('./hydration-slices', () => ({ slicesHydrated: () => Promise.resolve() }));

const { canRegister, forgetMemberReads, registerServiceWorker, UPDATE_TOAST } = await import('./service-worker');

describe('canRegister', () => {
  it('registers only in a production build, on https or on this machine over http', () => {
    expect(canRegister({ protocol: 'https:', hostname: 'kerbside.example' }, true)).toBe(true);
    expect(canRegister({ protocol: 'http:', hostname: 'localhost' }, true)).toBe(true);
    expect(canRegister({ protocol: 'http:', hostname: '127.0.0.1' }, true)).toBe(true);
    expect(canRegister({ protocol: 'http:', hostname: 'kerbside.example' }, true)).toBe(false);
    expect(canRegister({ protocol: 'https:', hostname: 'kerbside.example' }, false)).toBe(false);
  });
});

/** A registration whose workers the test moves through their states. */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer(controller: object | null) {
  const active = new FakeWorker();
  const registration = Object.assign(new EventTarget(), { active, waiting: null as FakeWorker | null, installing: null as FakeWorker | null, update: vi.fn(async () => {}) });
  const container = Object.assign(new EventTarget(), { controller: controller as object | null, register: vi.fn(async () => registration), ready: Promise.resolve(registration) });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { registration, container };
}

describe('registerServiceWorker', () => {
  const reload = vi.fn();
  const realLocation = window.location;

  beforeEach(() => {
    toast.mockClear();
    reload.mockClear();
    vi.stubEnv('PROD', true);
    // jsdom's page is http://localhost:3000; its reload is not implemented.
    Object.defineProperty(window, 'location', { value: { ...realLocation, protocol: 'http:', hostname: 'localhost', reload }, configurable: true });
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    Object.defineProperty(window, 'location', { value: realLocation, configurable: true });
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js at scope / and offers nothing on the first install', async () => {
    const { registration, container } = fakeContainer(null);
    registerServiceWorker();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' }));
    // The worker did not see this first page load: it is asked to keep it.
    await vi.waitFor(() => expect(registration.active.postMessage).toHaveBeenCalledWith({ type: KEEP_PAGE, path: '/' }));
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.become('installed');
    container.dispatchEvent(new Event('controllerchange')); // it claims the page
    expect(toast).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    // A later version, on the page the first worker claimed: offered, and taken over with a reload.
    container.controller = {};
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(toast).toHaveBeenCalledTimes(1);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a new version once it waits; Reload tells it to take over and the page reloads once', async () => {
    const { registration, container } = fakeContainer({});
    registerServiceWorker();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    expect(registration.active.postMessage).not.toHaveBeenCalled(); // a worker already saw this page
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    expect(toast).not.toHaveBeenCalled(); // still installing
    next.become('installed');
    expect(toast).toHaveBeenCalledTimes(1);
    const shown = toast.mock.calls[0]![0] as { title: string; duration: number; action: { label: string; onClick: () => void } };
    expect(shown.title).toBe(UPDATE_TOAST.title);
    expect(shown.action.label).toBe('Reload');
    expect(shown.duration).toBe(Infinity);

    shown.action.onClick();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const { registration, container } = fakeContainer({});
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;
    registerServiceWorker();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(container.register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a development build', async () => {
    vi.stubEnv('PROD', false);
    const { container } = fakeContainer(null);
    registerServiceWorker();
    await new Promise((r) => setTimeout(r, 10));
    expect(container.register).not.toHaveBeenCalled();
  });
});

describe('forgetMemberReads', () => {
  afterEach(() => Reflect.deleteProperty(globalThis, 'caches'));

  it("deletes the caches of a member's reads and keeps the rest", async () => {
    const member = [`${PAGE_CACHE_PREFIX.postPages}abc`, API_CACHE.postReads, API_CACHE.postComments, PHOTOS_CACHE, MEMBER_SEEN_CACHE, ...LEGACY_MEMBER_CACHES];
    const names = ['workbox-precache-v2-http://localhost/', `${PAGE_CACHE_PREFIX.offlinePages}abc`, ...member];
    const deleted: string[] = [];
    Object.defineProperty(globalThis, 'caches', { value: { keys: async () => names, delete: async (n: string) => (deleted.push(n), true) }, configurable: true });
    await forgetMemberReads();
    expect(deleted.sort()).toEqual([...member].sort());
  });

  it('is quiet where there is no cache storage or it is refused', async () => {
    await expect(forgetMemberReads()).resolves.toBeUndefined();
    Object.defineProperty(globalThis, 'caches', { value: { keys: async () => Promise.reject(new Error('SecurityError')) }, configurable: true });
    await expect(forgetMemberReads()).resolves.toBeUndefined();
  });
});
