// The review queue and the watched words (issue 28, items 3 and 4): limits, choices and wording both
// sides show, zod-free so the client imports them without the schemas (common/contracts/review.ts).
// Who is held and why is decided by server/trust/review.ts; what a text matches, by
// server/trust/watched-words.ts. The trust rules they read are common/rules/trust.ts.

// ——— Watched words ———

/**
 * What happens to a post, comment, message, username or status that contains a watched word:
 * - block: refused with a clear message naming the word as the writer wrote it;
 * - require_approval: a post or comment is held for a moderator, whoever wrote it (Discourse holds
 *   any member's post too; moderators and admins are never held); elsewhere (a chat message, a
 *   status, an edit) it is published and reported, as flag;
 * - flag: published, and reported to the moderators by the system;
 * - censor: published with the word shown as ■■■ (the stored text says ■■■: applied on write).
 * A username is never published censored: any of block, require_approval and censor refuses it.
 */
export const WATCHED_ACTIONS = ['block', 'require_approval', 'flag', 'censor'] as const;
export type WatchedAction = (typeof WATCHED_ACTIONS)[number];

export const WATCHED_ACTION_LABEL: Record<WatchedAction, { label: string; hint: string }> = {
  block: { label: 'Block', hint: 'Refused, with a message asking the writer to remove the word' },
  require_approval: { label: 'Require approval', hint: 'Posts and comments wait for a moderator; chat and status lines are reported' },
  flag: { label: 'Flag', hint: 'Published, and reported to the moderators' },
  censor: { label: 'Censor', hint: 'Published with the word shown as ■■■' },
};

/** What a censored word becomes: always three squares, so its length tells nothing. */
export const CENSOR_MARK = '■■■';

export const WATCHED_PHRASE_MAX = 100;
/** Watched words a site may keep: the one matcher they compile into stays small and fast. */
export const WATCHED_WORDS_MAX = 2000;

/** Where a text was refused, for its message. */
export type WatchedField = 'post' | 'title' | 'comment' | 'message' | 'status' | 'username';

const FIELD_NOUN: Record<WatchedField, string> = {
  post: 'Your post',
  title: 'Your title',
  comment: 'Your comment',
  message: 'Your message',
  status: 'Your status',
  username: 'This username',
};

export const WATCHED_MSG = {
  /** The refusal names the words as the writer wrote them, never the admin's pattern. */
  blocked: (field: WatchedField, word: string) =>
    field === 'username'
      ? `This username contains a word that isn't allowed here: “${word}”. Please choose another.`
      : `${FIELD_NOUN[field]} contains a word that isn't allowed here: “${word}”. Please remove it.`,
  phraseRequired: 'Enter a word or phrase',
  phraseMax: `A watched word must be at most ${WATCHED_PHRASE_MAX} characters`,
  phraseLetters: 'A watched word needs at least one letter or digit besides the * wildcards',
  phraseLine: 'A watched word must be on one line',
  phraseInvalid: 'That word cannot be watched: try it without its signs',
  actionInvalid: 'Action must be block, require_approval, flag or censor',
  duplicate: 'That word is already on the list',
  tooMany: `The list holds at most ${WATCHED_WORDS_MAX} words`,
  notFound: 'Watched word not found',
  added: 'Watched word added',
  removed: 'Watched word removed',
  /** The reason of the report the system opens for a flagged text. */
  flagReason: (phrase: string) => `Watched word “${phrase}” (flagged automatically)`,
} as const;

/** A report the system opened (no reporter, a flagReason): the queue says who reported it. */
export const isWatchedWordReport = (r: { reporter: unknown; reason: string }) => r.reporter === null && /^Watched word “.*” \(flagged automatically\)$/s.test(r.reason);

// ——— The review queue ———

export const HELD_KINDS = ['post', 'comment'] as const;
export type HeldKind = (typeof HELD_KINDS)[number];
export const HELD_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type HeldStatus = (typeof HELD_STATUSES)[number];
/** Why an item was held. */
export const HELD_REASONS = ['link', 'watched_word', 'all', 'repeated'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

export const HELD_REASON_LABEL: Record<HeldReason, string> = {
  link: 'New member, with a link',
  watched_word: 'Watched word',
  all: 'New member (every first post is checked)',
  repeated: 'New member, repeating text others sent today',
};

/** A new member's text they sent already today (server/trust/repeated-text.ts): refused, not queued again. */
export const REPEATED_OWN_MSG = "You've already sent that in the last day. Please write something new.";

/** Items per page of the queue. */
export const REVIEW_PAGE = 50;
/** The most of their own held items a member is shown (GET /api/forum/held). */
export const OWN_HELD_MAX = 50;
/** The admin setting: how many first items may be held, at most. */
export const REVIEW_FIRST_ITEMS_MAX = 20;
export const REJECT_REASON_MIN = 3;
export const REJECT_REASON_MAX = 500;

export const REVIEW_MSG = {
  notFound: 'Held item not found',
  decided: 'This item has already been decided',
  approved: 'Approved and published',
  rejected: 'Rejected',
  postGone: 'The post this comment was written on has been deleted',
  authorGone: 'The author’s account is no longer active',
  rejectReasonMin: `Please give the author a reason (at least ${REJECT_REASON_MIN} characters)`,
  rejectReasonMax: `Reason must be at most ${REJECT_REASON_MAX} characters`,
  statusInvalid: 'Status must be pending, approved or rejected',
  pageInvalid: 'Page must be a whole number',
  modeInvalid: 'Mode must be risky or all',
  firstItemsInvalid: `First items must be a whole number from 0 to ${REVIEW_FIRST_ITEMS_MAX}`,
  settingsSaved: 'Review settings saved',
} as const;

/** The author's notifications when a moderator decides (type 'review'). */
export const REVIEW_NOTICE = {
  approvedTitle: (kind: HeldKind) => (kind === 'post' ? 'Your post was approved' : 'Your comment was approved'),
  approvedMessage: (kind: HeldKind, postTitle: string) =>
    kind === 'post' ? `“${postTitle}” is now live.` : `Your comment on “${postTitle}” is now live.`,
  rejectedTitle: (kind: HeldKind) => (kind === 'post' ? 'Your post was not approved' : 'Your comment was not approved'),
  rejectedMessage: (kind: HeldKind, postTitle: string, reason: string) =>
    `${kind === 'post' ? `“${postTitle}”` : `Your comment on “${postTitle}”`} was not published. Reason: ${/[.!?]$/.test(reason) ? reason : `${reason}.`}`,
} as const;
