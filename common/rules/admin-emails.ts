import { AVATAR_KEYS } from '../avatars.ts';

// The mail outbox's and announcements' limits and messages (docs/API.md "Admin: emails and
// announcements"), without zod, for the admin screens (the schemas are in contracts/admin-emails.ts).

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/** Outbox rows per page. */
export const OUTBOX_PAGE = 50;

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
} as const;

/** Who an announcement goes to: every verified member, or one role. */
export const ANNOUNCEMENT_AUDIENCES = ['all', ...AVATAR_KEYS] as [string, ...string[]];
