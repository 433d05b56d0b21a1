import { z } from 'zod';
import { AVATAR_KEYS } from '../avatars.ts';
import { CODE_LENGTH, MSG, PASSWORD_MAX } from '../rules/auth.ts';
import { DIRECTORY_QUERY_MAX, DIRECTORY_SORTS, directorySearchMode, MEMBERS_MSG, STATUS_MAX } from '../rules/members.ts';
import { ZCourierFacts, ZCourierNetwork, ZCourierVehicle, ZPostcodeArea, ZVerifiedBadge } from './courier.ts';
import { ZMessage, ZPassword, ZRegisterRequest, ZResendVerificationRequest, ZUser } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { ZListPostsQuery, ZPostList } from './forum.ts';

// Members: own profile, onboarding, password and email change, data export, account deletion, public
// profiles and the member directory (docs/API.md "Members"). Server and client validate with these;
// their limits and messages are common/rules/members.ts.

export const ZAvatarKey = z.enum(AVATAR_KEYS, { error: MEMBERS_MSG.chooseAvatar });

/** Trimmed; empty clears it. */
export const ZStatusText = z
  .string({ error: MEMBERS_MSG.statusMax })
  .trim()
  .max(STATUS_MAX, MEMBERS_MSG.statusMax);

/** Absent fields are left as they are; at least one field must be sent. */
export const ZUpdateProfileRequest = z
  .object({
    firstName: ZRegisterRequest.shape.firstName.optional(),
    lastName: ZRegisterRequest.shape.lastName.optional(),
    avatar: ZAvatarKey.optional(),
    statusText: ZStatusText.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: MEMBERS_MSG.nothingToUpdate });
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** Skipping onboarding sends `{}`: the member is then onboarded with the avatar and status they have. */
export const ZOnboardingRequest = z.object({
  avatar: ZAvatarKey.optional(),
  statusText: ZStatusText.optional(),
});
export type TOnboardingRequest = z.infer<typeof ZOnboardingRequest>;

const confirmPassword = z
  .string({ error: MEMBERS_MSG.confirmPassword })
  .min(1, MEMBERS_MSG.confirmPassword)
  .max(PASSWORD_MAX, MEMBERS_MSG.confirmPassword);

export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: MEMBERS_MSG.currentPasswordRequired })
    .min(1, MEMBERS_MSG.currentPasswordRequired)
    .max(PASSWORD_MAX, MEMBERS_MSG.currentPasswordRequired),
  newPassword: ZPassword,
  // Every other session of the member always ends; the one making the call stays signed in. (An old
  // client's `signOutOtherSessions` is dropped like any unknown field.)
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The change-password form adds confirmPassword, checked here and never sent. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: MSG.passwordsDontMatch, path: ['confirmPassword'] },
);
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

export const ZChangeEmailRequest = z.object({
  newEmail: ZResendVerificationRequest.shape.email,
  password: confirmPassword,
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const ZChangeEmailResponse = z.object({ message: z.string(), pendingEmail: z.string() });
export type TChangeEmailResponse = z.infer<typeof ZChangeEmailResponse>;

export const ZVerifyEmailChangeRequest = z.object({
  code: z.string({ error: MSG.codeFormat }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), MSG.codeFormat),
});
export type TVerifyEmailChangeRequest = z.infer<typeof ZVerifyEmailChangeRequest>;

export const ZDeleteAccountRequest = z.object({ password: confirmPassword });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** GET /api/profile: the user of /api/auth/user plus an email change waiting for its code. */
export const ZProfile = ZUser.extend({ pendingEmail: z.string().nullable() });
export type TProfile = z.infer<typeof ZProfile>;

/**
 * GET /api/profile/trust (issue 28): the member's trust level, what it allows, and what the next one
 * needs (each requirement with what the member has now and whether it is met). `next` is null at the
 * top level, for admins and moderators (held to the top level's allowances), and when an admin pinned
 * the level. `computedAt`: when the hourly job last computed it (null: not yet).
 */
export const ZTrustStatus = z.object({
  level: z.number().int(),
  name: z.string(),
  pinned: z.boolean(),
  staff: z.boolean(),
  allows: z.array(z.string()),
  next: z
    .object({
      level: z.number().int(),
      name: z.string(),
      needs: z.array(z.object({ label: z.string(), have: z.number(), met: z.boolean() })),
    })
    .nullable(),
  computedAt: z.string().nullable(),
});
export type TTrustStatus = z.infer<typeof ZTrustStatus>;

/** GET /api/users/:username. joinedDate is ISO 8601; counts are of posts and comments not deleted. */
export const ZPublicProfile = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string(),
  statusText: z.string(),
  joinedDate: z.string(),
  postCount: z.number(),
  commentCount: z.number(),
  /** Issue 18: a moderator's profile shows a "Moderator" badge (admins are not singled out). Always sent. */
  isModerator: z.boolean().optional(),
  /** Issue 32: the courier profile's fields shown to this reader (a verified member: `members` and `everyone`; else `everyone` only). */
  courier: ZCourierFacts.optional(),
  /** Issue 32: the verified courier badge; absent when none. */
  verified: ZVerifiedBadge.optional(),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

export const ZDirectorySort = z.enum(DIRECTORY_SORTS, { error: MEMBERS_MSG.sortInvalid });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * GET /api/directory/users query. q is trimmed; blank is no filter; see directorySearchMode. page and
 * limit work as in the forum list.
 */
export const ZDirectoryQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string()
      .max(DIRECTORY_QUERY_MAX, MEMBERS_MSG.queryTooLong)
      .refine((q) => directorySearchMode(q) !== null, MEMBERS_MSG.queryStart)
      .optional(),
  ),
  sort: z.preprocess((v) => (v === '' ? undefined : v), ZDirectorySort.default('username')),
  /** Issue 32: members who show (to members) that they work for this network, live in this postcode area, drive this vehicle. */
  network: z.preprocess(blankToUndefined, ZCourierNetwork.optional()),
  area: z.preprocess(blankToUndefined, ZPostcodeArea.optional()),
  vehicle: z.preprocess(blankToUndefined, ZCourierVehicle.optional()),
  page: ZListPostsQuery.shape.page,
  limit: ZListPostsQuery.shape.limit,
});
export type TDirectoryQuery = z.infer<typeof ZDirectoryQuery>;

/** Spec §3 Directory user. joinedDate is ISO 8601 (the client shows month and year). */
export const ZDirectoryUser = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string(),
  statusText: z.string(),
  joinedDate: z.string(),
  /** Issue 32: what the member shows members of their courier profile; absent when nothing. */
  courier: ZCourierFacts.optional(),
  verified: ZVerifiedBadge.optional(),
});
export type TDirectoryUser = z.infer<typeof ZDirectoryUser>;

/**
 * totalCount: members matching q, at most DIRECTORY_MAX_RESULTS (without q: every listed member, as
 * verifiedCount). verifiedCount: every listed member ("Showing X of Y verified members"); it may lag by
 * up to a minute (docs/API.md "Directory").
 */
export const ZDirectoryResponse = z.object({
  users: z.array(ZDirectoryUser),
  totalCount: z.number(),
  verifiedCount: z.number(),
  hasMore: z.boolean(),
});
export type TDirectoryResponse = z.infer<typeof ZDirectoryResponse>;

export const ZUsernameParams = z.object({ username: z.string().max(100) });
export const ZMemberPostsQuery = ZListPostsQuery.pick({ page: true, limit: true });

// ---- Endpoints ----
// Every one is for a signed-in member (401 for a guest, and for a suspended or deleted account).
// 400 also where nothing is read: a query string or body the app refuses before the route (text that
// cannot be stored, malformed JSON).
// 429: the per-address limit of a route that checks a password or mails a code, and the sign-in
// failure limits a wrong current password counts toward.

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/profile',
  responses: { 200: ZProfile },
  errors: [400, 401],
});

/** Issue 28: the member's trust level (settings). */
export const getTrustStatus = endpoint({
  method: 'GET',
  path: '/api/profile/trust',
  responses: { 200: ZTrustStatus },
  errors: [400, 401],
});

export const updateProfile = endpoint({
  method: 'PATCH',
  path: '/api/profile',
  body: ZUpdateProfileRequest,
  responses: { 200: ZUser },
  errors: [400, 401],
});

export const completeOnboarding = endpoint({
  method: 'POST',
  path: '/api/onboarding',
  body: ZOnboardingRequest,
  responses: { 200: ZUser },
  errors: [400, 401],
});

/** Every other session of the member ends; this one stays signed in. */
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/profile/password',
  body: ZChangePasswordRequest,
  responses: { 200: ZMessage },
  errors: [400, 401, 429],
});

/** "Sign out everywhere": every session of the member but this one ends. */
export const endOtherSessions = endpoint({
  method: 'POST',
  path: '/api/profile/sessions/end-others',
  responses: { 200: ZMessage },
  errors: [400, 401, 429],
});

/** Step 1 of an email change: a code goes to the new address (409: the address has an account). */
export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/profile/email',
  body: ZChangeEmailRequest,
  responses: { 200: ZChangeEmailResponse },
  errors: [400, 401, 409, 429],
});

/** Step 2: the code switches the address; the member's other sessions end. */
export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/profile/email/verify',
  body: ZVerifyEmailChangeRequest,
  responses: { 200: ZUser },
  errors: [400, 401, 409, 429],
});

/** The member's own deletion, confirmed by password; the session cookie is cleared. */
export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/profile',
  body: ZDeleteAccountRequest,
  responses: { 200: ZMessage },
  errors: [400, 401, 429],
});

/**
 * Everything of the member as a JSON file to save (an attachment named by Content-Disposition;
 * server/modules/members TDataExport): the client reads the raw response, so no schema.
 */
export const exportMyData = endpoint({
  method: 'GET',
  path: '/api/auth/me/export',
  responses: { 200: null },
  errors: [400, 401, 429],
});

export const getPublicProfile = endpoint({
  method: 'GET',
  path: '/api/users/:username',
  params: ZUsernameParams,
  responses: { 200: ZPublicProfile },
  errors: [400, 401, 404],
});

/** Their live posts, newest first, in the forum list's shape. */
export const listMemberPosts = endpoint({
  method: 'GET',
  path: '/api/users/:username/posts',
  params: ZUsernameParams,
  query: ZMemberPostsQuery,
  responses: { 200: ZPostList },
  errors: [400, 401, 404],
});

/** The member directory (403: the member's address is not verified yet). */
export const listDirectoryUsers = endpoint({
  method: 'GET',
  path: '/api/directory/users',
  query: ZDirectoryQuery,
  responses: { 200: ZDirectoryResponse },
  errors: [400, 401, 403],
});
