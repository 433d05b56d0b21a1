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
