import { escapeHtml, jsonLd } from '../lib/html.ts';
import { feedLinks, type FeedLink } from './feeds.ts';

/** What the server writes into a page's <head> (spec §2, §3 structured data; issue 8 SEO). */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  robots: 'index, follow' | 'noindex';
  ogType: 'website' | 'article';
  /** Extra JSON-LD objects beside the Organization. */
  structuredData: unknown[];
  article?: { publishedTime: string; modifiedTime?: string; author?: string; section?: string };
  /** The feeds a reader can follow from here (autodiscovery), the most particular first. */
  feeds: FeedLink[];
};

/**
 * The built index.html with this page's head and markup: the title, description and robots metas
 * are replaced; canonical, Open Graph, Twitter card, JSON-LD and `extraHead` (preload hints) added;
 * and #root filled with the server-rendered app (`rootHtml`), which the browser hydrates. Without
 * `rootHtml` (no renderer built) #root keeps index.html's loading shell.
 */
export function renderDocument(indexHtml: string, head: PageHead, rootHtml: string, siteName: string, extraHead = ''): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta name="robots" content="${head.robots}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:locale" content="en_GB" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    ...(head.article
      ? [
          `<meta property="article:published_time" content="${escapeHtml(head.article.publishedTime)}" />`,
          ...(head.article.modifiedTime ? [`<meta property="article:modified_time" content="${escapeHtml(head.article.modifiedTime)}" />`] : []),
          ...(head.article.author ? [`<meta property="article:author" content="${escapeHtml(head.article.author)}" />`] : []),
          ...(head.article.section ? [`<meta property="article:section" content="${escapeHtml(head.article.section)}" />`] : []),
        ]
      : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    ...feedLinks(head.feeds),
    ...head.structuredData.map(jsonLd),
    ...(extraHead ? [extraHead] : []),
  ].join('\n    ');

  // Every insertion goes through a replacer function: a replacement *string* would read `$&`, `$\``
  // and `$'` in member text (a title, a path) as "copy part of the document here".
  const title = `<title>${escapeHtml(head.title)}</title>`;
  let html = indexHtml
    .replace(/<html(\s[^>]*)?>/i, '<html lang="en-GB">')
    .replace(/<title>[\s\S]*?<\/title>/i, () => title)
    .replace(/\s*<meta\s+name=["']description["'][^>]*>/gi, '')
    .replace(/\s*<meta\s+name=["']robots["'][^>]*>/gi, '');
  if (!/<title>/i.test(html)) html = html.replace(/<\/head>/i, () => `  ${title}\n  </head>`);
  html = html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  if (!rootHtml) return html;
  // The first element with id="root" gets the page's content (its loading shell is replaced).
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<script|<\/body>)/i;
  if (root.test(html)) return html.replace(root, () => `<div id="root">${rootHtml}</div>\n    `);
  return html.replace(/<div id="root"><\/div>/i, () => `<div id="root">${rootHtml}</div>`);
}
