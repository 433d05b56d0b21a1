import { sql } from 'drizzle-orm';
import { earnedLevel } from '../../common/rules/trust.ts';
import type { Db, Tx } from '../db/client.ts';
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
