import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyRequire } from '../lib/lazy-require.ts';

/** Loaded only with REDIS_URL: the in-process bus needs none of it (lib/lazy-require.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

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
 * REST calls are the source of truth).
 */
export interface EventBus {
  readonly kind: 'local' | 'redis';
  publish<T>(channel: Channel<T>, event: T): Promise<void>;
  /** Resolves once the subscription is active, so events published afterwards reach `handler`. */
  subscribe<T>(channel: Channel<T>, handler: (event: T) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
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
    async close() {
      closed = true;
      channels.clear();
    },
  };
}

/**
 * Redis pub/sub. The subscriber holds its own connection (a subscribed connection can do nothing
 * else), opened here from `url` and closed by close(). Publishing goes through `publisher` when given
 * (the app's shared client, left open) or through a second connection of our own.
 */
export function createRedisBus(url: string, log: Log, publisher?: Redis): EventBus {
  // No ready check on the subscriber: it would send INFO on a connection a fast subscribe has already
  // put in subscriber mode (ioredis then fails it with 'Connection in subscriber mode').
  const { Redis } = ioredis();
  const sub = new Redis(url, { maxRetriesPerRequest: 3, enableReadyCheck: false });
  const pub = publisher ?? new Redis(url, { maxRetriesPerRequest: 3 });
  const channels = new Map<string, Set<Handler>>();
  sub.on('error', (err) => log.warn({ err }, 'event bus: Redis subscriber connection error'));
  if (!publisher) pub.on('error', (err) => log.warn({ err }, 'event bus: Redis publisher connection error'));
  sub.on('message', (name: string, payload: string) => deliver(channels.get(name), payload, log, name));
  let closed = false;
  return {
    kind: 'redis',
    async publish(name, event) {
      if (closed) return;
      await pub.publish(name, JSON.stringify(event));
    },
    async subscribe(name, handler) {
      let set = channels.get(name);
      if (!set) {
        set = new Set<Handler>();
        channels.set(name, set);
        await sub.subscribe(name);
      }
      const h = handler as Handler;
      set.add(h);
      return async () => {
        set.delete(h);
        if (set.size === 0 && channels.get(name) === set && !closed) {
          channels.delete(name);
          await sub.unsubscribe(name);
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
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

/** Redis when a URL is configured, otherwise the in-process bus. */
export function createEventBus(opts: { redisUrl?: string; redis?: Redis; log: Log }): EventBus {
  return opts.redisUrl ? createRedisBus(opts.redisUrl, opts.log, opts.redis) : createLocalBus(opts.log);
}
