import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { comments, posts } from './forum.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per member per London day they used the site signed in (issue 28): the trust model counts
 * the days visited and the posts read from here. Written at most once a day per member per process.
 */
export const userVisits = pgTable(
  'user_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Posts the member opened that day (each post once a day). */
    postsRead: integer('posts_read').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A new member's post or comment held for a moderator (the review queue, issue 28). It is not a post or
 * a comment until approved: approving creates it through the normal path (so followers hear of it only
 * then), and until then no list, search, feed, sitemap, count or socket can show it to anyone but its
 * author.
 */
export const heldItems = pgTable(
  'held_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['post', 'comment'] }).notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A post's category; null for a comment. */
    categoryId: integer('category_id'),
    /** A comment's post (and parent comment); null for a post. */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: text('title'),
    content: text('content').notNull(),
    /** A post's tags, areas and alert (issue 32), as its create request named them; null: none. */
    postExtras: jsonb('post_extras'),
    /** Issue 32: written anonymously, the label it will be published under; null: under the account. */
    anonymousAs: text('anonymous_as'),
    /** The author's device's id for the write, so an offline resend is the same held item. */
    clientId: text('client_id'),
    /** Why it was held: link, watched_word, all. */
    reason: text('reason').notNull(),
    /** The watched word that held it, if one did. */
    matched: text('matched'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    rejectReason: text('reject_reason'),
    /** The post or comment approving it created. */
    publishedId: integer('published_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('held_items_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    index('held_items_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    index('held_items_post_idx').on(t.postId).where(sql`status = 'pending'`),
    uniqueIndex('held_items_author_client_key').on(t.authorId, t.clientId).where(sql`client_id is not null`),
  ],
);

/** Admins' watched words (issue 28): a phrase with `*` wildcards and what to do when text matches it. */
export const watchedWords = pgTable(
  'watched_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phrase: text('phrase').notNull(),
    action: text('action', { enum: ['block', 'require_approval', 'flag', 'censor'] }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watched_words_phrase_key').on(sql`lower(${t.phrase})`)],
);

/**
 * A post's or comment's earlier version, kept at every edit (issue 28): "edited" opens them. The current
 * version is the post or comment itself; a deleted one's last text stays here for moderators.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** The post's title then (null for a comment). */
    title: text('title'),
    content: text('content').notNull(),
    /** Who made the change that replaced this version (the author, or a moderator). */
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    /** When this version was written (the post's creation or the edit before). */
    writtenAt: ts('written_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('revisions_post_idx').on(t.postId, t.id).where(sql`post_id is not null`),
    index('revisions_comment_idx').on(t.commentId, t.id).where(sql`comment_id is not null`),
  ],
);

/**
 * The published Courier Pay Index, computed once a day (issue 28): the page, the API and the CSV read the
 * newest snapshot, so reports added or removed between two reads cannot isolate one member's figure.
 */
export const payIndexSnapshots = pgTable('pay_index_snapshots', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** The London day it stands for. */
  day: date('day', { mode: 'string' }).notNull().unique(),
  data: jsonb('data').notNull(),
  computedAt: ts('computed_at').notNull().defaultNow(),
});
