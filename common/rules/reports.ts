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

// ——— Flags hide (issue 28 item 5) ———

type FlaggedKind = 'post' | 'comment';
const what = (kind: FlaggedKind, postTitle: string) => (kind === 'post' ? `Your post “${postTitle}”` : `Your comment on “${postTitle}”`);

/** The author's notifications (type 'review') when members' flags hide their post or comment, and when a moderator decides. */
export const FLAG_NOTICE = {
  hiddenTitle: (kind: FlaggedKind) => (kind === 'post' ? 'Your post is hidden for review' : 'Your comment is hidden for review'),
  hiddenMessage: (kind: FlaggedKind, postTitle: string) =>
    `${what(kind, postTitle)} was reported by several members and is hidden while moderators review it.`,
  upheldTitle: (kind: FlaggedKind) => (kind === 'post' ? 'Your post was removed' : 'Your comment was removed'),
  upheldMessage: (kind: FlaggedKind, postTitle: string) => `${what(kind, postTitle)} was removed after a moderator reviewed the reports on it.`,
  restoredTitle: (kind: FlaggedKind) => (kind === 'post' ? 'Your post is back' : 'Your comment is back'),
  restoredMessage: (kind: FlaggedKind, postTitle: string) => `${what(kind, postTitle)} is visible again: a moderator reviewed the reports and restored it.`,
} as const;

/** What a thread shows in place of a comment members' flags hid. */
export const HIDDEN_COMMENT_TEXT = 'Hidden while moderators review it';
