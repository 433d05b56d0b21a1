// Web Push subscriptions' limits and messages (docs/API.md "Push"), without zod, for the client that
// will subscribe and the schemas in contracts/push.ts.

export const PUSH_LIMITS = {
  /** Push services' endpoints are a few hundred characters; anything far longer is not one. */
  endpointMax: 2048,
  /**
   * Devices one member keeps: a new one past this replaces their least recently subscribed (a phone
   * reinstalled many times leaves dead subscriptions behind until a push service says 410).
   */
  devicesPerMember: 10,
} as const;

/** base64url (RFC 4648 §5), padding optional, as browsers' PushSubscription.toJSON() gives the keys. */
export const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/;
export const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}(?:==)?$/;

export const PUSH_MSG = {
  endpointRequired: 'The push subscription has no endpoint',
  endpointTooLong: `The push endpoint must be at most ${PUSH_LIMITS.endpointMax} characters`,
  endpointNotHttps: 'The push endpoint must be an https:// address',
  endpointPlain: 'The push endpoint must be an https:// address on the default port, without a user name or password',
  endpointHost: "This browser's push service is not one we send to, so notifications cannot be turned on here",
  p256dh: 'The subscription key p256dh must be a P-256 public key: 65 bytes (uncompressed point) in base64url',
  p256dhNotOnCurve: 'The subscription key p256dh is not a point on the P-256 curve',
  auth: 'The subscription key auth must be 16 bytes in base64url',
  notFound: 'No such push subscription on your account',
} as const;
