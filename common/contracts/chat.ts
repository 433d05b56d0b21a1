import { z } from 'zod';
import {
  CHAT_ACCESS_REASONS,
  CHAT_MSG,
  CHAT_PAGE,
  CHAT_WINDOW_STATES,
  CLIENT_MESSAGE_ID_MAX,
  MESSAGE_MAX,
} from '../rules/chat.ts';
import { UPLOAD_ID_PATTERN } from '../rules/uploads.ts';
import { endpoint } from './endpoint.ts';
import { ZPhoto } from './uploads.ts';

// Chat and inbox (spec §2 Chat, §3 Conversation/Message, §4 Chat, §5, §7; docs/API.md "Chat").
// Server and client validate with the same schemas; limits and messages are in common/rules/chat.ts.
// Socket frames are in common/ws-events.ts.

export const ZChatWindowState = z.enum(CHAT_WINDOW_STATES, { error: CHAT_MSG.stateInvalid });
export type TChatWindowState = z.infer<typeof ZChatWindowState>;

/** Trimmed, 1..1000 characters. */
export const ZMessageText = z
  .string({ error: CHAT_MSG.empty })
  .trim()
  .min(1, CHAT_MSG.empty)
  .max(MESSAGE_MAX, CHAT_MSG.tooLong);
/** The text beside a photo: trimmed, at most 1000 characters, and may be empty (the photo alone). */
export const ZPhotoCaption = z.string({ error: CHAT_MSG.empty }).trim().max(MESSAGE_MAX, CHAT_MSG.tooLong);

export const ZClientMessageId = z.string().min(1).max(CLIENT_MESSAGE_ID_MAX);

/** A message. Times are ISO 8601; deliveredAt/readAt null until the recipient's client has/reads it. */
export const ZChatMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  /** null when the sender deleted their account (shown as a deleted member). */
  senderId: z.number().nullable(),
  /** May be empty when the message is a photo alone. */
  content: z.string(),
  /** The photo sent with the message; null without one, or once an admin removed it everywhere. */
  photo: ZPhoto.nullable(),
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

/** Why chat is refused (spec §4 Chat access; CHAT_ACCESS_REASONS). */
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

/**
 * POST /api/inbox/conversations/:id/messages → 201 the message (200 the stored one on a repeated
 * clientMessageId). `uploadId`: one of the sender's own photos (POST /api/uploads) sent with it; with
 * one the text may be empty.
 */
export const ZSendMessageRequest = z
  .object({
    text: ZPhotoCaption.default(''),
    uploadId: z.string().regex(UPLOAD_ID_PATTERN, CHAT_MSG.photoUnavailable).optional(),
    clientMessageId: ZClientMessageId.optional(),
  })
  .refine((v) => v.text !== '' || v.uploadId !== undefined, { message: CHAT_MSG.empty, path: ['text'] });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** PUT /api/inbox/conversations/:id/read → { count: 0 } (unread left in it). */
export const ZMarkReadResponse = z.object({ count: z.number() });

/** PUT /api/chat/conversation/:id/state */
export const ZWindowStateRequest = z.object({ state: ZChatWindowState });
export const ZWindowStateResponse = z.object({ state: ZChatWindowState });

/** GET /api/chat/unread-count */
export const ZUnreadCount = z.object({ count: z.number() });

/**
 * The caller's chat access (spec §4), read afresh: `reason` why chat is refused (null when allowed);
 * a chat suspension's start and the reason the admin gave (null when none or not suspended).
 */
export const ZChatAccess = z.object({
  allowed: z.boolean(),
  reason: ZChatAccessReason.nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type TChatAccess = z.infer<typeof ZChatAccess>;

/**
 * Blocks: POST /api/chat/blocks {userId}; DELETE /api/chat/blocks/:userId; GET /api/chat/blocks. Aliases of
 * /api/blocks (common/contracts/blocks.ts, server/modules/blocks) with the chat's access rule and this answer.
 */
export const ZBlockRequest = z.object({ userId: z.coerce.number().int().positive() });
export const ZBlockedUser = z.object({ id: z.number(), username: z.string() });
export const ZBlockList = z.array(ZBlockedUser);

const ZId = z.coerce.number().int().positive();
const ZConversationParams = z.object({ id: ZId });

// ---- Endpoints ----
// Every one needs chat access (spec §4): a guest hears 401, an unverified member 403 (with
// `chatAccess`). A chat-suspended member keeps reading (the inbox, past conversations, read receipts,
// window states, blocks) but starting and sending answer 403 (`chatAccess: 'suspended'`). A
// conversation the caller is not in does not exist for them (404). Each answers 400 to text the
// database cannot store, even in a query it ignores (storable-text plugin).

/** Why chat is refused to the caller, and a chat suspension's reason (any signed-in member). */
export const getChatAccess = endpoint({
  method: 'GET',
  path: '/api/chat/access',
  responses: { 200: ZChatAccess },
  errors: [400, 401],
});

/** The pair's conversation, created when there is none (counted against MEMBER_LIMITS.chatStart only then). */
export const startChat = endpoint({
  method: 'POST',
  path: '/api/chat/start',
  body: ZStartChatRequest,
  responses: { 200: ZStartChatResponse },
  errors: [400, 401, 403, 404, 429],
});

/** The caller's window state of a conversation (restored after a reload). */
export const setChatWindowState = endpoint({
  method: 'PUT',
  path: '/api/chat/conversation/:id/state',
  params: ZConversationParams,
  body: ZWindowStateRequest,
  responses: { 200: ZWindowStateResponse },
  errors: [400, 401, 403, 404],
});

/** Messages from others not read, over all the caller's conversations. */
export const getChatUnreadCount = endpoint({
  method: 'GET',
  path: '/api/chat/unread-count',
  responses: { 200: ZUnreadCount },
  errors: [400, 401, 403],
});

/** Catch-up after a reconnect: the messages after `after`, ascending, at most CHAT_CATCH_UP_MAX. */
export const catchUpMessages = endpoint({
  method: 'GET',
  path: '/api/chat/messages',
  query: ZCatchUpQuery,
  responses: { 200: ZCatchUpResponse },
  errors: [400, 401, 403, 404],
});

/** The inbox, most recent first, page by page. */
export const listConversations = endpoint({
  method: 'GET',
  path: '/api/inbox/conversations',
  query: ZInboxQuery,
  responses: { 200: ZInboxList },
  errors: [400, 401, 403],
});

/** One conversation with a page of its messages. */
export const getConversation = endpoint({
  method: 'GET',
  path: '/api/inbox/conversations/:id',
  params: ZConversationParams,
  query: ZConversationQuery,
  responses: { 200: ZConversation },
  errors: [400, 401, 403, 404],
});

/** Sends a message: 201 the new one, 200 the one already stored under this clientMessageId. */
export const sendMessage = endpoint({
  method: 'POST',
  path: '/api/inbox/conversations/:id/messages',
  params: ZConversationParams,
  body: ZSendMessageRequest,
  responses: { 200: ZChatMessage, 201: ZChatMessage },
  errors: [400, 401, 403, 404, 429],
});

/** Marks every unread message of the other member read. */
export const markConversationRead = endpoint({
  method: 'PUT',
  path: '/api/inbox/conversations/:id/read',
  params: ZConversationParams,
  responses: { 200: ZMarkReadResponse },
  errors: [400, 401, 403, 404],
});

/** Marks one message of the other member read; answers the message. */
export const markMessageRead = endpoint({
  method: 'PUT',
  path: '/api/inbox/conversations/:id/messages/:messageId/read',
  params: z.object({ id: ZId, messageId: ZId }),
  responses: { 200: ZChatMessage },
  errors: [400, 401, 403, 404],
});

/** The members the caller blocked. */
export const listBlocks = endpoint({
  method: 'GET',
  path: '/api/chat/blocks',
  responses: { 200: ZBlockList },
  errors: [400, 401, 403],
});

/** Blocks a member (either way no conversation starts and no message goes); answers the block list. */
export const blockMember = endpoint({
  method: 'POST',
  path: '/api/chat/blocks',
  body: ZBlockRequest,
  responses: { 200: ZBlockList },
  errors: [400, 401, 403, 404],
});

/** Lifts a block; answers the block list. */
export const unblockMember = endpoint({
  method: 'DELETE',
  path: '/api/chat/blocks/:userId',
  params: z.object({ userId: ZId }),
  responses: { 200: ZBlockList },
  errors: [400, 401, 403],
});
