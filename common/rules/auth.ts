// Accounts (spec §5, §9): the limits and messages of sign-up, sign-in and codes, for the contracts
// (common/contracts/auth.ts) and the client alike. No zod here: the client imports it as it is.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
/** Digits of a mailed code. */
export const CODE_LENGTH = 6;

/** Spec §9: a sign-in's usual answer (server/identity/messages.ts); any other (a recovery code used) is worth telling. */
export const LOGIN_OK = 'Login successful';

// Spec §5 messages, word for word.
export const MSG = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  passwordMin: 'Password must be at least 8 characters',
  passwordStrength: 'Password must contain uppercase, lowercase, number, and special character',
  passwordsDontMatch: "Passwords don't match",
  codeFormat: 'Enter the 6-digit code from your email',
} as const;

// ---- Sign-up bot defence (issue 28; docs/SECURITY.md "Sign-up bot defence") ----

/** The register form's hidden field: people never see it, so anything in it was typed by a bot. */
export const SIGN_UP_HONEYPOT = 'website';
/** The least time between opening the form (its timing token) and sending it: no person is faster. */
export const SIGN_UP_MIN_FILL_MS = 3_000;
/** How long a form's timing token is accepted; a form left open longer asks for a fresh one. */
export const SIGN_UP_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Accounts created from one client address (an IPv6 /56), per hour and per day. */
export const SIGN_UPS_PER_ADDRESS = { hour: 3, day: 5 } as const;

export const SIGN_UP_MSG = {
  /** Honeypot filled, or the form sent too soon (or without a valid timing token): one answer, so a bot cannot tell which. */
  refused: 'Please take a moment to fill in the form, then try again.',
  disposableEmail: "We couldn't create your account: please use a permanent email address, not a disposable one.",
  perDay: 'Too many accounts have been created from your connection today. Please try again tomorrow.',
  perHour: (wait: string) => `Too many accounts have been created from your connection in the last hour. Please try again in ${wait}.`,
} as const;
