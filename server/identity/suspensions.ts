import { and, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * Lifts timed suspensions past their end (issue 18): clears suspended_at/until/reason and audits
 * 'user.suspension_lifted' by the system (actor null), in the caller's transaction. `userId` narrows it
 * to one member (sign-in lifts theirs at once); without it, every expired one (the minute sweep).
 * The update's own condition makes it safe to run twice at once: a row is lifted, and audited, once.
 */
export async function liftExpiredSuspensions(tx: Db | Tx, now: Date, userId?: number): Promise<number[]> {
  const where: SQL[] = [isNotNull(users.suspendedAt), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now)];
  if (userId !== undefined) where.push(eq(users.id, userId));
  const lifted = await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null, updatedAt: now })
    .where(and(...where))
    .returning({ id: users.id, username: users.username });
  for (const u of lifted) {
    await recordAudit(tx, { actorId: null, action: 'user.suspension_lifted', targetType: 'user', targetId: u.id, details: { username: u.username } });
  }
  return lifted.map((u) => u.id);
}
