import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import { lazyRequire } from './lazy-require.ts';

/** Loaded only with REDIS_URL (lib/lazy-require.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

/**
 * Options of every Redis connection of the server (issue 29: Redis away must degrade, never stall).
 * ioredis's defaults queue each command while the connection is down and answer it only after a
 * reconnect or 20 failed retries (`MaxRetriesPerRequestError`): every write waited on its rate-limit
 * check for ~20 s and then failed with 500. Instead a command fails at once while Redis is away, and
 * its caller falls back to this process (rate limits count here, live updates reach this process's
 * sockets, and the sockets resync when it returns).
 */
export const REDIS_OPTIONS = {
  /** A command while disconnected fails at once instead of waiting for the reconnect. */
  enableOfflineQueue: false,
  /** A command in flight when the connection drops fails with it instead of being sent again later. */
  maxRetriesPerRequest: 0,
  /** Reconnects every 100 ms, 200 ms, … then every second: back within a second of Redis. */
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
  connectTimeout: 2000,
  /**
   * A Redis that stops answering without closing the connection (a network partition) fails a command
   * after a second rather than when TCP gives up, minutes later. Redis answers in well under a
   * millisecond: a command that waits this long is treated like one to a Redis that is away.
   */
  commandTimeout: 1000,
} satisfies RedisOptions;

/**
 * A Redis client with the server's options. It has an 'error' listener from the start (without one
 * ioredis prints "[ioredis] Unhandled error event" for every failed reconnect); what an outage means is
 * logged once by the app's watch (createRedisHealth).
 */
export function openRedis(url: string, extra: RedisOptions = {}): Redis {
  const { Redis } = ioredis();
  const client = new Redis(url, { ...REDIS_OPTIONS, ...extra });
  client.on('error', () => undefined);
  return client;
}

/** True for the errors a command gets while Redis is away (not for an error of the command itself). */
export function isRedisAway(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    /enableOfflineQueue options is false|Connection is closed|Command timed out|Command aborted due to connection close/.test(err.message)
  );
}

/** The connection failed or dropped (and is retrying, or gave up): not merely still opening. */
export const redisFailed = (client: Redis) => client.status === 'close' || client.status === 'reconnecting' || client.status === 'end';

export const REDIS_AWAY_MSG =
  'Redis is unreachable: rate limits count in each process, live updates reach only the sockets of the process that made them, and open sockets are told to resync when it returns';
export const REDIS_BACK_MSG = 'Redis is back';

/** Whether this process's Redis connections are all up; one warning per outage. */
export interface RedisHealth {
  /** Follows this connection too (the app's shared client, the bus's subscriber). */
  watch(client: Redis): void;
  /** Every watched connection is ready. */
  readonly up: boolean;
}

export function createRedisHealth(log: Pick<FastifyBaseLogger, 'warn' | 'info'>): RedisHealth {
  const clients = new Set<Redis>();
  // Unknown until every connection is ready or one has failed: a connection still opening (at start,
  // or one watched later) changes nothing, and a Redis that is down at start is an outage too.
  let up: boolean | undefined;
  let since = 0;
  const check = () => {
    const all = [...clients];
    const now = all.every((c) => c.status === 'ready') ? true : all.some(redisFailed) ? false : undefined;
    if (now === undefined || now === up) return;
    if (now && up === false) log.info({ awayMs: Date.now() - since }, REDIS_BACK_MSG);
    if (!now) {
      since = Date.now();
      log.warn({ redis: 'away' }, REDIS_AWAY_MSG);
    }
    up = now;
  };
  return {
    watch(client) {
      clients.add(client);
      for (const event of ['ready', 'close', 'end', 'reconnecting']) client.on(event, check);
      // A refused connection at start-up reports 'error' before its first 'close'.
      client.on('error', check);
      check();
    },
    get up() {
      return up === true;
    },
  };
}
