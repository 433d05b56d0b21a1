// Live threads (issue 18; docs/API.md "Live threads"): a reader of a post sees comments, edits,
// deletions and counts arrive without reloading. Members hear them on the socket; guests poll.

/** Posts one socket may follow live at once (a tab shows one post; a few cover quick navigation). */
export const LIVE_POST_MAX_SUBSCRIPTIONS = 5;

/** How often a guest's open post page asks for new comments while the tab is visible. */
export const LIVE_GUEST_POLL_MS = 30_000;

export const LIVE_MSG = {
  tooManyPosts: `You can follow at most ${LIVE_POST_MAX_SUBSCRIPTIONS} posts live at once`,
} as const;
