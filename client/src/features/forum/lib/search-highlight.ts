// Which words of a post's title or excerpt a search matched, to mark them in the results (issue 18).
// The server matches every word of the search as a prefix of a stemmed word (server/modules/search,
// "evr delivery" → `evr:* & delivery:*` in English): here a word is marked when it starts with a search
// word or with that word less a common English ending, which is close enough for a reader to see why a
// post came up, without the stemmer.

/** Runs of letters and digits, as the server splits a search into words. */
const WORD = /[\p{L}\p{N}]+/gu;
const ENDING = /(?:ies|es|s|ing|ed)$/u;

/** The prefixes a search's words match: 'Drivers parking' → ['driver', 'park']. */
export function matchPrefixes(q: string): string[] {
  const words = q.toLowerCase().match(WORD) ?? [];
  const prefixes = words.map((w) => {
    const root = w.replace(ENDING, '');
    return root.length >= 3 ? root : w;
  });
  return [...new Set(prefixes)];
}

export type TextPart = { text: string; match: boolean };

/** `text` cut into parts, the words that start with one of `prefixes` marked. */
export function splitMatches(text: string, prefixes: string[]): TextPart[] {
  if (prefixes.length === 0 || !text) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (!prefixes.some((p) => word.startsWith(p))) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
