import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, MSG, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../rules/auth.ts';
import { endpoint } from './endpoint.ts';

// Accounts (docs/API.md "Auth"): register, verify, sign in and out, password reset. Server and client
// validate with the same schemas; their limits and spec §5 messages are common/rules/auth.ts.

const email = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX, MSG.invalidEmail)
  .pipe(z.email({ error: MSG.invalidEmail }));

export const ZPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  // The special character is any that is neither a letter nor a digit, not only spec §5's @$!%*?&:
  // password managers use every symbol (docs/adr/0015-any-symbol-is-a-special-character.md).
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^\p{L}\p{N}])/su, MSG.passwordStrength);

export const ZUsername = z
  .string({ error: MSG.usernameMin })
  .trim()
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_]+$/, MSG.usernameChars);

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, `Must be at most ${NAME_MAX} characters`);

export const ZLoginRequest = z.object({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX, MSG.passwordRequired),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Spec §7's register payload: what a person types. */
export const ZRegisterDetails = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  username: ZUsername,
  email,
  password: ZPassword,
});

/**
 * The payload as the register form sends it: the spec's fields plus the bot defence's two (docs/SECURITY.md
 * "Sign-up bot defence"). Both are read as anything here, so a wrong one is never a validation error
 * naming its field: the service answers it like any other trap, with SIGN_UP_MSG.refused.
 */
export const ZRegisterRequest = ZRegisterDetails.extend({
  /** The hidden honeypot field (SIGN_UP_HONEYPOT): empty or absent from a person. */
  website: z.unknown().optional(),
  /** The timing token of GET /api/auth/register-token, fetched when the form opened. */
  formToken: z.unknown().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The register form adds confirmPassword, which is checked here and never sent. */
export const ZRegisterForm = ZRegisterDetails.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: MSG.passwordsDontMatch, path: ['confirmPassword'] },
);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZVerifyCodeRequest = z.object({
  email,
  code: z.string({ error: MSG.codeFormat }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), MSG.codeFormat),
});
export type TVerifyCodeRequest = z.infer<typeof ZVerifyCodeRequest>;

export const ZResendVerificationRequest = z.object({ email });
export const ZForgotPasswordRequest = z.object({ email });

export const ZResetPasswordRequest = z.object({
  token: z.string().min(20, 'This reset link is invalid or has expired').max(200, 'This reset link is invalid or has expired'),
  password: ZPassword,
});
export const ZResetPasswordForm = ZResetPasswordRequest.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: MSG.passwordsDontMatch, path: ['confirmPassword'] },
);

/** Spec §3 User, plus what the client needs to route (verified, onboarded) and show (statusText). */
export const ZUser = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  /** A moderator (issue 18; common/rules/roles.ts): content and reports tools. Always
   *  sent; optional only so older clients' and tests' user objects still fit. */
  isModerator: z.boolean().optional(),
  avatar: z.string(),
  statusText: z.string(),
  emailVerified: z.boolean(),
  chatSuspended: z.boolean(),
  onboarded: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** Spec §3 Verification response. */
export const ZVerifyCodeResponse = z.object({
  autoLogin: z.boolean(),
  user: ZUser.nullable(),
  isNewUser: z.boolean(),
  message: z.string(),
});
export type TVerifyCodeResponse = z.infer<typeof ZVerifyCodeResponse>;

export const ZMessage = z.object({ message: z.string() });

export const ZRegisterResponse = z.object({ message: z.string(), email: z.string(), requiresVerification: z.literal(true) });
export const ZRegisterTokenResponse = z.object({ token: z.string() });
/**
 * A sign-in's answer: signed in (`user`), or waiting for the second step (issue 33: the member turned
 * on authenticator-app codes). `secondStep.ticket` goes with the code to POST /api/auth/second-step;
 * `canRemember` says whether "remember this device" is offered (never to admins).
 */
export const ZLoginResponse = z.union([
  z.object({ message: z.string(), user: ZUser }),
  z.object({ message: z.string(), secondStep: z.object({ ticket: z.string(), canRemember: z.boolean(), expiresAt: z.string() }) }),
]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

// ---- Endpoints ----
// 400 also where nothing is read: a query string or body the app refuses before the route (text that
// cannot be stored, malformed JSON). 429: each route's per-address limit (and, for sign-in, the
// account's failure limits).

/** The register form's timing token, fetched when the form opens (signed by the server, so a bot cannot backdate it). */
export const registerToken = endpoint({
  method: 'GET',
  path: '/api/auth/register-token',
  responses: { 200: ZRegisterTokenResponse },
  errors: [400, 429],
});

/**
 * A new account waiting for the code mailed to it; an address already taken answers the same. 400 also
 * for the bot defence's refusals (a filled honeypot, a missing, forged or too fresh timing token, a
 * disposable address); 429 for the per-address sign-up caps.
 */
export const register = endpoint({
  method: 'POST',
  path: '/api/auth/register',
  body: ZRegisterRequest,
  responses: { 201: ZRegisterResponse },
  errors: [400, 409, 429],
});

/** The mailed code verifies the address and signs in (403: the account is suspended). */
export const verifyCode = endpoint({
  method: 'POST',
  path: '/api/auth/verify-code',
  body: ZVerifyCodeRequest,
  responses: { 200: ZVerifyCodeResponse },
  errors: [400, 403, 429],
});

/** A fresh code for an account waiting for one; every address gets the same answer. */
export const resendVerification = endpoint({
  method: 'POST',
  path: '/api/auth/resend-verification',
  body: ZResendVerificationRequest,
  responses: { 200: ZMessage },
  errors: [400, 429],
});

/** Sign-in (403: suspended, or the address not verified yet). With two-step sign-in on, the answer asks for the code. */
export const login = endpoint({
  method: 'POST',
  path: '/api/auth/login',
  body: ZLoginRequest,
  responses: { 200: ZLoginResponse },
  errors: [400, 401, 403, 429],
});

/** The signed-in user: spec §6's authentication signal (401: a guest). */
export const getCurrentUser = endpoint({
  method: 'GET',
  path: '/api/auth/user',
  responses: { 200: ZUser },
  errors: [400, 401],
});

/**
 * Sign-out of the cookie's session. A browser form (it asks for text/html: the page of logoutByLink)
 * is redirected home (303) instead of answered JSON.
 */
export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  responses: { 200: ZMessage },
  errors: [400],
});

/**
 * The header's plain sign-out link: from our own pages it signs out and redirects home (302); any
 * other caller gets an HTML page whose button POSTs to logout. Neither is JSON, hence no schema.
 */
export const logoutByLink = endpoint({
  method: 'GET',
  path: '/api/logout',
  responses: { 200: null },
  errors: [400],
});

/** A reset link mailed to the address, if it has an account; every address gets the same answer. */
export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: ZForgotPasswordRequest,
  responses: { 200: ZMessage },
  errors: [400, 429],
});

/** A new password from a mailed reset link; every session of the account ends. */
export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  body: ZResetPasswordRequest,
  responses: { 200: ZMessage },
  errors: [400, 429],
});
