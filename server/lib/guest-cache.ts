import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Core } from '../core.ts';
import { HttpError } from '../http-errors.ts';
import { sendBytes } from './compression.ts';
import type { EventBus } from '../realtime/bus.ts';
import { createFreshCache } from './fresh-cache.ts';
import { BEACON_WRITES, changesMemberState, isWrite, type MemberCache } from './member-cache.ts';

/**
 * Guest answers from memory (issue 15 item 4; docs/ARCHITECTURE.md "Guest cache"). A guest's forum
 * list, search, categories and post page are the same bytes for every guest, so they are made once
 * and sent as they are for a few seconds, or until the next write, whichever comes first: a fresh
 * cache (lib/fresh-cache.ts: generation, bus, LRU, single flight). Every write that changes forum
 * content (a successful non-GET /api request, see `changesForumContent`) empties it before its answer
 * leaves, so the writer's next read, and any guest's, is made afresh, in every process.
 *
 * Members never get a cached answer as it is: theirs carry their own votes, reactions and edit rights
 * (the post list lays a member's own marks on the cached list: server/modules/posts/routes.ts, and
 * keeps the result in the member cache, lib/member-cache.ts).
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
export const JSON_TYPE = 'application/json; charset=utf-8';

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** A loaded answer as the cache keeps it. */
const kept = (loaded: LoadedAnswer<unknown>): CachedAnswer<unknown> => ({
  body: loaded.body,
  bytes: Buffer.from(loaded.body),
  etag: etagOf(loaded.body),
  contentType: loaded.contentType,
  status: loaded.status ?? 200,
  meta: loaded.meta,
});

export function createGuestCache(core: Pick<Core, 'clock' | 'log'>, opts: GuestCacheOptions = {}): GuestCache {
  const answers = createFreshCache<CachedAnswer<unknown>>(core, {
    name: 'guest cache',
    channel: 'kerbside:guest-cache-invalidate',
    bus: opts.bus,
    ttlMs: opts.ttlMs ?? GUEST_CACHE_TTL_MS,
    maxEntries: opts.maxEntries ?? DEFAULT_MAX_ENTRIES,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeOf: (answer) => answer.body.length + answer.bytes.length,
    keep: (answer) => answer.status < 500,
  });
  return {
    answer: <M>(key: string, load: () => Promise<LoadedAnswer<M>>) => answers.remember(key, () => load().then(kept)) as Promise<CachedAnswer<M>>,
    invalidate: answers.invalidate,
    ready: answers.ready,
    size: answers.size,
    close: answers.close,
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
 * An answer as the cache keeps it, made by `produce`, or a 404 as the errors plugin words it: cheap and safe
 * to keep, since a missing post, category or feed stays missing until a write.
 */
export async function loadAnswer<M = undefined>(produce: () => Promise<LoadedAnswer<M>>): Promise<LoadedAnswer<M>> {
  try {
    return await produce();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404 && !err.retryAfter) {
      return { status: 404, body: JSON.stringify({ message: err.message, ...err.body }), contentType: JSON_TYPE };
    }
    throw err;
  }
}

/**
 * A route's answer as the cache keeps it: the data serialised by the route's own response schema (so it
 * is the same bytes a member's answer would be), or a 404 (loadAnswer).
 */
export function loadJson<T, M = undefined>(reply: FastifyReply, produce: () => Promise<T>, metaOf?: (data: T, body: string) => M): Promise<LoadedAnswer<M>> {
  return loadAnswer(async () => {
    const data = await produce();
    // The route's serializer (its response schema) always makes a string of JSON.
    const body = reply.serialize(data) as string;
    return { body, contentType: JSON_TYPE, meta: metaOf?.(data, body) };
  });
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
const UNRELATED_WRITES = [...BEACON_WRITES, '/api/auth/', '/api/logout', '/api/chat/', '/api/inbox/', '/api/forum/notifications/', '/api/support', '/api/push/', '/api/uploads', '/api/blocks'];
/** A member saving a post (PUT/DELETE /api/forum/posts/:id/bookmark) changes nothing a guest sees either. */
const UNRELATED_WRITE_ENDINGS = ['/bookmark'];
export function changesForumContent(method: string, url: string): boolean {
  if (!isWrite(method) || !url.startsWith('/api/')) return false;
  const path = url.split('?', 1)[0];
  return !UNRELATED_WRITES.some((prefix) => path.startsWith(prefix)) && !UNRELATED_WRITE_ENDINGS.some((end) => path.endsWith(end));
}

/**
 * The write hooks: a write that did not fail on the client's side (2xx/3xx, and 5xx, which may come
 * after a commit) makes every guest answer (when it changes forum content) and every kept member state
 * (lib/member-cache.ts: any write but a beacon) stale before its own answer is sent. Added to each write
 * route as it is registered (so register this before the modules), so reads pay nothing for it.
 */
export const guestCachePlugin = fp(
  async (app: FastifyInstance, { cache, members }: { cache: GuestCache; members: MemberCache }) => {
    await Promise.all([cache.ready(), members.ready()]);
    const succeeded = (reply: FastifyReply) => reply.statusCode < 400 || reply.statusCode >= 500;
    const onContentWrite = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (succeeded(reply)) await Promise.all([cache.invalidate(), members.invalidate()]);
      return payload;
    };
    const onMemberWrite = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (succeeded(reply)) await members.invalidate();
      return payload;
    };
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const hook = methods.some((m) => changesForumContent(m, route.url)) ? onContentWrite : methods.some((m) => changesMemberState(m, route.url)) ? onMemberWrite : null;
      if (!hook) return;
      const own = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
      route.onSend = [...own, hook];
    });
    app.addHook('onClose', () => Promise.all([cache.close(), members.close()]));
  },
  { name: 'kerbside-guest-cache' },
);
