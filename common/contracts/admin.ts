import { z } from 'zod';

// Admin dashboard, members and audit log (issue 7; docs/API.md "Admin: dashboard, members, audit log").
// Every /api/admin/* call is for admins only (401 for guests, 403 for everyone else).

/** Members per page of GET /api/admin/members. */
export const ADMIN_MEMBERS_PAGE = 20;
/** Entries per page of GET /api/admin/audit-log. */
export const AUDIT_PAGE = 50;
export const ADMIN_REASON_MAX = 500;

export const ADMIN_MSG = {
  memberNotFound: 'Member not found',
  lastAdmin: 'The last admin cannot be removed',
  selfSuspend: 'You cannot suspend your own account',
  selfDelete: 'You cannot delete your own account from the admin area',
  alreadyVerified: 'This member has already verified their email',
  verificationSent: 'Verification code sent',
  memberDeleted: 'Member deleted',
  badCursor: 'Invalid cursor',
} as const;

export const MEMBER_STATUSES = ['all', 'unverified', 'suspended', 'chat_suspended', 'admins'] as const;
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export type TMemberStatus = z.infer<typeof ZMemberStatus>;

// ---- dashboard ----

export const ZRecentSignup = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
});

export const ZRecentPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  authorUsername: z.string().nullable(),
  categoryName: z.string().nullable(),
  commentCount: z.number(),
  createdAt: z.string(),
});

export const ZDashboard = z.object({
  members: z.object({ total: z.number(), newThisWeek: z.number(), verified: z.number() }),
  /** "today" is the Europe/London calendar day. */
  posts: z.object({ total: z.number(), today: z.number() }),
  comments: z.object({ total: z.number(), today: z.number() }),
  messages: z.object({ total: z.number() }),
  openSupportTickets: z.number(),
  openReports: z.number(),
  recentSignups: z.array(ZRecentSignup),
  recentPosts: z.array(ZRecentPost),
  maintenance: z.object({ maintenanceMode: z.boolean(), message: z.string() }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

// ---- members ----

export const ZAdminMembersQuery = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: ZMemberStatus.default('all'),
  page: z.coerce.number().int().catch(1).transform((n) => Math.max(1, n)).default(1),
});
export type TAdminMembersQuery = z.input<typeof ZAdminMembersQuery>;

export const ZAdminMember = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string(),
  verified: z.boolean(),
  suspended: z.boolean(),
  chatSuspended: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

export const ZAdminMemberList = z.object({
  members: z.array(ZAdminMember),
  totalCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type TAdminMemberList = z.infer<typeof ZAdminMemberList>;

export const ZAdminMemberDetail = ZAdminMember.extend({
  statusText: z.string(),
  emailVerifiedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  chatSuspendedAt: z.string().nullable(),
  onboarded: z.boolean(),
  postCount: z.number(),
  commentCount: z.number(),
  /** Sessions that are still live. */
  activeSessions: z.number(),
  /** The latest activity recorded on any of the member's sessions (null: never signed in or none left). */
  lastSeenAt: z.string().nullable(),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

export const ZMemberIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Optional note kept in the audit log with a suspension. */
export const ZAdminReasonBody = z
  .object({ reason: z.string().trim().max(ADMIN_REASON_MAX, `Reason must be at most ${ADMIN_REASON_MAX} characters`).optional() })
  .nullish();
export type TAdminReasonBody = z.infer<typeof ZAdminReasonBody>;

export const ZAdminMessage = z.object({ message: z.string() });

// ---- audit log ----

export const ZAuditQuery = z.object({
  cursor: z.string().max(100).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(40).optional(),
});

export const ZAuditEntry = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target member's username when the target is a user. */
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
export type TAuditPage = z.infer<typeof ZAuditPage>;
