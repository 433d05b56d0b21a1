import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { verificationEmailFromError } from './login-form';

const err = (status: number, body: unknown) => new ApiError(status, '', JSON.stringify(body), body);

describe('verificationEmailFromError', () => {
  it('uses the email the server names with requiresVerification', () => {
    expect(verificationEmailFromError(err(403, { message: 'Verify first', requiresVerification: true, email: 'a@b.co' }), 'typed@b.co')).toBe(
      'a@b.co',
    );
  });

  it('falls back to the typed email when the message is about verifying', () => {
    expect(verificationEmailFromError(err(403, { message: 'Please verify your email address' }), 'typed@b.co')).toBe('typed@b.co');
  });

  it('ignores other failures', () => {
    expect(verificationEmailFromError(err(401, { message: 'Invalid email or password' }), 'typed@b.co')).toBeNull();
    expect(verificationEmailFromError(new TypeError('Failed to fetch'), 'typed@b.co')).toBeNull();
  });
});
