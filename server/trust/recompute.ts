import { eq, sql } from 'drizzle-orm';
import { earnedLevel } from '../../common/rules/trust.ts';
import type { Db, Tx } from '../db/client.ts';
import { siteSettings } from '../db/schema/index.ts';
import { statsInRange } from './stats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Members per batch: one statement reads their stats, one writes the levels that changed. */
export const RECOMPUTE_BATCH = 2000;

export type RecomputeResult = { members: number; changed: number };

/**
 * Recomputes every live member's level (common/rules/trust.ts earnedLevel) from their stats, in
 * batches of RECOMPUTE_BATCH members by id, each batch its own short statements (no long transaction
 * holds a member's row while they post). A row is written only when its level changed, or once a day
 * to record that it was checked (trust_computed_at): an hourly run over 100 000 members writes the
 * few whose level moved, not every row. An admin's pin is left alone (the computed level still
 * moves under it, so unpinning falls back to a current one).
 */
export async function recomputeLevels(db: Db | Tx, now: Date, batch = RECOMPUTE_BATCH): Promise<RecomputeResult> {
  const res = await db.execute(sql`select coalesce(min(id), 0)::int as lo, coalesce(max(id), -1)::int as hi from users`);
  const [{ lo, hi }] = (res as unknown as { rows: Array<{ lo: number; hi: number }> }).rows;
  const checkedBefore = now.getTime() - DAY_MS;
  const result: RecomputeResult = { members: 0, changed: 0 };
  for (let from = Number(lo); from <= Number(hi); from += batch) {
    const members = await statsInRange(db, from, from + batch - 1, now);
    result.members += members.length;
    const writes = members.flatMap((m) => {
      const level = earnedLevel(m.stats);
      const changed = level !== m.trustLevel;
      if (changed) result.changed++;
      return changed || !m.trustComputedAt || m.trustComputedAt.getTime() < checkedBefore ? [{ id: m.id, level }] : [];
    });
    if (writes.length === 0) continue;
    const values = sql.join(
      writes.map((w) => sql`(${w.id}::int, ${w.level}::smallint)`),
      sql`, `,
    );
    await db.execute(sql`
      update users set trust_level = v.level, trust_computed_at = ${now}
      from (values ${values}) as v(id, level) where users.id = v.id`);
  }
  return result;
}

/** site_settings key of the last scheduled run's start. */
const LAST_RUN_KEY = 'trust.last_run';
// Transaction-scoped advisory lock ('kerb', 'trst'): of several processes, one claims each run. Two
// keys, so it never meets the seed's one-key lock.
const LOCK = [0x6b657262, 0x74727374] as const;

/**
 * Claims the scheduled run for this process: true when no run started within `everyMs` (less a
 * minute's slack for timers that drift), and then records this one. Several processes each ask on
 * their own timer; the advisory lock on PostgreSQL makes ask-and-record one step, so exactly one runs
 * per period. A restart soon after a run finds it recent and does not redo it.
 */
export async function claimRun(db: Db, kind: 'pglite' | 'postgres', now: Date, everyMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (kind === 'postgres') {
      const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK[0]}, ${LOCK[1]}) as got`);
      if (!(res as unknown as { rows: Array<{ got: boolean }> }).rows[0]?.got) return false;
    }
    const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, LAST_RUN_KEY)).limit(1);
    const last = typeof row?.value === 'string' ? Date.parse(row.value) : NaN;
    if (!Number.isNaN(last) && now.getTime() - last < everyMs - 60_000 && last <= now.getTime()) return false;
    await tx
      .insert(siteSettings)
      .values({ key: LAST_RUN_KEY, value: now.toISOString(), updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: now.toISOString(), updatedAt: now } });
    return true;
  });
}
