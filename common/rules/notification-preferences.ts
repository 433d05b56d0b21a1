// Notification preferences (issue 16; docs/API.md "Notification preferences"): for each kind of news a
// member can get, and each way it can reach them, a switch. Zod-free, so the client's preferences page
// and the server's senders read one table of kinds, channels, labels and defaults.

/** What a member can be told of. */
export const NOTIFY_KINDS = ['chat', 'replies', 'mentions', 'followed', 'alerts', 'announcements', 'digest'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** How it reaches them: the bell and toasts on the site, the phone's notifications, a mail. */
export const NOTIFY_CHANNELS = ['site', 'push', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export type NotifyPreferences = Record<NotifyKind, Partial<Record<NotifyChannel, boolean>>>;

/**
 * The switches each kind has, with their defaults. A channel a kind lacks is not offered and not
 * accepted: announcements are mailed and pushed (the site shows them as bulletins to everyone), the
 * weekly digest is a mail only. Followed posts and categories stay off the inbox by default (they can
 * be many); everything a member is personally addressed in is on everywhere.
 */
export const NOTIFY_DEFAULTS: { [K in NotifyKind]: Partial<Record<NotifyChannel, boolean>> } = {
  chat: { site: true, push: true, email: true },
  replies: { site: true, push: true, email: true },
  mentions: { site: true, push: true, email: true },
  followed: { site: true, push: true, email: false },
  // Issue 32: a local alert is worth a phone's buzz; a mail only if chosen.
  alerts: { site: true, push: true, email: false },
  announcements: { push: true, email: true },
  digest: { email: false },
};

export const NOTIFY_KIND_LABEL: Record<NotifyKind, { label: string; hint: string }> = {
  chat: { label: 'Chat messages', hint: 'A new message in one of your conversations' },
  replies: { label: 'Replies', hint: 'A comment on your post, a reply to your comment, or your reply accepted as an answer' },
  mentions: { label: 'Mentions', hint: 'Someone writes your @username' },
  followed: { label: 'Followed posts, categories, tags and areas', hint: 'A new comment on a post you follow, or a new post in a category, tag or postcode area you follow' },
  alerts: { label: 'Local alerts', hint: 'A van theft, road closure, depot delay or other alert in a postcode area you follow' },
  announcements: { label: 'Announcements', hint: 'News from the Kerbside team' },
  digest: { label: 'Weekly digest', hint: 'The most popular posts of the week in the categories you follow' },
};

export const NOTIFY_CHANNEL_LABEL: Record<NotifyChannel, string> = {
  site: 'On site',
  push: 'Push',
  email: 'Email',
};

/** Whether a kind has a switch for this channel. */
export const hasChannel = (kind: NotifyKind, channel: NotifyChannel) => NOTIFY_DEFAULTS[kind][channel] !== undefined;

/** A member's switches: the defaults with their own choices laid over (unknown keys are ignored). */
export function resolvePreferences(saved: unknown): NotifyPreferences {
  const own = (saved && typeof saved === 'object' ? saved : {}) as Record<string, Record<string, unknown> | undefined>;
  const out = {} as NotifyPreferences;
  for (const kind of NOTIFY_KINDS) {
    out[kind] = {};
    for (const channel of NOTIFY_CHANNELS) {
      if (!hasChannel(kind, channel)) continue;
      const v = own[kind]?.[channel];
      out[kind][channel] = typeof v === 'boolean' ? v : NOTIFY_DEFAULTS[kind][channel];
    }
  }
  return out;
}

/** Follow a post (every new comment), mute it (nothing, not even replies to you), or neither. */
export const POST_FOLLOW_LEVELS = ['follow', 'mute'] as const;
export type PostFollowLevel = (typeof POST_FOLLOW_LEVELS)[number];

export const NOTIFY_PREFS_MSG = {
  saved: 'Notification preferences saved',
  noChannel: 'This kind of notification has no such channel',
  following: 'You are following this post',
  muted: 'You will not be notified about this post',
  unfollowed: 'You will be notified only of replies and mentions',
  categoryFollowed: 'You are following this category',
  categoryUnfollowed: 'You no longer follow this category',
  // Follows API (issue 16): a level the post follow does not know; an author asking for "Normal" on
  // their own post (they follow it by default and post_follows keeps only follow and mute).
  levelInvalid: 'Choose follow, mute or none',
  authorFollows: 'You follow your own post: choose Mute to stop its notifications',
  postNotFound: 'Post not found',
  categoryNotFound: 'Category not found',
} as const;
