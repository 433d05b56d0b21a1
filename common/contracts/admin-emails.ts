import { z } from 'zod';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LIMITS, EMAIL_STATUSES, EMAILS_MSG } from '../rules/admin-emails.ts';
import { endpoint } from './endpoint.ts';

// Admin: the mail outbox and announcements (docs/API.md "Admin: emails and announcements"). Limits and
// messages are in rules/admin-emails.ts; the unsubscribe link every announcement carries is the
// notification mail's (contracts/notification-mail.ts).

export const ZEmailStatus = z.enum(EMAIL_STATUSES);
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

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

/** The mail outbox, newest first, 50 a page, with the count of each status. */
export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/admin/emails',
  query: ZOutboxQuery,
  responses: { 200: ZOutboxList },
  errors: [400, 401, 403],
});

/** A failed mail back to pending, due now (409 for any other). */
export const retryEmail = endpoint({
  method: 'POST',
  path: '/api/admin/emails/:id/retry',
  params: ZEmailParams,
  responses: { 200: ZOutboxEmail },
  errors: [400, 401, 403, 404, 409],
});

/** The latest 100 announcements. */
export const listAnnouncements = endpoint({
  method: 'GET',
  path: '/api/admin/announcements',
  responses: { 200: ZAnnouncementList },
  errors: [400, 401, 403],
});

/** A draft announcement. */
export const createAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/announcements',
  body: ZAnnouncementCreate,
  responses: { 201: ZAnnouncement },
  errors: [400, 401, 403],
});

/** The mail as the admin would get it, and how many would get it now. */
export const previewAnnouncement = endpoint({
  method: 'GET',
  path: '/api/admin/announcements/:id/preview',
  params: ZEmailParams,
  responses: { 200: ZAnnouncementPreview },
  errors: [400, 401, 403, 404],
});

/** Draft → sending (409 once sent; 400 when nobody would receive it). */
export const sendAnnouncement = endpoint({
  method: 'POST',
  path: '/api/admin/announcements/:id/send',
  params: ZEmailParams,
  responses: { 200: ZAnnouncement },
  errors: [400, 401, 403, 404, 409],
});
