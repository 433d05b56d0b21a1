import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { isRedisAway, quickly } from '../../lib/redis.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { createBufferedCounts } from '../../lib/buffered-counts.ts';

/**
 * Post views: counted at most once per viewer per post per hour, and never a database write per request.
 *
 * - Dedupe: `viewer + post` is remembered for an hour. In memory (a Map bounded like an LRU) by default;
 *   in Redis (`SET key 1 NX EX 3600`) when the app has one, so every process behind the balancer agrees.
 * - Counting: increments are buffered per post (lib/buffered-counts.ts) and flushed every few seconds on
 *   the job runner's per-process timer, and when the app closes, in one UPDATE … FROM (VALUES …) statement.
 *
 * The one place view counts are allowed to lag (by at most a flush interval): DESIGN.md's "counters
 * change with their cause" is about counters a reader can make disagree with a recount, which a view is not.
 */

export const VIEW_WINDOW_SECONDS = 3600;
const FLUSH_EVERY_MS = 5_000;
const DEFAULT_MAX_KEYS = 100_000;
/** Rows per UPDATE: two parameters each, far under PostgreSQL's 65535. */
const FLUSH_CHUNK = 1000;

export type ViewCounter = {
  /** Counts the view unless this viewer saw the post within the hour; returns the post's pending increments. */
  record(postId: number, viewerKey: string): Promise<number>;
  /** Counts the view unless this viewer saw the post within the hour; true when it counted. */
  count(postId: number, viewerKey: string): Promise<boolean>;
  /** Views counted but not yet written, for a post. */
  pending(postId: number): number;
  /** Writes the buffered increments now (the runner's per-process timer, and once more on close). */
  flush(): Promise<void>;
};

type Log = { error(obj: unknown, msg?: string): void };

/** Who is looking: the member, or for a guest a hash of address and browser (no raw IP kept anywhere). */
export function viewerKey(req: { user: { id: number } | null; ip: string; headers: Record<string, unknown> }): string {
  if (req.user) return `u${req.user.id}`;
  const ua = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '';
  return `g${createHash('sha256').update(`${req.ip}\n${ua}`).digest('base64url').slice(0, 22)}`;
}

export function createViewCounter(opts: {
  db: Db;
  redis?: Redis;
  log: Log;
  /** Flushes the buffer every few seconds in this process; without it (unit tests) only flush() writes. */
  jobs?: Pick<JobRunner, 'inEveryProcess'>;
  maxKeys?: number;
  now?: () => number;
}): ViewCounter {
  const { db, redis, log } = opts;
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  const now = opts.now ?? Date.now;

  // key → expiry (ms). Insertion order is expiry order (same window for all), so the first key is the
  // oldest: evicting it when full forgets the view most likely to have expired anyway.
  const seen = new Map<string, number>();
  // Post id → views not yet written.
  const counts = createBufferedCounts<number>({
    chunk: FLUSH_CHUNK,
    log,
    what: 'view counts',
    write: (rows) => {
      const values = sql.join(
        rows.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      );
      return db.execute(sql`update posts set view_count = posts.view_count + v.n from (values ${values}) as v(id, n) where posts.id = v.id`);
    },
  });
  opts.jobs?.inEveryProcess('posts.view-counts', FLUSH_EVERY_MS, counts.flush);

  function firstInMemory(key: string): boolean {
    const t = now();
    const expires = seen.get(key);
    if (expires !== undefined && expires > t) return false;
    seen.delete(key);
    seen.set(key, t + VIEW_WINDOW_SECONDS * 1000);
    while (seen.size > maxKeys) seen.delete(seen.keys().next().value as string);
    return true;
  }

  async function first(key: string): Promise<boolean> {
    if (!redis) return firstInMemory(key);
    try {
      return (await quickly(redis, (r) => r.set(`kerbside-view:${key}`, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX'))) === 'OK';
    } catch (err) {
      // Redis away: this process's own memory still keeps one viewer from counting up a post (the
      // outage is logged once, by Redis's watch in lib/redis.ts, not at every view).
      if (!isRedisAway(err)) log.error({ err }, 'view dedupe: redis failed, using memory');
      return firstInMemory(key);
    }
  }

  async function count(postId: number, viewer: string): Promise<boolean> {
    if (!(await first(`${postId}:${viewer}`))) return false;
    counts.add(postId);
    return true;
  }

  return {
    async record(postId, viewer) {
      await count(postId, viewer);
      return counts.pending(postId);
    },
    count,
    pending: counts.pending,
    flush: counts.flush,
  };
}
