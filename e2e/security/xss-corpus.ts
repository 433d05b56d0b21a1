// The XSS corpus of issue 12: several hundred script-injection vectors, generated deterministically
// from families of templates (contexts × encodings × tricks) rather than kept as one long hand list, so
// a new trick is one line and multiplies across its family. Every vector's payload calls a trap with the
// vector's own id (`__xss(17)`, `alert(17)`, `confirm(17)`, `prompt(17)`), so a vector that runs names
// itself. e2e/security/xss.spec.ts renders them through every screen that shows member-provided text.
//
// Templates use placeholders, filled per vector:
//   {JS}   the trap call, e.g. alert(17)
//   {ID}   the bare id (for payloads that cannot carry a call, e.g. vbscript:msgbox(17))
//   {B64}  base64 of <script>{JS}</script> (for data:…;base64 URLs)
//   {B64JS} base64 of {JS} (for eval(atob(…)))
//   {ENT}  {JS} with every character as a hex character reference (&#x61;…)
// Stored text cannot hold U+0000 (PostgreSQL text refuses it), so NUL tricks use its encoded forms.

export const FAMILIES = ['markdown', 'html', 'attribute', 'url', 'svg', 'unicode', 'dollar', 'jsonld'] as const;
export type Family = (typeof FAMILIES)[number];
export type Vector = { id: number; family: Family; template: string; payload: string };

const TRAPS = [(id: number) => `__xss(${id})`, (id: number) => `alert(${id})`, (id: number) => `confirm(${id})`, (id: number) => `prompt(${id})`];
export const trapCall = (id: number) => TRAPS[id % TRAPS.length](id);

// ---------------------------------------------------------------------------------------------------
// markdown: links and images with hostile destinations, reference links, autolinks, raw HTML in every
// markdown block, and breakouts from link titles and destinations.

const MD_URLS = [
  'javascript:{JS}',
  'JaVaScRiPt:{JS}',
  'java&#x09;script:{JS}',
  '&#106;avascript:{JS}',
  'javascript&colon;{JS}',
  'vbscript:msgbox({ID})',
  'data:text/html;base64,{B64}',
  'javascript://%0a{JS}',
];
const MD_LINK_FORMS = [
  (u: string) => `[click me](${u})`,
  (u: string) => `[click me](<${u}>)`,
  (u: string) => `[click me](${u} "title")`,
  (u: string) => `[click me][r{ID}]\n\n[r{ID}]: ${u}`,
  (u: string) => `[r{ID}]\n\n[r{ID}]: ${u}`,
  (u: string) => `<${u}>`,
  (u: string) => `![alt](${u})`,
  (u: string) => `[![alt](${u})](${u})`,
  (u: string) => `[click me](  ${u}  )`,
  (u: string) => `[click me](${u}\n)`,
];
const MD_IMAGE_TRICKS = [
  '![x](x" onerror="{JS})',
  '![x" onerror="{JS}](https://a.test/x.png)',
  `![x](https://a.test/x.png 'x" onerror="{JS}')`,
  '![<img src=x onerror={JS}>](https://a.test/x.png)',
  '![x](https://a.test/x.png"onerror="{JS})',
  '![x](x onerror={JS})',
  '!<img src=x onerror={JS}>',
  '![x][i{ID}]\n\n[i{ID}]: x "onerror={JS}"',
];
const MD_BREAKOUTS = [
  '[x](https://a.test/"onmouseover="{JS}")',
  '[x](https://a.test "x\\" onmouseover=\\"{JS}")',
  '[x](https://a.test/?q=<script>{JS}</script>)',
  '[<img src=x onerror={JS}>](https://a.test)',
  "[x](https://a.test/'onmouseover='{JS}')",
  '<https://a.test/"onmouseover="{JS}">',
  'https://a.test/<img/src=x/onerror={JS}>',
  'www.a.test/"><img src=x onerror={JS}>',
  'a@b.test"><svg onload={JS}>',
  '[x](mailto:a@b.test?subject="><svg/onload={JS}>)',
  '[x](https://a.test)<img src=x onerror={JS}>',
  '[x](#"onfocus="{JS}"autofocus)',
];
const MD_HTML_CORE = ['<img src=x onerror={JS}>', '<svg onload={JS}>', '<script>{JS}</script>', '<a href="javascript:{JS}">x</a>', '<details open ontoggle={JS}>'];
const MD_BLOCKS = [
  (h: string) => `<div>\n${h}\n</div>`,
  (h: string) => `> ${h}`,
  (h: string) => `- ${h}`,
  (h: string) => `1. ${h}`,
  (h: string) => `# ${h}`,
  (h: string) => `| a |\n|---|\n| ${h} |`,
  (h: string) => `*${h}*`,
  (h: string) => `**${h}**`,
  (h: string) => `\`${h}\``,
  (h: string) => '```\n' + h + '\n```',
  (h: string) => `<details>\n\n${h}\n\n</details>`,
  (h: string) => `text ${h} text`,
  (h: string) => `~~${h}~~`,
  (h: string) => `- [ ] ${h}`,
];

function markdown(): string[] {
  return [
    ...MD_LINK_FORMS.flatMap((form) => MD_URLS.map(form)),
    ...MD_IMAGE_TRICKS,
    ...MD_BREAKOUTS,
    ...MD_BLOCKS.flatMap((block) => MD_HTML_CORE.map(block)),
  ];
}

// ---------------------------------------------------------------------------------------------------
// html: tags whose handlers fire without a click, with every attribute separator and quoting; then
// tags that run script by themselves, and mutation-XSS shapes (markup that parses differently once
// re-serialised: math/svg/style/template/noscript/comment tricks).

const AUTO_FIRING: Array<[string, string]> = [
  ['img src=x', 'onerror'],
  ['svg', 'onload'],
  ['details open', 'ontoggle'],
  ['input autofocus', 'onfocus'],
  ['body', 'onload'],
  ['video src=x', 'onerror'],
  ['audio src=x', 'onerror'],
  ['iframe', 'onload'],
  ['marquee', 'onstart'],
  ['object data=x', 'onerror'],
  ['style', 'onload'],
  ['input type=image src=x', 'onerror'],
];
const SEPARATORS = [' ', '/', '\n', '\t'];
const QUOTINGS = ['{JS}', '"{JS}"', "'{JS}'"];

const HTML_TAGS = [
  '<script>{JS}</script>',
  '<ScRiPt>{JS}</sCrIpT>',
  '<script>{JS}//',
  '<script src="data:,{JS}"></script>',
  '<script src=data:text/javascript,{JS}></script>',
  '<script>/*</script><script>*/{JS}</script>',
  '<iframe srcdoc="<script>{JS}</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror={JS}&gt;"></iframe>',
  '<iframe src="javascript:{JS}"></iframe>',
  '<iframe src="data:text/html,<script>{JS}</script>"></iframe>',
  '<object data="javascript:{JS}"></object>',
  '<embed src="javascript:{JS}">',
  '<embed src="data:text/html;base64,{B64}">',
  '<a href="javascript:{JS}">x</a>',
  '<a href=javascript:{JS}>x</a>',
  '<form action="javascript:{JS}"><input type=submit></form>',
  '<form><button formaction="javascript:{JS}">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:{JS}">',
  '<base href="javascript:{JS}//">',
  '<div onmouseover="{JS}">hover</div>',
  '<div style="position:fixed;inset:0" onmousemove={JS}>x</div>',
  '<img srcset=x onerror={JS}>',
  '<picture><source srcset=x><img onerror={JS}></picture>',
  '<x contenteditable autofocus onfocus={JS}>x</x>',
  '<div tabindex=1 autofocus onfocusin={JS}>x</div>',
  '<style>@keyframes x{}</style><div style="animation-name:x" onanimationstart={JS}></div>',
  '<video><source onerror={JS}></video>',
  '<audio><source src=x onerror={JS}></audio>',
  '<frameset onload={JS}>',
  '<table background="javascript:{JS}"></table>',
  '<link rel=stylesheet href=x onerror={JS}>',
  '<body onpageshow={JS}>',
  '<textarea autofocus onfocus={JS}></textarea>',
  '<select autofocus onfocus={JS}></select>',
  '<keygen autofocus onfocus={JS}>',
  '<math href="javascript:{JS}">x</math>',
  '<math><maction actiontype=statusline xlink:href="javascript:{JS}">x</maction></math>',
  '<isindex type=image src=x onerror={JS}>',
  '<img dynsrc="javascript:{JS}">',
  '<img src="x` `<script>{JS}</script>"` `>',
  '<img src=x onerror=&#x61;lert({ID})>',
  '<img src=x onerror="{ENT}">',
  '<img src=x onerror=eval(atob(`{B64JS}`))>',
];
const MUTATION = [
  '<math><mtext><table><mglyph><style><img src=x onerror={JS}>',
  '<noscript><p title="</noscript><img src=x onerror={JS}>">',
  '<template><img src=x onerror={JS}></template>',
  '<template><script>{JS}</script></template>',
  '<svg></p><style><a id="</style><img src=1 onerror={JS}>">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror={JS} src=1>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror={JS}>',
  '<xmp><img src=x onerror={JS}></xmp>',
  '<textarea></textarea><img src=x onerror={JS}>',
  '<title><img src=x onerror={JS}></title>',
  '<noembed><img src=x onerror={JS}></noembed>',
  '<noframes><img src=x onerror={JS}></noframes>',
  '<iframe><img src=x onerror={JS}></iframe>',
  '<!--><img src=x onerror={JS}>-->',
  '<!-- --!><img src=x onerror={JS}>-->',
  '<![CDATA[><img src=x onerror={JS}>]]>',
  '<style><img src=x onerror={JS}></style>',
  '<plaintext><img src=x onerror={JS}>',
  '<select><style></select><img src=x onerror={JS}></style>',
  '<svg><style><img src=x onerror={JS}></style></svg>',
  '<math><style><img src=x onerror={JS}></style></math>',
  '<noscript><style></noscript><img src=x onerror={JS}>',
  '<table><td><style></td><img src=x onerror={JS}>',
  '<svg><title><img src=x onerror={JS}></title></svg>',
  '<p><svg><style>*{}</style><img src=x onerror={JS}></svg></p>',
  '<a title="--><img src=x onerror={JS}>">x</a>',
  '<?xml version="1.0"?><img src=x onerror={JS}>',
  '<img src=x onerror={JS}<!--',
];

function html(): string[] {
  const auto = AUTO_FIRING.flatMap(([tag, event]) =>
    SEPARATORS.flatMap((sep) => QUOTINGS.map((q) => `<${tag}${sep}${event}=${q}>`)),
  );
  return [...auto, ...HTML_TAGS, ...MUTATION];
}

// ---------------------------------------------------------------------------------------------------
// attribute: text that would end the attribute (or element) it is written into, then adds a handler.

const QUOTE_BREAKS = ['"', "'", '`'];
const AFTER_QUOTE = [
  ' autofocus onfocus={JS} x=',
  ' onmouseover={JS} style=position:fixed;inset:0 x=',
  '><script>{JS}</script>',
  '><img src=x onerror={JS}>',
  '/><svg onload={JS}>',
  ' onerror={JS} src=x ',
];
const ELEMENT_CLOSERS = [
  '</textarea>', '</title>', '</style>', '</noscript>', '</script>', '</template>', '</xmp>', '</iframe>',
  '</noembed>', '</select>', '-->', ']]>', '</option>', '</a>', '</p>', '</div>', '</math>', '</svg>',
];
const AFTER_CLOSER = ['<img src=x onerror={JS}>', '<script>{JS}</script>'];

function attribute(): string[] {
  return [
    `' autofocus onfocus='{JS}`,
    `" autofocus onfocus="{JS}`,
    `"><script>{JS}</script>`,
    ...QUOTE_BREAKS.flatMap((q) => AFTER_QUOTE.map((rest) => `${q}${rest}`)),
    ...ELEMENT_CLOSERS.flatMap((c) => AFTER_CLOSER.map((rest) => `${c}${rest}`)),
  ];
}

// ---------------------------------------------------------------------------------------------------
// url: script-capable schemes, disguised, in every HTML place a URL goes.

const SCHEMES = [
  'javascript:{JS}',
  'JaVaScRiPt:{JS}',
  'JAVASCRIPT:{JS}',
  'java&#x09;script:{JS}',
  'java&#x0A;script:{JS}',
  'java&#x0D;script:{JS}',
  'java&#9;script:{JS}',
  'java\tscript:{JS}',
  'java\nscript:{JS}',
  ' javascript:{JS}',
  '\u0001javascript:{JS}',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;{JS}',
  '&#106;avascript&#58;{JS}',
  '&#0000106avascript:{JS}',
  'javascript&colon;{JS}',
  'jav&#97;script:{JS}',
  'javascript:%61lert({ID})',
  'javascript:{ENT}',
  'javascript://%0a{JS}',
  'javascript:/*--></title></style></textarea></script><svg/onload={JS}>*/',
  'data:text/html,<script>{JS}</script>',
  'data:text/html;base64,{B64}',
  'vbscript:msgbox({ID})',
];
const URL_CONTEXTS = [
  (u: string) => `<a href="${u}">x</a>`,
  (u: string) => `<a href='${u}'>x</a>`,
  (u: string) => `<a href=${u}>x</a>`,
  (u: string) => `<iframe src="${u}"></iframe>`,
  (u: string) => `<form action="${u}"><button>x</button></form>`,
];

function url(): string[] {
  return URL_CONTEXTS.flatMap((context) => SCHEMES.map(context));
}

// ---------------------------------------------------------------------------------------------------
// svg: script, links, animations that write href, foreign content, and SMIL events; each in a bare and
// a namespaced <svg>.

const SVG_INNER = [
  '<script>{JS}</script>',
  '<script href="data:,{JS}"></script>',
  '<script xlink:href="data:,{JS}"></script>',
  '<a xlink:href="javascript:{JS}"><text x=20 y=20>x</text></a>',
  '<a href="javascript:{JS}"><circle r=40></circle></a>',
  '<animate onbegin={JS} attributeName=x dur=1s></animate>',
  '<set onbegin={JS} attributeName=x to=1></set>',
  '<a><animate attributeName=href values=javascript:{JS}></animate><text x=20 y=20>x</text></a>',
  '<a><set attributeName=href to=javascript:{JS}></set><text x=20 y=20>x</text></a>',
  '<a><set attributeName=xlink:href to=javascript:{JS}></set><text x=20 y=20>x</text></a>',
  '<animate xlink:href=#x{ID} attributeName=href values="javascript:{JS}"></animate><a id=x{ID}><text x=20 y=20>x</text></a>',
  `<use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='{JS}'/></svg>#x"></use>`,
  '<image href=x onerror={JS}></image>',
  '<foreignObject><img src=x onerror={JS}></foreignObject>',
  '<foreignObject><body onload={JS}></body></foreignObject>',
  '<discard onbegin={JS}></discard>',
  '<animateTransform onbegin={JS} attributeName=transform type=rotate dur=1s></animateTransform>',
  '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">{JS}</handler>',
  '<desc><img src=x onerror={JS}></desc>',
  '<feImage href="javascript:{JS}"></feImage>',
  '<title><script>{JS}</script></title>',
  '<![CDATA[><img src=x onerror={JS}>]]>',
  '<a xlink:href="data:text/html,<script>{JS}</script>"><text x=20 y=20>x</text></a>',
  '<animate attributeName=onbegin values={JS} begin=0s dur=1s></animate>',
  '<style>@import "javascript:{JS}";</style>',
];
const SVG_OPENERS = ['<svg>', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'];

function svg(): string[] {
  return [...SVG_OPENERS.flatMap((open) => SVG_INNER.map((inner) => `${open}${inner}</svg>`)), '<svg onload={JS}//', '<svg xmlns="http://www.w3.org/2000/svg" onload="{JS}"/>'];
}

// ---------------------------------------------------------------------------------------------------
// unicode: look-alikes and invisible characters that a filter might normalise into markup, or that
// might hide markup from a filter: full-width brackets, zero-width characters, bidi overrides,
// homoglyphs, characters whose case mapping gives ASCII, NUL (encoded), lone surrogates inside tags.

const FULL_WIDTH: Record<string, string> = { '<': '\uFF1C', '>': '\uFF1E', '"': '\uFF02', "'": '\uFF07', '=': '\uFF1D', '/': '\uFF0F', ':': '\uFF1A' };
const UNICODE_TRICKS: Array<(s: string) => string> = [
  (s) => s.replace(/[<>]/g, (c) => FULL_WIDTH[c]),
  (s) => s.replace(/[<>"'=/:]/g, (c) => FULL_WIDTH[c]),
  (s) => s.replace('<', '<\u200D'),
  (s) => s.replace(/<([a-z])([a-z]+)/, '<$1\u200D$2'),
  (s) => s.replace(/<([a-z])([a-z]+)/, '<$1\u200B$2'),
  (s) => s.replace('<', '<\uFEFF'),
  (s) => s.replace('java', 'java\u200C'),
  (s) => `\u202E${s}`,
  (s) => s.replace(/<([a-z]+)/, '<$1\u202E'),
  (s) => `\u202E${s.split(/(\{[A-Z0-9]+\})/).reverse().map((part) => (/^\{[A-Z0-9]+\}$/.test(part) ? part : [...part].reverse().join(''))).join('')}`,
  (s) => s.replace('s', '\u0455'), // Cyrillic dze
  (s) => s.replace('i', '\u0456'), // Cyrillic i
  (s) => s.replace('a', '\u0430'), // Cyrillic a
  (s) => s.replace('s', '\u017F'), // long s: upper-cases to S
  (s) => s.replace('i', '\u0130'), // dotted capital I: lower-cases to i + combining dot
  (s) => s.replace('<', '<&#0;'),
  (s) => s.replace(/<([a-z])/, '<$1%00'),
  (s) => s.replace(/<([a-z])/, '<$1\\0'),
  (s) => s.replace(' ', ' \uD800 '), // lone high surrogate in the middle of a tag
  (s) => s.replace(/<([a-z])([a-z]+)/, '<$1\uDC00$2'), // lone low surrogate inside the tag name
  (s) => s.replace(' ', '\u00A0'),
  (s) => s.replace(' ', '\u3000'),
  (s) => s.replace(' ', '\u2028'),
  (s) => s.replace('>', '\u0338>'),
];
const UNICODE_BASES = ['<script>{JS}</script>', '<img src=x onerror={JS}>', '<svg onload={JS}>', '<a href="javascript:{JS}">x</a>', '[x](javascript:{JS})'];

function unicode(): string[] {
  return UNICODE_TRICKS.flatMap((trick) => UNICODE_BASES.map((base) => trick(base)).filter((s, i) => s !== UNICODE_BASES[i]));
}

// ---------------------------------------------------------------------------------------------------
// dollar: String.replace replacement patterns ($& the match, $` before it, $' after it, $$, $1…) next
// to what ends the head's title, a script or a comment, followed by markup (issue 12 finding 1).

const DOLLARS = ['$&', '$`', "$'", '$$', '$1', '$0', '$<x>', '$$&', "$'$'$'", '$`$`$`'];
const DOLLAR_CLOSERS = ['</title>', '</script>', '<!--', '">', '</textarea>'];
const DOLLAR_PAYLOADS = ['<script>{JS}</script>', '<img src=x onerror={JS}>'];

function dollar(): string[] {
  return DOLLARS.flatMap((d) => DOLLAR_CLOSERS.flatMap((c) => DOLLAR_PAYLOADS.map((p) => `${d}${c}${p}`)));
}

// ---------------------------------------------------------------------------------------------------
// jsonld: text that would end a <script type="application/ld+json"> block (or the JSON string in it)
// and start a script; each bare and after a quote that tries to close the JSON string first.

const JSONLD = [
  '</script><script>{JS}</script>',
  '</SCRIPT><script>{JS}</script>',
  '</script ><script>{JS}</script>',
  '</script\t><script>{JS}</script>',
  '</script\n><script>{JS}</script>',
  '</script/><script>{JS}</script>',
  '<\\/script><script>{JS}</script>',
  '"}]}</script><script>{JS}</script>',
  '\\"}</script><img src=x onerror={JS}>',
  '<!--<script></script><script>{JS}</script>',
  '<!--</script><script>{JS}</script>-->',
  '\u2028</script><script>{JS}</script>',
  '\u2029</script><script>{JS}</script>',
  ']]></script><script>{JS}</script>',
  '{"@context":"https://schema.org"}</script><script>{JS}</script>',
  '</script><svg onload={JS}>',
  '</ScRiPt><img src=x onerror={JS}>',
  '<script>/*</script><script>{JS}</script>*/',
  '\\u003c/script><script>{JS}</script>',
  '</script><script type=module>{JS}</script>',
];

function jsonld(): string[] {
  return [...JSONLD, ...JSONLD.map((s) => `"${s}`)];
}

// ---------------------------------------------------------------------------------------------------

const GENERATORS: Record<Family, () => string[]> = { markdown, html, attribute, url, svg, unicode, dollar, jsonld };

const toBase64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const toEntities = (s: string) => [...s].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('');

/** Fills a template's placeholders (split/join: a replacement string would read `$` patterns itself). */
export function fill(template: string, id: number): string {
  const js = trapCall(id);
  return template
    .split('{B64JS}').join(toBase64(js))
    .split('{B64}').join(toBase64(`<script>${js}</script>`))
    .split('{ENT}').join(toEntities(js))
    .split('{JS}').join(js)
    .split('{ID}').join(String(id));
}

/** True when the payload calls the trap with its own id, plainly or in one of the encodings above. */
export function carriesTrap(v: Vector): boolean {
  const js = trapCall(v.id);
  return [js, `(${v.id})`, toBase64(`<script>${js}</script>`), toBase64(js), toEntities(js)].some((form) => v.payload.includes(form));
}

let cached: Vector[] | undefined;

/**
 * The corpus: every family's templates in order, duplicates (the same template from two families)
 * kept once, numbered from 1. Deterministic: the same list on every run and every machine.
 */
export function corpus(): Vector[] {
  if (cached) return cached;
  const seen = new Set<string>();
  const out: Vector[] = [];
  for (const family of FAMILIES) {
    for (const template of GENERATORS[family]()) {
      if (seen.has(template)) continue;
      seen.add(template);
      const id = out.length + 1;
      out.push({ id, family, template, payload: fill(template, id) });
    }
  }
  cached = out;
  return out;
}

/** Counts per family, for the report and the suite's floor. */
export function familyCounts(vectors: Vector[] = corpus()): Record<Family, number> {
  const counts = Object.fromEntries(FAMILIES.map((f) => [f, 0])) as Record<Family, number>;
  for (const v of vectors) counts[v.family]++;
  return counts;
}

/**
 * Evenly spread picks of each family (for fields that hold one short vector, such as titles and
 * status lines): at most `perFamily` per family among those no longer than `maxLength`.
 */
export function sample(perFamily: number, maxLength: number, vectors: Vector[] = corpus()): Vector[] {
  return FAMILIES.flatMap((family) => {
    const fits = vectors.filter((v) => v.family === family && v.payload.trim().length <= maxLength);
    if (fits.length <= perFamily) return fits;
    return Array.from({ length: perFamily }, (_, i) => fits[Math.floor((i * fits.length) / perFamily)]);
  });
}

export type Batch = { marker: string; text: string; ids: number[] };

/**
 * Packs vectors into items of a field: each item starts and ends with a plain marker line (so a test
 * can wait for the whole item to be on screen), holds at most `perItem` vectors, and its text is at
 * most `maxChars` long. Vectors are separated by blank lines (one markdown block each).
 */
export function pack(vectors: Vector[], opts: { prefix: string; maxChars: number; perItem?: number }): Batch[] {
  const perItem = opts.perItem ?? 50;
  const batches: Batch[] = [];
  let current: { payloads: string[]; ids: number[] } = { payloads: [], ids: [] };
  const textOf = (n: number, payloads: string[]) => [`${opts.prefix}${n} start`, ...payloads, `${opts.prefix}${n} end`].join('\n\n');
  const flush = () => {
    if (!current.ids.length) return;
    const n = batches.length + 1;
    batches.push({ marker: `${opts.prefix}${n}`, text: textOf(n, current.payloads), ids: current.ids });
    current = { payloads: [], ids: [] };
  };
  for (const v of vectors) {
    const next = [...current.payloads, v.payload];
    if (current.ids.length >= perItem || textOf(batches.length + 1, next).length > opts.maxChars) flush();
    if (textOf(batches.length + 1, [v.payload]).length > opts.maxChars) continue; // never fits this field
    current.payloads.push(v.payload);
    current.ids.push(v.id);
  }
  flush();
  return batches;
}
