// Every first-party analytics and vitals call goes through here: same-origin JSON POST carrying the
// consent header the server insists on (spec §7). keepalive lets a call outlive the page (unload);
// with a custom header sendBeacon is not possible, fetch keepalive is.

import type { z } from 'zod';
import type { endAnalyticsSession, recordPageView, recordUserAction, reportVitals, startAnalyticsSession } from '@common/contracts/analytics';
import { CONSENT_GRANTED, CONSENT_HEADER } from '@common/rules/analytics';
import { apiFetch } from '../api-client';

/** The endpoints that take analytics: each a JSON body, answered 202. */
export type AnalyticsEndpoint =
  | typeof startAnalyticsSession
  | typeof recordPageView
  | typeof recordUserAction
  | typeof endAnalyticsSession
  | typeof reportVitals;
export type AnalyticsBody<E extends AnalyticsEndpoint> = z.input<E['body']>;

export type PostJson = <E extends AnalyticsEndpoint>(endpoint: E, body: AnalyticsBody<E>, opts?: { keepalive?: boolean }) => Promise<void>;

// None of these paths has a parameter: the endpoint's path is the URL.
export const postJson: PostJson = async (endpoint, body, opts = {}) => {
  await apiFetch(endpoint.method, endpoint.path, body, { keepalive: opts.keepalive, headers: { [CONSENT_HEADER]: CONSENT_GRANTED } });
};
