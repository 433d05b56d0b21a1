// Maintenance mode's limits and messages (spec §2 Landing banner, §3 Maintenance status), without
// zod, for the admin's switch on the client (the schemas are in contracts/maintenance.ts).

export const MAINTENANCE_MESSAGE_MAX = 500;
/** Seconds sent as Retry-After with the 503 a write gets while maintenance is on. */
export const MAINTENANCE_RETRY_AFTER_S = 30;

export const MAINTENANCE_MSG = {
  messageMax: `Message must be at most ${MAINTENANCE_MESSAGE_MAX} characters`,
  modeRequired: 'maintenanceMode must be true or false',
  /** The answer to a write while maintenance is on; '{product}' is the configured APP_NAME. */
  writesPaused: (product: string) => `${product} is under maintenance. Please try again shortly.`,
  /** Beside every write control, and the banner's first line, while maintenance pauses a member's writes. */
  readOnly: (product: string) => `${product} is read-only during maintenance.`,
  /** The banner's word to an admin, whose writes still go through. */
  adminsWrite: 'Admins can still post and change settings.',
} as const;
