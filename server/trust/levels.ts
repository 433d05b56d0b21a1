import { eq } from 'drizzle-orm';
import { effectiveLevel, TRUST_LIMITS, type TrustLevel, type TrustLimitName } from '../../common/rules/trust.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** The columns a member's level is read from. */
export type TrustColumns = { trustLevel: number; trustLevelPinned: number | null; isAdmin: boolean; isModerator: boolean };

/**
 * A member's effective level from their row: admins and moderators count as level 3 (their
 * allowances are the regulars'), else an admin's pin, else the job's last computation.
 */
export const levelOfMember = (u: TrustColumns): TrustLevel => (u.isAdmin || u.isModerator ? 3 : effectiveLevel(u));

/**
 * A member's effective level (levelOfMember) read from the database. Unknown or deleted members are
 * level 0. A request's member already carries it: req.user.trustLevel (server/identity sessions).
 */
export async function trustLevelOf(db: Db | Tx, userId: number): Promise<TrustLevel> {
  const [row] = await db
    .select({ trustLevel: users.trustLevel, trustLevelPinned: users.trustLevelPinned, isAdmin: users.isAdmin, isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return 0;
  return levelOfMember(row);
}

/** The one reading of TRUST_LIMITS: what `name` allows a member at `level`. */
export const allowance = (level: TrustLevel, name: TrustLimitName): number => TRUST_LIMITS[name][level];
