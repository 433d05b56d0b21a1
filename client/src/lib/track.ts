import { getConsent, subscribeConsent } from './consent';
import type * as Analytics from './analytics';
import type { ActionData, ActionType } from './analytics/types';

// The tiny, always-loaded face of analytics: the module itself (lib/analytics) is fetched only once
// analytics consent is given, so a visitor who never consents never downloads or runs it.

export type { ActionData, ActionType };

type AnalyticsModule = typeof Analytics;
let loading: Promise<AnalyticsModule> | undefined;

const load = () =>
  (loading ??= import('./analytics').catch((err: unknown) => {
    loading = undefined;
    throw err;
  }));

/** Spec §7 user action; a no-op without analytics consent. */
export function trackAction(actionType: ActionType, actionTarget?: string, actionData?: ActionData): void {
  if (!getConsent()?.analytics) return;
  load().then(
    (m) => m.trackAction(actionType, actionTarget, actionData),
    (err: unknown) => console.warn('Failed to load analytics', err),
  );
}

/**
 * Applies the stored choice now and every later one at once (spec §4): analytics on starts the
 * session, off stops every listener. Returns the unsubscribe.
 */
export function startAnalyticsOnConsent(): () => void {
  const apply = () => {
    if (getConsent()?.analytics) {
      load().then(
        (m) => m.enableAnalytics(),
        (err: unknown) => console.warn('Failed to load analytics', err),
      );
    } else if (loading) {
      // Only a module that was loaded has anything to stop.
      void loading.then((m) => m.disableAnalytics()).catch(() => undefined);
    }
  };
  apply();
  return subscribeConsent(apply);
}
