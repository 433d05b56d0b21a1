import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NOTIFY_KINDS, hasChannel, type NotifyKind } from '../../../common/rules/notification-preferences.ts';
import { UNSUBSCRIBE_MSG } from '../../../common/rules/notification-mail.ts';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { siteSecret } from '../../db/site-secret.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { badRequest } from '../../http-errors.ts';

// The one unsubscribe link of every mail a member can switch off (notification mails, the weekly
// digest, announcements): `<userId>.<kind>[-<kind>…].<HMAC-SHA256(secret, "unsubscribe:<userId>:<kinds>")>`,
// and unsubscribing turns off the email switch of those kinds (notification_preferences). Links of
// announcements mailed before the switches existed, `<userId>.<HMAC(secret, "unsubscribe:<userId>")>`,
// still in members' mailboxes, read as the announcements kind. The secret is a random value made once
// and kept in site_settings (under its first, announcements' name, which those links were signed with),
// so every process (and a restart) signs alike.

const SECRET_KEY = 'announcements.unsubscribe_secret';

export const unsubscribeSecret = (db: Db) => siteSecret(db, SECRET_KEY);

const hmac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** A member's token for these kinds of mail (in NOTIFY_KINDS order, so one set of kinds has one token). */
export function signUnsubscribeToken(secret: Buffer, userId: number, kinds: NotifyKind[]): string {
  const names = NOTIFY_KINDS.filter((k) => kinds.includes(k)).join('-');
  return `${userId}.${names}.${hmac(secret, `unsubscribe:${userId}:${names}`)}`;
}

export async function unsubscribeToken(db: Db, userId: number, kinds: NotifyKind[]): Promise<string> {
  return signUnsubscribeToken(await unsubscribeSecret(db), userId, kinds);
}

const KIND_NAMES = new Set<string>(NOTIFY_KINDS);
const TOKEN = /^(\d{1,10})\.(?:([a-z]+(?:-[a-z]+)*)\.)?([A-Za-z0-9_-]{43})$/;

/** The member and kinds of a well-signed token, else null. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: number; kinds: NotifyKind[] } | null> {
  const m = TOKEN.exec(token.trim());
  if (!m) return null;
  const userId = Number(m[1]);
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const names = m[2];
  const kinds = names === undefined ? ['announcements' as const] : (names.split('-') as NotifyKind[]);
  if (!kinds.every((k) => KIND_NAMES.has(k) && hasChannel(k, 'email'))) return null;
  const signed = names === undefined ? `unsubscribe:${userId}` : `unsubscribe:${userId}:${names}`;
  const expected = Buffer.from(hmac(await unsubscribeSecret(db), signed));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kinds } : null;
}

export const unsubscribeUrl = (config: Config, token: string) => `${config.appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that POSTs to the same link (one click). */
export const unsubscribeHeaders = (link: string): Record<string, string> => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Turns off the email switch of the token's kinds, keeping the member's other switches (a second click
 * changes nothing). 400 for a bad token or a member who is gone.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<{ userId: number; kinds: NotifyKind[] }> {
  const read = await readUnsubscribeToken(db, token);
  if (!read) throw badRequest(UNSUBSCRIBE_MSG.invalid);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, read.userId)).limit(1);
  if (!member) throw badRequest(UNSUBSCRIBE_MSG.invalid);
  // {kind: {email: false}} laid over whatever the member saved, in one statement (no lost update).
  const off = Object.fromEntries(read.kinds.map((k) => [k, { email: false }]));
  const merged = sql.join(
    read.kinds.map((k) => {
      const own = sql`${notificationPreferences.settings} -> ${k}::text`;
      return sql`jsonb_build_object(${k}::text, (case when jsonb_typeof(${own}) = 'object' then ${own} else '{}'::jsonb end) || '{"email": false}'::jsonb)`;
    }),
    sql` || `,
  );
  await db
    .insert(notificationPreferences)
    .values({ userId: read.userId, settings: off, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { settings: sql`${notificationPreferences.settings} || ${merged}`, updatedAt: now } });
  return read;
}

/** The unsubscribe link's reading and doing, for its routes: buildApp creates it once from the core. */
export function createUnsubscribeService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  return {
    /** The member and kinds of a well-signed token, else null (changes nothing). */
    read: (token: string) => readUnsubscribeToken(db, token),
    /** Turns off the email switch of the token's kinds; 400 for a bad token. */
    unsubscribe: (token: string) => unsubscribe(db, token, clock.now()),
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
