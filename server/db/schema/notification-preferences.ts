import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories, posts } from './forum.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Notification preferences and follows (issue 16; common/rules/notification-preferences.ts).

/**
 * A member's own choices, laid over NOTIFY_DEFAULTS ({kind: {channel: boolean}}); no row means every
 * default. Read for a batch of recipients by primary key.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A member following a post (told of every new comment) or muting it (told of nothing on it). Authors
 * follow their own posts from the moment they post. Read by post for a new comment's recipients.
 */
export const postFollows = pgTable(
  'post_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['follow', 'mute'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('post_follows_post_idx').on(t.postId, t.level),
    check('post_follows_level_check', sql`${t.level} in ('follow', 'mute')`),
  ],
);

/** A member following a category: told of each new post in it, and its best posts in the weekly digest. */
export const categoryFollows = pgTable(
  'category_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] }), index('category_follows_category_idx').on(t.categoryId)],
);

/**
 * Issue 32: a member follows a tag or a postcode area (label `tag:<id>` or `area:<AREA>`, as derived.post_labels):
 * told of each new post carrying it, and of an area's alerts (by push and socket, and by mail if chosen).
 */
export const labelFollows = pgTable(
  'label_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.label] }), index('label_follows_label_idx').on(t.label)],
);

/**
 * Where a member's notification mail stands (NOTIFY_EMAIL_DELAY_S): when the last one went (at most one
 * per 15 minutes), what it covered up to (nothing older is mailed again), and the last weekly digest.
 */
export const notificationMailState = pgTable('notification_mail_state', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailedAt: ts('mailed_at'),
  mailedThrough: ts('mailed_through'),
  digestSentAt: ts('digest_sent_at'),
});
