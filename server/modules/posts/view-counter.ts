import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';

/**
 * Post views: counted at most once per viewer per post per hour, and never a database write per request.
 *
 * - Dedupe: `viewer + post` is remembered for an hour. In memory (a Map bounded like an LRU) by default;
 *   in Redis (`SET key 1 NX EX 3600`) when the app has one, so every process behind the balancer agrees.
 * - Counting: increments are buffered per post and flushed every few seconds, and when the app closes,
 *   in one UPDATE … FROM (VALUES …) statement.
 *
 * The one place view counts are allowed to lag (by at most a flush interval): DESIGN.md's "counters
 * change with their cause" is about counters a reader can make disagree with a recount, which a view is not.
 */

export const VIEW_WINDOW_SECONDS = 3600;
const DEFAULT_FLUSH_MS = 5_000;
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
  /** Writes the buffered increments now. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
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
  flushMs?: number;
  maxKeys?: number;
  now?: () => number;
}): ViewCounter {
  const { db, redis, log } = opts;
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  const now = opts.now ?? Date.now;

  // key → expiry (ms). Insertion order is expiry order (same window for all), so the first key is the
  // oldest: evicting it when full forgets the view most likely to have expired anyway.
  const seen = new Map<string, number>();
  let buffer = new Map<number, number>();
  let flushing: Promise<void> | null = null;

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
      return (await redis.set(`kerbside-view:${key}`, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX')) === 'OK';
    } catch (err) {
      // Redis away: this process's own memory still keeps one viewer from counting up a post.
      log.error({ err }, 'view dedupe: redis failed, using memory');
      return firstInMemory(key);
    }
  }

  async function writeBuffer() {
    if (buffer.size === 0) return;
    const batch = buffer;
    buffer = new Map();
    const rows = [...batch];
    try {
      for (let i = 0; i < rows.length; i += FLUSH_CHUNK) {
        const values = sql.join(
          rows.slice(i, i + FLUSH_CHUNK).map(([id, n]) => sql`(${id}::int, ${n}::int)`),
          sql`, `,
        );
        await db.execute(
          sql`update posts set view_count = posts.view_count + v.n from (values ${values}) as v(id, n) where posts.id = v.id`,
        );
        rows.slice(i, i + FLUSH_CHUNK).forEach(([id]) => batch.delete(id));
      }
    } catch (err) {
      // Keep what was not written for the next flush rather than lose it.
      for (const [id, n] of batch) buffer.set(id, (buffer.get(id) ?? 0) + n);
      log.error({ err }, 'view counts: flush failed, will retry');
    }
  }

  function flush(): Promise<void> {
    // One flush at a time; a call during one waits for it and then writes what arrived meanwhile.
    const run = (flushing ?? Promise.resolve()).then(writeBuffer);
    const tracked = run.finally(() => {
      if (flushing === tracked) flushing = null;
    });
    flushing = tracked;
    return tracked;
  }

  async function count(postId: number, viewer: string): Promise<boolean> {
    if (!(await first(`${postId}:${viewer}`))) return false;
    buffer.set(postId, (buffer.get(postId) ?? 0) + 1);
    return true;
  }

  const timer = setInterval(() => void flush(), opts.flushMs ?? DEFAULT_FLUSH_MS);
  timer.unref();

  return {
    async record(postId, viewer) {
      await count(postId, viewer);
      return buffer.get(postId) ?? 0;
    },
    count,
    pending: (postId) => buffer.get(postId) ?? 0,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
