import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { openRedis, quickly, redisFailed, type RedisHealth } from '../lib/redis.ts';

/**
 * A named channel whose events are of type T. Events cross process boundaries as JSON, so T must be
 * plain JSON data (no Dates, Maps or class instances); the local bus applies the same round trip.
 */
export type Channel<T> = string & { readonly __event?: T };
export const channel = <T>(name: string): Channel<T> => name as Channel<T>;

export type Unsubscribe = () => Promise<void>;

/**
 * The event bus (DESIGN.md "real-time"): after a commit a service publishes a domain event; every
 * subscriber in every process that shares the bus receives it once, the publishing process included.
 * In-process by default; Redis pub/sub when REDIS_URL is set. Delivery is at most once: an event
 * published while a process is disconnected from Redis is lost for it (sockets are live state; the
 * REST calls are the source of truth), and `onResync` tells it so once it is back.
 */
export interface EventBus {
  readonly kind: 'local' | 'redis';
  /**
   * Rejects with BusAwayError when the event could not be published (Redis away): then nobody received
   * it, this process included, so a caller may deliver it here itself or try again later without
   * anyone receiving it twice (except a publish cut off after Redis took it: the others may have it).
   */
  publish<T>(channel: Channel<T>, event: T): Promise<void>;
  /**
   * Resolves once the subscription is active, so events published afterwards reach `handler`; while
   * Redis is away, at once (the subscription starts when it returns, and `onResync` follows).
   */
  subscribe<T>(channel: Channel<T>, handler: (event: T) => void): Promise<Unsubscribe>;
  /**
   * Calls `handler` whenever this process may have missed events: its subscription is back after
   * Redis was away (what other processes published meanwhile never reached it), or another process
   * could not publish while it was away. What was missed is in the database: read it again (the
   * gateway tells its sockets to resync). Never called by the in-process bus.
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** publish could not reach Redis: nobody received the event (see EventBus.publish). */
export class BusAwayError extends Error {
  constructor(cause?: unknown) {
    super('event bus: Redis is away; the event was not published', { cause });
    this.name = 'BusAwayError';
  }
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type Handler = (event: unknown) => void;

function deliver(handlers: Set<Handler> | undefined, payload: string, log: Log, name: string) {
  if (!handlers || handlers.size === 0) return;
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch (err) {
    log.warn({ err, channel: name }, 'event bus: unreadable event dropped');
    return;
  }
  for (const handler of [...handlers]) {
    try {
      handler(event);
    } catch (err) {
      log.error({ err, channel: name }, 'event bus: subscriber failed');
    }
  }
}

/** One process: publish calls the subscribers directly (after a JSON round trip, like Redis). */
export function createLocalBus(log: Log): EventBus {
  const channels = new Map<string, Set<Handler>>();
  let closed = false;
  return {
    kind: 'local',
    async publish(name, event) {
      if (closed) return;
      deliver(channels.get(name), JSON.stringify(event), log, name);
    },
    async subscribe(name, handler) {
      const set = channels.get(name) ?? new Set<Handler>();
      channels.set(name, set);
      const h = handler as Handler;
      set.add(h);
      return async () => void set.delete(h);
    },
    onResync: () => () => undefined,
    async close() {
      closed = true;
      channels.clear();
    },
  };
}

/** "Events may have been missed": published by a process back from an outage in which it dropped some. */
const RESYNC = channel<{ from: string }>('kerbside:bus-resync');
/** A subscription refused on a live connection (timed out) is tried again after this. */
const RESUBSCRIBE_RETRY_MS = 1000;

/**
 * Redis pub/sub. The subscriber holds its own connection (a subscribed connection can do nothing
 * else), opened here from `url` and closed by close(). Publishing goes through `publisher` when given
 * (the app's shared client, left open) or through a second connection of our own.
 *
 * Redis away (issue 29): publish fails at once with BusAwayError (the connections queue nothing,
 * lib/redis.ts), subscribe only records the channel, and the bus is "up" again once the publisher is
 * ready and the subscriber holds every channel once more (subscribed here, not by ioredis, so the bus
 * knows when that is done). Then this process's onResync handlers run, and if an event of this process
 * was dropped meanwhile, the others are told on RESYNC to run theirs.
 */
export function createRedisBus(url: string, log: Log, publisher?: Redis, health?: RedisHealth): EventBus {
  // No ready check on the subscriber: it would send INFO on a connection a fast subscribe has already
  // put in subscriber mode (ioredis then fails it with 'Connection in subscriber mode').
  const sub = openRedis(url, { enableReadyCheck: false, autoResubscribe: false });
  const pub = publisher ?? openRedis(url);
  health?.watch(sub);
  if (!publisher) health?.watch(pub);
  const self = randomUUID();
  const channels = new Map<string, Set<Handler>>();
  const resyncHandlers = new Set<() => void>();
  let closed = false;
  /** The subscriber holds RESYNC and every channel, since its last (re)connect. */
  let subscribed = false;
  let up = false;
  /** An event of this process did not reach Redis: the others are told once it does. */
  let dropped = false;
  let retry: NodeJS.Timeout | undefined;
  let notice: NodeJS.Timeout | undefined;

  // The first connect settles before the first publish or subscribe answers (a fresh process does not
  // fail its first events for a connection still opening); a Redis that is down at start settles it too.
  let settle!: () => void;
  const started = new Promise<void>((resolve) => (settle = resolve));

  const resync = () => {
    for (const handler of [...resyncHandlers]) {
      try {
        handler();
      } catch (err) {
        log.error({ err }, 'event bus: resync handler failed');
      }
    }
  };

  const tellOthers = async () => {
    try {
      await pub.publish(RESYNC, JSON.stringify({ from: self }));
      dropped = false;
    } catch {
      if (up) markDropped(); // still answering otherwise: try again shortly; else when it is back
    }
  };

  function markDropped() {
    dropped = true;
    if (notice || closed) return;
    // The publisher may still look ready (a timed-out publish): tell the others once it answers again.
    notice = setTimeout(() => {
      notice = undefined;
      if (up && dropped) void tellOthers();
    }, RESUBSCRIBE_RETRY_MS);
    notice.unref();
  }

  const check = () => {
    const now = !closed && subscribed && pub.status === 'ready';
    if (now || redisFailed(sub) || redisFailed(pub)) settle();
    if (now === up) return;
    up = now;
    if (!now) return;
    // Up again (or for the first time): what other processes published meanwhile never came here.
    resync();
    if (dropped) void tellOthers();
  };

  async function resubscribe() {
    clearTimeout(retry);
    if (closed) return;
    try {
      await sub.subscribe(RESYNC, ...channels.keys());
    } catch {
      // Dropped again (its next 'ready' comes back here) or timed out on a live connection: retry.
      if (!closed && sub.status === 'ready') {
        retry = setTimeout(() => void resubscribe(), RESUBSCRIBE_RETRY_MS);
        retry.unref();
      }
      return;
    }
    if (sub.status !== 'ready') return;
    subscribed = true;
    check();
  }

  const subDown = () => {
    subscribed = false;
    check();
  };
  sub.on('ready', () => void resubscribe());
  for (const event of ['close', 'end', 'reconnecting']) sub.on(event, subDown);
  sub.on('message', (name: string, payload: string) => {
    if (name !== RESYNC) return deliver(channels.get(name), payload, log, name);
    let from: unknown;
    try {
      from = (JSON.parse(payload) as { from?: unknown }).from;
    } catch {
      return;
    }
    if (from !== self) resync();
  });
  const pubEvents = ['ready', 'close', 'end', 'reconnecting'].map((event) => [event, check] as const);
  for (const [event, fn] of pubEvents) pub.on(event, fn);
  check();

  return {
    kind: 'redis',
    async publish(name, event) {
      if (closed) return;
      const payload = JSON.stringify(event);
      await started;
      if (!up) {
        markDropped();
        throw new BusAwayError();
      }
      try {
        // Not the whole commandTimeout on a Redis that is connected but not answering (lib/redis.ts).
        await quickly(pub, (c) => c.publish(name, payload));
      } catch (err) {
        markDropped();
        throw new BusAwayError(err);
      }
    },
    async subscribe(name, handler) {
      let set = channels.get(name);
      if (!set) {
        set = new Set<Handler>();
        channels.set(name, set);
        await started;
        // While Redis is away the next resubscribe takes it with the rest. Asked again when ready: a
        // resubscribe under way may have listed the channels before this one.
        if (sub.status === 'ready') {
          await sub.subscribe(name).catch(() => {
            subscribed = false;
            check();
            void resubscribe();
          });
        }
      }
      const h = handler as Handler;
      set.add(h);
      return async () => {
        set.delete(h);
        if (set.size === 0 && channels.get(name) === set && !closed) {
          channels.delete(name);
          if (sub.status === 'ready') await sub.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => void resyncHandlers.delete(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      settle();
      clearTimeout(retry);
      clearTimeout(notice);
      channels.clear();
      resyncHandlers.clear();
      for (const [event, fn] of pubEvents) pub.off(event, fn);
      await quit(sub);
      if (!publisher) await quit(pub);
    },
  };
}

async function quit(client: Redis) {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** Redis when a URL is configured, otherwise the in-process bus. `health` follows its connections. */
export function createEventBus(opts: { redisUrl?: string; redis?: Redis; log: Log; health?: RedisHealth }): EventBus {
  return opts.redisUrl ? createRedisBus(opts.redisUrl, opts.log, opts.redis, opts.health) : createLocalBus(opts.log);
}
