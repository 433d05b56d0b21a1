import { CONTENT_PAGES as PAGES, PAY_ESTIMATOR_PAGE, type ContentPage } from '../../common/content/index.ts';
import { renderContentHtml } from '../../common/content/html.ts';

// The content pages' head and readable body for crawlers and browsers without JavaScript, from the
// same text modules the React pages render (common/content), so the two never disagree.

export type ContentPageSeo = {
  title: string;
  description: string;
  /** For aliases: /privacy-policy is /privacy. */
  canonicalPath?: string;
  bodyHtml: () => string;
};

const fromContent = (page: ContentPage, canonicalPath?: string): ContentPageSeo => ({
  title: page.title,
  description: page.description,
  canonicalPath: canonicalPath ?? page.path,
  bodyHtml: () => renderContentHtml(page),
});

export const CONTENT_PAGES: Record<string, ContentPageSeo> = {
  ...Object.fromEntries(Object.entries(PAGES).map(([path, page]) => [path, fromContent(page)])),
  '/pay-estimator': fromContent(PAY_ESTIMATOR_PAGE),
  '/support': {
    title: 'Contact us',
    description: 'Contact the Kerbside team: questions about your account, verification codes, reporting a post, advertising or anything else.',
    bodyHtml: () =>
      '<h1>Contact us</h1><p>Questions about your account, a verification code that has not arrived, a post you want to report, advertising or anything else: send us a message with the form on this page (it needs JavaScript) and we will reply by email.</p><p>Before you write, the <a href="/courier-guide-uk">UK courier guide</a> and the <a href="/community-guidelines">community guidelines</a> may already answer your question.</p>',
  },
};
