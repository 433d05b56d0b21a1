import { z } from 'zod';

// Chat and inbox (spec §2 Chat, §3 Conversation/Message, §4 Chat, §5, §7; docs/API.md "Chat").
// Server and client validate with the same schemas. Socket frames are in common/ws-events.ts.

export const MESSAGE_MAX = 1000;
/** Messages per conversation page (GET /api/inbox/conversations/:id) and conversations per inbox page. */
export const CHAT_PAGE = 50;
/** The most messages one catch-up call (GET /api/chat/messages?after=) answers. */
export const CHAT_CATCH_UP_MAX = 200;
/** Send rate limit per member: CHAT_RATE_MAX messages per CHAT_RATE_WINDOW_MS (REST and socket together). */
export const CHAT_RATE_MAX = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
export const CLIENT_MESSAGE_ID_MAX = 64;

export const CHAT_MSG = {
  /** Contains 'verification' (spec §4 Chat access). */
  verificationRequired: 'Email verification required to use chat',
  /** Contains 'suspended' (spec §4 Chat access). */
  suspended: 'Your chat feature has been suspended by an administrator.',
  self: 'You cannot send a message to yourself.',
  memberNotFound: 'Member not found',
  blocked: 'You cannot message this member.',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  stateInvalid: 'State must be open, minimized or closed',
  /** Client only (spec §5). */
  tempConversation: 'Conversation is still being created. Please wait.',
} as const;

export const CHAT_WINDOW_STATES = ['open', 'minimized', 'closed'] as const;
export const ZChatWindowState = z.enum(CHAT_WINDOW_STATES, { error: CHAT_MSG.stateInvalid });
export type TChatWindowState = z.infer<typeof ZChatWindowState>;

/** Trimmed, 1..1000 characters. */
export const ZMessageText = z
  .string({ error: CHAT_MSG.empty })
  .trim()
  .min(1, CHAT_MSG.empty)
  .max(MESSAGE_MAX, CHAT_MSG.tooLong);

export const ZClientMessageId = z.string().min(1).max(CLIENT_MESSAGE_ID_MAX);

/** A message. Times are ISO 8601; deliveredAt/readAt null until the recipient's client has/reads it. */
export const ZChatMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  /** null when the sender deleted their account (shown as a deleted member). */
  senderId: z.number().nullable(),
  content: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
  /** The sender's own id for the send (only on the sender's copies); null otherwise. */
  clientMessageId: z.string().nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** The other participant. A deleted member has username 'Deleted member', avatar null. */
export const ZChatUser = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string().nullable(),
  statusText: z.string().nullable(),
});
export type TChatUser = z.infer<typeof ZChatUser>;

/**
 * Why chat is refused (spec §4 Chat access): an unverified email, or chat suspended by an admin. A
 * 403 for it carries `chatAccess: <reason>` beside its message; the socket says it in `chat_access`.
 * Otherwise access follows the signed-in user (GET /api/auth/user: emailVerified, not chatSuspended).
 */
export const CHAT_ACCESS_REASONS = ['verification', 'suspended'] as const;
export const ZChatAccessReason = z.enum(CHAT_ACCESS_REASONS);
export type TChatAccessReason = z.infer<typeof ZChatAccessReason>;

/** POST /api/chat/start */
export const ZStartChatRequest = z.object({ recipientId: z.coerce.number().int().positive() });
/** `id` and `conversationId` are the same value; starting again with the same member returns it again. */
export const ZStartChatResponse = z.object({ id: z.number(), conversationId: z.number() });
export type TStartChatResponse = z.infer<typeof ZStartChatResponse>;

/**
 * GET /api/inbox/conversations?before=<updatedAt ISO>&beforeId=<id>&limit: most recent first. The next
 * page: before and beforeId of the last item (ties in updatedAt are ordered by id, so none is skipped).
 */
export const ZInboxQuery = z.object({
  before: z.string().datetime({ error: 'before must be an ISO 8601 time' }).optional(),
  beforeId: z.coerce.number({ error: 'beforeId must be a conversation id' }).int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE).catch(CHAT_PAGE).default(CHAT_PAGE),
});
export const ZInboxItem = z.object({
  id: z.number(),
  otherUser: ZChatUser,
  lastMessage: ZChatMessage.nullable(),
  unreadCount: z.number(),
  state: ZChatWindowState,
  /** ISO 8601: the last message's time, or the conversation's creation. With `id`, the next page's cursor (before, beforeId). */
  updatedAt: z.string(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInboxList = z.array(ZInboxItem);

/** GET /api/inbox/conversations/:id?before=<messageId>&limit */
export const ZConversationQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE).catch(CHAT_PAGE).default(CHAT_PAGE),
});
export const ZConversation = z.object({
  id: z.number(),
  otherUser: ZChatUser,
  /** Ascending; the newest `limit` before the cursor. */
  messages: z.array(ZChatMessage),
  /** Older messages exist: ask again with before=messages[0].id. */
  hasMore: z.boolean(),
  unreadCount: z.number(),
  state: ZChatWindowState,
});
export type TConversation = z.infer<typeof ZConversation>;

/** GET /api/chat/messages?conversationId=&after=<messageId>: catch-up, ascending, at most 200. */
export const ZCatchUpQuery = z.object({
  conversationId: z.coerce.number().int().positive(),
  after: z.coerce.number().int().min(0).default(0),
});
export const ZCatchUpResponse = z.object({ messages: z.array(ZChatMessage), hasMore: z.boolean() });
export type TCatchUpResponse = z.infer<typeof ZCatchUpResponse>;

/** POST /api/inbox/conversations/:id/messages → 201 the message (200 the stored one on a repeated clientMessageId). */
export const ZSendMessageRequest = z.object({ text: ZMessageText, clientMessageId: ZClientMessageId.optional() });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** PUT /api/inbox/conversations/:id/read → { count: 0 } (unread left in it). */
export const ZMarkReadResponse = z.object({ count: z.number() });

/** PUT /api/chat/conversation/:id/state */
export const ZWindowStateRequest = z.object({ state: ZChatWindowState });
export const ZWindowStateResponse = z.object({ state: ZChatWindowState });

/** GET /api/chat/unread-count */
export const ZUnreadCount = z.object({ count: z.number() });

/** Blocks: POST /api/chat/blocks {userId}; DELETE /api/chat/blocks/:userId; GET /api/chat/blocks. */
export const ZBlockRequest = z.object({ userId: z.coerce.number().int().positive() });
export const ZBlockedUser = z.object({ id: z.number(), username: z.string() });
export const ZBlockList = z.array(ZBlockedUser);
