import { COURIER_GUIDE } from './courier-guide';
import { COMMUNITY_GUIDELINES, PRIVACY, TERMS } from './legal';
import type { ContentPage } from './types';

export { COURIER_GUIDE } from './courier-guide';
export { COMMUNITY_GUIDELINES, PRIVACY, TERMS } from './legal';
export { PAY_ESTIMATOR_PAGE } from './pay-estimator-page';
export type { ContentPage } from './types';

/** The text pages by path ('/privacy-policy' is the same page as '/privacy'). */
export const CONTENT_PAGES: Readonly<Record<string, ContentPage>> = {
  '/courier-guide-uk': COURIER_GUIDE,
  '/terms': TERMS,
  '/privacy': PRIVACY,
  '/privacy-policy': PRIVACY,
  '/community-guidelines': COMMUNITY_GUIDELINES,
};
