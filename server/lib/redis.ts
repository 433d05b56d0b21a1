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

/**
 * How long a request waits on Redis before it does without (rate limits count in this process, a
 * read's dedupe uses memory). Redis answers in well under a millisecond; one that is connected but not
 * answering (CLIENT PAUSE, a stalled host, a partition) would otherwise hold every write for the
 * whole commandTimeout (issue 29: no write may stall over a second).
 */
export const REDIS_QUICK_MS = 250;
/** How often a stalled connection is asked whether it answers again. */
const STALL_PROBE_MS = 200;

const stalled = new WeakSet<Redis>();

/** Redis is connected and answering: worth asking on a request's path. */
const redisAnswering = (client: Redis) => client.status === 'ready' && !stalled.has(client);

/**
 * A command of `client` went unanswered for REDIS_QUICK_MS: requests do without it until a PING
 * answers again (asked every STALL_PROBE_MS), so only the requests in flight when it stalled wait.
 */
function markStalled(client: Redis): void {
  if (stalled.has(client)) return;
  stalled.add(client);
  const probe = () => {
    if (client.status === 'end') return void stalled.delete(client);
    client.ping().then(
      () => stalled.delete(client),
      () => setTimeout(probe, STALL_PROBE_MS).unref(),
    );
  };
  probe();
}

export class RedisStalledError extends Error {
  constructor() {
    super(`Redis did not answer within ${REDIS_QUICK_MS} ms`);
    this.name = 'RedisStalledError';
  }
}

/**
 * A command on a request's path: refused at once (RedisStalledError) while Redis is down or stalled,
 * and given up after REDIS_QUICK_MS (the connection is then marked stalled). The caller falls back
 * as it does when Redis is away.
 */
export async function quickly<T>(client: Redis, command: (client: Redis) => Promise<T>): Promise<T> {
  if (!redisAnswering(client)) throw new RedisStalledError();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      markStalled(client);
      reject(new RedisStalledError());
    }, REDIS_QUICK_MS);
  });
  const answer = command(client);
  answer.catch(() => undefined); // given up on: its late failure is nobody's
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** True for the errors a command gets while Redis is away (not for an error of the command itself). */
export function isRedisAway(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    err instanceof RedisStalledError ||
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
