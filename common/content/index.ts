import { COURIER_GUIDE } from './courier-guide.ts';
import { COMMUNITY_GUIDELINES, PRIVACY, TERMS } from './legal.ts';
import { PAY_ESTIMATOR_PAGE } from './pay-estimator-page.ts';
import type { ContentPage } from './types.ts';

export { COURIER_GUIDE } from './courier-guide.ts';
export { COMMUNITY_GUIDELINES, PRIVACY, TERMS } from './legal.ts';
export { PAY_ESTIMATOR_PAGE } from './pay-estimator-page.ts';
export type { ContentPage } from './types.ts';

/**
 * Every content page by path, for the server's head and no-JavaScript HTML ('/privacy-policy' is the
 * same page as '/privacy', whose address is the canonical one). The pay estimator has an intro and
 * no sections: its calculator needs JavaScript.
 */
export const CONTENT_PAGES: Readonly<Record<string, ContentPage>> = {
  '/courier-guide-uk': COURIER_GUIDE,
  '/pay-estimator': PAY_ESTIMATOR_PAGE,
  '/terms': TERMS,
  '/privacy': PRIVACY,
  '/privacy-policy': PRIVACY,
  '/community-guidelines': COMMUNITY_GUIDELINES,
};
