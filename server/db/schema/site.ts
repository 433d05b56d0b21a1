import { index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Every mail is a row first; the mailer sends it (SMTP) or prints it (no SMTP_URL). Nothing fails silently.
export const emails = pgTable(
  'emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // Extra mail headers (e.g. List-Unsubscribe on announcements), passed to nodemailer as they are.
    headers: jsonb('headers').$type<Record<string, string>>(),
    kind: text('kind').notNull(), // verification, password_reset, …
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('emails_status_idx').on(t.status, t.nextAttemptAt), index('emails_created_idx').on(t.createdAt)],
);

// Small site-wide switches (maintenance mode and its message) as key → JSON.
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
