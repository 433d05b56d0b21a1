import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PushSubscriptionModule from './push-subscription';

// Push on this device with the browser's parts mocked: Notification's permission, the service
// worker's registration and its PushManager, and the API (fetch). The real subscription runs in
// Chromium only with a push service, which the server tests stand in for (server/modules/push).

/** The server's VAPID key (base64url) and the same 65 bytes. */
const KEY = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
const keyBytes = () => Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

type Permission = 'default' | 'granted' | 'denied';

function fakeSubscription(key: Uint8Array) {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.buffer.slice(0) as ArrayBuffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BPub-key_', auth: 'authsecret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** Installs a browser with push: `ready` never settles when `worker` is false (no service worker). */
function fakeBrowser(opts: { permission?: Permission; answer?: Permission; subscribed?: Uint8Array | null; worker?: boolean } = {}) {
  const state = { permission: opts.permission ?? 'default', subscription: opts.subscribed ? fakeSubscription(opts.subscribed) : null };
  const Notification = {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => (state.permission = opts.answer ?? 'granted')),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (o: { applicationServerKey: Uint8Array }) => (state.subscription = fakeSubscription(new Uint8Array(o.applicationServerKey)))),
  };
  const registration = { pushManager };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: opts.worker === false ? new Promise(() => {}) : Promise.resolve(registration) },
    configurable: true,
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/push/public-key') return new Response(JSON.stringify({ publicKey: KEY }), { status: 200 });
    if (url === '/api/push/subscriptions' && init.method === 'POST') return new Response(JSON.stringify({ endpoint: ENDPOINT, devices: 1 }), { status: 201 });
    if (url === '/api/push/subscriptions' && init.method === 'DELETE') return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { state, Notification, pushManager, fetch };
}

const bodyOf = (fetch: ReturnType<typeof fakeBrowser>['fetch'], method: string) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/push/subscriptions' && init.method === method).map(([, init]) => JSON.parse(String(init.body)) as unknown);

let push: typeof PushSubscriptionModule;
beforeEach(async () => {
  vi.resetModules(); // the prompt is offered once per page: a fresh page each test
  push = await import('./push-subscription');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('state', () => {
  it('unsupported without the browser parts; denied and default from the permission; then the subscription decides', async () => {
    expect(push.pushSupported()).toBe(false);
    expect(await push.currentPushState()).toBe('unsupported');
    fakeBrowser({ permission: 'denied' });
    expect(await push.currentPushState()).toBe('denied');
    fakeBrowser({ permission: 'default' });
    expect(await push.currentPushState()).toBe('default');
    fakeBrowser({ permission: 'granted' });
    expect(await push.currentPushState()).toBe('unsubscribed');
    fakeBrowser({ permission: 'granted', subscribed: keyBytes() });
    expect(await push.currentPushState()).toBe('subscribed');
  });

  it('no service worker (development, tests): unsupported once the wait runs out', async () => {
    vi.useFakeTimers();
    fakeBrowser({ permission: 'granted', worker: false });
    const state = push.currentPushState();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await state).toBe('unsupported');
  });

  it('base64UrlToBytes reads the server key', () => {
    expect(push.base64UrlToBytes(KEY)).toEqual(keyBytes());
  });
});

describe('enablePush / disablePush', () => {
  it('asks, subscribes with the server key (user visible) and stores the subscription on the server', async () => {
    const b = fakeBrowser();
    expect(await push.enablePush()).toBe('subscribed');
    expect(b.Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes() });
    expect(bodyOf(b.fetch, 'POST')).toEqual([{ endpoint: ENDPOINT, keys: { p256dh: 'BPub-key_', auth: 'authsecret' } }]);
  });

  it('a refusal subscribes nothing and is remembered: the prompt is not offered again', async () => {
    const b = fakeBrowser({ answer: 'denied' });
    expect(await push.enablePush()).toBe('denied');
    expect(b.pushManager.subscribe).not.toHaveBeenCalled();
    expect(b.fetch).not.toHaveBeenCalled();
    expect(push.pushDeclined()).toBe(true);
  });

  it('turning off forgets the device on the server, then unsubscribes the browser', async () => {
    const b = fakeBrowser({ permission: 'granted', subscribed: keyBytes() });
    const sub = b.state.subscription!;
    expect(await push.disablePush()).toBe('unsubscribed');
    expect(bodyOf(b.fetch, 'DELETE')).toEqual([{ endpoint: ENDPOINT }]);
    expect(sub.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a server refusal of the subscription is thrown for the caller to show', async () => {
    const b = fakeBrowser();
    b.fetch.mockImplementation(async (url: string) =>
      url === '/api/push/public-key'
        ? new Response(JSON.stringify({ publicKey: KEY }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Push endpoint is not a known push service' }), { status: 400 }),
    );
    await expect(push.enablePush()).rejects.toMatchObject({ status: 400 });
  });
});

describe('refreshPushSubscription (app start)', () => {
  it('the same key: the subscription is stored again once per tab (a sign-out made the server forget it), never re-made', async () => {
    sessionStorage.clear();
    const b = fakeBrowser({ permission: 'granted', subscribed: keyBytes() });
    await push.refreshPushSubscription();
    await push.refreshPushSubscription();
    expect(b.pushManager.subscribe).not.toHaveBeenCalled();
    expect(bodyOf(b.fetch, 'POST')).toHaveLength(1);
    expect(bodyOf(b.fetch, 'POST')[0]).toMatchObject({ endpoint: ENDPOINT });
  });

  it('the server key changed: the old subscription goes, a new one with the current key is stored', async () => {
    const old = new Uint8Array(65).fill(9);
    const b = fakeBrowser({ permission: 'granted', subscribed: old });
    const stale = b.state.subscription!;
    await push.refreshPushSubscription();
    expect(stale.unsubscribe).toHaveBeenCalledTimes(1);
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes() });
    expect(bodyOf(b.fetch, 'DELETE')).toEqual([{ endpoint: ENDPOINT }]);
    expect(bodyOf(b.fetch, 'POST')).toHaveLength(1);
  });

  it('without permission or a subscription it asks nothing of the server', async () => {
    const b = fakeBrowser({ permission: 'default' });
    await push.refreshPushSubscription();
    expect(b.fetch).not.toHaveBeenCalled();
  });
});

describe('askForPushAfter', () => {
  it('offers the prompt once, after an action, when the browser has not been asked', async () => {
    fakeBrowser();
    const host = vi.fn();
    push.onPushPromptWanted(host);
    push.askForPushAfter('comment');
    await vi.waitFor(() => expect(host).toHaveBeenCalledWith('comment'));
    push.askForPushAfter('chat');
    await new Promise((r) => setTimeout(r, 10));
    expect(host).toHaveBeenCalledTimes(1);
  });

  it('not after "Not now", nor once the permission is granted or denied, nor without push', async () => {
    const host = vi.fn();
    push.onPushPromptWanted(host);
    push.askForPushAfter('post'); // unsupported
    fakeBrowser({ permission: 'granted' });
    push.askForPushAfter('post');
    fakeBrowser({ permission: 'denied' });
    push.askForPushAfter('post');
    fakeBrowser();
    push.rememberPushDeclined();
    push.askForPushAfter('post');
    await new Promise((r) => setTimeout(r, 10));
    expect(host).not.toHaveBeenCalled();
  });
});
