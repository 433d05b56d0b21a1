import { z } from 'zod';
import { AVATAR_KEYS } from '../avatars.ts';

// Admin: the mail outbox and announcements (docs/API.md "Admin: emails and announcements"), and the
// unsubscribe link every announcement carries.

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const ZEmailStatus = z.enum(EMAIL_STATUSES);
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

export const OUTBOX_PAGE = 50;

export const ZOutboxQuery = z.object({
  status: ZEmailStatus.optional().catch(undefined),
  /** The last id of the previous page (rows come newest first). */
  cursor: z.coerce.number().int().positive().optional().catch(undefined),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

/** An outbox row without its body: bodies hold verification codes and reset links. */
export const ZOutboxEmail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: ZEmailStatus,
  attempts: z.number(),
  error: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const ZOutboxList = z.object({
  emails: z.array(ZOutboxEmail),
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.number().nullable(),
});
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const ZEmailParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ANNOUNCEMENT_LIMITS = { subjectMin: 3, subjectMax: 150, bodyMax: 20_000 } as const;

export const EMAILS_MSG = {
  emailNotFound: 'Email not found',
  onlyFailedRetry: 'Only a failed email can be retried',
  subjectMin: `Subject must be at least ${ANNOUNCEMENT_LIMITS.subjectMin} characters`,
  subjectMax: `Subject must be at most ${ANNOUNCEMENT_LIMITS.subjectMax} characters`,
  bodyRequired: 'Write the announcement before saving',
  bodyMax: `The announcement must be at most ${ANNOUNCEMENT_LIMITS.bodyMax.toLocaleString('en-GB')} characters`,
  audienceInvalid: "Choose 'All verified members' or one role",
  announcementNotFound: 'Announcement not found',
  notDraft: 'This announcement has already been sent',
  noRecipients: 'Nobody would receive this announcement: no verified member in this audience has mail turned on',
  unsubscribeInvalid: 'This unsubscribe link is invalid. Open the link from the email again, or contact support.',
  unsubscribed: 'You are unsubscribed: you will no longer receive announcements from us. Emails about your account (codes, password resets, replies to your support messages) still arrive.',
} as const;

export const ANNOUNCEMENT_AUDIENCES = ['all', ...AVATAR_KEYS] as [string, ...string[]];
export const ZAudience = z.enum(ANNOUNCEMENT_AUDIENCES, { error: EMAILS_MSG.audienceInvalid });

export const ZAnnouncementCreate = z.object({
  subject: z
    .string({ error: EMAILS_MSG.subjectMin })
    .trim()
    .min(ANNOUNCEMENT_LIMITS.subjectMin, EMAILS_MSG.subjectMin)
    .max(ANNOUNCEMENT_LIMITS.subjectMax, EMAILS_MSG.subjectMax),
  body: z.string({ error: EMAILS_MSG.bodyRequired }).trim().min(1, EMAILS_MSG.bodyRequired).max(ANNOUNCEMENT_LIMITS.bodyMax, EMAILS_MSG.bodyMax),
  audience: ZAudience,
});
export type TAnnouncementCreate = z.infer<typeof ZAnnouncementCreate>;

export const ZAnnouncementStatus = z.enum(['draft', 'sending', 'sent']);

export const ZAnnouncement = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  audience: z.string(),
  /** 'All verified members' or the role's label. */
  audienceLabel: z.string(),
  status: ZAnnouncementStatus,
  sentCount: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZAnnouncementList = z.object({ announcements: z.array(ZAnnouncement) });
export type TAnnouncementList = z.infer<typeof ZAnnouncementList>;

/** The mail as the first recipient would get it, and how many would get it now. */
export const ZAnnouncementPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  recipientCount: z.number(),
});
export type TAnnouncementPreview = z.infer<typeof ZAnnouncementPreview>;

export const ZUnsubscribeRequest = z.object({ token: z.string({ error: EMAILS_MSG.unsubscribeInvalid }).max(200, EMAILS_MSG.unsubscribeInvalid) });
