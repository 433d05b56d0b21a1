import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { isRedisAway, quickly } from '../lib/redis.ts';
import { londonDate, londonDayStart, nextLondonDayStart } from '../../common/london-day.ts';
import type { Db } from '../db/client.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { createBufferedCounts } from '../lib/buffered-counts.ts';

/**
 * What the trust model reads of a member's use of the site (user_visits): the London days they came
 * signed in, and the posts they opened each day.
 *
 * - A visit is one write per member per London day per process: the first request of the day inserts
 *   the row (a member already seen today costs a lookup in a Set).
 * - A post read counts once per member, post and day. Remembered in memory (bounded), or in Redis
 *   (`SET … NX EX`) when the app has one, so every process agrees; the reads are buffered
 *   (lib/buffered-counts.ts, as the view counter's) and written every few seconds on the job runner's
 *   per-process timer, and when the app closes, in one statement.
 */
export type VisitRecorder = {
  /** Marks today's visit of the member (once a day per process). */
  visited(userId: number): Promise<void>;
  /** Counts the member's opening of a post, once per post per day. */
  read(userId: number, postId: number): Promise<void>;
  /** Writes the buffered reads now (the runner's per-process timer, and once more on close). */
  flush(): Promise<void>;
};

const FLUSH_EVERY_MS = 5_000;
const DEFAULT_MAX_KEYS = 200_000;
/** Rows per INSERT: three parameters each, far under PostgreSQL's 65535. */
const FLUSH_CHUNK = 1000;
/** A read's Redis key outlives its day (a day is at most 25 hours). */
const READ_KEY_SECONDS = 26 * 60 * 60;

type Log = { error(obj: unknown, msg?: string): void };

export function createVisitRecorder(opts: {
  db: Db;
  redis?: Redis;
  log: Log;
  now: () => Date;
  /** Flushes the reads every few seconds in this process; without it only flush() writes them. */
  jobs?: Pick<JobRunner, 'inEveryProcess'>;
  maxKeys?: number;
}): VisitRecorder {
  const { db, redis, log, now } = opts;
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;

  // Today's members and reads in this process, dropped when the London day turns.
  let today = '';
  // Today's bounds: formatting a date in London's zone was a twentieth of a member's kept read (issue 31),
  // so it is done when the day turns, not on every request.
  let todayFrom = 0;
  let todayTo = 0;
  let visitedToday = new Set<number>();
  let readToday = new Set<string>();
  const day = () => {
    const at = now();
    const t = at.getTime();
    if (t >= todayFrom && t < todayTo) return today;
    const d = londonDate(at);
    if (d !== today) {
      today = d;
      visitedToday = new Set();
      readToday = new Set();
    }
    todayFrom = londonDayStart(at).getTime();
    todayTo = nextLondonDayStart(at).getTime();
    return d;
  };

  // `${userId}|${day}` → posts read not yet written.
  const reads = createBufferedCounts<string>({
    chunk: FLUSH_CHUNK,
    log,
    what: 'post reads',
    write: (rows) => {
      const values = sql.join(
        rows.map(([key, n]) => {
          const [userId, d] = key.split('|');
          return sql`(${Number(userId)}::int, ${d}::date, ${n}::int)`;
        }),
        sql`, `,
      );
      // Joined to users: a member deleted since the read is skipped, not a failed batch.
      return db.execute(sql`
        insert into user_visits (user_id, day, posts_read)
        select v.user_id, v.day, v.n from (values ${values}) as v(user_id, day, n) join users u on u.id = v.user_id
        on conflict (user_id, day) do update set posts_read = user_visits.posts_read + excluded.posts_read`);
    },
  });
  opts.jobs?.inEveryProcess('trust.post-reads', FLUSH_EVERY_MS, reads.flush);

  function firstInMemory(key: string): boolean {
    if (readToday.has(key)) return false;
    readToday.add(key);
    // Past the bound, the oldest go first: at worst a post read twice that day counts twice.
    while (readToday.size > maxKeys) readToday.delete(readToday.values().next().value as string);
    return true;
  }

  async function firstRead(d: string, userId: number, postId: number): Promise<boolean> {
    const key = `${userId}:${postId}`;
    if (!redis) return firstInMemory(key);
    try {
      return (await quickly(redis, (r) => r.set(`kerbside-read:${d}:${key}`, '1', 'EX', READ_KEY_SECONDS, 'NX'))) === 'OK';
    } catch (err) {
      // Redis away is logged once, by its watch (lib/redis.ts), not at every read.
      if (!isRedisAway(err)) log.error({ err }, 'post reads: redis failed, using memory');
      return firstInMemory(key);
    }
  }

  return {
    async visited(userId) {
      const d = day();
      if (visitedToday.has(userId)) return;
      visitedToday.add(userId);
      try {
        await db.execute(sql`insert into user_visits (user_id, day) values (${userId}, ${d}::date) on conflict do nothing`);
      } catch (err) {
        // Not marked: the member's next request tries again.
        visitedToday.delete(userId);
        throw err;
      }
    },
    async read(userId, postId) {
      const d = day();
      if (!(await firstRead(d, userId, postId))) return;
      reads.add(`${userId}|${d}`);
    },
    flush: reads.flush,
  };
}
