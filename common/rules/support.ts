// Support tickets' limits and messages (docs/API.md "Support"), without zod, for the contact form
// and the admin support desk (the schemas are in contracts/support.ts).

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

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;

/** Tickets per page of the admin support desk. */
export const TICKETS_PAGE = 50;
