import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Web Push subscriptions (server/modules/push): one row per browser, which may be a member's phone,
// tablet or desktop. An endpoint is one browser's: subscribing it again (another member signing in on
// the same browser) updates the row and moves it to that member. The server's VAPID key pair, when not
// configured, is one row of site_settings ('push.vapid_keys').
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser (canonical href, an allowed host: PUSH_ENDPOINT_HOSTS). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url without padding. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The sign-in this browser subscribed under: when it ends (sign-out, "sign out everywhere", a
     * password reset, expiry) the device stops getting the member's notifications, so a lost or shared
     * phone's lock screen shows nothing once signed out. The client subscribes again after sign-in.
     */
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Last subscribed (again): a member's least recent goes first past PUSH_LIMITS.devicesPerMember. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.updatedAt), index('push_subscriptions_session_idx').on(t.sessionTokenHash)],
);
