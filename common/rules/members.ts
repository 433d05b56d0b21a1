// Members (docs/API.md "Members", "Directory", "Admin: … members"): the limits, sorts and messages of
// profiles, the directory and member administration, for the contracts (common/contracts/members.ts,
// admin.ts) and the client alike. No zod here: the client imports it as it is.

export const STATUS_MAX = 100;
export const DIRECTORY_QUERY_MAX = 100;
/** A directory search counts and reaches at most this many matches (docs/API.md "Directory"). */
export const DIRECTORY_MAX_RESULTS = 1000;
export const DIRECTORY_SORTS = ['username', 'joined'] as const;

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

// ---- Member administration (admins only) ----

/** Members per page of GET /api/admin/members. */
export const ADMIN_MEMBERS_PAGE = 20;
/** The longest note kept in the audit log with a suspension. */
export const ADMIN_REASON_MAX = 500;
export const MEMBER_STATUSES = ['all', 'unverified', 'suspended', 'chat_suspended', 'admins', 'moderators'] as const;
