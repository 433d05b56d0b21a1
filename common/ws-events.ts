import { z } from 'zod';
import { ZChatAccessReason, ZChatMessage, ZClientMessageId } from './contracts/chat.ts';
import { ZAcceptedAnswer, ZComment, ZPostCategory, ZReactionSummary } from './contracts/forum.ts';
import { ZNotification } from './contracts/notifications.ts';

// The frames of the real-time socket at /ws (spec §7 "Socket"; docs/API.md "WebSocket /ws").
// Every frame is one JSON text message `{ "type": "…", …fields }`.
//
// To add a frame (the chat issue): add its schema to `clientFrames` or `serverFrames` below; the types
// follow. On the server, `gateway.on(type, handler)` receives client frames already validated by
// these schemas; `gateway.sendToUser(userId, frame)` only accepts server frames that type-check.

/** The largest frame the server reads (bytes); a bigger one closes the socket with 1009. */
export const WS_MAX_FRAME_BYTES = 16 * 1024;
export const WS_PATH = '/ws';

/**
 * Close codes a browser sees in `CloseEvent.code` (an HTTP status on a refused upgrade would be
 * invisible to it). The client should not reconnect after 4401 or 4403.
 */
export const WS_CLOSE = {
  /** No session, an expired or ended session, a suspended or deleted account. */
  unauthorized: 4401,
  /** The upgrade came from another site's page. */
  forbiddenOrigin: 4403,
  /** Too many sockets open for this account. */
  tooManySockets: 4429,
  /**
   * The server is stopping (a restart, a deploy): reconnect at once, which a proxy sends to another
   * process, then read again what may have been missed (1012 Service Restart).
   */
  restarting: 1012,
  /** A frame larger than WS_MAX_FRAME_BYTES (sent by the `ws` library). */
  tooBig: 1009,
} as const;

/** A frame's fields (an empty schema infers an index signature; make it no fields). */
type Fields<S extends z.ZodType> = string extends keyof z.infer<S> ? object : z.infer<S>;

const ZId = z.union([z.number(), z.string().max(64)]);

// ---- client → server ----

export const clientFrames = {
  /** Confirms who the socket belongs to; the session cookie decides, this only checks it. */
  authenticate: z.object({ userId: ZId }),
  /** Keep-alive from the page; answered with `pong`. */
  ping: z.object({ conversationId: ZId.optional() }),
  // ---- chat (docs/API.md "Chat"); chat access is checked at every frame ----
  /** Marks the conversation as shown in this socket (checks participation). */
  join_conversation: z.object({ conversationId: z.coerce.number().int().positive() }),
  leave_conversation: z.object({ conversationId: z.coerce.number().int().positive() }),
  /**
   * Stored first, then `new_message` to every socket of both members; the sender's copy (with the
   * clientMessageId) is the receipt. A retry with the same clientMessageId never stores twice.
   * `uploadId`: one of the sender's own photos sent with it (the content may then be empty).
   */
  send_message: z.object({
    conversationId: z.coerce.number().int().positive(),
    content: z.string().max(16 * 1024),
    uploadId: z.string().max(64).optional(),
    clientMessageId: ZClientMessageId.optional(),
  }),
  /** The recipient's client has these messages: deliveredAt set, `message_status` to the sender. */
  message_delivered: z.object({
    conversationId: z.coerce.number().int().positive(),
    messageIds: z.array(z.number().int().positive()).min(1).max(200),
  }),
  /** Marks these (or, without messageIds, all) of the other member's messages read. */
  mark_read: z.object({
    conversationId: z.coerce.number().int().positive(),
    messageIds: z.array(z.number().int().positive()).min(1).max(200).optional(),
  }),
  /** Checks chat access (an `error` if refused); `inbox_update` frames go to every socket of the member regardless. */
  subscribe_inbox: z.object({}),
  // ---- live threads (docs/API.md "Live threads"); members only, a few posts per socket ----
  /** Hear the post's `post_*` frames on this socket; answered with `post_subscribed` (or an `error`). */
  subscribe_post: z.object({ postId: z.coerce.number().int().positive() }),
  unsubscribe_post: z.object({ postId: z.coerce.number().int().positive() }),
} satisfies Record<string, z.ZodObject>;

export type ClientFrameType = keyof typeof clientFrames;
export type ClientFrame<K extends ClientFrameType = ClientFrameType> = {
  [T in K]: { type: T } & Fields<(typeof clientFrames)[T]>;
}[K];

// ---- server → client ----

export const serverFrames = {
  authenticated: z.object({ success: z.boolean() }),
  pong: z.object({}),
  /**
   * Frames for this socket may have been lost (the server's Redis was away): read again what frames
   * carry (notifications, conversations, live threads), as after a reconnect. The socket stays open.
   */
  resync: z.object({}),
  /** A frame the server could not use (bad JSON, unknown type, invalid fields); the socket stays open. */
  error: z.object({ message: z.string(), clientMessageId: z.string().optional() }),
  /** A notification for this user was created; sent to every socket of the user. */
  'notification:new': z.object({ notification: ZNotification }),
  /** Notifications were marked read (in any tab or device); `[]` means all of them. */
  'notification:markRead': z.object({ ids: z.array(z.number()) }),
  /** A stored chat message, to every socket of both members; the sender's copy carries its clientMessageId. */
  new_message: z.object({ message: ZChatMessage, conversationId: z.number(), senderName: z.string() }),
  /** Ticks: the sender's messages were delivered (deliveredAt) and/or read (readAt), ISO 8601. */
  message_status: z.object({
    conversationId: z.number(),
    messageIds: z.array(z.number()),
    deliveredAt: z.string().optional(),
    readAt: z.string().optional(),
  }),
  /** A conversation of this member changed (new message, read): its row's and the member's unread counts. */
  inbox_update: z.object({ conversationId: z.number(), unreadCount: z.number(), totalUnread: z.number() }),
  /**
   * This member's chat access changed (spec §4 Chat access): refused (`reason` says why: an admin
   * suspended their chat, or the email is not verified) or given back (`allowed: true`, no reason).
   * Sent when an admin suspends or restores it, and after a chat frame was refused for access.
   */
  chat_access: z.object({ allowed: z.boolean(), reason: ZChatAccessReason.optional() }),
  // ---- live threads: to the sockets subscribed to the post (subscribe_post), in every process ----
  /** The socket now hears this post's changes. */
  post_subscribed: z.object({ postId: z.number() }),
  /**
   * A new comment, as GET …/comments shows it to this reader: nobody has voted or reacted yet, and
   * canEdit is true for its author and admins. `commentCount` is the post's count after it.
   */
  post_comment_new: z.object({ postId: z.number(), comment: ZComment, commentCount: z.number() }),
  post_comment_edited: z.object({ postId: z.number(), commentId: z.number(), content: z.string(), contentHtml: z.string(), editedAt: z.string() }),
  /** A placeholder stays while it has replies (as the list shows it). */
  post_comment_deleted: z.object({ postId: z.number(), commentId: z.number(), commentCount: z.number() }),
  post_edited: z.object({
    postId: z.number(),
    title: z.string(),
    content: z.string(),
    contentHtml: z.string(),
    excerpt: z.string(),
    editedAt: z.string().nullable(),
    category: ZPostCategory,
  }),
  /** Counts only: whose votes they are (userVote) is each reader's own, from their REST reads. */
  post_votes: z.object({ postId: z.number(), target: z.enum(['post', 'comment']), id: z.number(), upvotes: z.number(), downvotes: z.number() }),
  post_reactions: z.object({ postId: z.number(), target: z.enum(['post', 'comment']), id: z.number(), reactions: ZReactionSummary }),
  /** Issue 33: a Q&A post's accepted answer changed (null: none now). */
  post_answer: z.object({ postId: z.number(), acceptedAnswer: ZAcceptedAnswer.nullable() }),
  /**
   * Issue 33: a poll's counts after a vote, or that it closed. Counts only, and only to readers who may see
   * them (the author's choice: everyone, those who voted, or all once closed); never who voted.
   */
  post_poll: z.object({
    postId: z.number(),
    options: z.array(z.object({ id: z.number(), votes: z.number() })),
    voters: z.number(),
    closed: z.boolean(),
  }),
} satisfies Record<string, z.ZodObject>;

export type ServerFrameType = keyof typeof serverFrames;
export type ServerFrame<K extends ServerFrameType = ServerFrameType> = {
  [T in K]: { type: T } & Fields<(typeof serverFrames)[T]>;
}[K];

