// Every first-party analytics and vitals call goes through here: same-origin JSON POST carrying the
// consent header the server insists on (spec §7). keepalive lets a call outlive the page (unload);
// with a custom header sendBeacon is not possible, fetch keepalive is.

import { apiFetch } from '../api-client';

export const CONSENT_HEADER = 'X-Analytics-Consent';

export type PostJson = (url: string, body: unknown, opts?: { keepalive?: boolean }) => Promise<void>;

export const postJson: PostJson = async (url, body, opts = {}) => {
  await apiFetch('POST', url, body, { keepalive: opts.keepalive, headers: { [CONSENT_HEADER]: 'granted' } });
};
