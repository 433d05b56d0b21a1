import type { Core } from '../core.ts';
import { recomputeLevels, type RecomputeResult } from './recompute.ts';
import { statsOf } from './stats.ts';
import { createVisitRecorder } from './visits.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The trust model's service (issue 28): buildApp creates it once. It records visits and post reads
 * (identity and posts call it), and recomputes every member's level hourly as a scheduled job of the
 * runner (one process each hour; the hour's run comes at start-up when none ran yet, so a fresh demo
 * database has levels). Tests call runOnce.
 */
export function createTrustService(deps: Pick<Core, 'db' | 'redis' | 'log' | 'clock' | 'jobs'>) {
  const { db, redis, log, clock, jobs } = deps;
  const visits = createVisitRecorder({ db, redis, log, jobs, now: () => clock.now() });

  /** Every member's level, now (the scheduled run, or a test). */
  const runOnce = (): Promise<RecomputeResult> => recomputeLevels(db, clock.now());

  jobs.every(
    'trust.recompute',
    { everyMs: HOUR },
    async () => {
      const started = performance.now();
      const { members, changed } = await runOnce();
      log.info({ members, changed, ms: Math.round(performance.now() - started) }, 'trust levels recomputed');
    },
  );

  return {
    visits,
    runOnce,
    /** A member's stats now (their settings page's "what the next level needs"). */
    statsOf: (userId: number) => statsOf(db, userId, clock.now()),
  };
}

export type TrustService = ReturnType<typeof createTrustService>;
