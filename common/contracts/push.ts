import { z } from 'zod';
import { AUTH_PATTERN, P256DH_PATTERN, PUSH_LIMITS, PUSH_MSG } from '../rules/push.ts';
import { endpoint } from './endpoint.ts';

// Web Push (RFC 8030, 8291, 8292; docs/API.md "Push"): the server's VAPID public key, and the browser's
// PushSubscription of a signed-in member kept or forgotten. The server posts to the URLs members give
// it, so an endpoint is checked here for its shape (https, default port, no credentials) and by the
// server against PUSH_ENDPOINT_HOSTS (modules/push/endpoints.ts). Limits and messages: rules/push.ts.

/**
 * A push endpoint, in its canonical form (WHATWG URL `href`: lower-case host, `:443` dropped), which
 * is what is stored and what the server connects to, so a check and the request read one parse.
 */
export const ZPushEndpoint = z
  .string({ error: PUSH_MSG.endpointRequired })
  .min(1, PUSH_MSG.endpointRequired)
  .max(PUSH_LIMITS.endpointMax, PUSH_MSG.endpointTooLong)
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || url.protocol !== 'https:' || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: PUSH_MSG.endpointNotHttps });
      return z.NEVER;
    }
    if (url.port !== '' || url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: PUSH_MSG.endpointPlain });
      return z.NEVER;
    }
    return url.href;
  });

/** Padding dropped, so one key is stored one way. */
const key = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .regex(pattern, message)
    .transform((v) => v.replace(/=+$/, ''));

/** The browser's `PushSubscription.toJSON()`; its expirationTime (always null today) is not kept. */
export const ZPushSubscription = z.object({
  endpoint: ZPushEndpoint,
  keys: z.object(
    {
      p256dh: key(P256DH_PATTERN, PUSH_MSG.p256dh),
      auth: key(AUTH_PATTERN, PUSH_MSG.auth),
    },
    { error: PUSH_MSG.p256dh },
  ),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** 201 answer: the endpoint as stored, and how many devices the member now has. */
export const ZPushSubscriptionSaved = z.object({ endpoint: z.string(), devices: z.number() });
export type TPushSubscriptionSaved = z.infer<typeof ZPushSubscriptionSaved>;

export const ZPushUnsubscribe = z.object({ endpoint: ZPushEndpoint });
export type TPushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

/** The applicationServerKey a browser subscribes with: base64url of an uncompressed P-256 point. */
export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

// ---- Endpoints ----

/** Anyone: the key is public, and a page may ask before the member signs in. */
export const getPushPublicKey = endpoint({
  method: 'GET',
  path: '/api/push/public-key',
  responses: { 200: ZPushPublicKey },
  errors: [],
});

/**
 * A verified member's device: stored, or, for an endpoint already known (the same browser, perhaps
 * another member before), updated and made this member's. 400 for an endpoint off the push services.
 */
export const subscribePush = endpoint({
  method: 'POST',
  path: '/api/push/subscriptions',
  body: ZPushSubscription,
  responses: { 201: ZPushSubscriptionSaved },
  errors: [400, 401, 403, 429],
});

/** Forgets one of the caller's devices; anyone else's, or an unknown endpoint, is 404. */
export const unsubscribePush = endpoint({
  method: 'DELETE',
  path: '/api/push/subscriptions',
  body: ZPushUnsubscribe,
  responses: { 204: null },
  errors: [400, 401, 404, 429],
});
