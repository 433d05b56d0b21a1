import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { uploads } from './uploads.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const windowState = (name: string) => text(name, { enum: ['open', 'minimized', 'closed'] }).notNull().default('open');

// Chat (spec §3 Conversation, Message; docs/API.md "Chat"). One conversation per pair of members,
// stored with the lower user id first; each participant has its own window state.
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userLowId: integer('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: integer('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lowState: windowState('low_state'),
    highState: windowState('high_state'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The last message's time (creation until then): the inbox's "most recent first". */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLowId, t.userHighId),
    index('conversations_high_idx').on(t.userHighId, t.updatedAt.desc().nullsFirst()),
    index('conversations_low_idx').on(t.userLowId, t.updatedAt.desc().nullsFirst()),
    check('conversations_pair_order', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Kept when the sender's account is deleted (the row is anonymised); null only if the row itself goes. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** A photo sent with (or as) the message; null once an admin removes it everywhere. */
    uploadId: text('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The sender's id for the send: a retry with the same one returns the stored message. */
    clientMessageId: text('client_message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('messages_client_id_key').on(t.senderId, t.clientMessageId).where(sql`client_message_id is not null`),
    index('messages_sender_time_idx').on(t.senderId, t.createdAt),
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`read_at is null`),
  ],
);
