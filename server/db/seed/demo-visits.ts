import { londonDate } from '../../../common/london-day.ts';
import type { Tx } from '../client.ts';
import { userVisits } from '../schema/index.ts';
import { createRng } from './prng.ts';

// The demo members' visits (issue 28's trust levels read them): days on the site and posts read over
// the last months, some members often, some now and then, so the demo shows every level. Its own
// seed, so the rest of the demo is the same as before it existed.

const SEED = 0x76697331; // "vis1"
const DAY = 86_400_000;
/** How far back visits go: enough for the top level's 30 days, not a row per day since joining. */
const WINDOW_DAYS = 120;

/** How often each kind of member comes: the share of days they visit, by username, else drawn. */
const REGULARITY: Record<string, number> = {
  // Three weeks into the job: a handful of visits, so a low level shows in the demo.
  connor_new: 0.1,
};

export async function insertDemoVisits(tx: Tx, now: Date, members: Map<string, { id: number; joined: Date }>): Promise<number> {
  const rng = createRng(SEED);
  const rows: Array<typeof userVisits.$inferInsert> = [];
  for (const [username, { id, joined }] of members) {
    const share = REGULARITY[username] ?? 0.15 + rng.next() * 0.6;
    const days = Math.min(WINDOW_DAYS, Math.floor((now.getTime() - joined.getTime()) / DAY));
    const seen = new Set<string>();
    for (let d = 0; d < days; d++) {
      if (!rng.chance(share)) continue;
      const day = londonDate(new Date(now.getTime() - d * DAY));
      if (seen.has(day)) continue;
      seen.add(day);
      rows.push({ userId: id, day, postsRead: rng.int(1, 9) });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(userVisits).values(rows.slice(i, i + 2000));
  return rows.length;
}
