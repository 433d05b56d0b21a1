// Content pages (guide, legal) as plain data: the React pages render it, and the server can render
// the same data as no-JavaScript HTML for crawlers, so the words exist in one place only.
//
// Inline text is plain text with one piece of markup: links written `[label](href)`. Everything
// else is structure (blocks), never HTML, so either renderer escapes text as it likes.

export type ContentTable = {
  type: 'table';
  caption: string;
  /** Column headings (rendered as <th scope="col">). */
  head: string[];
  /** Rows; the first cell of each row is its heading (rendered as <th scope="row">). */
  rows: string[][];
};

export type ContentBlock =
  | { type: 'p'; text: string }
  | { type: 'list'; items: string[]; ordered?: boolean }
  | ContentTable
  /** A highlighted aside: a warning or a "check the current figure" note. */
  | { type: 'note'; text: string };

export type ContentSubsection = { id: string; heading: string; blocks: ContentBlock[] };

export type ContentSection = {
  /** The anchor (#id) of the section; unique within the page. */
  id: string;
  heading: string;
  blocks: ContentBlock[];
  subsections?: ContentSubsection[];
};

export type ContentPage = {
  path: string;
  /** The <title> (the product name is appended by the renderer) and the <h1>. */
  title: string;
  heading?: string;
  /** Meta description: at most 160 characters. */
  description: string;
  /** ISO date (YYYY-MM-DD) the text was last reviewed or updated. */
  lastReviewed: string;
  /** What the date is called on the page: 'Last reviewed' (guide) or 'Last updated' (legal). */
  lastReviewedLabel: 'Last reviewed' | 'Last updated';
  /** Paragraphs before the first section (no heading). */
  intro: string[];
  /** Whether the page shows a table of contents linking to each section. */
  toc: boolean;
  sections: ContentSection[];
};

export type InlinePart = { text: string; href?: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits inline text into plain runs and links. */
export function parseInline(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: m[1], href: m[2] });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text without link markup (for word counts, excerpts and search snippets). */
export function plainText(text: string): string {
  return parseInline(text)
    .map((p) => p.text)
    .join('');
}

/** '22 November 2026' from '2026-11-22' (en-GB, no time zone drift). */
export function formatContentDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${d} ${months[m - 1]} ${y}`;
}

/** Every block of a page, in reading order (for tests and plain-text renderers). */
export function allBlocks(page: ContentPage): ContentBlock[] {
  return page.sections.flatMap((s) => [...s.blocks, ...(s.subsections ?? []).flatMap((sub) => sub.blocks)]);
}

/** The number of words a reader sees (intro, headings and blocks). */
export function wordCount(page: ContentPage): number {
  const texts: string[] = [page.title, ...page.intro];
  for (const s of page.sections) {
    texts.push(s.heading);
    for (const sub of s.subsections ?? []) texts.push(sub.heading);
  }
  for (const b of allBlocks(page)) {
    if (b.type === 'p' || b.type === 'note') texts.push(b.text);
    else if (b.type === 'list') texts.push(...b.items);
    else texts.push(b.caption, ...b.head, ...b.rows.flat());
  }
  return texts
    .map(plainText)
    .join(' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length;
}
