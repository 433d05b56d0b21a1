// Every first-party analytics and vitals call goes through here: same-origin JSON POST carrying the
// consent header the server insists on (spec §7). keepalive lets a call outlive the page (unload);
// with a custom header sendBeacon is not possible, fetch keepalive is.

export const CONSENT_HEADER = 'X-Analytics-Consent';

export type PostJson = (url: string, body: unknown, opts?: { keepalive?: boolean }) => Promise<void>;

export const postJson: PostJson = async (url, body, opts = {}) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CONSENT_HEADER]: 'granted' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive: opts.keepalive,
  });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
};
