import { PUSH_MSG } from '../../../common/rules/push.ts';

// Where the server may post: members hand it URLs, so only the push services' hosts are accepted
// (PUSH_ENDPOINT_HOSTS), checked when a subscription is stored and again before each send (the list
// may have been narrowed since). The shape (https, default port, no credentials) is checked by the
// contract (common/contracts/push.ts ZPushEndpoint), which also gives the canonical href read here.

/** Whether `hostname` (lower-case, as WHATWG URL gives it) is listed: exactly, or under a `*.` entry. */
export function isAllowedPushHost(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => (entry.startsWith('*.') ? hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1 : hostname === entry));
}

/**
 * Why the server will not post to this endpoint, or null when it may: an https URL on the default
 * port, without credentials, on an allowed host. The same rules as the contract's, so a row stored
 * before a change of rules is held to today's.
 */
export function pushEndpointProblem(endpoint: string, allowed: readonly string[]): string | null {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (!url || url.protocol !== 'https:' || !url.hostname) return PUSH_MSG.endpointNotHttps;
  if (url.port !== '' || url.username !== '' || url.password !== '') return PUSH_MSG.endpointPlain;
  if (!isAllowedPushHost(url.hostname, allowed)) return PUSH_MSG.endpointHost;
  return null;
}
