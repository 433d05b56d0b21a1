import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZLoginRequest,
  ZRegisterForm,
  ZRegisterRequest,
  ZResetPasswordForm,
  ZResetPasswordRequest,
  ZVerifyCodeRequest,
} from './auth.ts';

/** The first message zod gives for each field, as the API and the forms show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
}

const register = { firstName: 'Sam', lastName: 'Driver', username: 'sam_driver1', email: 'sam@example.test', password: 'Kerb$ide2024' };

describe('login (spec §5)', () => {
  it('accepts a valid email and any non-empty password', () => {
    expect(ZLoginRequest.safeParse({ email: ' sam@example.test ', password: 'x' }).success).toBe(true);
  });
  it("says 'Invalid email address' and 'Password is required'", () => {
    expect(messages(ZLoginRequest, { email: 'not-an-email', password: '' })).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
    expect(messages(ZLoginRequest, {})).toEqual({ email: 'Invalid email address', password: 'Password is required' });
  });
});

describe('register (spec §5)', () => {
  it('accepts a valid form', () => {
    expect(ZRegisterRequest.safeParse(register).success).toBe(true);
    expect(ZRegisterForm.safeParse({ ...register, confirmPassword: register.password }).success).toBe(true);
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'sam driver', 'Username can only contain letters, numbers, and underscores'],
    ['username', 'sam-driver', 'Username can only contain letters, numbers, and underscores'],
    ['email', 'sam@', 'Invalid email address'],
    ['password', 'Ab1$xyz', 'Password must be at least 8 characters'],
    ['password', 'alllowercase1$', 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', 'ALLUPPERCASE1$', 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', 'NoDigitsHere$', 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', 'NoSpecial123', 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', 'NoSpecialÄÉ123', 'Password must contain uppercase, lowercase, number, and special character'],
  ])('%s %j → %s', (field, value, message) => {
    expect(messages(ZRegisterRequest, { ...register, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts each special of @$!%*?& and says 'Passwords don't match' on the confirmation", () => {
    for (const s of '@$!%*?&') expect(ZRegisterRequest.safeParse({ ...register, password: `Abcdef1${s}` }).success, s).toBe(true);
    expect(messages(ZRegisterForm, { ...register, confirmPassword: 'Kerb$ide2025' })).toEqual({ confirmPassword: "Passwords don't match" });
  });

  // Issue 30 item 7 (docs/adr/0015-any-symbol-is-a-special-character.md): password managers use every
  // symbol; a password with `#` was refused although it has one.
  it('accepts any character that is neither a letter nor a digit as the special one', () => {
    for (const s of '#^~_-+=.,;:()[]{}<>/\\|\'"`£€ ') expect(ZRegisterRequest.safeParse({ ...register, password: `Abcdef1${s}` }).success, JSON.stringify(s)).toBe(true);
  });

  it('never sends confirmPassword to the server', () => {
    const parsed = ZRegisterRequest.parse({ ...register, confirmPassword: register.password });
    expect(parsed).not.toHaveProperty('confirmPassword');
  });
});

describe('verification code (spec §5: digits only, exactly 6)', () => {
  it('accepts exactly six digits', () => {
    expect(ZVerifyCodeRequest.safeParse({ email: 'sam@example.test', code: '012345' }).success).toBe(true);
  });
  it.each(['12345', '1234567', '12345a', ' 123456', '', '１２３４５６'])('refuses %j', (code) => {
    expect(Object.keys(messages(ZVerifyCodeRequest, { email: 'sam@example.test', code }))).toEqual(['code']);
  });
});

describe('password reset', () => {
  it('applies the same password rules and the confirmation', () => {
    const token = 'a'.repeat(43);
    expect(messages(ZResetPasswordRequest, { token, password: 'short' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(messages(ZResetPasswordForm, { token, password: 'Kerb$ide2024', confirmPassword: 'x' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(messages(ZResetPasswordRequest, { token: 'short', password: 'Kerb$ide2024' })).toEqual({ token: 'This reset link is invalid or has expired' });
  });
});
