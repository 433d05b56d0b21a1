import type { MeaningfulAction } from './push-subscription';

/**
 * askForPushAfter (push-subscription.ts), loaded only when a member has just done something worth
 * being told about: the pages that send comments, posts and messages do not carry the push code for
 * every reader who never writes.
 */
export function askForPushLater(action: MeaningfulAction): void {
  void import('./push-subscription').then((push) => push.askForPushAfter(action)).catch(() => undefined);
}
