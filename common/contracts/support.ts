import { z } from 'zod';
import { EMAIL_MAX } from '../constants.ts';

// Support tickets (docs/API.md "Support"): the /support contact form and the admin support screen.
// Server and client validate with the same schemas and messages.

export const SUPPORT_LIMITS = {
  nameMax: 100,
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  entryMax: 10_000,
  /** Contact-form messages per IP address per hour. */
  perIpPerHour: 5,
} as const;

export const SUPPORT_MSG = {
  nameRequired: 'Please enter your name',
  nameMax: `Name must be at most ${SUPPORT_LIMITS.nameMax} characters`,
  invalidEmail: 'Invalid email address',
  subjectMin: `Subject must be at least ${SUPPORT_LIMITS.subjectMin} characters`,
  subjectMax: `Subject must be at most ${SUPPORT_LIMITS.subjectMax} characters`,
  messageMin: `Message must be at least ${SUPPORT_LIMITS.messageMin} characters`,
  messageMax: `Message must be at most ${SUPPORT_LIMITS.messageMax} characters`,
  received: "Thanks — we've received your message and will reply by email.",
  rateLimited: "You've sent several messages in the last hour. Please wait a while before sending another — we will reply to the ones we have.",
  ticketNotFound: 'Ticket not found',
  replyRequired: 'Write a reply before sending',
  noteRequired: 'Write a note before saving',
  entryMax: `Must be at most ${SUPPORT_LIMITS.entryMax} characters`,
  alreadyClosed: 'This ticket is already closed',
  notClosed: 'Only a closed ticket can be reopened',
} as const;

const text = (min: number, max: number, minMsg: string, maxMsg: string) =>
  z.string({ error: minMsg }).trim().min(min, minMsg).max(max, maxMsg);

export const ZSupportRequest = z.object({
  name: text(1, SUPPORT_LIMITS.nameMax, SUPPORT_MSG.nameRequired, SUPPORT_MSG.nameMax),
  email: z
    .string({ error: SUPPORT_MSG.invalidEmail })
    .trim()
    .max(EMAIL_MAX, SUPPORT_MSG.invalidEmail)
    .pipe(z.email({ error: SUPPORT_MSG.invalidEmail })),
  subject: text(SUPPORT_LIMITS.subjectMin, SUPPORT_LIMITS.subjectMax, SUPPORT_MSG.subjectMin, SUPPORT_MSG.subjectMax),
  message: text(SUPPORT_LIMITS.messageMin, SUPPORT_LIMITS.messageMax, SUPPORT_MSG.messageMin, SUPPORT_MSG.messageMax),
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

/** 201 answer of POST /api/support: the ticket number and the text the form shows. */
export const ZSupportResponse = z.object({ id: z.number(), message: z.string() });
export type TSupportResponse = z.infer<typeof ZSupportResponse>;

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

export const TICKETS_PAGE = 50;

export const ZTicketListQuery = z.object({
  status: ZTicketStatus.catch('open').default('open'),
  page: z.coerce.number().int().catch(1).default(1).transform((p) => Math.max(1, p)),
});
export type TTicketListQuery = z.infer<typeof ZTicketListQuery>;

export const ZTicketSummary = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  status: ZTicketStatus,
  /** The member who sent it when signed in, else null (a guest). */
  user: z.object({ id: z.number(), username: z.string() }).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZTicketCounts = z.object({ open: z.number(), answered: z.number(), closed: z.number() });
export type TTicketCounts = z.infer<typeof ZTicketCounts>;

/** GET /api/admin/support: newest activity first. */
export const ZTicketList = z.object({
  tickets: z.array(ZTicketSummary),
  counts: ZTicketCounts,
  page: z.number(),
  hasMore: z.boolean(),
});
export type TTicketList = z.infer<typeof ZTicketList>;

export const ZTicketEntry = z.object({
  id: z.number(),
  /** reply: mailed to the sender; note: internal, never mailed. */
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author: z.object({ id: z.number(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TTicketEntry = z.infer<typeof ZTicketEntry>;

export const ZTicketDetail = ZTicketSummary.extend({
  message: z.string(),
  closedAt: z.string().nullable(),
  entries: z.array(ZTicketEntry),
});
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

export const ZTicketParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZTicketReplyRequest = z.object({
  body: text(1, SUPPORT_LIMITS.entryMax, SUPPORT_MSG.replyRequired, SUPPORT_MSG.entryMax),
});
export const ZTicketNoteRequest = z.object({
  body: text(1, SUPPORT_LIMITS.entryMax, SUPPORT_MSG.noteRequired, SUPPORT_MSG.entryMax),
});
export type TTicketEntryRequest = { body: string };
