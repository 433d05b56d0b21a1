// Passkeys and two-step sign-in (issue 33 part 3; docs/SECURITY.md "Passkeys and two-step sign-in"):
// the limits and messages the contracts, the server and the client share. No zod here.

/** Digits of an authenticator-app code (RFC 6238 with its usual 30-second step and SHA-1). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Codes one step either side of now are taken too: a phone's clock a little off, a code typed as it turned. */
export const TOTP_WINDOW = 1;
/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODES = 10;
/** A recovery code as shown: two groups of five from an alphabet without look-alikes (50 bits). */
export const RECOVERY_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{5}-?[0-9a-hjkmnp-tv-z]{5}$/;
/** "Remember this device": its cookie and row last this long, then the code is asked for again. */
export const REMEMBER_DEVICE_DAYS = 30;
/** A sign-in waiting for its second step lasts this long, and takes this many wrong codes. */
export const SECOND_STEP_TTL_MS = 10 * 60_000;
export const SECOND_STEP_TRIES = 5;
/** A passkey ceremony's challenge lasts this long (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_NAME_MAX = 50;
/** Passkeys one account may hold. */
export const PASSKEYS_MAX = 10;

export const SIGN_IN_MSG = {
  secondStep: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryFormat: 'Enter a recovery code: ten letters and numbers, like abcde-12345',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  recoveryWrong: 'That recovery code is not right, or it has been used already.',
  secondStepExpired: 'Your sign-in has timed out. Please sign in again.',
  recoveryUsed: (left: number) =>
    left === 0
      ? 'You have used your last recovery code. Make new ones in your settings now.'
      : `Recovery code used. You have ${left} left: make new ones in your settings if you are running low.`,
  twoStepOn: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  twoStepOff: 'Two-step sign-in is off.',
  twoStepAlreadyOn: 'Two-step sign-in is already on.',
  twoStepNotOn: 'Two-step sign-in is not on.',
  setupFirst: 'Start the set-up again: scan a new QR code first.',
  adminsKeepTwoStep: 'Admins keep two-step sign-in on: it protects the whole site.',
  newRecoveryCodes: 'New recovery codes made. The old ones no longer work.',
  devicesForgotten: 'Every remembered device will be asked for a code at its next sign-in.',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  passkeyRemoved: 'Passkey removed',
  passkeyNotFound: 'Passkey not found',
  passkeyNameRequired: 'Give the passkey a name, like “My phone”',
  passkeyNameMax: `Passkey names are at most ${PASSKEY_NAME_MAX} characters`,
  passkeysFull: `You can keep at most ${PASSKEYS_MAX} passkeys. Remove one first.`,
  passkeyExists: 'This passkey is already added.',
  passkeyTimedOut: 'The passkey request timed out. Please try again.',
  passkeyFailed: 'That passkey could not be checked. Please try again.',
  passkeyUnknown: 'This passkey is not registered here. Sign in with your email and password.',
  passkeyVerifyFirst: 'Verify your email address before adding a passkey.',
} as const;
