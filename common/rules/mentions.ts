// @mentions (issue 18): the composers' autocomplete and its suggestions call (docs/API.md "Mention
// suggestions"). zod-free so the client imports them without the schemas (common/contracts/mentions.ts).

/**
 * An @mention: '@' then 3–30 letters, digits or underscores, not after a word character, '@' or '.'
 * (not the middle of an e-mail address or a word). Global: use it with matchAll, which copies it.
 * The notifications (who is mentioned), the stored HTML (links) and the client (preview, chat) all
 * read names with it.
 */
export const MENTION_PATTERN = /(?<![A-Za-z0-9_@.])@([A-Za-z0-9_]{3,30})(?![A-Za-z0-9_])/g;

/** Members one suggestions answer lists: a small listbox under the caret. */
export const MENTION_SUGGESTIONS_MAX = 6;
/** The typed part of a name after '@': a username is at most 30 characters. */
export const MENTION_QUERY_MAX = 30;
/** What a username is made of (common/rules/auth.ts): the autocomplete only asks about these. */
export const MENTION_QUERY_PATTERN = /^[A-Za-z0-9_]+$/;
/** Calls per address per minute: a debounced composer sends a few per name typed. */
export const MENTION_SUGGESTIONS_PER_MINUTE = 60;

export const MENTION_MSG = {
  queryRequired: 'Type at least one character after @',
  queryTooLong: `A username is at most ${MENTION_QUERY_MAX} characters`,
  queryInvalid: 'A username has only letters, digits and underscores',
  verificationRequired: 'Email verification required to mention members',
  tooFast: 'Too many lookups. Please wait a moment and try again.',
} as const;
