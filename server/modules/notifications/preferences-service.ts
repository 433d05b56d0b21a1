import { eq } from 'drizzle-orm';
import type { TUpdateNotifyPreferences } from '../../../common/contracts/notification-preferences.ts';
import { type NotifyPreferences, resolvePreferences } from '../../../common/rules/notification-preferences.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';
import { readNotifyPreferences } from '../../identity/index.ts';

// A member's notification switches (docs/API.md "Notification preferences"). Only the member's own
// choices are stored (notification_preferences.settings), so a default changed later reaches everyone
// who never touched that switch; every sender reads them through the core's wantsNotification.

/** Every switch of the member, defaults filled in. */
export async function getPreferences(db: Db, userId: number): Promise<NotifyPreferences> {
  return readNotifyPreferences(db, userId);
}

/**
 * Lays `changes` (validated by the contract: only switches that exist) over the member's own choices
 * and answers the full set. The row is locked for the read and the write, so two tabs saving two
 * switches at once both stick.
 */
export async function updatePreferences(db: Db, now: Date, userId: number, changes: TUpdateNotifyPreferences['preferences']): Promise<NotifyPreferences> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values({ userId, settings: {} }).onConflictDoNothing();
    const [row] = await tx
      .select({ settings: notificationPreferences.settings })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const own = { ...((row?.settings ?? {}) as Record<string, Record<string, boolean>>) };
    for (const [kind, channels] of Object.entries(changes)) own[kind] = { ...own[kind], ...channels };
    await tx.update(notificationPreferences).set({ settings: own, updatedAt: now }).where(eq(notificationPreferences.userId, userId));
    return resolvePreferences(own);
  });
}
