import { z } from 'zod';
import { REPORT_MSG, REPORT_REASON_MAX, REPORT_REASON_MIN, REPORT_TARGET_TYPES } from '../rules/reports.ts';
import { endpoint } from './endpoint.ts';

// Member reports on posts, comments, chat messages and members (docs/API.md "Reports"). Admins work the queue
// through common/contracts/moderation.ts. Limits and messages are in rules/reports.ts.

export const ZReportTargetType = z.enum(REPORT_TARGET_TYPES, { error: REPORT_MSG.targetType });
export type TReportTargetType = z.infer<typeof ZReportTargetType>;

/** POST /api/reports. */
export const ZCreateReportRequest = z.object({
  targetType: ZReportTargetType,
  targetId: z.number({ error: REPORT_MSG.targetId }).int(REPORT_MSG.targetId).min(1, REPORT_MSG.targetId).max(2_147_483_647, REPORT_MSG.targetId),
  reason: z
    .string({ error: REPORT_MSG.reasonMin })
    .trim()
    .min(REPORT_REASON_MIN, REPORT_MSG.reasonMin)
    .max(REPORT_REASON_MAX, REPORT_MSG.reasonMax),
});
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequest>;

export const ZCreateReportResponse = z.object({ id: z.number(), message: z.string() });
export type TCreateReportResponse = z.infer<typeof ZCreateReportResponse>;

/**
 * A verified member reports a post, comment, chat message or member to the admins. A message is
 * reported by a member of its conversation: for anyone else it is a 404, as a missing one.
 */
export const createReport = endpoint({
  method: 'POST',
  path: '/api/reports',
  body: ZCreateReportRequest,
  responses: { 201: ZCreateReportResponse },
  errors: [400, 401, 403, 404, 409, 429],
});
