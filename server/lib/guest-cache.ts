import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Core } from '../core.ts';
import { HttpError } from '../http-errors.ts';
import { sendBytes } from './compression.ts';
import { BusAwayError, channel, type EventBus, type Unsubscribe } from '../realtime/bus.ts';

/**
 * Guest answers from memory (issue 15 item 4; docs/ARCHITECTURE.md "Guest cache"). A guest's forum
 * list, search, categories and post page are the same bytes for every guest, so they are made once
 * and sent as they are for a few seconds, or until the next write, whichever comes first:
 *
 * - Staleness: a generation number. Every write (a successful non-GET /api request, see
 *   `changesForumContent`) bumps it before its answer leaves, so the writer's next read, and any
 *   guest's, is made afresh. Over the event bus (Redis pub/sub with REDIS_URL) every other process
 *   bumps its own too; the write's answer waits for that publish, so a client that goes on to another
 *   process finds it stale there as well. A lost bus message costs at most the TTL.
 * - Bounded: an LRU of `maxEntries` answers and `maxBytes` of bodies.
 * - Single flight: concurrent misses of one key make it once.
 * - Time is the core's clock, so a test moves it.
 *
 * Members never get a cached answer as it is: theirs carry their own votes, reactions and edit rights
 * (the post list lays a member's own marks on the cached list: server/modules/posts/routes.ts).
 */

export type CachedAnswer<M = unknown> = {
  body: string;
  /** The body in UTF-8, made once: what is sent (a string would be measured and encoded per request). */
  bytes: Buffer;
  /** A strong validator: the body's hash, quoted. */
  etag: string;
  contentType: string;
  status: number;
  /** What the route kept beside the body (the post page: its id, to count views on hits). */
  meta?: M;
};

export type LoadedAnswer<M = unknown> = { body: string; contentType: string; status?: number; meta?: M };

export interface GuestCache {
  /**
   * The answer under `key`; made by `load` when missing, expired (short TTL, a few seconds) or older
   * than the last write. A 5xx (or a throw) is never kept.
   */
  answer<M = unknown>(key: string, load: () => Promise<LoadedAnswer<M>>): Promise<CachedAnswer<M>>;
  /**
   * Every cached answer is stale from now on, in every process: at once here, and in the others
   * when the returned promise resolves (the publish on the bus; a failed publish is logged).
   */
  invalidate(): Promise<void>;
  /** Resolves once it listens to other processes' writes (the plugin waits for it). */
  ready(): Promise<void>;
  /** Answers held now (tests, metrics). */
  size(): number;
  /** Stops listening to the bus. */
  close(): Promise<void>;
}

export type GuestCacheOptions = {
  /** The app's event bus: how other processes hear of this one's writes (none: one process). */
  bus?: EventBus;
  /** How long an answer lives without a write; 5 s. 0 keeps nothing: every answer is made for its request (bench/run.ts' uncached paths). */
  ttlMs?: number;
  /** Most answers held; 5 000. */
  maxEntries?: number;
  /** Most body characters and bytes held; 32 M. */
  maxBytes?: number;
};

export const GUEST_CACHE_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const INVALIDATE = channel<{ from: string }>('kerbside:guest-cache-invalidate');
export const JSON_TYPE = 'application/json; charset=utf-8';

type Entry = { answer: CachedAnswer<unknown>; generation: number; expires: number; size: number };
type Flight = { generation: number; promise: Promise<CachedAnswer<unknown>> };

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export function createGuestCache(core: Pick<Core, 'clock' | 'log'>, opts: GuestCacheOptions = {}): GuestCache {
  const { clock, log } = core;
  const ttlMs = opts.ttlMs ?? GUEST_CACHE_TTL_MS;
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const self = randomUUID();
  // Map order is recency order: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.size;
  };

  function bump() {
    generation++;
    // Every entry is stale now; dropping them at once frees their memory rather than at eviction.
    entries.clear();
    bytes = 0;
  }

  function store(key: string, answer: CachedAnswer<unknown>, made: number) {
    const old = entries.get(key);
    if (old) drop(key, old);
    const size = answer.body.length + answer.bytes.length;
    if (size > maxBytes) return;
    entries.set(key, { answer, generation: made, expires: clock.now().getTime() + ttlMs, size });
    bytes += size;
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(k, e);
    }
  }

  /** A loaded answer as the cache keeps it. */
  const kept = (loaded: LoadedAnswer<unknown>): CachedAnswer<unknown> => ({
    body: loaded.body,
    bytes: Buffer.from(loaded.body),
    etag: etagOf(loaded.body),
    contentType: loaded.contentType,
    status: loaded.status ?? 200,
    meta: loaded.meta,
  });

  let unsubscribe: Promise<Unsubscribe | undefined> = Promise.resolve(undefined);
  if (opts.bus) {
    unsubscribe = opts.bus
      .subscribe(INVALIDATE, (event) => {
        if (event?.from !== self) bump();
      })
      .catch((err: unknown) => {
        log.error({ err }, 'guest cache: could not listen for other processes’ writes');
        return undefined;
      });
  }

  return {
    answer<M>(key: string, load: () => Promise<LoadedAnswer<M>>): Promise<CachedAnswer<M>> {
      if (ttlMs === 0) return load().then(kept) as Promise<CachedAnswer<M>>;
      const hit = entries.get(key);
      if (hit) {
        if (hit.generation === generation && hit.expires > clock.now().getTime()) {
          entries.delete(key);
          entries.set(key, hit);
          return Promise.resolve(hit.answer as CachedAnswer<M>);
        }
        drop(key, hit);
      }
      const flight = flights.get(key);
      if (flight && flight.generation === generation) return flight.promise as Promise<CachedAnswer<M>>;
      const made = generation;
      const promise = load()
        .then((loaded) => {
          const answer = kept(loaded);
          // Made before a write that has since happened: it answers the requests that asked before
          // that write, but nobody after.
          if (answer.status < 500 && made === generation) store(key, answer, made);
          return answer;
        })
        .finally(() => {
          if (flights.get(key)?.promise === promise) flights.delete(key);
        });
      flights.set(key, { generation: made, promise });
      return promise as Promise<CachedAnswer<M>>;
    },

    async invalidate() {
      bump();
      if (!opts.bus) return;
      await opts.bus.publish(INVALIDATE, { from: self }).catch((err: unknown) => {
        // Redis away is logged once by its watch; the others' answers end within their ttl anyway.
        if (!(err instanceof BusAwayError)) log.warn({ err }, 'guest cache: other processes not told of a write');
      });
    },

    ready: () => unsubscribe.then(() => undefined),
    size: () => entries.size,

    async close() {
      const off = await unsubscribe;
      await off?.().catch(() => undefined);
      entries.clear();
      bytes = 0;
    },
  };
}

/** True when one of the If-None-Match validators (weak comparison, RFC 9110 §13.1.2) is `etag`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header === '*') return true;
  return header.split(',').some((v) => {
    const t = v.trim();
    return (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/**
 * Sends a cached answer: ETag and Cache-Control: no-cache (the browser may keep it but asks each time),
 * 304 with no body for a matching If-None-Match. Error answers (a 404) carry no validator.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown>): FastifyReply {
  reply.header('cache-control', 'no-cache');
  if (answer.status !== 200) return reply.code(answer.status).header('content-type', answer.contentType).send(answer.bytes);
  reply.header('etag', answer.etag);
  if (matchesEtag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  // Bytes go out as they are (the route's serializer already made them), compressed once for every
  // guest whose browser takes it (lib/compression.ts).
  return sendBytes(req, reply, answer.bytes, answer.contentType);
}

/**
 * A route's answer as the cache keeps it: the data serialised by the route's own response schema
 * (so it is the same bytes a member's answer would be), or a 404 as the errors plugin words it.
 */
export async function loadJson<T, M = undefined>(
  reply: FastifyReply,
  produce: () => Promise<T>,
  metaOf?: (data: T, body: string) => M,
): Promise<LoadedAnswer<M>> {
  try {
    const data = await produce();
    // The route's serializer (its response schema) always makes a string of JSON.
    const body = reply.serialize(data) as string;
    return { body, contentType: JSON_TYPE, meta: metaOf?.(data, body) };
  } catch (err) {
    // Cheap and safe to keep: a missing post or category stays missing until a write.
    if (err instanceof HttpError && err.statusCode === 404 && !err.retryAfter) {
      return { status: 404, body: JSON.stringify({ message: err.message, ...err.body }), contentType: JSON_TYPE };
    }
    throw err;
  }
}

/**
 * onSend of the cached routes for the answers the cache does not make (a member's): an ETag of their
 * own bytes, `private` so no shared cache keeps them, and 304 for a matching If-None-Match.
 */
export function revalidateOwnAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  // A callback hook: the guests' cached answers pass through it too, and must not wait for a tick.
  if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.hasHeader('etag')) return done(null, payload);
  if (!ownValidator(req, reply, etagOf(payload))) return done(null, payload);
  reply.code(304);
  done(null, '');
}

/**
 * A member's own answer's validator: its ETag, `private` so no shared cache keeps it. True when the
 * browser's copy is that answer (the caller answers 304).
 */
export function ownValidator(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  return matchesEtag(req.headers['if-none-match'], etag);
}

/**
 * Writes that change nothing a guest reads (sign-in, beacons, chat, notifications, support, a new
 * photo: no post shows it yet; a member's blocks and saved posts are theirs alone), so they leave the
 * cache alone: analytics beacons alone would otherwise empty it on every page view.
 */
const UNRELATED_WRITES = ['/api/analytics/', '/api/metrics/vitals', '/api/auth/', '/api/logout', '/api/chat/', '/api/inbox/', '/api/forum/notifications/', '/api/support', '/api/push/', '/api/uploads', '/api/blocks'];
/** A member saving a post (PUT/DELETE /api/forum/posts/:id/bookmark) changes nothing a guest sees either. */
const UNRELATED_WRITE_ENDINGS = ['/bookmark'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesForumContent(method: string, url: string): boolean {
  if (READS.has(method) || !url.startsWith('/api/')) return false;
  const path = url.split('?', 1)[0];
  return !UNRELATED_WRITES.some((prefix) => path.startsWith(prefix)) && !UNRELATED_WRITE_ENDINGS.some((end) => path.endsWith(end));
}

/**
 * The write hook: a write that did not fail on the client's side (2xx/3xx, and 5xx, which may come
 * after a commit) makes every guest answer stale before its own answer is sent. Added to each write
 * route as it is registered (so register this before the modules), so reads pay nothing for it.
 */
export const guestCachePlugin = fp(
  async (app: FastifyInstance, { cache }: { cache: GuestCache }) => {
    await cache.ready();
    const onWrite = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const status = reply.statusCode;
      if (status < 400 || status >= 500) await cache.invalidate();
      return payload;
    };
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((m) => changesForumContent(m, route.url))) return;
      const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
      route.onSend = [...own, onWrite];
    });
    app.addHook('onClose', () => cache.close());
  },
  { name: 'kerbside-guest-cache' },
);
