import { z } from 'zod';
import { MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MSG } from '../rules/maintenance.ts';
import { endpoint } from './endpoint.ts';

// Maintenance mode (spec §2 Landing banner, §3 Maintenance status, §7 GET /api/maintenance/status
// polled 30 s; docs/API.md "Maintenance"). Its limits and messages are in rules/maintenance.ts.

/** Spec §3 Maintenance status; `message` is the admin's text for the banner ('' for the default text). */
export const ZMaintenanceStatus = z.object({ maintenanceMode: z.boolean(), message: z.string() });
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

/** PUT /api/admin/maintenance. */
export const ZMaintenanceUpdateRequest = z.object({
  maintenanceMode: z.boolean({ error: MAINTENANCE_MSG.modeRequired }),
  message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MSG.messageMax).default(''),
});
export type TMaintenanceUpdateRequest = z.input<typeof ZMaintenanceUpdateRequest>;

/** The switch and its message, for everyone (the banner polls it). */
export const getMaintenanceStatus = endpoint({
  method: 'GET',
  path: '/api/maintenance/status',
  responses: { 200: ZMaintenanceStatus },
  errors: [400],
});

/** An admin switches maintenance on or off, with the banner's message; audited. */
export const setMaintenanceMode = endpoint({
  method: 'PUT',
  path: '/api/admin/maintenance',
  body: ZMaintenanceUpdateRequest,
  responses: { 200: ZMaintenanceStatus },
  errors: [400, 401, 403],
});
