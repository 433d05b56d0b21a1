import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Spec §3 Bulletin: site notices on the forum list, for everyone (Public) or members only.
export const bulletins = pgTable(
  'bulletins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    visibilityType: text('visibility_type', { enum: ['everyone', 'members'] }).notNull().default('everyone'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bulletins_active_idx').on(t.isActive, t.createdAt.desc().nullsFirst())],
);

// Spec §3 Ad slot. customHtml is only ever rendered inside a sandboxed iframe (no same-origin).
export const adSlots = pgTable(
  'ad_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().default(''),
    location: text('location').notNull(), // forum-header, forum-sidebar, post-content, …
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    adType: text('ad_type', { enum: ['adsense', 'custom', 'native'] }).notNull(),
    adSlotId: text('ad_slot_id'),
    customHtml: text('custom_html'),
    // Native ads: a styled card.
    title: text('title'),
    body: text('body'),
    linkUrl: text('link_url'),
    imageUrl: text('image_url'),
    width: integer('width'),
    height: integer('height'),
    isResponsive: boolean('is_responsive').notNull().default(true),
    deviceTarget: text('device_target', { enum: ['mobile', 'desktop', 'any'] }).notNull().default('any'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ad_slots_location_idx').on(t.location, t.isActive, t.position)],
);

// Spec §3 Analytics session: first-party, only with consent; no IP address is stored.
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: text('id').primaryKey(), // the client's 21-character session id
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    deviceType: text('device_type'),
    referrer: text('referrer'),
    landingPage: text('landing_page'),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [index('analytics_sessions_started_idx').on(t.startedAt)],
);

export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    pageUrl: text('page_url').notNull(),
    pageTitle: text('page_title'),
    referrerUrl: text('referrer_url'),
    /** Set on the record written when the visitor leaves the page. */
    timeOnPage: integer('time_on_page'),
    scrollDepth: smallint('scroll_depth'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_page_views_created_idx').on(t.createdAt), index('analytics_page_views_session_idx').on(t.sessionId)],
);

export const analyticsActions = pgTable(
  'analytics_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    actionTarget: text('action_target'),
    actionData: jsonb('action_data'),
    pageUrl: text('page_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_actions_created_idx').on(t.createdAt, t.actionType)],
);

// Spec §3 Performance report, one row per metric.
export const vitalsMetrics = pgTable(
  'vitals_metrics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    url: text('url').notNull(),
    name: text('name').notNull(), // LCP, INP, FID, CLS, FCP, TTFB
    value: doublePrecision('value').notNull(),
    rating: text('rating', { enum: ['good', 'needs-improvement', 'poor'] }).notNull(),
    metricId: text('metric_id').notNull(),
    delta: doublePrecision('delta').notNull(),
    userAgent: text('user_agent'),
    connectionType: text('connection_type'),
    reportedAt: ts('reported_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vitals_metrics_created_idx').on(t.createdAt, t.name)],
);

// Every admin action: who, what, when, on what.
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(), // e.g. user.suspend, post.pin, category.delete
    targetType: text('target_type').notNull(), // user, post, comment, category, ad, bulletin, ticket, …
    targetId: text('target_id'),
    details: jsonb('details'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

// Member reports on posts, comments and members, resolved by admins.
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['post', 'comment', 'message', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: ts('resolved_at'),
    resolution: text('resolution'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('reports_open_target_idx').on(t.targetType, t.targetId).where(sql`status = 'open'`),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt), // the hourly limit per reporter
  ],
);

// Support tickets from the /support form; replies are mailed, notes stay internal.
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [index('support_tickets_status_idx').on(t.status, t.updatedAt.desc().nullsFirst())],
);

export const supportTicketEntries = pgTable(
  'support_ticket_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['reply', 'note'] }).notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_ticket_entries_ticket_idx').on(t.ticketId, t.id)],
);

// Announcements mailed to all verified members or one role (avatar key), in batches at a bounded
// rate; lastUserId is the batch cursor so a restart carries on where it stopped.
export const announcements = pgTable('announcements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  audience: text('audience').notNull(), // 'all' or an avatar key
  status: text('status', { enum: ['draft', 'sending', 'sent'] }).notNull().default('draft'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  lastUserId: integer('last_user_id').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});
