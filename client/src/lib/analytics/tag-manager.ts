import type { CookiePreferences } from '../consent';
import type { ActionData, ActionType } from './types';

// Optional Google Tag Manager (spec §7: a third party that gets consent updates and anonymised page
// and event records only with consent). Consent mode defaults to denied before the container loads;
// the container loads only once analytics consent is given; IP anonymised, ad personalisation off.
// No inline script: the CSP allows scripts from our origin and, with GTM_ID, googletagmanager.com.

export const GTM_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

type DataLayer = unknown[];
declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

/** gtag() pushes its arguments object itself: consent commands are ignored when given as an array. */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- consent mode reads an Arguments object
  window.dataLayer.push(arguments);
}

const consentState = (p: CookiePreferences | null) => ({
  analytics_storage: p?.analytics ? 'granted' : 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  functionality_storage: p?.functional ? 'granted' : 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
});

let loadedId: string | null = null;

/** Loads the container once (analytics consent given), with every consent type denied first. */
export function loadTagManager(gtmId: string, prefs: CookiePreferences): void {
  if (loadedId) {
    updateTagConsent(prefs);
    return;
  }
  if (!/^GTM-[A-Z0-9]+$/.test(gtmId)) return;
  loadedId = gtmId;
  gtag('consent', 'default', { ...consentState(null), wait_for_update: 500 });
  gtag('set', { anonymize_ip: true, allow_ad_personalization_signals: false, allow_google_signals: false });
  updateTagConsent(prefs);
  window.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  script.dataset.tagManager = 'true';
  document.head.append(script);
}

/** Every choice reaches a loaded container at once (a withdrawal too). */
export function updateTagConsent(prefs: CookiePreferences | null): void {
  if (!loadedId) return;
  gtag('consent', 'update', consentState(prefs));
}

/** A page record: the path only (no query: searches may carry what people typed). */
export function tagPageView(pageUrl: string): void {
  if (!loadedId) return;
  window.dataLayer?.push({ event: 'page_view', page_path: pageUrl.split('?')[0] });
}

const FORUM_ACTIONS: ReadonlySet<ActionType> = new Set(['post_view', 'search', 'vote', 'comment', 'share']);

/**
 * forum_interaction and auth_event with anonymised data: the kind of action and coarse details only,
 * never user ids, emails, search text or post text.
 */
export function tagEventFor(actionType: ActionType, data: ActionData | undefined): Record<string, string> | null {
  if (actionType === 'login' || actionType === 'registration') return { event: 'auth_event', auth_action: actionType };
  if (!FORUM_ACTIONS.has(actionType)) return null;
  const event: Record<string, string> = { event: 'forum_interaction', interaction_type: actionType };
  if (actionType === 'vote' && typeof data?.voteType === 'string') event.vote_type = data.voteType;
  if (actionType === 'share' && typeof data?.platform === 'string') event.share_platform = data.platform;
  return event;
}

export function tagAction(actionType: ActionType, data: ActionData | undefined): void {
  if (!loadedId) return;
  const event = tagEventFor(actionType, data);
  if (event) window.dataLayer?.push(event);
}
