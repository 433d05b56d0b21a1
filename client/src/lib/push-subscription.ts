import { getPushPublicKey, subscribePush, unsubscribePush } from '@endpoints/push';
import { ApiError, call } from './api-client';
import { sessionStore, storage } from './storage';

// Web Push on this device (docs/API.md "Push"): the browser's permission, its PushSubscription on the
// service worker's registration (client/src/lib/service-worker.ts registers /sw.js, which shows the
// pushes), and the server's copy of it. The server keeps one row per device; this file keeps the two
// in step.

export type PushState = 'unsupported' | 'denied' | 'default' | 'subscribed' | 'unsubscribed';

/**
 * How long to wait for the service worker before calling push unsupported: in development and tests
 * no worker is registered and `ready` never settles.
 */
const READY_TIMEOUT_MS = 3000;

/** The browser has every piece Web Push needs (iOS only once the site is on the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, or null when there is none (yet) within READY_TIMEOUT_MS. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function existingSubscription(): Promise<{ registration: ServiceWorkerRegistration; subscription: PushSubscription | null } | null> {
  const registration = await readyRegistration();
  if (!registration?.pushManager) return null;
  return { registration, subscription: await registration.pushManager.getSubscription() };
}

/** This device's push state: what the switch shows and what decides whether to ask. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const found = await existingSubscription();
  if (!found) return 'unsupported';
  if (Notification.permission === 'default') return 'default';
  return found.subscription ? 'subscribed' : 'unsubscribed';
}

/** base64url (the server's VAPID key) to the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function subscribeWith(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<void> {
  await storeOnServer(await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}

async function storeOnServer(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await call(subscribePush, { body: { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } });
}

/**
 * Asks for permission (from a click: browsers ignore a request without one), subscribes the service
 * worker with the server's key and stores the subscription on the server. Returns the state after:
 * 'subscribed', or 'denied' / 'default' when the member refused or dismissed the browser's question.
 * Throws when the server refuses the subscription (the caller shows the message).
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    if (permission === 'denied') rememberPushDeclined();
    return permission;
  }
  const found = await existingSubscription();
  if (!found) return 'unsupported';
  const { publicKey } = await call(getPushPublicKey);
  const key = base64UrlToBytes(publicKey);
  // A subscription made with another key cannot be reused: the browser rejects subscribe() with it.
  if (found.subscription && !sameKey(found.subscription.options.applicationServerKey, key)) {
    await found.subscription.unsubscribe();
  }
  await subscribeWith(found.registration, key);
  return 'subscribed';
}

/**
 * Stops push on this device: the browser's subscription and the server's row. The server forgetting
 * it first means no push is sent to an endpoint this device no longer listens on.
 */
export async function disablePush(): Promise<PushState> {
  const found = await existingSubscription();
  if (!found?.subscription) return found ? 'unsubscribed' : 'unsupported';
  await forgetOnServer(found.subscription.endpoint);
  await found.subscription.unsubscribe();
  return 'unsubscribed';
}

/** The server's row of this endpoint; one already gone (404) is what was wanted. */
async function forgetOnServer(endpoint: string): Promise<void> {
  try {
    await call(unsubscribePush, { body: { endpoint } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/**
 * App start for a signed-in member: when the server's VAPID key has changed since this device
 * subscribed, the old subscription no longer works, so it is replaced by one with the current key.
 * Otherwise the subscription is stored again, once per tab: the server keeps a device only while the
 * sign-in it subscribed under lasts (a sign-out anywhere forgets it), so after signing in again this
 * is what brings the member's notifications back to this device.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const found = await existingSubscription();
  if (!found?.subscription) return;
  const { publicKey } = await call(getPushPublicKey);
  const key = base64UrlToBytes(publicKey);
  if (sameKey(found.subscription.options.applicationServerKey, key)) {
    if (sessionStore.get('pushStored') === found.subscription.endpoint) return;
    await storeOnServer(found.subscription);
    sessionStore.set('pushStored', found.subscription.endpoint);
    return;
  }
  await forgetOnServer(found.subscription.endpoint).catch(() => undefined);
  await found.subscription.unsubscribe();
  await subscribeWith(found.registration, key);
}

// ---- Asking (the prompt after a meaningful action) ----

/** "Not now" or a browser refusal: never asked again on this device. */
export function rememberPushDeclined(): void {
  storage.set('pushPromptDeclined', '1');
}

export function pushDeclined(): boolean {
  return storage.get('pushPromptDeclined') === '1';
}

/**
 * Whether the prompt may be shown now: push works here, the browser has not been asked yet (granted
 * or denied means it has), and the member has not said "Not now". The service worker check is last:
 * it can wait for READY_TIMEOUT_MS.
 */
export async function shouldAskForPush(): Promise<boolean> {
  if (!pushSupported() || pushDeclined() || Notification.permission !== 'default') return false;
  return (await currentPushState()) === 'default';
}

/** What a member just did that makes a notification worth offering (issue 16: never on first load). */
export type MeaningfulAction = 'chat' | 'post' | 'comment';

const promptHosts = new Set<(action: MeaningfulAction) => void>();
/** Offered once per page at most: a member who lets it be is asked again on a later visit. */
let offered = false;

/** The prompt's host (mounted for a signed-in member) hears when to show it. Returns the unsubscribe. */
export function onPushPromptWanted(host: (action: MeaningfulAction) => void): () => void {
  promptHosts.add(host);
  return () => void promptHosts.delete(host);
}

/**
 * After the member's message sent, post published or comment posted: the prompt shows if it may
 * (shouldAskForPush). Never throws, never waits: the action it follows is already done.
 */
export function askForPushAfter(action: MeaningfulAction): void {
  if (offered || promptHosts.size === 0 || !pushSupported() || pushDeclined()) return;
  void shouldAskForPush()
    .then((ask) => {
      if (!ask || offered) return;
      offered = true;
      for (const host of promptHosts) host(action);
    })
    .catch(() => undefined);
}
