import { describe, expect, it } from 'vitest';
import type { TPhoto } from '../../common/contracts/uploads.ts';
import { makeExcerpt, markdownToText, renderMarkdown, sanitizeRenderedHtml, slugify, uploadIdsIn } from './markdown.ts';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a',
  'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const ALLOWED_ATTRS = new Set(['href', 'rel', 'target', 'align', 'start']);

/** Every tag in the output is allowlisted, carries only allowlisted attributes, and links are http(s)/mailto. */
function expectSafe(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const [, tag, rest] = m;
    expect(ALLOWED_TAGS, `tag <${tag}> in ${html}`).toContain(tag.toLowerCase());
    for (const a of rest.matchAll(/([^\s=/]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/g)) {
      expect(ALLOWED_ATTRS, `attribute ${a[1]} in ${html}`).toContain(a[1].toLowerCase());
      if (a[1].toLowerCase() === 'href') expect(a[2].replace(/^["']|["']$/g, '')).toMatch(/^(https?:\/\/|mailto:)/i);
    }
  }
  // Text may mention anything once escaped; what must not exist is markup. Every literal '<' starts a
  // tag checked above, and no tag carries a handler, a style or a script URL.
  expect(html.replace(/<\/?[a-zA-Z][^>]*>/g, '')).not.toContain('<');
  const tags = [...html.matchAll(/<[^>]*>/g)].join(' ');
  expect(tags).not.toMatch(/<\s*(script|iframe|svg|img|object|embed|style|math|form|input|link|meta|base|details)/i);
  expect(tags).not.toMatch(/\son[a-z]+\s*=/i);
  expect(tags).not.toMatch(/(javascript|data|vbscript):/i);
  expect(tags).not.toMatch(/(style|class|src)\s*=/i);
}

const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="position:fixed;inset:0">overlay</div>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src="x" alt="a"onerror="alert(1)">',
  '<a href=javascript:alert(1)>unquoted</a>',
  '<form action="https://evil.example"><input name=x></form>',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  '<p class="admin-badge">fake</p>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(document.cookie))',
  '[click](  javascript:alert(1))',
  '[click](jav&#x09;ascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com" onmouseover="alert(1))',
  '```\n</code></pre><script>alert(1)</script>\n```',
  '`<script>alert(1)</script>`',
  '> <img src=x onerror=alert(1)>',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
];

describe('renderMarkdown', () => {
  it.each(XSS_VECTORS)('neutralises %s', (src) => {
    expectSafe(renderMarkdown(src));
  });

  it.each(XSS_VECTORS.filter((v) => v.startsWith('<')))('the allowlist alone also neutralises %s', (html) => {
    expectSafe(sanitizeRenderedHtml(html));
  });

  it('drops links the allowlist does not accept, text and all, in its own pass', () => {
    expect(sanitizeRenderedHtml('<p><a href="/relative">r</a> <a href="//evil.example">p</a> ok</p>')).toBe('<p>  ok</p>');
  });

  it('shows raw HTML as text instead of interpreting it', () => {
    expect(renderMarkdown('<b>bold?</b>')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt;</p>');
    expect(renderMarkdown('a <i>b</i> c')).toBe('<p>a &lt;i&gt;b&lt;/i&gt; c</p>');
  });

  it('renders the GFM a post needs', () => {
    const html = renderMarkdown(
      [
        '# Big title', '## Section', '#### Small', '',
        'Some **bold**, *em*, ~~struck~~ and `code`.', 'Next line', '',
        '- one', '- two', '', '1. first', '2. second', '',
        '> quoted', '', '```', 'const x = 1;', '```', '', '---', '',
        '| Network | Rate |', '|:--|--:|', '| Evri | 45p |',
      ].join('\n'),
    );
    expect(html).toContain('<h3>Big title</h3>');
    expect(html).toContain('<h3>Section</h3>');
    expect(html).toContain('<h4>Small</h4>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<del>struck</del>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<br />Next line');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>/);
    expect(html).toMatch(/<blockquote>\s*<p>quoted<\/p>/);
    expect(html).toContain('<pre><code>const x = 1;');
    expect(html).toContain('<hr />');
    expect(html).toContain('<th align="left">Network</th>');
    expect(html).toContain('<td align="right">45p</td>');
    expect(html).not.toMatch(/class=/);
    expectSafe(html);
  });

  it('marks every link nofollow ugc noopener and opens it in a new tab', () => {
    const html = renderMarkdown('[gov](https://www.gov.uk/self-assessment "t") www.example.com mail@example.com <https://a.example>');
    const links = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(4);
    for (const a of links) {
      expect(a).toContain('rel="nofollow ugc noopener"');
      expect(a).toContain('target="_blank"');
      expect(a).not.toContain('title=');
    }
    expect(html).toContain('href="https://www.gov.uk/self-assessment"');
    expect(html).toContain('href="http://www.example.com"');
    expect(html).toContain('href="mailto:mail@example.com"');
  });

  it('keeps the text of links it refuses (relative, protocol-relative, other schemes)', () => {
    expect(renderMarkdown('[home](/forum) [p](//evil.example) [f](ftp://x.example)')).toBe('<p>home p f</p>');
  });

  it('shows task boxes as characters', () => {
    expect(renderMarkdown('- [x] MOT\n- [ ] Tax')).toBe('<ul>\n<li>☑ MOT</li>\n<li>☐ Tax</li>\n</ul>');
  });
});

// ——— Photos: only this site's uploads are <img>s ———

const ID = 'a1b2c3d4e5f6g7h8i9j0';
const OTHER = 'zzzzzzzzzzzzzzzzzzzz';
const photoOf = (id: string, origin = ''): TPhoto => ({
  id,
  src: `${origin}/uploads/${id}/full.jpg`,
  srcset: `${origin}/uploads/${id}/w320.webp 320w, ${origin}/uploads/${id}/w640.webp 640w, ${origin}/uploads/${id}/full.webp 800w`,
  width: 800,
  height: 600,
});
const PHOTOS = new Map([[ID, photoOf(ID)]]);
const imgTags = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);

/** expectSafe, with <img> allowed when it is exactly one of `photos` as renderMarkdown writes it. */
function expectSafeWithPhotos(html: string, photos: ReadonlyMap<string, TPhoto>) {
  const allowed = [...photos.values()];
  for (const img of imgTags(html)) {
    const photo = allowed.find((p) => img.includes(`src="${p.src}"`));
    expect(photo, `unexpected ${img}`).toBeDefined();
    expect(img).toMatch(
      /^<img src="[^"]+" srcset="[^"]+" sizes="[^"]+" width="\d+" height="\d+" alt="[^"<>]*" loading="lazy" decoding="async" \/>$/,
    );
    expect(img).toContain(`srcset="${photo!.srcset}"`);
  }
  expectSafe(html.replace(/<img\b[^>]*>/g, ''));
}

describe('photos in markdown', () => {
  it('an image of an upload in the map is an <img> of its stored files: srcset, sizes, width, height, alt, lazy', () => {
    expect(renderMarkdown(`![Van racking](/uploads/${ID}/full.webp)`, PHOTOS)).toBe(
      `<p><img src="/uploads/${ID}/full.jpg" srcset="/uploads/${ID}/w320.webp 320w, /uploads/${ID}/w640.webp 640w, /uploads/${ID}/full.webp 800w" ` +
        'sizes="(max-width: 768px) 100vw, 768px" width="800" height="600" alt="Van racking" loading="lazy" decoding="async" /></p>',
    );
  });

  it('any origin and any stored file of the upload shows our own files; empty alt reads "Photo"; alt is escaped', () => {
    for (const url of [`https://kerbside.example/uploads/${ID}/w320.webp`, `https://bucket.example/uploads/${ID}/full.jpg`, `http://x.example/uploads/${ID}/w1280.webp`]) {
      const [img] = imgTags(renderMarkdown(`![](${url})`, PHOTOS));
      expect(img).toContain(`src="/uploads/${ID}/full.jpg"`);
      expect(img).toContain('alt="Photo"');
    }
    const html = renderMarkdown(`![a "quoted" <b>bold</b> **van**](/uploads/${ID}/full.webp)`, PHOTOS);
    expect(imgTags(html)[0]).toContain('alt="a &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; van"');
    expectSafeWithPhotos(html, PHOTOS);
  });

  it('uses the URLs the map gives (an S3 public URL) and nothing the text says', () => {
    const s3 = new Map([[ID, photoOf(ID, 'https://cdn.example')]]);
    const [img] = imgTags(renderMarkdown(`![x](/uploads/${ID}/full.webp)`, s3));
    expect(img).toContain(`src="https://cdn.example/uploads/${ID}/full.jpg"`);
    expect(img).toContain(`https://cdn.example/uploads/${ID}/w640.webp 640w`);
  });

  it('every other image is a link (or its text), never an <img>: no tracking pixel', () => {
    const cases: Array<[string, ReadonlyMap<string, TPhoto> | undefined, string]> = [
      ['![pixel](https://evil.example/p.gif)', PHOTOS, '<p><a href="https://evil.example/p.gif" rel="nofollow ugc noopener" target="_blank">pixel</a></p>'],
      ['![](https://evil.example/p.gif)', PHOTOS, '<p><a href="https://evil.example/p.gif" rel="nofollow ugc noopener" target="_blank">https://evil.example/p.gif</a></p>'],
      // An upload not in the map (unknown, or removed by an admin) is not shown: its relative URL is no safe link.
      [`![gone](/uploads/${OTHER}/full.webp)`, PHOTOS, '<p>gone</p>'],
      [`![gone](https://kerbside.example/uploads/${OTHER}/full.webp)`, PHOTOS, `<p><a href="https://kerbside.example/uploads/${OTHER}/full.webp" rel="nofollow ugc noopener" target="_blank">gone</a></p>`],
      [`![no map](/uploads/${ID}/full.webp)`, undefined, '<p>no map</p>'],
      [`![no map](/uploads/${ID}/full.webp)`, new Map(), '<p>no map</p>'],
      // Not a stored file's name, or not an upload path: not the upload.
      [`![x](/uploads/${ID}/evil.svg)`, PHOTOS, '<p>x</p>'],
      [`![x](/uploads/${ID}/full.webp/../../x)`, PHOTOS, '<p>x</p>'],
      ['![x](javascript:alert(1))', PHOTOS, '<p>x</p>'],
      [`![x](javascript:/uploads/${ID}/full.webp)`, PHOTOS, '<p>x</p>'],
      [`![x](data:image/png;base64,AAAA)`, PHOTOS, '<p>x</p>'],
    ];
    for (const [src, photos, html] of cases) {
      expect(renderMarkdown(src, photos), src).toBe(html);
      expectSafe(renderMarkdown(src, photos));
    }
  });

  it.each([
    `![x](/uploads/${ID}/full.webp" onerror="alert(1))`,
    `![x" onerror="alert(1)](/uploads/${ID}/full.webp)`,
    `![x](/uploads/${ID}/full.webp "t\\" onerror=\\"alert(1)")`,
    `[![x](/uploads/${ID}/full.webp)](javascript:alert(1))`,
    `<img src="/uploads/${ID}/full.jpg" onerror="alert(1)">`,
    `![x](</uploads/${ID}/full.webp onerror=alert(1)>)`,
    `![x](/uploads/${ID}/full.webp?"><script>alert(1)</script>)`,
  ])('neutralises %s, with the photo in the map', (src) => {
    expectSafeWithPhotos(renderMarkdown(src, PHOTOS), PHOTOS);
  });

  it("the allowlist's own pass drops any <img> that loads anything but this call's photos", () => {
    const ok = `<img src="/uploads/${ID}/full.jpg" srcset="/uploads/${ID}/w320.webp 320w" width="800" height="600" alt="a">`;
    expect(imgTags(sanitizeRenderedHtml(ok, PHOTOS))).toHaveLength(1);
    expect(sanitizeRenderedHtml(ok)).toBe('');
    expect(sanitizeRenderedHtml(`<img src="https://evil.example/p.gif" alt="a">`, PHOTOS)).toBe('');
    expect(sanitizeRenderedHtml(`<img src="/uploads/${ID}/full.jpg" srcset="https://evil.example/p.gif 320w" alt="a">`, PHOTOS)).toBe('');
    expect(sanitizeRenderedHtml(`<img src="/uploads/${OTHER}/full.jpg" alt="a">`, PHOTOS)).toBe('');
    // Attributes outside the allowlist go, the photo stays.
    const stripped = sanitizeRenderedHtml(`<img src="/uploads/${ID}/full.jpg" onerror="alert(1)" style="x" class="y" title="t">`, PHOTOS);
    expect(stripped).toBe(`<img src="/uploads/${ID}/full.jpg" />`);
  });

  it('an image in code is text, not a photo', () => {
    const src = `\`![a](/uploads/${ID}/full.webp)\`\n\n\`\`\`\n![b](/uploads/${ID}/full.webp)\n\`\`\``;
    expect(imgTags(renderMarkdown(src, PHOTOS))).toEqual([]);
    expect(uploadIdsIn(src)).toEqual([]);
  });

  it('the excerpt and plain text show an image as its alt text', () => {
    expect(makeExcerpt(`Look: ![my van](/uploads/${ID}/full.webp) and ![pixel](https://evil.example/p.gif)`)).toBe('Look: my van and pixel');
  });
});

describe('uploadIdsIn', () => {
  it('finds each upload once, in images anywhere (lists, quotes, tables, links, references), relative or under any origin', () => {
    const ids = Array.from({ length: 6 }, (_, i) => `${i}`.repeat(20));
    const src = [
      `![a](/uploads/${ids[0]}/full.webp) ![again](https://kerbside.example/uploads/${ids[0]}/w640.webp)`,
      `- ![b](https://cdn.example/uploads/${ids[1]}/full.jpg)`,
      `> ![c](/uploads/${ids[2]}/w320.webp)`,
      `| x |\n|---|\n| ![d](/uploads/${ids[3]}/w1280.webp) |`,
      '',
      `[![e](/uploads/${ids[4]}/full.webp)](https://example.com)`,
      '',
      `![f][ref]\n\n[ref]: /uploads/${ids[5]}/full.webp`,
    ].join('\n');
    expect(uploadIdsIn(src).sort()).toEqual(ids);
  });

  it('ignores links, foreign images, bad ids and file names, and code', () => {
    const src = [
      `[link](/uploads/${ID}/full.webp)`,
      '![x](https://evil.example/p.gif)',
      '![x](/uploads/SHOUTING0123456789AB/full.webp)',
      '![x](/uploads/short/full.webp)',
      `![x](/uploads/${ID}/original.png)`,
      `![x](/elsewhere/uploads/${ID}/full.webp)`,
      `    ![x](/uploads/${ID}/full.webp)`,
    ].join('\n\n');
    expect(uploadIdsIn(src)).toEqual([]);
  });
});

describe('makeExcerpt', () => {
  it('turns markdown into plain text with whitespace collapsed', () => {
    const md = '# Heading\n\nSome **bold**   text with a [link](https://x.example) and `code`.\n\n- one\n- two\n\n<b>tag</b> &amp; £5';
    expect(makeExcerpt(md)).toBe('Heading Some bold text with a link and code. one two tag & £5');
    expect(markdownToText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2');
  });

  it('returns short text unchanged and cuts long text at a word boundary with an ellipsis', () => {
    expect(makeExcerpt('Short post.')).toBe('Short post.');
    const long = 'Parcel '.repeat(50);
    const cut = makeExcerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toBe(`${'Parcel '.repeat(7).trim()}…`);
    expect(makeExcerpt(long).length).toBeLessThanOrEqual(200);
  });

  it('does not leave trailing punctuation before the ellipsis, and cuts an overlong word', () => {
    expect(makeExcerpt('One two three, four five six seven', 16)).toBe('One two three…');
    expect(makeExcerpt('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });

  it('is empty for empty input', () => {
    expect(makeExcerpt('')).toBe('');
    expect(makeExcerpt('   \n\n  ')).toBe('');
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII slugs joined by hyphens', () => {
    expect(slugify('Evri & DPD rates in Leeds?!')).toBe('evri-and-dpd-rates-in-leeds');
    expect(slugify("Don't pay £1.20/drop — it's robbery")).toBe('dont-pay-1-20-drop-its-robbery');
    expect(slugify('Café Über Straße')).toBe('cafe-uber-strasse');
    expect(slugify('  --Hello--World--  ')).toBe('hello-world');
    expect(slugify('!!!')).toBe('');
  });

  it('caps at 80 characters, at a hyphen where it can', () => {
    const s = slugify('Delivery '.repeat(20));
    expect(s.length).toBeLessThanOrEqual(80);
    expect(s).toMatch(/^(delivery-)*delivery$/);
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
  });
});
