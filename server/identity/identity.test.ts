import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationCodeMail } from '../mail/templates.ts';
import {
  assertMailAllowed,
  codeMatches,
  generateCode,
  generateResetToken,
  hashCode,
  hashResetToken,
  HOUR_MS,
  isCommonPassword,
} from './index.ts';

describe('isCommonPassword', () => {
  it('catches list passwords dressed up to pass the strength rule', () => {
    for (const p of ['P@ssw0rd', 'Pa$$w0rd', '1qaz@WSX', 'Password1!', 'Qwerty123!', 'password']) expect(isCommonPassword(p), p).toBe(true);
  });
  it('lets uncommon passwords through', () => {
    for (const p of ['Kerb$ide2024', 'Van&Route77', 'x7!Gq@pL2m']) expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('verification codes', () => {
  it('are 6 digits', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{6}$/);
  });
  it('match only the same code for the same user, with a different salt each time', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{6}$/), fc.integer({ min: 1, max: 1e6 }), (code, other, userId) => {
        const stored = hashCode(userId, code);
        expect(stored).not.toContain(code);
        expect(codeMatches(stored, userId, code)).toBe(true);
        expect(codeMatches(stored, userId + 1, code)).toBe(false);
        if (other !== code) expect(codeMatches(stored, userId, other)).toBe(false);
        expect(hashCode(userId, code)).not.toBe(stored);
      }),
      { numRuns: 200 },
    );
  });
  it('never match a malformed stored value', () => {
    expect(codeMatches('', 1, '123456')).toBe(false);
    expect(codeMatches('nodot', 1, '123456')).toBe(false);
  });
});

describe('reset tokens', () => {
  it('are 256-bit base64url and stored as a SHA-256', () => {
    const token = generateResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(generateResetToken()).not.toBe(token);
  });
});

describe('assertMailAllowed', () => {
  const now = 10 * HOUR_MS;
  it('enforces the gap and the hourly count, with the time until the next slot', () => {
    expect(assertMailAllowed([], { minGapMs: 60_000, perHour: 5 }, now)).toEqual({ ok: true });
    expect(assertMailAllowed([new Date(now - 20_000)], { minGapMs: 60_000, perHour: 5 }, now)).toEqual({ ok: false, reason: 'gap', retryAfterSeconds: 40 });
    const five = [50, 40, 30, 20, 10].map((m) => new Date(now - m * 60_000));
    expect(assertMailAllowed(five, { minGapMs: 60_000, perHour: 5 }, now)).toEqual({ ok: false, reason: 'hourly', retryAfterSeconds: 10 * 60 });
    const old = [new Date(now - HOUR_MS - 1), new Date(now - 2 * HOUR_MS)];
    expect(assertMailAllowed(old, { perHour: 1 }, now)).toEqual({ ok: true });
  });
});

describe('mail templates', () => {
  it('put the code and its lifetime in both parts, escaping names in HTML', () => {
    const m = verificationCodeMail({ appName: 'Kerbside', firstName: '<b>Sam</b>', code: '042917' });
    expect(m.subject).toBe('Your Kerbside verification code');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('042917');
      expect(part).toContain('It expires in 10 minutes.');
    }
    expect(m.html).not.toContain('<b>Sam</b>');
    expect(m.html).toContain('&lt;b&gt;Sam&lt;/b&gt;');
  });
  it('put the reset link in both parts', () => {
    const link = 'https://kerbside.example/reset-password?token=abc_-123';
    const m = passwordResetMail({ appName: 'Kerbside', firstName: 'Sam', link });
    expect(m.subject).toBe('Reset your Kerbside password');
    expect(m.text).toContain(link);
    expect(m.html).toContain(`href="${link}"`);
  });
});
