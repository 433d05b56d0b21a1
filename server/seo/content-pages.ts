// The content pages' head and readable body for crawlers and browsers without JavaScript. Filled
// from the same text modules the React pages render (common/content), so the two never disagree.

export type ContentPageSeo = {
  title: string;
  description: string;
  /** For aliases: /privacy-policy is /privacy. */
  canonicalPath?: string;
  bodyHtml: () => string;
};

export const CONTENT_PAGES: Record<string, ContentPageSeo> = {};
