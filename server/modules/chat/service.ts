import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type TChatAccess,
  type TChatAccessReason,
  type TChatMessage,
  type TChatWindowState,
  type TConversation,
  type TInboxItem,
  ZMessageText,
  ZPhotoCaption,
} from '../../../common/contracts/chat.ts';
import type { TPhoto } from '../../../common/contracts/uploads.ts';
import { CHAT_CATCH_UP_MAX, CHAT_MSG, CHAT_RATE_MAX, CHAT_RATE_WINDOW_MS } from '../../../common/rules/chat.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, conversations, messages, uploads as uploadsTable, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests, unauthorized } from '../../http-errors.ts';
import { assertTextAllowed, levelOfMember, reportWatchedWord, type WatchedWords } from '../../trust/index.ts';
import { blockedEitherWay, blockExistsEitherWay } from '../blocks/index.ts';
import type { UploadService } from '../uploads/index.ts';
import { presentChatUser, presentMessage, type MessageRow } from './presenter.ts';
import type { NewMessageAlert } from './push.ts';

// Chat and inbox (docs/API.md "Chat"). Every function takes the acting member's id and checks that
// they are a participant: for anyone else a conversation does not exist (404). A message is stored
// before anyone is told of it; `notify` runs after the commit. Module-private helpers take the
// database and `notify`; createChatService binds them once.

/**
 * Sends each frame to every socket of its member, in every process, in the given order (the gateway:
 * the frames of one call go out as one event on the bus; a no-op without a gateway).
 */
export type Notify = (events: Array<{ userId: number; frame: ServerFrame }>) => Promise<void>;

/** What the chat uses of the uploads service: the photos messages show, and where a sent one is used. */
export type ChatPhotos = Pick<UploadService, 'photos' | 'photoOf' | 'recordUses'>;

/** The photos of these messages, for presentMessage: one query, and none for a page without photos. */
async function photosOf(uploads: Pick<ChatPhotos, 'photos'>, rows: MessageRow[]): Promise<ReadonlyMap<string, TPhoto>> {
  const ids = [...new Set(rows.flatMap((m) => (m.uploadId === null ? [] : [m.uploadId])))];
  return ids.length > 0 ? uploads.photos(ids) : new Map();
}

/** What the service reads of the maintenance switch (buildApp passes the app's maintenance service). */
export type MaintenanceSwitch = { cached(): Promise<{ maintenanceMode: boolean }> };

type Access = { id: number; emailVerifiedAt: Date | null; chatSuspendedAt: Date | null; suspendedAt?: Date | null; deletedAt?: Date | null };

/** 403: chat refused to this member, with the reason as data (`chatAccess` in the body) beside the spec's words. */
export class ChatAccessError extends HttpError {
  constructor(readonly reason: TChatAccessReason) {
    super(403, reason === 'verification' ? CHAT_MSG.verificationRequired : CHAT_MSG.suspended, { chatAccess: reason });
  }
}

/**
 * What a chat call does: `read` (the inbox, past conversations, receipts, window states, blocks),
 * which a chat-suspended member keeps (issue 18), or `write` (start a conversation, send).
 */
export type ChatNeed = 'read' | 'write';

/** Spec §4 Chat access: verified, and for writes chat not suspended. */
export function assertChatAccess(user: Access | null | undefined, need: ChatNeed): asserts user is Access {
  if (!user || user.suspendedAt || user.deletedAt) throw unauthorized();
  if (!user.emailVerifiedAt) throw new ChatAccessError('verification');
  if (need === 'write' && user.chatSuspendedAt) throw new ChatAccessError('suspended');
}

const accessColumns = {
  id: users.id,
  username: users.username,
  emailVerifiedAt: users.emailVerifiedAt,
  chatSuspendedAt: users.chatSuspendedAt,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  // The trust level (issue 28): how many members one message may mention.
  trustLevel: users.trustLevel,
  trustLevelPinned: users.trustLevelPinned,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
};

/** Reads the member afresh for a socket's read frame (an admin may have changed their access since it opened). */
async function loadChatUser(db: Db, userId: number) {
  const [u] = await db
    .select(accessColumns)
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  assertChatAccess(u, 'read');
  return u!;
}

type ConvRow = typeof conversations.$inferSelect;

const participantOn = (conversationId: number) =>
  and(eq(conversations.id, conversationId), or(eq(conversations.userLowId, users.id), eq(conversations.userHighId, users.id)));

/**
 * Socket read frames: the member's chat access to read (afresh, as loadChatUser) and the conversation
 * if they are in it (else 404), in one query.
 */
async function chatConversation(db: Db, me: number, conversationId: number): Promise<ConvRow> {
  const [r] = await db
    .select({ user: accessColumns, conv: conversations })
    .from(users)
    .leftJoin(conversations, participantOn(conversationId))
    .where(eq(users.id, me))
    .limit(1);
  if (!r) throw unauthorized();
  assertChatAccess(r.user, 'read');
  if (!r.conv) throw notFound(CHAT_MSG.conversationNotFound);
  return r.conv;
}

const otherOf = (c: ConvRow, me: number) => (c.userLowId === me ? c.userHighId : c.userLowId);
const stateOf = (c: ConvRow, me: number): TChatWindowState => (c.userLowId === me ? c.lowState : c.highState);

/** The conversation if `me` is in it, else 404. */
async function participantConversation(db: Db, me: number, conversationId: number): Promise<ConvRow> {
  const [c] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.userLowId, me), eq(conversations.userHighId, me))))
    .limit(1);
  if (!c) throw notFound(CHAT_MSG.conversationNotFound);
  return c;
}

async function userCard(db: Db, id: number) {
  const [u] = await db
    .select({ id: users.id, username: users.username, avatar: users.avatar, statusText: users.statusText, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return presentChatUser(u ?? { id, username: '', avatar: null, statusText: null, deletedAt: new Date() });
}

/**
 * POST /api/chat/start: the pair's conversation, created when there is none. `beforeNew` runs only
 * when it is about to be created (the route counts new conversations against MEMBER_LIMITS.chatStart
 * there; reopening one you already have is free) and may throw to refuse.
 */
async function startConversation(db: Db, me: number, recipientId: number, beforeNew?: () => Promise<void>) {
  if (recipientId === me) throw badRequest(CHAT_MSG.self);
  const [r] = await db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, recipientId))
    .limit(1);
  if (!r || r.deletedAt || !r.emailVerifiedAt) throw notFound(CHAT_MSG.memberNotFound);
  if (await blockedEitherWay(db, me, recipientId)) throw forbidden(CHAT_MSG.blocked);
  const [low, high] = me < recipientId ? [me, recipientId] : [recipientId, me];
  if (beforeNew) {
    const [existing] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)))
      .limit(1);
    if (!existing) await beforeNew();
  }
  // The starter's window is open; the recipient's stays closed until a message comes (a floating
  // window is restored after a reload only when its state is open or minimized).
  const mine = me === low ? { lowState: 'open' as const } : { highState: 'open' as const };
  const theirs = me === low ? { highState: 'closed' as const } : { lowState: 'closed' as const };
  const [c] = await db
    .insert(conversations)
    .values({ userLowId: low, userHighId: high, ...mine, ...theirs })
    .onConflictDoUpdate({ target: [conversations.userLowId, conversations.userHighId], set: mine })
    .returning({ id: conversations.id });
  return { id: c!.id, conversationId: c!.id };
}

const unreadFrom = (conversationId: number, me: number) =>
  and(eq(messages.conversationId, conversationId), isNull(messages.readAt), ne(messages.senderId, me));

async function unreadIn(db: Db, me: number, conversationId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(messages).where(unreadFrom(conversationId, me));
  return Number(r?.n ?? 0);
}

/** Messages from others not read, over all the member's conversations. */
async function totalUnread(db: Db, me: number): Promise<number> {
  const rows = await unreadPerConversation(db, [me]);
  return rows.reduce((n, r) => n + (r.low === me ? r.lowUnread : r.highUnread), 0);
}

/**
 * Most recent first. The cursor is the last item's (updatedAt, id): the time as the API shows it (ISO,
 * milliseconds) is compared with the stored one cut to milliseconds, and the id breaks ties, so
 * conversations updated in the same millisecond are neither skipped nor repeated across pages.
 */
async function listInbox(
  db: Db,
  uploads: ChatPhotos,
  me: number,
  opts: { before?: string; beforeId?: number; limit: number },
): Promise<TInboxItem[]> {
  const mine = or(eq(conversations.userLowId, me), eq(conversations.userHighId, me));
  const ms = sql`date_trunc('milliseconds', ${conversations.updatedAt})`;
  const cursor = opts.before
    ? opts.beforeId
      ? sql`(${ms}, ${conversations.id}) < (${opts.before}::timestamptz, ${opts.beforeId}::integer)`
      : sql`${ms} < ${opts.before}::timestamptz`
    : undefined;
  const rows = await db
    .select()
    .from(conversations)
    .where(cursor ? and(mine, cursor) : mine)
    .orderBy(desc(ms), desc(conversations.id))
    .limit(opts.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((c) => c.id);
  const others = [...new Set(rows.map((c) => otherOf(c, me)))];
  const [cards, lasts, unread] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, avatar: users.avatar, statusText: users.statusText, deletedAt: users.deletedAt })
      .from(users)
      .where(inArray(users.id, others)),
    db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.id)),
    db
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .where(and(inArray(messages.conversationId, ids), isNull(messages.readAt), ne(messages.senderId, me)))
      .groupBy(messages.conversationId),
  ]);
  const cardById = new Map(cards.map((u) => [u.id, presentChatUser(u)]));
  const lastBy = new Map(lasts.map((m) => [m.conversationId, m]));
  const photos = await photosOf(uploads, lasts);
  const unreadBy = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
  return rows.map((c) => {
    const last = lastBy.get(c.id);
    return {
      id: c.id,
      otherUser: cardById.get(otherOf(c, me)) ?? presentChatUser({ id: otherOf(c, me), username: '', avatar: null, statusText: null, deletedAt: new Date() }),
      lastMessage: last ? presentMessage(last, me, photos) : null,
      unreadCount: unreadBy.get(c.id) ?? 0,
      state: stateOf(c, me),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}

async function getConversation(db: Db, uploads: ChatPhotos, me: number, id: number, opts: { before?: number; limit: number }): Promise<TConversation> {
  const c = await participantConversation(db, me, id);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, id), opts.before ? lt(messages.id, opts.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(opts.limit + 1);
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit).reverse();
  const photos = await photosOf(uploads, page);
  return {
    id,
    otherUser: await userCard(db, otherOf(c, me)),
    messages: page.map((m) => presentMessage(m, me, photos)),
    hasMore,
    unreadCount: await unreadIn(db, me, id),
    state: stateOf(c, me),
  };
}

async function catchUp(db: Db, uploads: ChatPhotos, me: number, conversationId: number, after: number) {
  await participantConversation(db, me, conversationId);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(CHAT_CATCH_UP_MAX + 1);
  const page = rows.slice(0, CHAT_CATCH_UP_MAX);
  const photos = await photosOf(uploads, page);
  return { messages: page.map((m) => presentMessage(m, me, photos)), hasMore: rows.length > CHAT_CATCH_UP_MAX };
}

async function findByClientId(db: Db, me: number, clientMessageId: string): Promise<MessageRow | undefined> {
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, me), eq(messages.clientMessageId, clientMessageId)))
    .limit(1);
  return m;
}

const recipient = alias(users, 'recipient');
const earlier = alias(messages, 'earlier');
const sentPhoto = alias(uploadsTable, 'sent_photo');

/**
 * Everything a send checks, in one query: the sender's chat access (read afresh, so a suspension
 * takes effect at once), the conversation if they are in it, the other member, a block either way,
 * the message already stored under this clientMessageId, and the rate limit (CHAT_RATE_MAX sends per
 * CHAT_RATE_WINDOW_MS per member, counted in the table, so across processes): `rateFullSince` is the
 * time of the CHAT_RATE_MAX-th most recent send inside the window, null while under the limit. And
 * the photo to send, if it is the sender's own and not removed (`photo` null otherwise).
 */
async function sendContext(db: Db, now: Date, me: number, conversationId: number, clientMessageId: string | undefined, uploadId: string | undefined) {
  const since = new Date(now.getTime() - CHAT_RATE_WINDOW_MS).toISOString();
  const [r] = await db
    .select({
      user: accessColumns,
      conv: conversations,
      recipientDeletedAt: recipient.deletedAt,
      recipientId: recipient.id,
      blocked: blockExistsEitherWay(users.id, recipient.id),
      existing: earlier,
      photo: sentPhoto,
      rateFullSince: sql<string | null>`(select (extract(epoch from r.created_at) * 1000)::text from ${messages} r where r.sender_id = ${users.id} and r.created_at > ${since}::timestamptz order by r.created_at desc offset ${CHAT_RATE_MAX - 1} limit 1)`,
    })
    .from(users)
    .leftJoin(conversations, participantOn(conversationId))
    .leftJoin(
      recipient,
      eq(recipient.id, sql`case when ${conversations.userLowId} = ${users.id} then ${conversations.userHighId} else ${conversations.userLowId} end`),
    )
    .leftJoin(earlier, clientMessageId ? and(eq(earlier.senderId, users.id), eq(earlier.clientMessageId, clientMessageId)) : sql`false`)
    .leftJoin(sentPhoto, uploadId ? and(eq(sentPhoto.id, uploadId), eq(sentPhoto.userId, users.id), isNull(sentPhoto.removedAt)) : sql`false`)
    .where(eq(users.id, me))
    .limit(1);
  return r;
}

/**
 * Stores the message, then tells both members: new_message to every socket of each (the sender's
 * copy carries clientMessageId: the receipt), then inbox_update to each. `text` is checked and
 * trimmed here, after the access check. A repeated clientMessageId of the same sender returns the
 * stored message (created: false), and the sender's sockets get the receipt again.
 *
 * With `uploadId` the message carries that photo (the sender's own, not removed: else 400) and its
 * text may be empty; the photo is recorded as used by the message in the same transaction.
 *
 * Cost: one query for every check, one transaction that stores the message and moves the conversation
 * (a data-modifying CTE), records its photo's use and queues its `chat.push` job (push.ts), one bus event with
 * both new_message frames, one query for both members' unread counts, one bus event with both
 * inbox_update frames.
 */
async function sendMessage(
  db: Db,
  notify: Notify,
  alert: NewMessageAlert,
  uploads: ChatPhotos,
  words: WatchedWords,
  now: Date,
  me: number,
  conversationId: number,
  input: { text: string; clientMessageId?: string; uploadId?: string },
): Promise<{ message: TChatMessage; created: boolean }> {
  const { clientMessageId, uploadId } = input;
  const ctx = await sendContext(db, now, me, conversationId, clientMessageId, uploadId);
  if (!ctx) throw unauthorized();
  assertChatAccess(ctx.user, 'write');
  const sender = ctx.user;
  const parsed = (uploadId === undefined ? ZMessageText : ZPhotoCaption).safeParse(input.text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message');
  // Issue 28: the watched words. A block word refuses it; censored words are sent as ■■■; a flag or
  // require-approval word (a message cannot wait for a moderator) reports it once sent.
  const screened = words.screen({ text: parsed.data }, { text: 'message' });
  const text = screened.texts.text;
  const c = ctx.conv;
  if (!c) throw notFound(CHAT_MSG.conversationNotFound);
  const receiptAgain = async (existing: MessageRow) => {
    if (existing.conversationId !== conversationId) throw notFound(CHAT_MSG.conversationNotFound);
    const message = presentMessage(existing, me, await photosOf(uploads, [existing]));
    await notify([{ userId: me, frame: { type: 'new_message', message, conversationId, senderName: sender.username } }]);
    return { message, created: false };
  };
  if (ctx.existing) return receiptAgain(ctx.existing);
  // After the resend's answer: a photo removed since its message was stored does not refuse the resend.
  if (uploadId !== undefined && !ctx.photo) throw badRequest(CHAT_MSG.photoUnavailable, { uploadId: CHAT_MSG.photoUnavailable });
  const other = otherOf(c, me);
  if (ctx.recipientId === null || ctx.recipientDeletedAt) throw forbidden(CHAT_MSG.blocked);
  if (ctx.blocked) throw forbidden(CHAT_MSG.blocked);
  // No more @mentions than the sender's trust level allows in one message (issue 28).
  assertTextAllowed(levelOfMember(sender), text, { mentionsOnly: true });
  if (ctx.rateFullSince !== null) {
    throw tooManyRequests(CHAT_MSG.tooFast, (Number(ctx.rateFullSince) + CHAT_RATE_WINDOW_MS - now.getTime()) / 1000);
  }
  // The recipient's window opens on an incoming message; a minimized one stays minimized (its badge shows it).
  const reopenIfClosed = (col: typeof conversations.lowState) => sql`case when ${col} = 'closed' then 'open' else ${col} end`;
  const reopen = c.userLowId === other ? { lowState: reopenIfClosed(conversations.lowState) } : { highState: reopenIfClosed(conversations.highState) };
  // One statement, so one round trip and atomic: the conversation moves only if the message was stored.
  const store = async (q: Db | Tx) => {
    const inserted = q.$with('inserted').as(
      q
        .insert(messages)
        .values({ conversationId, senderId: me, content: text, uploadId: uploadId ?? null, clientMessageId: clientMessageId ?? null })
        .onConflictDoNothing()
        .returning(),
    );
    const moved = q.$with('moved').as(
      q
        .update(conversations)
        .set({ updatedAt: sql`(select created_at from inserted)`, ...reopen })
        .where(and(eq(conversations.id, conversationId), sql`exists (select 1 from inserted)`))
        .returning({ id: conversations.id }),
    );
    const [stored] = await q.with(inserted, moved).select().from(inserted);
    return stored;
  };
  const row = await db.transaction(async (tx) => {
    const stored = await store(tx);
    if (stored) {
      if (uploadId !== undefined) await uploads.recordUses(tx, { type: 'message', id: stored.id }, [uploadId], me);
      // The recipient's devices too, if they have no socket to hear it on: a job of this transaction.
      await alert(tx, { recipientId: other, conversationId, senderName: sender.username, text: text || CHAT_MSG.photoOnly });
    }
    return stored;
  });
  if (!row) {
    // A concurrent retry with the same clientMessageId stored it first.
    const existing = await findByClientId(db, me, clientMessageId!);
    if (!existing) throw notFound(CHAT_MSG.conversationNotFound);
    return receiptAgain(existing);
  }
  const watched = screened.flag ?? screened.approval;
  if (watched) await reportWatchedWord(db, { type: 'message', id: row.id }, watched, now);
  const photos = new Map(ctx.photo ? [[ctx.photo.id, uploads.photoOf(ctx.photo)]] : []);
  const mine = presentMessage(row, me, photos);
  const theirs = presentMessage(row, other, photos);
  // The receipt and the delivery first; the unread counts are informational and come after.
  await notify([
    { userId: me, frame: { type: 'new_message', message: mine, conversationId, senderName: sender.username } },
    { userId: other, frame: { type: 'new_message', message: theirs, conversationId, senderName: sender.username } },
  ]);
  await inboxUpdates(db, notify, [me, other], conversationId);
  return { message: mine, created: true };
}

/**
 * Per conversation of any of these members: the unread messages of its low member (sent by the high
 * one) and of its high member. Counted conversation by conversation through the partial index on
 * unread messages (conversation, sender), so the cost follows the members' conversations, not the
 * table's unread messages. A message whose sender's account was deleted (sender null) counts for
 * nobody, as before.
 */
function unreadPerConversation(db: Db, userIds: number[]) {
  // Written out in full: inside the subquery an unqualified "id" would be the message's.
  const unreadSentBy = (sender: 'user_low_id' | 'user_high_id') =>
    sql<number>`(select count(*) from ${messages} m where m.conversation_id = "conversations"."id" and m.read_at is null and m.sender_id = "conversations".${sql.identifier(sender)})`.mapWith(
      Number,
    );
  return db
    .select({
      id: conversations.id,
      low: conversations.userLowId,
      high: conversations.userHighId,
      lowUnread: unreadSentBy('user_high_id'),
      highUnread: unreadSentBy('user_low_id'),
    })
    .from(conversations)
    .where(or(inArray(conversations.userLowId, userIds), inArray(conversations.userHighId, userIds)));
}

/** inbox_update to each member: unread in this conversation and in all theirs, one query for all of them. */
async function inboxUpdates(db: Db, notify: Notify, userIds: number[], conversationId: number) {
  const rows = await unreadPerConversation(db, userIds);
  const counts = userIds.map((u) => {
    let unreadCount = 0;
    let totalUnread = 0;
    for (const r of rows) {
      const n = r.low === u ? r.lowUnread : r.high === u ? r.highUnread : 0;
      totalUnread += n;
      if (r.id === conversationId) unreadCount = n;
    }
    return { unreadCount, totalUnread };
  });
  await notify(userIds.map((userId, i) => ({ userId, frame: { type: 'inbox_update', conversationId, ...counts[i]! } })));
  return counts;
}

/**
 * Marks the other member's messages read (all unread, or the given ids), with deliveredAt too where
 * it was null; message_status to the sender's sockets, inbox_update to the reader's.
 */
async function markRead(
  db: Db,
  notify: Notify,
  now: Date,
  me: number,
  conversationId: number,
  messageIds?: number[],
  opts: { checkAccess?: boolean } = {},
) {
  const c = await (opts.checkAccess ? chatConversation : participantConversation)(db, me, conversationId);
  const where = and(
    unreadFrom(conversationId, me),
    messageIds ? inArray(messages.id, messageIds.length ? messageIds : [-1]) : undefined,
  );
  const updated = await db
    .update(messages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)` })
    .where(where)
    .returning({ id: messages.id });
  if (updated.length > 0) {
    const ids = updated.map((u) => u.id).sort((a, b) => a - b);
    await notify([
      { userId: otherOf(c, me), frame: { type: 'message_status', conversationId, messageIds: ids, readAt: now.toISOString(), deliveredAt: now.toISOString() } },
    ]);
    const [mine] = await inboxUpdates(db, notify, [me], conversationId);
    return { count: mine!.unreadCount, ids };
  }
  return { count: await unreadIn(db, me, conversationId), ids: [] };
}

/** PUT …/messages/:messageId/read: one message of the other member; answers the message. */
async function markOneRead(
  db: Db,
  notify: Notify,
  uploads: ChatPhotos,
  now: Date,
  me: number,
  conversationId: number,
  messageId: number,
): Promise<TChatMessage> {
  await participantConversation(db, me, conversationId);
  const [m] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!m) throw notFound(CHAT_MSG.messageNotFound);
  if (m.senderId !== me && !m.readAt) await markRead(db, notify, now, me, conversationId, [messageId]);
  const [fresh] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  return presentMessage(fresh!, me, await photosOf(uploads, [fresh!]));
}

const reader = alias(users, 'reader');

/**
 * The socket's message_delivered: the recipient's client has these messages. deliveredAt set where
 * null, message_status to the sender. The member's chat access and participation are checked inside
 * the same statement (one round trip); only when it changed nothing is the member read again, to
 * answer the right error (401, verification, 404) or nothing (already delivered).
 */
async function markDelivered(db: Db, notify: Notify, now: Date, me: number, conversationId: number, messageIds: number[]) {
  const allowed = db
    .select({ one: sql`1` })
    .from(reader)
    .innerJoin(
      conversations,
      and(eq(conversations.id, conversationId), or(eq(conversations.userLowId, reader.id), eq(conversations.userHighId, reader.id))),
    )
    .where(
      and(eq(reader.id, me), isNull(reader.suspendedAt), isNull(reader.deletedAt), isNotNull(reader.emailVerifiedAt)),
    );
  const updated = await db
    .update(messages)
    .set({ deliveredAt: now })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        inArray(messages.id, messageIds),
        ne(messages.senderId, me),
        isNull(messages.deliveredAt),
        exists(allowed),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
  if (updated.length === 0) {
    await chatConversation(db, me, conversationId);
    return 0;
  }
  // Not from me, in a conversation of mine: from the other member.
  const sender = updated[0]!.senderId!;
  const ids = updated.map((u) => u.id).sort((a, b) => a - b);
  await notify([{ userId: sender, frame: { type: 'message_status', conversationId, messageIds: ids, deliveredAt: now.toISOString() } }]);
  return updated.length;
}

/**
 * The caller's chat access, with a chat suspension's reason: the one the admin gave when suspending
 * (audited as `user.chat_suspend {reason}`, the newest such entry), null when none was given.
 */
async function access(db: Db, me: number): Promise<TChatAccess> {
  const [u] = await db.select(accessColumns).from(users).where(eq(users.id, me)).limit(1);
  if (!u || u.suspendedAt || u.deletedAt) throw unauthorized();
  const reason: TChatAccessReason | null = !u.emailVerifiedAt ? 'verification' : u.chatSuspendedAt ? 'suspended' : null;
  if (!u.chatSuspendedAt) return { allowed: reason === null, reason, suspendedAt: null, suspensionReason: null };
  const [entry] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(me)), eq(auditLog.action, 'user.chat_suspend')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const given = (entry?.details as { reason?: unknown } | null | undefined)?.reason;
  return {
    allowed: false,
    reason,
    suspendedAt: u.chatSuspendedAt.toISOString(),
    suspensionReason: typeof given === 'string' && given.trim() ? given.trim() : null,
  };
}

async function setWindowState(db: Db, me: number, conversationId: number, state: TChatWindowState) {
  const c = await participantConversation(db, me, conversationId);
  await db
    .update(conversations)
    .set(c.userLowId === me ? { lowState: state } : { highState: state })
    .where(eq(conversations.id, conversationId));
  return { state };
}

/** For the data export: every message the member sent or received, with its photo when `uploads` is given. */
export async function messagesOf(db: Db, me: number, uploads?: Pick<ChatPhotos, 'photos'>) {
  const rows = await db
    .select({ m: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(or(eq(conversations.userLowId, me), eq(conversations.userHighId, me)))
    .orderBy(asc(messages.id));
  const photos = uploads ? await photosOf(uploads, rows.map(({ m }) => m)) : new Map<string, TPhoto>();
  return rows.map(({ m }) => presentMessage(m, me, photos));
}

/** Maintenance pauses members' writes (REST answers 503); a socket send is a write too. Admins pass. */
async function writesPaused(db: Db, maintenance: MaintenanceSwitch, userId: number): Promise<boolean> {
  if (!(await maintenance.cached()).maintenanceMode) return false;
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return !row?.isAdmin;
}

/**
 * The chat service: buildApp creates it once from the core, with `notify` (the gateway's
 * sendToUsers), `alert` (each new message, for the recipient's devices: push.ts), the maintenance
 * switch the socket's sends respect, and the uploads service (photos in messages).
 */
export function createChatService({
  db,
  clock,
  notify,
  alert,
  maintenance,
  uploads,
  words,
}: Pick<Core, 'db' | 'clock'> & { notify: Notify; alert: NewMessageAlert; maintenance: MaintenanceSwitch; uploads: ChatPhotos; words: WatchedWords }) {
  return {
    access: (me: number) => access(db, me),
    loadChatUser: (me: number) => loadChatUser(db, me),
    chatConversation: (me: number, conversationId: number) => chatConversation(db, me, conversationId),
    startConversation: (me: number, recipientId: number, beforeNew?: () => Promise<void>) => startConversation(db, me, recipientId, beforeNew),
    totalUnread: (me: number) => totalUnread(db, me),
    listInbox: (me: number, opts: { before?: string; beforeId?: number; limit: number }) => listInbox(db, uploads, me, opts),
    getConversation: (me: number, id: number, opts: { before?: number; limit: number }) => getConversation(db, uploads, me, id, opts),
    catchUp: (me: number, conversationId: number, after: number) => catchUp(db, uploads, me, conversationId, after),
    sendMessage: (me: number, conversationId: number, input: { text: string; clientMessageId?: string; uploadId?: string }) =>
      sendMessage(db, notify, alert, uploads, words, clock.now(), me, conversationId, input),
    markRead: (me: number, conversationId: number, messageIds?: number[], opts?: { checkAccess?: boolean }) =>
      markRead(db, notify, clock.now(), me, conversationId, messageIds, opts),
    markOneRead: (me: number, conversationId: number, messageId: number) => markOneRead(db, notify, uploads, clock.now(), me, conversationId, messageId),
    markDelivered: (me: number, conversationId: number, messageIds: number[]) => markDelivered(db, notify, clock.now(), me, conversationId, messageIds),
    setWindowState: (me: number, conversationId: number, state: TChatWindowState) => setWindowState(db, me, conversationId, state),
    /** Whether maintenance refuses this member's socket sends (the REST routes answer 503 instead). */
    writesPaused: (me: number) => writesPaused(db, maintenance, me),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
