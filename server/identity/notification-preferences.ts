import { eq, inArray } from 'drizzle-orm';
import { type NotifyChannel, type NotifyKind, type NotifyPreferences, resolvePreferences } from '../../common/rules/notification-preferences.ts';
import type { Db } from '../db/client.ts';
import { notificationPreferences } from '../db/schema/index.ts';

// Members' notification switches (common/rules/notification-preferences.ts), read by everything that
// tells a member something: the bell, Web Push, the notification mail, announcements, the digest. Kept
// in the core so each sender asks the same question the same way; the page that changes them is the
// notifications module's.

/** One member's switches, defaults filled in. */
export async function readNotifyPreferences(db: Db, userId: number): Promise<NotifyPreferences> {
  const [row] = await db.select({ settings: notificationPreferences.settings }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return resolvePreferences(row?.settings);
}

/** Of these members, those whose switch for this kind and channel is on (one query, by primary key). */
export async function wantsNotification(db: Db, userIds: number[], kind: NotifyKind, channel: NotifyChannel): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId, settings: notificationPreferences.settings })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, ids));
  const saved = new Map(rows.map((r) => [r.userId, r.settings]));
  return new Set(ids.filter((id) => resolvePreferences(saved.get(id))[kind][channel] === true));
}
