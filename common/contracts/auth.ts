import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants.ts';

// Spec §5 messages, word for word. Server and client validate with the same schemas.
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

const email = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX, MSG.invalidEmail)
  .pipe(z.email({ error: MSG.invalidEmail }));

export const ZPassword = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/, MSG.passwordStrength);

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

export const ZRegisterRequest = z.object({
  firstName: name(MSG.firstNameRequired),
  lastName: name(MSG.lastNameRequired),
  username: ZUsername,
  email,
  password: ZPassword,
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The register form adds confirmPassword, which is checked here and never sent. */
export const ZRegisterForm = ZRegisterRequest.extend({ confirmPassword: z.string() }).refine(
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
