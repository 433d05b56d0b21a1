import { describe, expect, it } from 'vitest';
import { mentionNamesIn, renderMarkdown, sanitizeRenderedHtml } from './markdown.ts';

// Issue 18: @mentions of members are stored as links to their profile (renderMarkdown's third argument:
// lower-cased name → the member's spelling, looked up by renderContent).

const members = new Map([
  ['sam_driver', 'Sam_Driver'],
  ['bob', 'Bob'],
]);
const link = (name: string) => `<a href="/profile/${name}" class="mention">@${name}</a>`;
const render = (src: string) => renderMarkdown(src, undefined, members);

describe('mentions in markdown', () => {
  it('links known members, case-insensitively, in their own spelling; unknown names stay text', () => {
    expect(render('Ask @sam_driver or @BOB, not @nobody')).toBe(`<p>Ask ${link('Sam_Driver')} or ${link('Bob')}, not @nobody</p>`);
  });

  it('not in code spans, code blocks, existing links, e-mail addresses, longer words or after a backslash', () => {
    expect(render('`@bob` and\n```\n@bob\n```')).toBe('<p><code>@bob</code> and</p>\n<pre><code>@bob\n</code></pre>');
    expect(render('[@bob](https://example.com/x)')).toBe('<p><a href="https://example.com/x" rel="nofollow ugc noopener" target="_blank">@bob</a></p>');
    expect(render('mail bob@bob.com, @bobby, x@bob, \\@bob')).toBe('<p>mail <a href="mailto:bob@bob.com" rel="nofollow ugc noopener" target="_blank">bob@bob.com</a>, @bobby, x@bob, @bob</p>');
  });

  it('inside emphasis, lists, quotes and tables', () => {
    expect(render('**@bob**')).toBe(`<p><strong>${link('Bob')}</strong></p>`);
    expect(render('- @bob\n\n> hi @bob\n\n| @bob |\n|--|\n| @bob |')).toContain(`<li>${link('Bob')}</li>`);
    expect(render('> hi @bob')).toContain(`<p>hi ${link('Bob')}</p>`);
    expect(render('| @bob |\n|--|\n| x @bob |')).toContain(`<td>x ${link('Bob')}</td>`);
  });

  it('XSS attempts around a mention stay text', () => {
    expect(render('@<img src=x onerror=alert(1)>')).toBe('<p>@&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(render('@bob<script>alert(1)</script>')).toBe(`<p>${link('Bob')}&lt;script&gt;alert(1)&lt;/script&gt;</p>`);
    // A quote in text needs no escaping (it is not in an attribute); the tag is text.
    expect(render('@bob"><b onmouseover=alert(1)>')).toBe(`<p>${link('Bob')}"&gt;&lt;b onmouseover=alert(1)&gt;</p>`);
  });

  it('without the lookup nothing is linked (as before issue 18)', () => {
    expect(renderMarkdown('@bob')).toBe('<p>@bob</p>');
  });

  it('the allowlist keeps only a mention link of the exact shape; class and relative links otherwise go', () => {
    expect(sanitizeRenderedHtml(link('Bob'))).toBe(link('Bob'));
    expect(sanitizeRenderedHtml('<a href="/admin" class="mention">x</a>')).toBe('');
    expect(sanitizeRenderedHtml('<a href="/profile/Bob" class="mention" onclick="x()" target="_blank">@Bob</a>')).toBe(link('Bob'));
    expect(sanitizeRenderedHtml('<a href="https://e.com" class="mention">x</a>')).toBe('<a href="https://e.com" rel="nofollow ugc noopener" target="_blank">x</a>');
    expect(sanitizeRenderedHtml('<p class="mention">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRenderedHtml('<a href="/profile/bob">x</a>')).toBe('');
  });

  it('mentionNamesIn: the distinct names a link may go to, lower-cased', () => {
    expect(mentionNamesIn('@Bob @bob `@code` [@link](https://e.com) @sam_driver a@mail').sort()).toEqual(['bob', 'sam_driver']);
  });
});
