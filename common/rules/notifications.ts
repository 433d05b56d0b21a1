// Forum notification limits and wording (spec §3 Notification, §4, §9; docs/API.md "Notifications"),
// zod-free so the client imports them without the schemas (common/contracts/notifications.ts).

/**
 * A comment on your post, a reply to your comment, a mention; a comment on a post you follow, a new post
 * in a category you follow; a moderator's decision on your post or comment held for review (issue 28); your
 * reply accepted as a question's answer (issue 33); a new post with a tag or about a postcode area you follow,
 * and a local alert in an area you follow (issue 32).
 */
export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'mention',
  'followed_post',
  'followed_category',
  'review',
  'answer',
  'followed_tag',
  'followed_area',
  'area_alert',
] as const;

/** Spec §9: the panel shows the newest 50; the list call never answers more. */
export const NOTIFICATIONS_PAGE = 50;

export const NOTIFICATION_MSG = {
  notFound: 'Notification not found',
  badCursor: 'Invalid cursor: use the id of the oldest notification shown',
} as const;
