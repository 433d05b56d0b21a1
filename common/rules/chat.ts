// Chat and inbox limits and wording (spec §4 Chat, §5, §9; docs/API.md "Chat"), zod-free so the
// client imports them without the schemas. The schemas are in common/contracts/chat.ts.

/** Spec §5/§9: the most characters a message may have (after trimming). */
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
  /** A photo sent with a message must be one of the sender's own uploads, still there. */
  photoUnavailable: 'That photo is not available: upload it again',
  /** A photo sent without text, as its push notification and notification mail say it. */
  photoOnly: 'Sent a photo',
  /** Client only (spec §5). */
  tempConversation: 'Conversation is still being created. Please wait.',
} as const;

export const CHAT_WINDOW_STATES = ['open', 'minimized', 'closed'] as const;

/**
 * Why chat is refused (spec §4 Chat access): an unverified email, or chat suspended by an admin. A
 * 403 for it carries `chatAccess: <reason>` beside its message; the socket says it in `chat_access`.
 * Otherwise access follows the signed-in user (GET /api/auth/user: emailVerified, not chatSuspended).
 */
export const CHAT_ACCESS_REASONS = ['verification', 'suspended'] as const;
