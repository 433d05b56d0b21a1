import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgSchema,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  color: text('color').notNull().default('#2563eb'),
  position: integer('position').notNull().default(0),
  postCount: integer('post_count').notNull().default(0),
  /** Q&A (issue 33): a post's author or a moderator may accept one reply as the answer. */
  isQa: boolean('is_qa').notNull().default(false),
  /** Issue 32 (ADR 0022): members at trust level 2 may post and reply here anonymously. */
  allowAnonymous: boolean('allow_anonymous').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(), // markdown source
    contentHtml: text('content_html').notNull(), // sanitised on write
    excerpt: text('excerpt').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    // null once the author deleted their account: the post stays, shown as 'Anonymous'.
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's device's id for this write (an offline post sent on reconnect): a resend is the same post. */
    clientId: text('client_id'),
    isPinned: boolean('is_pinned').notNull().default(false),
    isLocked: boolean('is_locked').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    // "Popular" order, kept on write so the list reads it from an index (formula in docs/API.md).
    hotScore: doublePrecision('hot_score').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
    ),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * "Latest activity" order (issue 30): its newest visible comment's created_at, or its own without one.
     * Kept where comment_count is (comments/service.ts, comments/hide.ts), in the comment's transaction.
     * The default is a new post's: now() is the transaction's time, the same as created_at's default; a row
     * inserted with an earlier created_at must set it too.
     */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    /** Hidden by members' flags until a moderator decides (issue 28); deletedAt is set with it, so no read shows it. */
    hiddenAt: ts('hidden_at'),
    /**
     * The accepted answer (issue 33), in a Q&A category: one of its live replies. Cleared when that reply
     * is deleted or hidden (comments/service.ts, comments/hide.ts), so "solved" is this column alone.
     * No foreign key: replies are never removed but with their post.
     */
    acceptedCommentId: integer('accepted_comment_id'),
    /**
     * Issue 33: null for a post outside a Q&A category; in one, 1 with an accepted answer and 0 without. Kept
     * with the post's category and answer (posts/qa-state.ts), so the Solved and Unsolved lists are walks of
     * two small indexes of the Q&A posts alone.
     */
    qaState: smallint('qa_state'),
    /**
     * Issue 32: its tags (tags.id, at most 3) and the postcode areas it is about (at most 3, "LS"). The
     * triggers of drizzle/0021 copy them, with the list's sort keys, into derived.post_labels, so a tag's or
     * an area's list is a walk of that table's indexes.
     */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    areas: text('areas').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 32: a local alert (van theft, road closure…) in its one area (areas[0]): its kind, an optional
     * place name, and when it stops showing at the top of the area's page. Null for any other post.
     */
    alertKind: text('alert_kind'),
    alertPlace: text('alert_place'),
    alertExpiresAt: ts('alert_expires_at'),
    /**
     * Issue 32 (ADR 0022): written anonymously: the label readers see instead of the account ("A verified
     * Evri courier in LS"), frozen at writing. author_id stays, so limits, blocks, flags and suspensions apply.
     */
    anonymousAs: text('anonymous_as'),
    /** Issue 33: it carries a poll (table polls), so a list card can say so without reading it. */
    hasPoll: boolean('has_poll').notNull().default(false),
  },
  (t) => [
    // DESC NULLS FIRST is what a plain ORDER BY … DESC asks for, so the planner can walk these indexes.
    uniqueIndex('posts_slug_key').on(t.slug),
    index('posts_newest_idx').on(t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index('posts_popular_idx').on(t.isPinned.desc().nullsFirst(), t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index('posts_views_idx').on(t.isPinned.desc().nullsFirst(), t.viewCount.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index('posts_category_newest_idx')
      .on(t.categoryId, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('posts_category_popular_idx')
      .on(t.categoryId, t.isPinned.desc().nullsFirst(), t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('posts_category_views_idx')
      .on(t.categoryId, t.isPinned.desc().nullsFirst(), t.viewCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('posts_active_idx').on(t.isPinned.desc().nullsFirst(), t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index('posts_category_active_idx')
      .on(t.categoryId, t.isPinned.desc().nullsFirst(), t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    // "Top" (score = upvotes - downvotes, ties newest first), over all time or within a period.
    index('posts_top_idx').on(sql`(upvotes - downvotes) desc`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index('posts_category_top_idx')
      .on(t.categoryId, sql`(upvotes - downvotes) desc`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    // A period's posts (top of the day or week) by date alone, pinned or not.
    index('posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    // "Unanswered": live posts with no comments.
    index('posts_unanswered_idx')
      .on(t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and comment_count = 0`),
    // The Answers filter (issue 33): a Q&A state's live posts by date, everywhere or in a category.
    index('posts_qa_idx')
      .on(t.qaState, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and qa_state is not null`),
    index('posts_category_qa_idx')
      .on(t.categoryId, t.qaState, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and qa_state is not null`),
    // A member's accepted answers, from their replies (the trust stats' "received").
    index('posts_accepted_comment_idx').on(t.acceptedCommentId).where(sql`accepted_comment_id is not null`),
    index('posts_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    // Search by profession counts a profession's live posts from this index alone (no table visits).
    index('posts_author_live_idx').on(t.authorId).where(sql`deleted_at is null`),
    uniqueIndex('posts_author_client_key').on(t.authorId, t.clientId).where(sql`client_id is not null`),
    // The same text sent again (issue 28): a new member's post is looked up by its text.
    index('posts_text_md5_idx').on(sql`md5(lower(content))`),
    // Text search reads derived.post_search (below), which has the GIN index; posts.search is what it copies.
    // An area's live alerts, soonest to expire last (issue 32): the top of its page.
    index('posts_alerts_idx').on(sql`(areas[1])`, t.alertExpiresAt.desc().nullsFirst()).where(sql`deleted_at is null and alert_kind is not null`),
  ],
);

/**
 * Issue 32: the tags a post may carry (at most 3): the networks (seeded) and topics, managed by admins.
 * A post names them by id (posts.tag_ids), so a tag's name and address can change without touching posts.
 */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['network', 'topic'] }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_slug_key').on(t.slug)],
);

/**
 * Tables derived from others and kept in step with them by triggers (drizzle/0009_post_search.sql): never
 * written by the app; left out of the logical backup, which copies the public schema (its restore refills
 * them as it inserts the rows they derive from; a pg_dump backup holds them as they were).
 */
export const derived = pgSchema('derived');

/**
 * What a text search reads (server/modules/search/service.ts): one narrow row per live post, with the
 * columns its filters and its relevance order need. Searching posts itself read the wide rows (the body,
 * the HTML, the TOASTed tsvector) in the bitmap heap scan and the walk: at 1,000,000 bench posts 1.9 GB of
 * them (table and TOAST), 625 MB of these.
 * Triggers on posts keep it in step (insert; update of title, content, category, author, created_at or
 * deleted_at); a deleted post has no row (its soft delete removes it, a restore puts it back) and a
 * row goes with its post (the foreign key cascades, TRUNCATE included).
 */
export const postSearch = derived.table(
  'post_search',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    authorId: integer('author_id'),
    createdAt: ts('created_at').notNull(),
    // posts.search, copied: title weight A, content weight B.
    search: tsvector('search').notNull(),
  },
  (t) => [
    index('post_search_search_idx').using('gin', t.search),
    // A category's rows in an id range: the window in a category reads them from here (never the GIN index).
    index('post_search_category_idx').on(t.categoryId, t.postId.desc().nullsFirst()),
  ],
);

/**
 * Issue 32: one row per label of a live post, a label being `tag:<id>` or `area:<AREA>`, with the list's
 * sort keys copied from the post, so a tag's or an area's list (any sort, page 1 or 500) is a walk of one
 * index here as the whole list is of posts' (never a filter over every post). The triggers of
 * drizzle/0021_tags_and_areas.sql keep it in step with posts.tag_ids, posts.areas, the sort keys and
 * deleted_at; a post without labels costs them nothing.
 */
export const postLabels = derived.table(
  'post_labels',
  {
    label: text('label').notNull(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    isPinned: boolean('is_pinned').notNull(),
    createdAt: ts('created_at').notNull(),
    hotScore: doublePrecision('hot_score').notNull(),
    viewCount: integer('view_count').notNull(),
    lastActivityAt: ts('last_activity_at').notNull(),
    topScore: integer('top_score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.label, t.postId] }),
    index('post_labels_post_idx').on(t.postId),
    index('post_labels_newest_idx').on(t.label, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('post_labels_popular_idx').on(t.label, t.isPinned.desc().nullsFirst(), t.hotScore.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('post_labels_views_idx').on(t.label, t.isPinned.desc().nullsFirst(), t.viewCount.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('post_labels_active_idx').on(t.label, t.isPinned.desc().nullsFirst(), t.lastActivityAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('post_labels_top_idx').on(t.label, t.topScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

/** Issue 32: each label's live posts, kept by a trigger on derived.post_labels (a tag's or an area's totalCount). */
export const labelCounts = derived.table('label_counts', {
  label: text('label').primaryKey(),
  postCount: integer('post_count').notNull(),
});

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id'),
    /** The author's device's id for this write (an offline comment sent on reconnect): a resend is the same comment. */
    clientId: text('client_id'),
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    /** Hidden by members' flags until a moderator decides (issue 28); deletedAt is set with it, so no read shows it. */
    hiddenAt: ts('hidden_at'),
    /** Issue 32 (ADR 0022): as posts.anonymous_as. */
    anonymousAs: text('anonymous_as'),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('comments_author_client_key').on(t.authorId, t.clientId).where(sql`client_id is not null`),
    // The same text sent again (issue 28: a spam wave repeats itself): a new member's comment is looked up by its text.
    index('comments_text_md5_idx').on(sql`md5(lower(content))`),
  ],
);

/**
 * Issue 33 (ADR 0023): a post's one poll. Counts are kept on the rows (options' vote_count, the poll's
 * voter_count) by the vote's own transaction, so a page reads a poll of any size in one small read.
 */
export const polls = pgTable('polls', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  multiple: boolean('multiple').notNull().default(false),
  /** When readers see counts: always, after_vote, after_close (common/rules/polls.ts). */
  results: text('results').notNull(),
  closesAt: ts('closes_at'),
  /** Closed early by its author or a moderator. */
  closedAt: ts('closed_at'),
  voterCount: integer('voter_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
  },
  (t) => [uniqueIndex('poll_options_post_position_key').on(t.postId, t.position)],
);

/** A member's vote for one option (several rows for a multiple-choice poll). Never shown by name. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    postId: integer('post_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.userId] }),
    index('poll_votes_post_user_idx').on(t.postId, t.userId),
    // The day's votes of a member (their trust level's allowance).
    index('poll_votes_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const postVotes = pgTable(
  'post_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(), // 1 or -1
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_votes_user_idx').on(t.userId)],
);

export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_votes_user_idx').on(t.userId)],
);

// One row per member, target and emoji: a reaction is toggled by inserting or deleting it.
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.emoji] }), index('post_reactions_user_idx').on(t.userId)],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId, t.emoji] }), index('comment_reactions_user_idx').on(t.userId)],
);

// Spec §3 Share event. The member is kept only when signed in; successful ones count into posts.share_count.
export const shareEvents = pgTable(
  'share_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    shareMethod: text('share_method').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    referrerUrl: text('referrer_url'),
    deviceType: text('device_type').notNull(),
    success: boolean('success').notNull(),
    errorMessage: text('error_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('share_events_post_idx').on(t.postId), index('share_events_created_idx').on(t.createdAt)],
);
