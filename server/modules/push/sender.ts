import { createHash } from 'node:crypto';
import https from 'node:https';
import { and, eq, isNull } from 'drizzle-orm';
import type { RequestDetails } from 'web-push';
import type { Core } from '../../core.ts';
import { pushSubscriptions, users } from '../../db/schema/index.ts';
import { pushEndpointProblem } from './endpoints.ts';
import type { Vapid } from './vapid.ts';

// Sending Web Push messages (RFC 8030): each payload encrypted for its browser (aes128gcm, RFC 8291)
// and signed for its push service (VAPID, RFC 8292) by the web-push package; the HTTP request is ours,
// so that it goes only where the checked URL says, under one deadline, and a redirect is an answer,
// never followed. A message to a member is a job (service.ts, issue 29): queued in the transaction
// that caused it, so it survives a crash, and run off the request by the job runner, which calls
// deliverToUser. A 429, a 5xx or a network failure is tried again with backoff (honouring
// Retry-After) within the job; a 404/410 means the browser unsubscribed, so its row goes; anything
// else is logged and dropped. A job cut short (the process stopping) runs again: a device may then
// get a message twice, which its tag (the Topic) folds into one notification.

/** What a notification shows; `url` is a path on the site, opened when it is tapped. */
export type PushMessage = {
  title: string;
  body: string;
  url: string;
  /**
   * Notifications with one tag replace each other on the device (one conversation's messages), and a
   * push service keeps only the newest of them while the device is offline (the Topic header).
   */
  tag?: string;
};

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushSendOptions = {
  /** How long a push service keeps the message for an offline device (the TTL header). */
  ttlSeconds?: number;
  /** RFC 8030 §5.3: a device saving battery may hold back anything below `normal`. */
  urgency?: PushUrgency;
};

export type PushSenderOptions = {
  /**
   * The HTTPS agent requests go through. Tests only: one that trusts the test's own certificate
   * authority and reaches its in-process server. TLS verification is never turned off.
   */
  agent?: https.Agent;
  /** One attempt's deadline, connection to the end of the answer. */
  timeoutMs?: number;
  /** Attempts per message and device, the first included. */
  maxAttempts?: number;
  /** The first retry's delay; each further one doubles it (±25 % jitter). */
  retryBaseMs?: number;
  /** A Retry-After further away than this gives up rather than hold the message. */
  maxRetryAfterMs?: number;
};

export const PUSH_DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 4,
  retryBaseMs: 1_000,
  maxRetryAfterMs: 5 * 60_000,
  ttlSeconds: 24 * 3600,
} as const;

/**
 * Room for the JSON payload: RFC 8030 promises 4096 bytes of encrypted body, of which aes128gcm's
 * header, tag and padding delimiter take 103 (RFC 8291 §4), so 3993 bytes of plaintext. Less, to be safe.
 */
export const MAX_PAYLOAD_BYTES = 3_000;
const TITLE_MAX = 120;
/** Of a push service's answer, what is read for the log. */
const ANSWER_BYTES_KEPT = 512;

type Subscription = { id: number; userId: number; endpoint: string; p256dh: string; auth: string };

/** A message as sent (and stored in its job): its JSON, its Topic header (from the tag), how long and how urgently. */
export type SendableMessage = { payload: string; topic?: string; options: PushSendOptions };

/**
 * The message as sent. Throws for a `url` that is not a path on the site (a caller's mistake), so the
 * caller hears of it, not the job.
 */
export const sendable = (message: PushMessage, options: PushSendOptions = {}): SendableMessage => ({
  payload: pushPayload(message),
  topic: message.tag ? pushTopic(message.tag) : undefined,
  options,
});

/** What one attempt came to. */
type Outcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

/** Cut to `max` characters (not splitting a surrogate pair), with an ellipsis when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`;
}

/**
 * The JSON a service worker reads ({title, body, url, tag}), within MAX_PAYLOAD_BYTES: the body is
 * shortened until it fits. Throws on a `url` that is not a path on the site (a caller's mistake: the
 * notification must open one of our pages).
 */
export function pushPayload(message: PushMessage): string {
  if (!message.url.startsWith('/') || message.url.startsWith('//') || message.url.includes('\\')) {
    throw new TypeError(`push: url must be a path on the site, got ${JSON.stringify(message.url)}`);
  }
  const title = cut(message.title.trim(), TITLE_MAX);
  const make = (body: string) => JSON.stringify({ title, body, url: message.url, ...(message.tag ? { tag: message.tag } : {}) });
  let body = message.body.trim();
  let json = make(body);
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && body.length > 0) {
    const over = Buffer.byteLength(json) - MAX_PAYLOAD_BYTES;
    // At least a quarter of the overshoot in characters (a character is at most 4 bytes), so this ends quickly.
    body = cut(body, Math.max(0, Array.from(body).length - Math.max(2, Math.ceil(over / 4))));
    if (body === '…') body = '';
    json = make(body);
  }
  return json;
}

/**
 * The Topic header for a tag (RFC 8030 §5.4: at most 32 base64url characters): a hash, so the push
 * service, which reads the header, learns nothing of what the tag names.
 */
export function pushTopic(tag: string): string {
  return createHash('sha256').update(`kerbside-push-topic:${tag}`).digest('base64url').slice(0, 32);
}

/** Retry-After (RFC 9110 §10.2.3) in milliseconds from now: delay-seconds or an HTTP-date. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d{1,9}$/.test(v)) return Number(v) * 1000;
  // An HTTP-date names its weekday and month; Date.parse alone would read "-5" as a year.
  if (!/[A-Za-z]{3}/.test(v)) return undefined;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The host, for logs: an endpoint is a capability (whoever holds it can push to that browser), so it is never logged whole. */
const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : '?');

/** One POST to a push service: the status and headers of its answer, or a throw for a network failure or the deadline. */
function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  agent: https.Agent | undefined,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: url.hostname,
        port: 443,
        path: `${url.pathname}${url.search}`,
        headers,
        agent,
        signal,
      },
      (res) => {
        const kept: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < ANSWER_BYTES_KEPT) kept.push(chunk.subarray(0, ANSWER_BYTES_KEPT - size));
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(kept).toString('utf8') }));
        res.on('error', reject);
        // Settles nothing when the answer was complete (resolved on 'end' already).
        res.on('close', () => {
          if (!res.complete) reject(new Error('the answer was cut short'));
        });
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

type SenderDeps = Pick<Core, 'db' | 'log' | 'clock'> & {
  hosts: readonly string[];
  vapid: () => Promise<Vapid>;
};

/** How a delivery ended: taken by the push service, refused for good (404/410: removed), or given up. */
export type DeliveryEnd = 'delivered' | 'gone' | 'failed';
export type PushSenderStats = { inFlight: number; retrying: number; ended: Record<DeliveryEnd, number> };

/** Thrown when the app stops mid-delivery: the job fails and runs again (here after a restart, or elsewhere). */
export class PushStopped extends Error {}

/** The sender: delivers one message to every device of a member, with retries, for the job that holds it. */
export function createPushSender({ db, log, clock, hosts, vapid }: SenderDeps, options: PushSenderOptions = {}) {
  const o = { ...PUSH_DEFAULTS, ...options };
  /** Aborts requests in flight and retry waits when the app closes. */
  const stopping = new AbortController();
  let inFlight = 0;
  let retrying = 0;
  /** Deliveries ended, by outcome, since the start: /metrics turns them into counters. */
  const ended: Record<DeliveryEnd, number> = { delivered: 0, gone: 0, failed: 0 };

  const wait = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (stopping.signal.aborted) return reject(new PushStopped('the server is stopping'));
      const timer = setTimeout(() => {
        stopping.signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(new PushStopped('the server is stopping'));
      };
      stopping.signal.addEventListener('abort', stop, { once: true });
    });

  /** One device, until delivered, gone, failed for good or out of attempts. */
  async function deliver(sub: Subscription, message: SendableMessage) {
    for (let attemptNo = 1; ; attemptNo++) {
      inFlight++;
      const outcome = await attempt(sub, message).finally(() => inFlight--);
      const where = { subscriptionId: sub.id, userId: sub.userId, host: hostOf(sub.endpoint), attempt: attemptNo };
      switch (outcome.kind) {
        case 'delivered':
          ended.delivered++;
          log.debug({ ...where, status: outcome.status }, 'push delivered');
          return;
        case 'gone':
          // The browser unsubscribed or the subscription expired: it will never take a message again.
          ended.gone++;
          await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
          log.info({ ...where, status: outcome.status }, 'push subscription gone: removed');
          return;
        case 'failed':
          ended.failed++;
          log.warn({ ...where, reason: outcome.reason }, 'push not delivered');
          return;
        case 'retry': {
          if (attemptNo >= o.maxAttempts) {
            ended.failed++;
            log.warn({ ...where, reason: outcome.reason }, 'push not delivered: gave up after retries');
            return;
          }
          if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > o.maxRetryAfterMs) {
            ended.failed++;
            log.warn({ ...where, reason: outcome.reason, retryAfterMs: outcome.retryAfterMs }, 'push not delivered: Retry-After too far away');
            return;
          }
          const backoff = o.retryBaseMs * 2 ** (attemptNo - 1) * (0.75 + Math.random() * 0.5);
          const delay = Math.max(backoff, outcome.retryAfterMs ?? 0);
          log.debug({ ...where, reason: outcome.reason, delay }, 'push retry scheduled');
          retrying++;
          await wait(delay).finally(() => retrying--);
        }
      }
    }
  }

  /** One try: encrypt and sign afresh (new salt, key and JWT), post, read the answer. */
  async function attempt(sub: Subscription, message: SendableMessage): Promise<Outcome> {
    // Held to today's PUSH_ENDPOINT_HOSTS, not only to the rules of the day it was stored.
    const problem = pushEndpointProblem(sub.endpoint, hosts);
    if (problem) return { kind: 'failed', reason: `endpoint refused: ${problem}` };
    const keys = await vapid();
    const { payload, topic, options } = message;
    // Loaded on first use, not at start-up (~25 ms of requires a process that never pushes need not pay).
    const { default: webpush } = await import('web-push');
    let details: RequestDetails;
    try {
      details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
        vapidDetails: keys,
        TTL: options.ttlSeconds ?? PUSH_DEFAULTS.ttlSeconds,
        urgency: options.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      });
    } catch (err) {
      return { kind: 'failed', reason: `cannot encrypt for this subscription: ${(err as Error).message}` };
    }
    let answer: Awaited<ReturnType<typeof post>>;
    // One controller for both ends of the wait, held by its own timer: AbortSignal.any() over an
    // AbortSignal.timeout() lets the timeout signal be garbage-collected before it fires (Node 20–24,
    // nodejs/node#57736), and a push service that never answered then held its job for good (seen once
    // as a 30 s hang of the 'silent service' test on a loaded machine).
    const request = new AbortController();
    const timer = setTimeout(() => request.abort(new DOMException(`no answer within ${o.timeoutMs} ms`, 'TimeoutError')), o.timeoutMs);
    const stop = () => request.abort(stopping.signal.reason);
    stopping.signal.addEventListener('abort', stop, { once: true });
    try {
      answer = await post(sub.endpoint, details.headers as Record<string, string | number>, details.body as Buffer | null, o.agent, request.signal);
    } catch (err) {
      if (stopping.signal.aborted) throw new PushStopped('the server is stopping');
      const e = err as Error & { code?: string };
      return { kind: 'retry', reason: request.signal.aborted ? `no answer within ${o.timeoutMs} ms` : `network: ${e.code ?? e.message}` };
    } finally {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', stop);
    }
    const { status } = answer;
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status === 429 || status >= 500) {
      return { kind: 'retry', reason: `HTTP ${status}`, retryAfterMs: retryAfterMs(answer.headers['retry-after'], clock.now().getTime()) };
    }
    if (status >= 300 && status < 400) return { kind: 'failed', reason: `HTTP ${status}: a redirect, not followed` };
    return { kind: 'failed', reason: `HTTP ${status}: ${answer.text.slice(0, 200)}` };
  }

  return {
    /**
     * The message to every device of the member, each with its retries; resolves when all have ended.
     * A suspended or deleted member, or one with no device, gets nothing. Rejects (PushStopped) only
     * when the app stops meanwhile: the job then runs again.
     */
    async deliverToUser(userId: number, message: SendableMessage): Promise<void> {
      if (stopping.signal.aborted) throw new PushStopped('the server is stopping');
      // A suspended or deleted account is a guest everywhere: nothing is pushed to it.
      const rows = await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(eq(pushSubscriptions.userId, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
      const results = await Promise.allSettled(rows.map((sub) => deliver(sub, message)));
      const stopped = results.find((r) => r.status === 'rejected');
      if (stopped) throw (stopped as PromiseRejectedResult).reason;
    },
    /** What /metrics reports: requests in flight, deliveries waiting to retry, and how deliveries ended. */
    stats(): PushSenderStats {
      return { inFlight, retrying, ended: { ...ended } };
    },
    /** Stops: requests in flight are aborted and retry waits end (their jobs run again later). */
    close(): void {
      stopping.abort();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
