import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MarkdownPreview } from '../components/markdown-preview';
import { isSitePhoto, parseInline, parseMarkdown } from './markdown-lite';

/** Renders the preview and returns its root element. */
const preview = (source: string) => render(<MarkdownPreview source={source} />).container;

/** Every attribute of every element under `root`, as 'tag attr=value'. */
const attributes = (root: Element) =>
  [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${el.tagName.toLowerCase()} ${a.name}=${a.value}`));

describe('the preview renderer keeps every XSS vector inert', () => {
  const vectors = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg/onload=alert(1)>',
    '<a href="javascript:alert(1)">click</a>',
    '[click me](javascript:alert(1))',
    '[x](  JaVaScRiPt:alert(1)  )',
    '<iframe src="https://evil.example"></iframe>',
    '"><script>alert(document.cookie)</script>',
    '**<b onmouseover=alert(1)>bold</b>**',
    '`<script>alert(1)</script>`',
    '```\n<script>alert(1)</script>\n```',
    '> <img src=x onerror=alert(1)>',
    '- <style>body{display:none}</style>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
  ];

  it.each(vectors)('%s', (source) => {
    const root = preview(source);
    // No element the source asked for exists; only the preview's own tags do.
    expect(root.querySelector('script, img, svg, iframe, style, a, b, object, embed, form, input')).toBeNull();
    // No attribute beyond the preview's own classes and list starts: no on*, no href, no src.
    for (const attr of attributes(root)) expect(attr).toMatch(/^(\w+ class=|ol start=\d+$)/);
    // The text the member typed is all still there, shown as text.
    const visible = root.textContent ?? '';
    for (const word of ['alert', 'script', 'onerror', 'javascript', 'onload', 'iframe', 'onmouseover', 'style', 'lt;']) {
      if (source.toLowerCase().includes(word)) expect(visible.toLowerCase()).toContain(word);
    }
  });

  it('shows a link as its label and address in text, never as a link', () => {
    const root = preview('See [the guide](https://example.com/guide) and [bad](javascript:alert(1))');
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('See the guide (https://example.com/guide) and bad (javascript:alert(1))');
  });
});

describe('parseMarkdown', () => {
  it('makes paragraphs, with a single newline as a line break', () => {
    expect(parseMarkdown('one\ntwo\n\nthree')).toEqual([
      { t: 'p', c: [{ t: 'text', v: 'one' }, { t: 'br' }, { t: 'text', v: 'two' }] },
      { t: 'p', c: [{ t: 'text', v: 'three' }] },
    ]);
  });

  it('reads headings (from h3, like the server), lists, quotes, rules and code', () => {
    const blocks = parseMarkdown('# Title\n### Sub\n- a\n- b\n\n3. c\n4. d\n> quoted\n\n---\n```\nx < y\n```');
    expect(blocks.map((b) => b.t)).toEqual(['h', 'h', 'ul', 'ol', 'quote', 'hr', 'pre']);
    expect(blocks[0]).toMatchObject({ level: 3 });
    expect(blocks[3]).toMatchObject({ start: 3, items: [[{ t: 'text', v: 'c' }], [{ t: 'text', v: 'd' }]] });
    expect(blocks[6]).toEqual({ t: 'pre', v: 'x < y' });
  });

  it('survives deep nesting and long runs of markers without hanging', () => {
    const started = performance.now();
    parseMarkdown('>'.repeat(2000) + ' deep');
    parseMarkdown('['.repeat(20_000));
    parseMarkdown('*a '.repeat(5000));
    parseInline('**'.repeat(5000));
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('parseInline', () => {
  it('reads bold, italic, struck and code', () => {
    expect(parseInline('**b** *i* _j_ ~~s~~ `c`')).toEqual([
      { t: 'strong', c: [{ t: 'text', v: 'b' }] },
      { t: 'text', v: ' ' },
      { t: 'em', c: [{ t: 'text', v: 'i' }] },
      { t: 'text', v: ' ' },
      { t: 'em', c: [{ t: 'text', v: 'j' }] },
      { t: 'text', v: ' ' },
      { t: 'del', c: [{ t: 'text', v: 's' }] },
      { t: 'text', v: ' ' },
      { t: 'code', v: 'c' },
    ]);
  });

  it('leaves unmatched markers, snake_case and escapes as typed', () => {
    expect(parseInline('2 * 3 = 6, my_var_name, \\*not\\*, **open')).toEqual([{ t: 'text', v: '2 * 3 = 6, my_var_name, *not*, **open' }]);
  });
});

describe('images in the preview', () => {
  const ID = 'abcdefghij0123456789';

  it('parses ![alt](url) as an image', () => {
    expect(parseInline(`a ![A van](/uploads/${ID}/full.webp) b`)).toEqual([
      { t: 'text', v: 'a ' },
      { t: 'image', alt: 'A van', href: `/uploads/${ID}/full.webp` },
      { t: 'text', v: ' b' },
    ]);
  });

  it("shows this site's uploads (and the URLs given as known) as photos; any other image stays a link", () => {
    const known = new Set([`https://photos.example/uploads/${ID}/full.webp`]);
    const root = render(
      <MarkdownPreview
        photoUrls={known}
        source={[
          `![](/uploads/${ID}/full.webp)`,
          `![Bucket](https://photos.example/uploads/${ID}/full.webp)`,
          `![Ours](${window.location.origin}/uploads/${ID}/w640.webp)`,
          '![pixel](https://tracker.example/p.gif)',
          `![elsewhere](https://other.example/uploads/${ID}/full.webp)`,
          `![bad file](/uploads/${ID}/secret.svg)`,
          '![x](javascript:alert(1))',
        ].join('\n\n')}
      />,
    ).container;
    const imgs = [...root.querySelectorAll('img')].map((i) => [i.getAttribute('src'), i.getAttribute('alt')]);
    expect(imgs).toEqual([
      [`/uploads/${ID}/full.webp`, 'Photo'],
      [`https://photos.example/uploads/${ID}/full.webp`, 'Bucket'],
      [`${window.location.origin}/uploads/${ID}/w640.webp`, 'Ours'],
    ]);
    expect(root.textContent).toContain('pixel (https://tracker.example/p.gif)');
    expect(root.textContent).toContain(`elsewhere (https://other.example/uploads/${ID}/full.webp)`);
    expect(root.textContent).toContain('x (javascript:alert(1))');
  });

  it('isSitePhoto: only /uploads/<id>/<stored file> on this origin, or a known URL', () => {
    expect(isSitePhoto(`/uploads/${ID}/full.jpg`)).toBe(true);
    expect(isSitePhoto(`/uploads/${ID}/full.jpg?x=1`)).toBe(false);
    expect(isSitePhoto(`/uploads/short/full.jpg`)).toBe(false);
    expect(isSitePhoto(`//evil.example/uploads/${ID}/full.jpg`)).toBe(false);
    expect(isSitePhoto('https://cdn.example/a.jpg', new Set(['https://cdn.example/a.jpg']))).toBe(true);
  });
});
