import { CONTENT_PAGES as PAGES, PAY_ESTIMATOR_PAGE, type ContentPage } from '../../common/content/index.ts';

// The content pages' head (title, description, canonical), from the same text modules the React
// pages render (common/content), so the two never disagree.

export type ContentPageSeo = {
  title: string;
  description: string;
  /** For aliases: /privacy-policy is /privacy. */
  canonicalPath?: string;
};

const fromContent = (page: ContentPage, canonicalPath?: string): ContentPageSeo => ({
  title: page.title,
  description: page.description,
  canonicalPath: canonicalPath ?? page.path,
});

export const CONTENT_PAGES: Record<string, ContentPageSeo> = {
  ...Object.fromEntries(Object.entries(PAGES).map(([path, page]) => [path, fromContent(page)])),
  '/pay-estimator': fromContent(PAY_ESTIMATOR_PAGE),
  '/support': {
    title: 'Contact us',
    description: 'Contact the Kerbside team: questions about your account, verification codes, reporting a post, advertising or anything else.',
  },
};
