import { MENTION_PATTERN } from '../../common/rules/mentions.ts';

// What a post, comment or message carries that the trust limits and the review queue count (issue 28).
// Read from the markdown source, as a reader would see it: a web address is a link whether it is
// written bare, as <…> or as [text](…); photos are this site's /uploads/ images, which are no link.

const WEB_ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>()[\]]+/gi;
const PHOTO = /!\[[^\]]*\]\(\s*<?(?:https?:\/\/[^/\s]+)?\/uploads\/[^)\s>]+>?[^)]*\)/gi;

/** Web addresses in the text (each time it appears), this site's photos left out. */
export function countLinks(markdown: string): number {
  return (markdown.replace(PHOTO, ' ').match(WEB_ADDRESS) ?? []).length;
}

/** This site's photos the text shows (one photo shown twice is one photo). */
export function countPhotos(markdown: string): number {
  return new Set((markdown.match(PHOTO) ?? []).map((m) => /\/uploads\/([^/)\s>]+)/.exec(m)?.[1] ?? m)).size;
}

/** Distinct members mentioned. */
export function countMentions(markdown: string): number {
  return new Set([...markdown.matchAll(MENTION_PATTERN)].map((m) => m[1].toLowerCase())).size;
}
