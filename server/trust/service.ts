import type { Core } from '../core.ts';
import type { Database } from '../db/client.ts';
import { claimRun, recomputeLevels, type RecomputeResult } from './recompute.ts';
import { statsOf } from './stats.ts';
import { createVisitRecorder } from './visits.ts';

const HOUR = 60 * 60 * 1000;
/** The first run after start-up: soon, so a fresh demo database has levels, but not in the start's way. */
const FIRST_RUN_AFTER_MS = 15_000;

/**
 * The trust model's service (issue 28): buildApp creates it once. It records visits and post reads
 * (identity and posts call it), and recomputes every member's level hourly in one process, starting
 * soon after start-up (`schedule`; never in tests, which call runOnce).
 */
export function createTrustService(
  deps: Pick<Core, 'db' | 'redis' | 'log' | 'clock'> & { database: Pick<Database, 'kind'> },
  opts: { schedule: boolean; everyMs?: number; firstAfterMs?: number },
) {
  const { db, redis, log, clock, database } = deps;
  const everyMs = opts.everyMs ?? HOUR;
  const visits = createVisitRecorder({ db, redis, log, now: () => clock.now() });

  /** Every member's level, now (the scheduled run, or a test). */
  const runOnce = (): Promise<RecomputeResult> => recomputeLevels(db, clock.now());

  let running: Promise<void> | null = null;
  const scheduled = () => {
    if (running) return;
    running = (async () => {
      try {
        if (!(await claimRun(db, database.kind, clock.now(), everyMs))) return;
        const started = performance.now();
        const { members, changed } = await runOnce();
        log.info({ members, changed, ms: Math.round(performance.now() - started) }, 'trust levels recomputed');
      } catch (err) {
        log.error({ err }, 'trust level recompute failed');
      } finally {
        running = null;
      }
    })();
  };

  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (opts.schedule) {
    first = setTimeout(scheduled, opts.firstAfterMs ?? FIRST_RUN_AFTER_MS);
    first.unref();
    // Every process asks each period; claimRun lets one of them run it.
    timer = setInterval(scheduled, everyMs);
    timer.unref();
  }

  return {
    visits,
    runOnce,
    /** A member's stats now (their settings page's "what the next level needs"). */
    statsOf: (userId: number) => statsOf(db, userId, clock.now()),
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
      await visits.close();
    },
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
