import type { NotifyKind } from './notification-preferences.ts';

// The notification mail, the weekly digest and the one unsubscribe link every such mail carries
// (issue 16; docs/API.md "Notification mail"). Zod-free: the contract (contracts/notification-mail.ts)
// and the server read the same limits and words.

/** At most one notification mail per member in this window, however much happens. */
export const NOTIFY_MAIL_GAP_MS = 15 * 60 * 1000;
/**
 * How far back a notification mail looks for what a member has not seen. Every minute's run covers
 * what became old enough since the last, so this only matters after the server was down: news older
 * than this is left to the site's bell and inbox.
 */
export const NOTIFY_MAIL_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Items a notification mail lists per kind; the subject and a closing line count the rest. */
export const NOTIFY_MAIL_ITEMS_PER_KIND = 10;

/** The weekly digest: how often, and at most how many posts. */
export const DIGEST_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
export const DIGEST_MAX_POSTS = 10;

/** What stops, in words, when a member unsubscribes from a kind's mails. */
export const UNSUBSCRIBE_KIND_WORDS: Record<NotifyKind, string> = {
  chat: 'new chat messages',
  replies: 'replies to your posts and comments',
  mentions: 'mentions of your @username',
  followed: 'new comments and posts you follow',
  alerts: 'local alerts in the areas you follow',
  announcements: 'announcements',
  digest: 'the weekly digest',
};

/** "a, b and c". */
export function wordList(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export const UNSUBSCRIBE_MSG = {
  invalid: 'This unsubscribe link is invalid. Open the link from the email again, or contact support.',
  /** The confirmation, naming the mails that stop. */
  unsubscribed: (kinds: NotifyKind[]) =>
    `You are unsubscribed: you will no longer receive emails about ${wordList(kinds.map((k) => UNSUBSCRIBE_KIND_WORDS[k]))}. Emails about your account (codes, password resets, replies to your support messages) still arrive.`,
} as const;
