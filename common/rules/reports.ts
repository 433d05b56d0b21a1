// Member reports' limits and messages (docs/API.md "Reports"), without zod, for the report dialog
// (the schemas are in contracts/reports.ts).

/** A chat message is reported by a member of its conversation (for anyone else it does not exist). */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'message', 'user'] as const;

export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;
/** Reports one member may send in an hour. */
export const REPORTS_PER_HOUR = 10;

export const REPORT_MSG = {
  targetType: 'Target type must be post, comment, message or user',
  reasonMin: `Please tell us what is wrong (at least ${REPORT_REASON_MIN} characters)`,
  reasonMax: `Reason must be at most ${REPORT_REASON_MAX} characters`,
  targetId: 'Target id must be a positive whole number',
  sent: 'Report sent',
  duplicate: 'You have already reported this',
  self: 'You cannot report yourself or your own posts, comments and messages',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  messageNotFound: 'Message not found',
  userNotFound: 'Member not found',
  tooMany: 'You have sent too many reports. Please try again later.',
} as const;

// ——— The admins' reports queue (contracts/moderation.ts) ———

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
/** Reports per page of the queue. */
export const ADMIN_REPORTS_PAGE = 50;
/** What resolving a report does besides closing it. */
export const REPORT_ACTIONS = ['none', 'delete_target'] as const;
/** A reported message is shown with up to this many messages of its conversation before it, and after. */
export const REPORT_MESSAGE_CONTEXT = 5;

export const REPORT_QUEUE_MSG = {
  statusInvalid: 'Status must be open, resolved or dismissed',
  pageInvalid: 'Page must be a whole number',
  actionInvalid: 'Action must be none or delete_target',
} as const;
