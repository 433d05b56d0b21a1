import { z } from 'zod';
import { EMAIL_MAX } from '../rules/auth.ts';
import { SUPPORT_LIMITS, SUPPORT_MSG, TICKET_STATUSES } from '../rules/support.ts';
import { endpoint } from './endpoint.ts';

// Support tickets (docs/API.md "Support"): the /support contact form and the admin support screen.
// Server and client validate with the same schemas and messages (limits and messages: rules/support.ts).

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

export const ZTicketStatus = z.enum(TICKET_STATUSES);
export type TTicketStatus = z.infer<typeof ZTicketStatus>;

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

/** The contact form: anyone; a signed-in member's ticket is linked to the account. */
export const sendSupportMessage = endpoint({
  method: 'POST',
  path: '/api/support',
  body: ZSupportRequest,
  responses: { 201: ZSupportResponse },
  errors: [400, 429],
});

/** The admin support desk: one status's tickets, newest activity first. */
export const listTickets = endpoint({
  method: 'GET',
  path: '/api/admin/support',
  query: ZTicketListQuery,
  responses: { 200: ZTicketList },
  errors: [400, 401, 403],
});

/** One ticket with its replies and notes. */
export const getTicket = endpoint({
  method: 'GET',
  path: '/api/admin/support/:id',
  params: ZTicketParams,
  responses: { 200: ZTicketDetail },
  errors: [400, 401, 403, 404],
});

/** An admin's reply: stored, the ticket answered, mailed to the sender; answers the whole ticket. */
export const replyToTicket = endpoint({
  method: 'POST',
  path: '/api/admin/support/:id/reply',
  params: ZTicketParams,
  body: ZTicketReplyRequest,
  responses: { 200: ZTicketDetail },
  errors: [400, 401, 403, 404],
});

/** An internal note (never mailed); answers the whole ticket. */
export const addTicketNote = endpoint({
  method: 'POST',
  path: '/api/admin/support/:id/notes',
  params: ZTicketParams,
  body: ZTicketNoteRequest,
  responses: { 200: ZTicketDetail },
  errors: [400, 401, 403, 404],
});

/** Closes a ticket (409 when it is closed already). */
export const closeTicket = endpoint({
  method: 'POST',
  path: '/api/admin/support/:id/close',
  params: ZTicketParams,
  responses: { 200: ZTicketDetail },
  errors: [400, 401, 403, 404, 409],
});

/** Reopens a closed ticket (409 for any other). */
export const reopenTicket = endpoint({
  method: 'POST',
  path: '/api/admin/support/:id/reopen',
  params: ZTicketParams,
  responses: { 200: ZTicketDetail },
  errors: [400, 401, 403, 404, 409],
});
