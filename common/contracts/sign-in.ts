import { z } from 'zod';
import { MSG, PASSWORD_MAX } from '../rules/auth.ts';
import { PASSKEY_NAME_MAX, RECOVERY_CODE_PATTERN, SIGN_IN_MSG, TOTP_DIGITS } from '../rules/sign-in.ts';
import { ZLoginResponse, ZMessage } from './auth.ts';
import { endpoint } from './endpoint.ts';

// Passkeys and two-step sign-in (issue 33 part 3; docs/API.md "Passkeys and two-step sign-in",
// docs/SECURITY.md). The WebAuthn messages are the browser's JSON forms as @simplewebauthn reads and
// writes them: checked here for their shape's outline only, and in full by the library on the server.

const password = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX, MSG.passwordRequired);
const code = z.string({ error: SIGN_IN_MSG.codeFormat }).trim().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), SIGN_IN_MSG.codeFormat);
/** A recovery code as people type it: any case, spaces or a dash anywhere. */
const recoveryCode = z
  .string({ error: SIGN_IN_MSG.recoveryFormat })
  .max(40, SIGN_IN_MSG.recoveryFormat)
  .transform((v) => v.toLowerCase().replace(/[\s-]/g, ''))
  .refine((v) => RECOVERY_CODE_PATTERN.test(v), SIGN_IN_MSG.recoveryFormat);
/** The second step's code: from the app, or one of the recovery codes. */
const codeOrRecovery = z.union([code, recoveryCode], { error: SIGN_IN_MSG.codeFormat });

const base64url = z.string().max(4096).regex(/^[A-Za-z0-9_-]*$/);
/** A browser's answer to navigator.credentials.create/get, as JSON (RegistrationResponseJSON, AuthenticationResponseJSON). */
const ZCredentialResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url.min(1) }),
});
/** What the browser is to be asked (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
const ZCredentialOptions = z.looseObject({ challenge: z.string() });

export const ZPasskey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider to the member's other devices (a passkey manager), or bound to one device. */
  synced: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZSecurity = z.object({
  passkeys: z.array(ZPasskey),
  twoStep: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number(),
    /** An admin keeps it on once set up (SIGN_IN_MSG.adminsKeepTwoStep). */
    required: z.boolean(),
    /** Devices remembered for REMEMBER_DEVICE_DAYS (never for admins). */
    rememberedDevices: z.number(),
  }),
});
export type TSecurity = z.infer<typeof ZSecurity>;

const passkeyName = z.string({ error: SIGN_IN_MSG.passkeyNameRequired }).trim().min(1, SIGN_IN_MSG.passkeyNameRequired).max(PASSKEY_NAME_MAX, SIGN_IN_MSG.passkeyNameMax);
export const ZAddPasskeyRequest = z.object({ name: passkeyName, response: ZCredentialResponse });
export const ZRenamePasskeyRequest = z.object({ name: passkeyName });
const ZPasskeyParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const ZTwoStepSetup = z.object({
  /** The shared secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG image (shown as an <img>, never as markup). */
  qrSvg: z.string(),
});
export const ZRecoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

export const ZSecondStepRequest = z.object({
  ticket: z.string().min(20).max(100),
  code: codeOrRecovery,
  rememberDevice: z.boolean().optional(),
});

// ---- Signing in ----

/** A passkey sign-in's challenge (discoverable credentials: the browser offers the site's passkeys). */
export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: '/api/auth/passkey/options',
  responses: { 200: z.object({ options: ZCredentialOptions }) },
  errors: [400, 429],
});

/**
 * Sign-in with a passkey: the browser's signed answer to the challenge. A passkey that checked its
 * holder (user verification) is both steps; one that did not asks for the app's code where it is on.
 */
export const passkeySignIn = endpoint({
  method: 'POST',
  path: '/api/auth/passkey',
  body: z.object({ response: ZCredentialResponse }),
  responses: { 200: ZLoginResponse },
  errors: [400, 403, 429],
});

/** The second step of a sign-in (login's `secondStep.ticket`): the app's code or a recovery code. */
export const secondStep = endpoint({
  method: 'POST',
  path: '/api/auth/second-step',
  body: ZSecondStepRequest,
  responses: { 200: ZLoginResponse },
  errors: [400, 403, 429],
});

// ---- The member's own settings ----

export const getSecurity = endpoint({
  method: 'GET',
  path: '/api/profile/security',
  responses: { 200: ZSecurity },
  errors: [400, 401],
});

/** A new passkey's challenge, after the password is confirmed (a borrowed session cannot add one). */
export const passkeyAddOptions = endpoint({
  method: 'POST',
  path: '/api/profile/passkeys/options',
  body: z.object({ password }),
  responses: { 200: z.object({ options: ZCredentialOptions }) },
  errors: [400, 401, 403, 429],
});

export const addPasskey = endpoint({
  method: 'POST',
  path: '/api/profile/passkeys',
  body: ZAddPasskeyRequest,
  responses: { 201: z.object({ message: z.string(), passkey: ZPasskey }) },
  errors: [400, 401, 403, 409, 429],
});

export const renamePasskey = endpoint({
  method: 'PATCH',
  path: '/api/profile/passkeys/:id',
  params: ZPasskeyParams,
  body: ZRenamePasskeyRequest,
  responses: { 200: z.object({ message: z.string(), passkey: ZPasskey }) },
  errors: [400, 401, 404],
});

export const removePasskey = endpoint({
  method: 'DELETE',
  path: '/api/profile/passkeys/:id',
  params: ZPasskeyParams,
  responses: { 200: ZMessage },
  errors: [400, 401, 404],
});

/** Starts setting up the app's codes (password confirmed): a new secret, unused until confirmed. */
export const twoStepSetup = endpoint({
  method: 'POST',
  path: '/api/profile/two-step/setup',
  body: z.object({ password }),
  responses: { 200: ZTwoStepSetup },
  errors: [400, 401, 403, 409, 429],
});

/** A code from the app turns it on; the answer carries the recovery codes, shown this once. */
export const twoStepConfirm = endpoint({
  method: 'POST',
  path: '/api/profile/two-step/confirm',
  body: z.object({ code }),
  responses: { 200: ZRecoveryCodes },
  errors: [400, 401, 409, 429],
});

/** New recovery codes (the old ones die): the password and a code from the app. */
export const twoStepRecoveryCodes = endpoint({
  method: 'POST',
  path: '/api/profile/two-step/recovery-codes',
  body: z.object({ password, code }),
  responses: { 200: ZRecoveryCodes },
  errors: [400, 401, 409, 429],
});

/** Turns it off: the password and a code (from the app, or a recovery code). Admins keep it (403). */
export const twoStepDisable = endpoint({
  method: 'POST',
  path: '/api/profile/two-step/disable',
  body: z.object({ password, code: codeOrRecovery }),
  responses: { 200: ZMessage },
  errors: [400, 401, 403, 409, 429],
});

/** Every remembered device asks for the code again at its next sign-in. */
export const forgetDevices = endpoint({
  method: 'POST',
  path: '/api/profile/two-step/forget-devices',
  responses: { 200: ZMessage },
  errors: [400, 401],
});
