import { z } from 'zod';
import { AVATAR_KEYS } from '../avatars.ts';
import { CODE_LENGTH, DIRECTORY_SORTS, PASSWORD_MAX } from '../constants.ts';
import { MSG, ZPassword, ZRegisterRequest, ZResendVerificationRequest, ZUser } from './auth.ts';
import { ZListPostsQuery } from './forum.ts';

// Members: own profile, onboarding, password and email change, data export, account deletion, public
// profiles and the member directory (docs/API.md "Members"). Server and client validate with these.

export const STATUS_MAX = 100;
export const DIRECTORY_QUERY_MAX = 100;
/** A directory search counts and reaches at most this many matches (docs/API.md "Directory"). */
export const DIRECTORY_MAX_RESULTS = 1000;

/**
 * How a directory search matches (case-insensitive, username or status text). With three letters or
 * digits in a row it matches anywhere ('hgv' finds 'Class 1 HGV'); shorter, it matches the start
 * ('jo' finds 'john_doe', not 'banjo'), which a trigram index can answer and "anywhere" cannot. A search
 * with neither (only punctuation, or punctuation first and no three in a row) is refused: null.
 */
export function directorySearchMode(q: string): 'contains' | 'prefix' | null {
  if (/[\p{L}\p{N}]{3}/u.test(q)) return 'contains';
  if (/^[\p{L}\p{N}]/u.test(q)) return 'prefix';
  return null;
}

export const MEMBERS_MSG = {
  statusMax: `Status must be at most ${STATUS_MAX} characters`,
  chooseAvatar: 'Please choose an avatar',
  /** Sent by the server only: the form cannot know. */
  currentPasswordIncorrect: 'Current password is incorrect',
  currentPasswordRequired: 'Enter your current password',
  confirmPassword: 'Enter your password to confirm',
  samePassword: 'The new password must be different from the current one',
  sameEmail: 'This is already your email address',
  emailTaken: 'An account with this email already exists',
  noPendingEmail: 'There is no email change waiting for a code',
  memberNotFound: 'Member not found',
  directoryVerification: 'Email verification required to access directory',
  sortInvalid: `Sort must be one of ${DIRECTORY_SORTS.join(', ')}`,
  queryTooLong: `Search must be at most ${DIRECTORY_QUERY_MAX} characters`,
  queryStart: 'Search must start with a letter or number',
  nothingToUpdate: 'Nothing to update',
  passwordChangedSignedOut: 'Password changed. Your other sessions have been signed out.',
  otherSessionsEnded: 'You have been signed out on every other device. This one stays signed in.',
  emailCodeSent: 'We sent a 6-digit code to your new email address. Enter it to finish the change.',
  accountDeleted: 'Your account has been deleted',
} as const;

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

/** GET /api/users/:username. joinedDate is ISO 8601; counts are of posts and comments not deleted. */
export const ZPublicProfile = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string(),
  statusText: z.string(),
  joinedDate: z.string(),
  postCount: z.number(),
  commentCount: z.number(),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;

export const ZDirectorySort = z.enum(DIRECTORY_SORTS, { error: MEMBERS_MSG.sortInvalid });

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
