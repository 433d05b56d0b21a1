import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { comments, posts } from './forum.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member blocking another (server/modules/blocks): the blocked member cannot message, mention or
 * notify the blocker, and their posts and comments are collapsed for the blocker. Was chat_blocks
 * (drizzle/0014), when blocking reached only chat.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('member_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Issue 32 (ADR 0022): a block made from anonymous content. It blocks the account (notifications and
 * messages from it stop, as member_blocks'), but is its own row, never merged with a block by name: a
 * row that changed when its blocker blocked someone by name would tell them who wrote it. The blocker's
 * list shows only the content's label.
 */
export const anonymousBlocks = pgTable(
  'anonymous_blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    anonymousAs: text('anonymous_as').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('anonymous_blocks_blocker_idx').on(t.blockerId, t.createdAt),
    index('anonymous_blocks_blocked_idx').on(t.blockedId),
    uniqueIndex('anonymous_blocks_post_key').on(t.blockerId, t.postId).where(sql`post_id is not null`),
    uniqueIndex('anonymous_blocks_comment_key').on(t.blockerId, t.commentId).where(sql`comment_id is not null`),
  ],
);

/** A member's saved posts, newest saved first. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('bookmarks_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('bookmarks_post_idx').on(t.postId),
  ],
);

/**
 * Issue 32 item 2: a member's request for the verified courier badge, with their proof (a photo of a
 * badge, an app screen or a payslip), kept only until a moderator decides: then the proof is deleted
 * and the decision kept. The proof is the member's photo re-encoded as WebP (no metadata: no location,
 * no camera), in the database (base64), never under /uploads; only the review screen reads it.
 */
export const courierVerifications = pgTable(
  'courier_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'cancelled'] }).notNull().default('pending'),
    /** The proof as WebP, base64; null once decided (or cancelled). */
    proof: text('proof'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refusal's reason, told to the member. */
    reason: text('reason'),
  },
  (t) => [
    index('courier_verifications_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    // One request waiting per member.
    uniqueIndex('courier_verifications_one_pending_key').on(t.userId).where(sql`status = 'pending'`),
    index('courier_verifications_user_idx').on(t.userId, t.createdAt),
  ],
);
