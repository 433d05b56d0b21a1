import { z } from 'zod';
import { ADMIN_REASON_MAX, MEMBER_STATUSES } from '../rules/members.ts';
import { MEMBER_ROLES, ROLE_MSG, SUSPENSION_DURATION_KEYS } from '../rules/roles.ts';
import { TRUST_MSG } from '../rules/trust.ts';
import { endpoint } from './endpoint.ts';

// Admin dashboard, members and audit log (issue 7; docs/API.md "Admin: dashboard, members, audit log").
// Every /api/admin/* call here is for admins only (401 for guests, 403 for everyone else), but chat
// suspensions and short site suspensions, which moderators share on members (issues 18, 28).

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
  /** Issue 32: written anonymously, the label shown instead of the author (who is then null). */
  anonymousAs: z.string().optional(),
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
  /**
   * DATA_DIR's disk as the server last read it (every few seconds): `reserveBytes` kept back for the
   * site (DISK_RESERVE_MB / DISK_RESERVE_PERCENT), `databaseRoomBytes` for the embedded database
   * (0 on PostgreSQL); `writable` false while writes answer 507.
   */
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), reserveBytes: z.number(), databaseRoomBytes: z.number(), writable: z.boolean() }),
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
  /** Issue 18: the moderator role (an admin's is isAdmin). */
  isModerator: z.boolean(),
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
  /** A timed suspension's end (null: until an admin lifts it, or not suspended). */
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  chatSuspendedAt: z.string().nullable(),
  onboarded: z.boolean(),
  postCount: z.number(),
  commentCount: z.number(),
  /** Sessions that are still live. */
  activeSessions: z.number(),
  /** The latest activity recorded on any of the member's sessions (null: never signed in or none left). */
  lastSeenAt: z.string().nullable(),
  /** Issue 28: the member's trust level. */
  trust: z.object({
    /** The level in force: the pin if there is one, else the computed one (admins and moderators are held to 3's allowances whatever it says). */
    level: z.number().int(),
    /** What the hourly job last computed from the member's activity. */
    computed: z.number().int(),
    /** An admin's pin (null: the level follows activity). */
    pinned: z.number().int().nullable(),
    /** When the job last computed or confirmed it (null: not yet). */
    computedAt: z.string().nullable(),
  }),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

/** PUT /api/admin/members/:id/trust-level: pin the member's trust level (0 to 3), or null to unpin it. */
export const ZTrustLevelBody = z.object({
  level: z
    .number({ error: TRUST_MSG.levelInvalid })
    .int({ error: TRUST_MSG.levelInvalid })
    .min(0, { error: TRUST_MSG.levelInvalid })
    .max(3, { error: TRUST_MSG.levelInvalid })
    .nullable(),
});
export type TTrustLevelBody = z.infer<typeof ZTrustLevelBody>;

// Issue 28: what a moderator hears back from a change to a member: the change, never the admin record
// (addresses, sessions, last seen stay admins'). An admin's answer is the detail, as before.

export const ZModeratorChatChange = z.object({ id: z.number(), username: z.string(), chatSuspended: z.boolean() });
export type TModeratorChatChange = z.infer<typeof ZModeratorChatChange>;

export const ZModeratorSuspensionChange = z.object({
  id: z.number(),
  username: z.string(),
  suspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type TModeratorSuspensionChange = z.infer<typeof ZModeratorSuspensionChange>;

export const ZMemberIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Optional note kept in the audit log with a suspension. */
export const ZAdminReasonBody = z
  .object({ reason: z.string().trim().max(ADMIN_REASON_MAX, `Reason must be at most ${ADMIN_REASON_MAX} characters`).optional() })
  .nullish();
export type TAdminReasonBody = z.infer<typeof ZAdminReasonBody>;

/** A site suspension (issue 18): how long (default until lifted) and the reason the member is shown at sign-in. */
export const ZSuspendBody = z
  .object({
    reason: z.string().trim().max(ADMIN_REASON_MAX, `Reason must be at most ${ADMIN_REASON_MAX} characters`).optional(),
    duration: z.enum(SUSPENSION_DURATION_KEYS, { error: "Duration must be '1d', '7d', '30d' or 'indefinite'" }).default('indefinite'),
  })
  .nullish();
export type TSuspendBody = z.input<typeof ZSuspendBody>;

/** PUT /api/admin/members/:id/role: the moderator role, granted or removed (admins: their own routes). */
export const ZRoleBody = z.object({ role: z.enum(MEMBER_ROLES, { error: ROLE_MSG.roleInvalid }) });
export type TRoleBody = z.infer<typeof ZRoleBody>;

export const ZAdminMessage = z.object({ message: z.string() });

// Member endpoints. 400: a malformed id (or query, or reason); 404: no such live member. An action
// answers the member's fresh detail.

export const listMembers = endpoint({
  method: 'GET',
  path: '/api/admin/members',
  query: ZAdminMembersQuery,
  responses: { 200: ZAdminMemberList },
  errors: [400, 401, 403],
});

export const getMember = endpoint({
  method: 'GET',
  path: '/api/admin/members/:id',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404],
});

// An admin's answer first: the serializer keeps the first shape that fits, and only the detail has
// every field of the detail.
const ZChatChangeAnswer = z.union([ZAdminMemberDetail, ZModeratorChatChange]);

/** Spec §4: the member may no longer chat (their open pages hear of it at once). Admins and moderators (issue 28: a moderator on members only, answered the change). */
export const suspendMemberChat = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/chat-suspension',
  params: ZMemberIdParams,
  body: ZAdminReasonBody,
  responses: { 200: ZChatChangeAnswer },
  errors: [400, 401, 403, 404],
});

export const liftMemberChatSuspension = endpoint({
  method: 'DELETE',
  path: '/api/admin/members/:id/chat-suspension',
  params: ZMemberIdParams,
  responses: { 200: ZChatChangeAnswer },
  errors: [400, 401, 403, 404],
});

/**
 * Every session of the member ends and sign-in is refused (409: the admin's own account). Issue 28: a
 * moderator too, on members only, for 1 or 7 days with a reason (403 longer or shortening, 400 no reason),
 * answered the change.
 */
export const suspendMember = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/suspension',
  params: ZMemberIdParams,
  body: ZSuspendBody,
  responses: { 200: z.union([ZAdminMemberDetail, ZModeratorSuspensionChange]) },
  errors: [400, 401, 403, 404, 409],
});

export const unsuspendMember = endpoint({
  method: 'DELETE',
  path: '/api/admin/members/:id/suspension',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404],
});

export const grantAdmin = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/admin',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404],
});

/** Issue 18: 'member' or 'moderator' (409: the member is an admin; admins are never demoted through it). */
export const setMemberRole = endpoint({
  method: 'PUT',
  path: '/api/admin/members/:id/role',
  params: ZMemberIdParams,
  body: ZRoleBody,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404, 409],
});

/** Issue 28: an admin pins the member's trust level (audited), or unpins it with null. */
export const setMemberTrustLevel = endpoint({
  method: 'PUT',
  path: '/api/admin/members/:id/trust-level',
  params: ZMemberIdParams,
  body: ZTrustLevelBody,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404],
});

/** 409: the last admin. */
export const revokeAdmin = endpoint({
  method: 'DELETE',
  path: '/api/admin/members/:id/admin',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMemberDetail },
  errors: [400, 401, 403, 404, 409],
});

/** A fresh sign-up code (409: already verified; 429: the member's own resend limits). */
export const resendMemberVerification = endpoint({
  method: 'POST',
  path: '/api/admin/members/:id/resend-verification',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404, 409, 429],
});

/** The anonymising deletion of a member's own (409: the admin's own account, or the last admin). */
export const deleteMember = endpoint({
  method: 'DELETE',
  path: '/api/admin/members/:id',
  params: ZMemberIdParams,
  responses: { 200: ZAdminMessage },
  errors: [400, 401, 403, 404, 409],
});

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

/** The dashboard's figures, recent sign-ups and posts, and the maintenance switch. */
export const getDashboard = endpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  responses: { 200: ZDashboard },
  errors: [400, 401, 403],
});

/** The audit log, newest first, optionally of one target. */
export const listAuditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  query: ZAuditQuery,
  responses: { 200: ZAuditPage },
  errors: [400, 401, 403],
});
