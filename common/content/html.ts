import { formatContentDate, parseInline, type ContentBlock, type ContentPage } from './types.ts';

// The same content as static HTML, for the server's no-JavaScript render of a content page. Only
// text is interpolated, always escaped; links are limited to same-site paths, anchors, https and
// mailto, so the data can never inject markup.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const safeHref = (href: string) => /^(\/(?!\/)|#|https:\/\/|mailto:)/.test(href);

function inline(text: string): string {
  return parseInline(text)
    .map((p) => (p.href && safeHref(p.href) ? `<a href="${escapeHtml(p.href)}">${escapeHtml(p.text)}</a>` : escapeHtml(p.text)))
    .join('');
}

function block(b: ContentBlock): string {
  switch (b.type) {
    case 'p':
      return `<p>${inline(b.text)}</p>`;
    case 'note':
      return `<p class="note"><strong>Note:</strong> ${inline(b.text)}</p>`;
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      return `<${tag}>${b.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${tag}>`;
    }
    case 'table':
      return (
        `<table><caption>${inline(b.caption)}</caption>` +
        `<thead><tr>${b.head.map((h) => `<th scope="col">${inline(h)}</th>`).join('')}</tr></thead>` +
        `<tbody>${b.rows
          .map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join('')}</tr>`)
          .join('')}</tbody></table>`
      );
  }
}

/** The page body as HTML: h1, date, intro, table of contents (when the page has one) and sections. */
export function renderContentHtml(page: ContentPage): string {
  const out: string[] = [`<article><h1>${escapeHtml(page.heading ?? page.title)}</h1>`];
  out.push(`<p>${page.lastReviewedLabel}: <time datetime="${page.lastReviewed}">${formatContentDate(page.lastReviewed)}</time></p>`);
  out.push(...page.intro.map((p) => `<p>${inline(p)}</p>`));
  if (page.toc) {
    out.push(
      `<nav aria-labelledby="toc-heading"><h2 id="toc-heading">Contents</h2><ol>${page.sections
        .map((s) => `<li><a href="#${s.id}">${escapeHtml(s.heading)}</a></li>`)
        .join('')}</ol></nav>`,
    );
  }
  for (const s of page.sections) {
    out.push(`<section aria-labelledby="${s.id}"><h2 id="${s.id}">${escapeHtml(s.heading)}</h2>`);
    out.push(...s.blocks.map(block));
    for (const sub of s.subsections ?? []) {
      out.push(`<h3 id="${sub.id}">${escapeHtml(sub.heading)}</h3>`, ...sub.blocks.map(block));
    }
    out.push('</section>');
  }
  out.push('</article>');
  return out.join('\n');
}
