// @mentions on the client (issue 18): finding the name being typed at the caret (the composers'
// autocomplete), inserting the picked one, and splitting plain text into text and mentions (the live
// preview and chat messages), with the server's MENTION_PATTERN (common/rules/mentions.ts).

import { MENTION_PATTERN } from '@common/rules/mentions';

/** The profile page of a member (common/routes.ts '/profile/:username'). */
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

export type MentionPart = { t: 'text'; v: string } | { t: 'mention'; username: string };

/** Plain text split into text and @mentions, in order (nothing dropped: joined back it is the text). */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION_PATTERN)) {
    if (m.index > at) parts.push({ t: 'text', v: text.slice(at, m.index) });
    parts.push({ t: 'mention', username: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ t: 'text', v: text.slice(at) });
  return parts;
}

/** The name being typed at the caret: '@' and 1–30 word characters right before it, none right after. */
export type MentionQuery = { start: number; end: number; query: string };

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const m = /(?:^|[^A-Za-z0-9_@.])@([A-Za-z0-9_]{1,30})$/.exec(text.slice(0, caret));
  if (!m || /[A-Za-z0-9_]/.test(text[caret] ?? '')) return null;
  return { start: caret - m[1]!.length - 1, end: caret, query: m[1]! };
}

/** `text` with the typed name replaced by `@username ` (one space after it, not two); the caret after it. */
export function insertMention(text: string, at: MentionQuery, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(at.end).replace(/^ /, '');
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
