import { z } from 'zod';

// Maintenance mode (spec §2 Landing banner, §3 Maintenance status, §7 GET /api/maintenance/status
// polled 30 s; docs/API.md "Maintenance").

export const MAINTENANCE_MESSAGE_MAX = 500;
/** Seconds sent as Retry-After with the 503 a write gets while maintenance is on. */
export const MAINTENANCE_RETRY_AFTER_S = 30;

export const MAINTENANCE_MSG = {
  messageMax: `Message must be at most ${MAINTENANCE_MESSAGE_MAX} characters`,
  modeRequired: 'maintenanceMode must be true or false',
  /** The answer to a write while maintenance is on; '{product}' is the configured APP_NAME. */
  writesPaused: (product: string) => `${product} is under maintenance. Please try again shortly.`,
} as const;

/** Spec §3 Maintenance status; `message` is the admin's text for the banner ('' for the default text). */
export const ZMaintenanceStatus = z.object({ maintenanceMode: z.boolean(), message: z.string() });
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

/** PUT /api/admin/maintenance. */
export const ZMaintenanceUpdateRequest = z.object({
  maintenanceMode: z.boolean({ error: MAINTENANCE_MSG.modeRequired }),
  message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MSG.messageMax).default(''),
});
export type TMaintenanceUpdateRequest = z.input<typeof ZMaintenanceUpdateRequest>;
