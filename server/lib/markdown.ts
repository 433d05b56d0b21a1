import { Marked, type Token, type Tokens } from 'marked';
import type SanitizeHtml from 'sanitize-html';
import type { TPhoto } from '../../common/contracts/uploads.ts';
import { UPLOAD_FILE_PATTERN, UPLOAD_ID_PATTERN } from '../../common/rules/uploads.ts';
import { MENTION_PATTERN } from '../../common/rules/mentions.ts';
import { lazyRequire } from './lazy-require.ts';

// Markdown is rendered once, on write, and the HTML is stored beside the source (DESIGN.md).
// Two layers: marked never passes raw HTML through (it is shown as text), and the result goes through
// a strict sanitize-html allowlist anyway, so a parser quirk alone cannot open a hole.

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const marked = new Marked({
  gfm: true,
  // Forum posts are typed like messages: a single newline is a line break, as on Discourse.
  breaks: true,
  renderer: {
    // Raw HTML in the source is shown literally, never interpreted.
    html({ text, block }: Tokens.HTML | Tokens.Tag) {
      return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
    },
    // A link to anything but http(s)/mailto becomes its plain text; `false` keeps marked's own rendering.
    link({ href, tokens }: Tokens.Link) {
      return isSafeHref(href) ? false : this.parser.parseInline(tokens);
    },
    // Only a photo of this site's uploads is an <img> (renderMarkdown attached it to the token); any
    // other image is a link to it, never loaded by the page, so no one can plant a tracking pixel.
    image(token: Tokens.Image) {
      const alt = token.tokens ? this.parser.parseInline(token.tokens, this.parser.textRenderer) : token.text;
      const photo = (token as PhotoImage).photo;
      if (photo) {
        return (
          `<img src="${escapeHtml(photo.src)}" srcset="${escapeHtml(photo.srcset)}" sizes="${PHOTO_SIZES}" ` +
          `width="${photo.width}" height="${photo.height}" alt="${escapeHtml(alt.trim() || PHOTO_ALT)}" loading="lazy" decoding="async">`
        );
      }
      const label = escapeHtml(alt.trim() || token.href);
      return isSafeHref(token.href) ? `<a href="${escapeHtml(new URL(token.href.trim()).href)}">${label}</a>` : label;
    },
    // GFM task lists would render <input>; a plain box character reads the same.
    checkbox: ({ checked }: Tokens.Checkbox): string => (checked ? '☑ ' : '☐ '),
  },
  // Issue 18: an @mention of a member (linkMentions made the token) is a link to their profile.
  extensions: [{ name: 'mention', renderer: (token) => mentionHtml((token as MentionToken).username) }],
});

/** An image token of one of this site's uploads, with the photo it shows (renderMarkdown sets it). */
type PhotoImage = Tokens.Image & { photo?: TPhoto };

/** A post's column is at most 768 px wide; on a phone the photo spans the screen. */
const PHOTO_SIZES = '(max-width: 768px) 100vw, 768px';
/** An <img> always has alt text: a screen reader says "Photo" when the author gave none. */
const PHOTO_ALT = 'Photo';

const LINK_REL = 'nofollow ugc noopener';
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Only absolute http(s) and mailto links survive; relative and protocol-relative ones are dropped too. */
function isSafeHref(href: string | undefined): boolean {
  if (!href) return false;
  try {
    // The URL parser strips tabs/newlines and lower-cases the scheme, as browsers do ("jav\tascript:").
    return SAFE_SCHEMES.has(new URL(href.trim()).protocol);
  } catch {
    return false;
  }
}

// Loaded at the first write, not at start-up: with its parser and postcss, ~15 MB resident that reads
// never use (lib/lazy-require.ts).
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

const sanitizeOptions = (): SanitizeHtml.IOptions => ({
  allowedTags: [
    'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a',
    'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    img: ['src', 'srcset', 'sizes', 'width', 'height', 'alt', 'loading', 'decoding'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
  allowProtocolRelative: false,
  // The one class: a member mention (mentionHtml), styled by the client.
  allowedClasses: { a: ['mention'] },
  allowedStyles: {},
  allowVulnerableTags: false,
  // Unknown tags are dropped but their text kept; script/style/etc. lose their content too (nonTextTags).
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page title is the h1 and sections use h2, so headings inside a post start at h3.
    h1: 'h3',
    h2: 'h3',
    // A mention is a link within the site: it opens in place and keeps no rel; every other link is external.
    a: (tagName, attribs): SanitizeHtml.Tag =>
      attribs.class === 'mention' && MENTION_HREF.test(attribs.href ?? '')
        ? { tagName, attribs: { href: attribs.href!, class: 'mention' } }
        : { tagName, attribs: { ...withoutClass(attribs), rel: LINK_REL, target: '_blank' } },
  },
});
let SANITIZE: SanitizeHtml.IOptions | undefined;

const withoutClass = ({ class: _class, ...rest }: Record<string, string>): Record<string, string> => rest;

/** A mention link as mentionHtml writes it: the only relative href that survives. */
const isMention = (attribs: Record<string, string>) => attribs.class === 'mention' && MENTION_HREF.test(attribs.href ?? '');

/** Every URL a photo's <img> may load: its src and each srcset candidate. */
function photoUrls(photos: ReadonlyMap<string, TPhoto> | undefined): Set<string> {
  const urls = new Set<string>();
  for (const p of photos?.values() ?? []) {
    urls.add(p.src);
    for (const url of srcsetUrls(p.srcset)) urls.add(url);
  }
  return urls;
}

const srcsetUrls = (srcset: string) => srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!);

/**
 * The allowlist pass on its own (exported so tests can aim raw HTML at it, as if marked had let it
 * through). Second line of defence behind the renderers: an <a> whose href did not survive goes, text
 * and all, and so does an <img> that loads anything but the URLs of this call's `photos`.
 */
export function sanitizeRenderedHtml(html: string, photos?: ReadonlyMap<string, TPhoto>): string {
  const lib = sanitizeHtml();
  const allowed = photoUrls(photos);
  const loadsOnlyPhotos = (attribs: Record<string, string>) =>
    allowed.has(attribs.src ?? '') && (attribs.srcset === undefined || srcsetUrls(attribs.srcset).every((url) => allowed.has(url)));
  return lib(html, {
    ...(SANITIZE ??= sanitizeOptions()),
    exclusiveFilter: (frame) =>
      (frame.tag === 'a' && !isSafeHref(frame.attribs.href) && !isMention(frame.attribs)) || (frame.tag === 'img' && !loadsOnlyPhotos(frame.attribs)),
  }).trim();
}

/**
 * Markdown (GFM) → sanitised HTML safe to inject into a page. `photos`: the uploads this text may show
 * (the uploads service's photos(uploadIdsIn(src)): existing, not removed); an image of one of them is
 * an <img> of our stored files, whatever origin its URL was written with. Every other image is a link.
 */
export function renderMarkdown(src: string, photos?: ReadonlyMap<string, TPhoto>, mentions?: MentionedMembers): string {
  const tokens = marked.lexer(src);
  if (mentions?.size) linkMentions(tokens, mentions);
  if (photos?.size) {
    marked.walkTokens(tokens, (t) => {
      const id = t.type === 'image' ? uploadIdOf((t as Tokens.Image).href) : undefined;
      if (id !== undefined) (t as PhotoImage).photo = photos.get(id);
    });
  }
  return sanitizeRenderedHtml(marked.parser(tokens), photos);
}

// ---- @mentions (issue 18) ----
// `@name` of an existing member is stored as <a href="/profile/Name" class="mention">@Name</a>: their
// own spelling, whatever case it was typed in. Resolved at write (renderContent looks the names up),
// like photos, so reads stay a plain column. Never inside code, nor inside a link (a link in a link).

/** Lower-cased username → the member's own spelling: the members `src` may link (mentionNamesIn). */
export type MentionedMembers = ReadonlyMap<string, string>;
type MentionToken = { type: 'mention'; raw: string; username: string };

/** A username as the profile route and the sanitiser's mention rule accept it. */
const MENTION_HREF = /^\/profile\/[A-Za-z0-9_]{3,30}$/;

// Usernames are letters, digits and underscores; escaped anyway, and the allowlist keeps only this shape.
const mentionHtml = (username: string) => `<a href="/profile/${escapeHtml(username)}" class="mention">@${escapeHtml(username)}</a>`;

/** Calls `visit` with every inline text token outside code and links, with the array that holds it. */
function eachLinkableText(tokens: Token[], visit: (list: Token[], i: number) => void) {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type === 'link' || t.type === 'codespan' || t.type === 'code' || t.type === 'html') continue;
    if (t.type === 'list') for (const item of (t as Tokens.List).items) eachLinkableText(item.tokens, visit);
    else if (t.type === 'table') for (const cell of [...(t as Tokens.Table).header, ...(t as Tokens.Table).rows.flat()]) eachLinkableText(cell.tokens, visit);
    else if ('tokens' in t && t.tokens?.length) eachLinkableText(t.tokens, visit);
    else if (t.type === 'text') visit(tokens, i);
  }
}

/** The distinct usernames (lower-cased) `src` mentions where a link may go, for the lookup. */
export function mentionNamesIn(src: string): string[] {
  const names = new Set<string>();
  eachLinkableText(marked.lexer(src), (list, i) => {
    for (const m of (list[i] as Tokens.Text).text.matchAll(MENTION_PATTERN)) names.add(m[1]!.toLowerCase());
  });
  return [...names];
}

/** Splits each text token around the mentions of known members into text and mention tokens. */
function linkMentions(tokens: Token[], members: MentionedMembers) {
  eachLinkableText(tokens, (list, i) => {
    const text = (list[i] as Tokens.Text).text;
    const parts: Token[] = [];
    let at = 0;
    for (const m of text.matchAll(MENTION_PATTERN)) {
      const username = members.get(m[1]!.toLowerCase());
      if (!username) continue;
      if (m.index > at) parts.push({ type: 'text', raw: text.slice(at, m.index), text: text.slice(at, m.index), escaped: false } as Tokens.Text);
      parts.push({ type: 'mention', raw: m[0], username } as MentionToken as unknown as Token);
      at = m.index + m[0].length;
    }
    if (parts.length === 0) return;
    if (at < text.length) parts.push({ type: 'text', raw: text.slice(at), text: text.slice(at), escaped: false } as Tokens.Text);
    list.splice(i, 1, ...parts);
  });
}

const UPLOAD_PATH = /^\/uploads\/([^/]+)\/([^/]+)$/;

/**
 * The upload an image URL shows: a path `/uploads/<id>/<file>` of one of its stored files, relative or
 * under any http(s) origin (ours, or the bucket's S3_PUBLIC_URL; the <img> loads our own URLs anyway).
 */
function uploadIdOf(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), 'http://relative.invalid');
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const [, id, file] = UPLOAD_PATH.exec(url.pathname) ?? [];
  return id && UPLOAD_ID_PATTERN.test(id) && UPLOAD_FILE_PATTERN.test(file!) ? id : undefined;
}

/** The distinct uploads that markdown images in `src` show (images in code are text, not images). */
export function uploadIdsIn(src: string): string[] {
  const ids = new Set<string>();
  marked.walkTokens(marked.lexer(src), (t) => {
    const id = t.type === 'image' ? uploadIdOf((t as Tokens.Image).href) : undefined;
    if (id !== undefined) ids.add(id);
  });
  return [...ids];
}

const BLOCK_TYPES = new Set(['paragraph', 'heading', 'code', 'blockquote', 'list', 'list_item', 'table', 'hr', 'space']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', pound: '£', euro: '€', copy: '©' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function plainText(tokens: Token[], out: string[]) {
  for (const t of tokens) {
    switch (t.type) {
      case 'html':
      case 'def':
      case 'checkbox':
      case 'hr':
      case 'space':
        break; // markup only, or raw HTML: nothing a reader would call text
      case 'br':
        out.push(' ');
        break;
      case 'list':
        for (const item of (t as Tokens.List).items) {
          plainText(item.tokens, out);
          out.push(' ');
        }
        break;
      case 'table': {
        const table = t as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) {
          plainText(cell.tokens, out);
          out.push(' ');
        }
        break;
      }
      default: {
        const withChildren = t as Token & { tokens?: Token[]; text?: string };
        if (withChildren.tokens?.length) plainText(withChildren.tokens, out);
        else if (typeof withChildren.text === 'string') out.push(decodeEntities(withChildren.text));
      }
    }
    if (BLOCK_TYPES.has(t.type)) out.push(' ');
  }
}

/** Markdown → plain text, whitespace collapsed. */
export function markdownToText(markdown: string): string {
  const out: string[] = [];
  plainText(marked.lexer(markdown), out);
  return out.join('').replace(/\s+/g, ' ').trim();
}

/**
 * A plain-text preview of at most `max` characters (the '…' included), cut at a word boundary.
 * A single word longer than half the budget is cut mid-word rather than leaving a stub.
 */
export function makeExcerpt(markdown: string, max = 200): string {
  const text = markdownToText(markdown);
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= max / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

export const SLUG_MAX = 80;

/**
 * Title → URL slug: lower-case ASCII letters and digits joined by single hyphens, at most 80 characters,
 * cut at a hyphen where possible. Accents are folded ('café' → 'cafe'), '&' reads 'and'.
 * Returns '' when nothing usable is left; callers add their own fallback and uniqueness suffix.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen >= SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : slug.slice(0, SLUG_MAX)).replace(/-+$/, '');
}
