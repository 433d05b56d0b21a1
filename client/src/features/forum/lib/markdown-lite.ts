// The editor's preview: a small markdown subset parsed into a tree of plain data, which the preview
// component turns into React elements. Nothing here produces HTML strings, so the text a member types
// (<script>, onerror=…, javascript: links) can only ever become text nodes: React escapes them.
// The server renders the real thing (marked + sanitize-html) on save; this only has to look close.
//
// Supported: paragraphs (a single newline is a line break, as on the server), # headings (shown from
// h3 down, as the server does), - * + and 1. lists, > quotes, ``` code blocks, --- rules, **bold**,
// *italic* / _italic_, ~~struck~~, `code`, [links](url), which are shown as text, never followed, and
// ![images](url), shown as the photo only for this site's uploads (isSitePhoto), else as a link.

import { UPLOAD_FILE_PATTERN, UPLOAD_ID_PATTERN } from '@common/rules/uploads';

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'br' }
  | { t: 'code'; v: string }
  | { t: 'strong' | 'em' | 'del'; c: Inline[] }
  | { t: 'link'; c: Inline[]; href: string }
  | { t: 'image'; alt: string; href: string };

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: 3 | 4 | 5 | 6; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; start: number; items: Inline[][] }
  | { t: 'quote'; c: Block[] }
  | { t: 'pre'; v: string }
  | { t: 'hr' };

const MAX_NESTING = 8;

const FENCE = /^ {0,3}(```|~~~)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const BLANK = /^[ \t]*$/;

/** Markdown source → blocks. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const startsBlock = (line: string) =>
    FENCE.test(line) || HEADING.test(line) || RULE.test(line) || BULLET.test(line) || ORDERED.test(line) || QUOTE.test(line);

  while (i < lines.length) {
    const line = lines[i];
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(fence[1])) body.push(lines[i++]);
      i++; // the closing fence (or the end)
      blocks.push({ t: 'pre', v: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.max(3, heading[1].length) as 3 | 4 | 5 | 6;
      blocks.push({ t: 'h', level, c: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(QUOTE.exec(lines[i++])![1]);
      const inner = depth < MAX_NESTING ? parseMarkdown(body.join('\n'), depth + 1) : [{ t: 'p' as const, c: textLines(body) }];
      blocks.push({ t: 'quote', c: inner });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const kind = bullet ? BULLET : ORDERED;
      const items: string[][] = [];
      while (i < lines.length) {
        const m = kind.exec(lines[i]);
        if (m) {
          items.push([bullet ? m[1] : m[2]]);
          i++;
        } else if (!BLANK.test(lines[i]) && !startsBlock(lines[i]) && /^[ \t]+/.test(lines[i])) {
          items[items.length - 1].push(lines[i++].trim()); // an indented continuation line
        } else break;
      }
      const parsed = items.map((item) => joinLines(item));
      blocks.push(bullet ? { t: 'ul', items: parsed } : { t: 'ol', start: Number(ordered![1]), items: parsed });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && !BLANK.test(lines[i]) && (para.length === 0 || !startsBlock(lines[i]))) para.push(lines[i++]);
    blocks.push({ t: 'p', c: joinLines(para) });
  }
  return blocks;
}

/** Lines of one paragraph or list item: inline markup per line, joined by line breaks. */
function joinLines(lines: string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((l, n) => {
    if (n > 0) out.push({ t: 'br' });
    out.push(...parseInline(l.trim()));
  });
  return out;
}

function textLines(lines: string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((l, n) => {
    if (n > 0) out.push({ t: 'br' });
    out.push({ t: 'text', v: l });
  });
  return out;
}

const ESCAPABLE = new Set('\\`*_{}[]()#+-.!~>|'.split(''));
const PAIRS: { open: string; t: 'strong' | 'em' | 'del' }[] = [
  { open: '**', t: 'strong' },
  { open: '__', t: 'strong' },
  { open: '~~', t: 'del' },
  { open: '*', t: 'em' },
  { open: '_', t: 'em' },
];
const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch);

/** One line of text → inline nodes. Unmatched markers stay as the characters typed. */
export function parseInline(src: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  const findCloser = closerFinder(src);
  let i = 0;
  outer: while (i < src.length) {
    const ch = src[i];
    if (ch === '\\' && ESCAPABLE.has(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      let run = 1;
      while (src[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      const end = src.indexOf(fence, i + run);
      if (end > i + run - 1) {
        flush();
        out.push({ t: 'code', v: src.slice(i + run, end).trim() || src.slice(i + run, end) });
        i = end + run;
        continue;
      }
      text += fence;
      i += run;
      continue;
    }
    if (ch === '!' && src[i + 1] === '[') {
      const close = findLinkEnd(src, i + 1);
      if (close) {
        flush();
        out.push({ t: 'image', alt: src.slice(i + 2, close.labelEnd), href: close.href });
        i = close.end;
        continue;
      }
    }
    if (ch === '[' && depth < MAX_NESTING) {
      const close = findLinkEnd(src, i);
      if (close) {
        flush();
        out.push({ t: 'link', c: parseInline(src.slice(i + 1, close.labelEnd), depth + 1), href: close.href });
        i = close.end;
        continue;
      }
    }
    if (depth < MAX_NESTING) {
      for (const { open, t } of PAIRS) {
        if (!src.startsWith(open, i)) continue;
        const after = src[i + open.length];
        // An opener must touch text ('* a' is not emphasis); '_' inside a word (snake_case) is not either.
        if (!after || /\s/.test(after)) continue;
        if (open[0] === '_' && isWordChar(src[i - 1])) continue;
        const end = findCloser(open, i + open.length);
        if (end < 0) continue;
        flush();
        out.push({ t, c: parseInline(src.slice(i + open.length, end), depth + 1) });
        i = end + open.length;
        continue outer;
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}

/** Whether a marker at `at` may close a span: not after whitespace, and for '_' not before a word character. */
function canClose(src: string, marker: string, at: number): boolean {
  const before = src[at - 1];
  const next = src[at + marker.length];
  const okBefore = !!before && !/\s/.test(before) && before !== '\\';
  // '**' must not be read as the end of a single '*' (and the like).
  const okAfter = next !== marker[0] && !(marker[0] === '_' && isWordChar(next));
  return okBefore && okAfter;
}

/**
 * Finds closing markers. Where a marker may close does not depend on where its span opened, so the
 * positions are found once per line and looked up by binary search: a line full of unmatched markers
 * stays linear instead of quadratic.
 */
function closerFinder(src: string) {
  const cache = new Map<string, number[]>();
  return (marker: string, from: number): number => {
    let list = cache.get(marker);
    if (!list) {
      list = [];
      for (let at = src.indexOf(marker, 1); at >= 0; at = src.indexOf(marker, at + 1)) if (canClose(src, marker, at)) list.push(at);
      cache.set(marker, list);
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] <= from) lo = mid + 1;
      else hi = mid;
    }
    return lo < list.length ? list[lo] : -1;
  };
}

/** `[label](href)` starting at `start`: the label's end, the href and the index after ')'. */
function findLinkEnd(src: string, start: number): { labelEnd: number; href: string; end: number } | null {
  let level = 0;
  // A label longer than this is not a link: keeps a line of a thousand '[' from taking quadratic time.
  const limit = Math.min(src.length, start + 500);
  for (let j = start; j < limit; j++) {
    const ch = src[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '[') level++;
    else if (ch === ']' && --level === 0) {
      if (src[j + 1] !== '(') return null;
      const close = src.indexOf(')', j + 2);
      if (close < 0) return null;
      const href = src.slice(j + 2, close).trim().split(/\s+/)[0] ?? '';
      return { labelEnd: j, href, end: close + 1 };
    }
  }
  return null;
}

const UPLOAD_PATH = /^\/uploads\/([^/]+)\/([^/]+)$/;

/**
 * Whether the preview may load this image: one of `known` (the photos uploaded in this editor, whose
 * URL may be the bucket's own address), or a file of this site's uploads (`/uploads/<id>/<file>`,
 * relative or on this origin). Anything else could be a tracking pixel: it stays a link.
 */
export function isSitePhoto(href: string, known?: ReadonlySet<string>): boolean {
  if (known?.has(href)) return true;
  const origin = typeof window === 'undefined' ? 'http://relative.invalid' : window.location.origin;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  const [, id, file] = UPLOAD_PATH.exec(url.pathname) ?? [];
  return url.origin === origin && !url.search && !url.hash && !!id && UPLOAD_ID_PATTERN.test(id) && UPLOAD_FILE_PATTERN.test(file!);
}
