import { LOGIN_OK } from '../../common/rules/auth.ts';

// Every text the accounts API answers with, in one place (tests import them too).
export const AUTH_MSG = {
  registered: 'Registration successful. We have sent a 6-digit code to your email.',
  usernameTaken: 'This username is already taken',
  commonPassword: 'This password is too common. Please choose a less common password',
  verified: 'Email verified successfully',
  invalidCode: 'Invalid or expired verification code',
  tooManyCodeAttempts: 'Too many incorrect attempts. Please request a new code.',
  codeResent: 'A new verification code has been sent to your email.',
  resendWait: 'Please wait before requesting another code.',
  resendHourly: (minutes: number) => `You have requested too many codes. Please try again in ${plural(minutes, 'minute')}.`,
  loginOk: LOGIN_OK,
  badCredentials: 'Invalid email or password',
  verifyFirst: 'Please verify your email address before signing in.',
  suspended: 'Your account has been suspended. Contact support if you think this is a mistake.',
  loginLocked: (minutes: number) => `Too many failed sign-in attempts. Please try again in ${plural(minutes, 'minute')}.`,
  loginSlowDown: (seconds: number) => `Too many failed sign-in attempts. Please wait ${plural(seconds, 'second')} and try again.`,
  loginIpLimited: 'Too many sign-in attempts. Please wait a minute and try again.',
  ipLimited: 'Too many requests from your network. Please wait a few minutes and try again.',
  notLoggedIn: 'Not logged in',
  loggedOut: 'Logged out',
  resetSent: 'If an account exists for that email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Please sign in.',
  resetInvalid: 'This reset link is invalid or has expired',
} as const;

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
