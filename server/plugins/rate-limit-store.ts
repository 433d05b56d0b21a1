import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { quickly } from '../lib/redis.ts';

const require = createRequire(import.meta.url);

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counted) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** The plugin's own stores (their `read` is what `{ increment: false }` calls). */
type Store = FastifyRateLimitStore & { read(key: string, cb: Callback, timeWindow: number, max: number): void };
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };

/**
 * @fastify/rate-limit's store for several processes (issue 29): Redis's counts, shared by every
 * process, while Redis answers; this process's own counts (the plugin's in-memory store) while it is
 * away, so a limit still holds per process and no request waits on Redis or fails with it. The
 * plugin's `skipOnError` would let every request through instead. Nothing is logged per request:
 * Redis's watch (lib/redis.ts) logs the outage once.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;
  const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean) => Store;

  class RedisOrLocalStore implements FastifyRateLimitStore {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: StoreParams, stores?: { shared: Store; local: Store }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.shared = stores?.shared ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      // Redis down, stalled or unanswered within REDIS_QUICK_MS: counted here instead (lib/redis.ts).
      const shared = () => new Promise<Counted>((resolve, reject) => this.shared[method](key, (err, res) => (err ? reject(err) : resolve(res!)), timeWindow, max));
      quickly(redis, shared).then(
        (res) => cb(null, res),
        () => this.local[method](key, cb, timeWindow, max),
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.use('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      return new RedisOrLocalStore(routeOptions as StoreParams, { shared: this.shared.child(routeOptions) as Store, local: this.local.child(routeOptions) as Store });
    }
  }
  return RedisOrLocalStore;
}
