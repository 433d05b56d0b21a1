import { z } from 'zod';

// Member reports on posts, comments and members (docs/API.md "Reports"). Admins work the queue
// through common/contracts/moderation.ts.

export const REPORT_TARGET_TYPES = ['post', 'comment', 'user'] as const;
export const ZReportTargetType = z.enum(REPORT_TARGET_TYPES, { error: 'Target type must be post, comment or user' });
export type TReportTargetType = z.infer<typeof ZReportTargetType>;

export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;
/** Reports one member may send in an hour. */
export const REPORTS_PER_HOUR = 10;

export const REPORT_MSG = {
  reasonMin: `Please tell us what is wrong (at least ${REPORT_REASON_MIN} characters)`,
  reasonMax: `Reason must be at most ${REPORT_REASON_MAX} characters`,
  targetId: 'Target id must be a positive whole number',
  sent: 'Report sent',
  duplicate: 'You have already reported this',
  self: 'You cannot report yourself or your own posts and comments',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  userNotFound: 'Member not found',
  tooMany: 'You have sent too many reports. Please try again later.',
} as const;

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
