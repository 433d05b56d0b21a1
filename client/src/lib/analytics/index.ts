import { getConsent } from '../consent';
import { queryClient } from '../query-client';
import { siteConfigQueryOptions } from '../site-config';
import { startVitals, stopVitals } from '../vitals';
import { loadTagManager, tagAction, tagPageView, updateTagConsent } from './tag-manager';
import { createTracker } from './tracker';
import type { ActionData, ActionType } from './types';

// Loaded by lib/track.ts only after analytics consent (a dynamic import): none of this is in the
// first page load, and nothing here runs, stores or sends before that consent.

const tracker = createTracker({ onPageView: tagPageView, onAction: tagAction });

/** Analytics consent given (now or on an earlier visit): session, page views, vitals, tag manager. */
export function enableAnalytics(): void {
  const prefs = getConsent();
  if (!prefs?.analytics) return;
  tracker.start();
  void startVitals();
  void queryClient
    .fetchQuery(siteConfigQueryOptions())
    .then((config) => {
      const current = getConsent();
      if (config.gtmId && current?.analytics) loadTagManager(config.gtmId, current);
    })
    .catch((err: unknown) => console.warn('Failed to load the site configuration for the tag manager', err));
}

/** Analytics consent withdrawn: every listener stops; a loaded tag manager hears the withdrawal. */
export function disableAnalytics(): void {
  tracker.stop();
  stopVitals();
  updateTagConsent(getConsent());
}

export function trackAction(actionType: ActionType, actionTarget?: string, actionData?: ActionData): void {
  if (!getConsent()?.analytics) return;
  if (!tracker.running) enableAnalytics();
  tracker.trackAction(actionType, actionTarget, actionData);
}
