import { eq } from 'drizzle-orm';
import { effectiveLevel, type TrustLevel } from '../../common/rules/trust.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * A member's effective level (an admin's pin, else the job's last computation). Admins and moderators
 * count as level 3: their allowances are the regulars'. Unknown or deleted members are level 0.
 */
export async function trustLevelOf(db: Db | Tx, userId: number): Promise<TrustLevel> {
  const [row] = await db
    .select({ trustLevel: users.trustLevel, trustLevelPinned: users.trustLevelPinned, isAdmin: users.isAdmin, isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return 0;
  if (row.isAdmin || row.isModerator) return 3;
  return effectiveLevel(row);
}
