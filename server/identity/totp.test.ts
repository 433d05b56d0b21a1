import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpAt } from './totp.ts';

describe('authenticator-app codes (RFC 4226 / RFC 6238)', () => {
  it('gives RFC 4226 appendix D’s HOTP values', () => {
    const secret = Buffer.from('12345678901234567890');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, i) => hotp(secret, i))).toEqual(expected);
  });

  it('gives RFC 6238 appendix B’s SHA-1 TOTP values (8 digits)', () => {
    const secret = Buffer.from('12345678901234567890');
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(hotp(secret, Math.floor(t / 30), 8)).toBe(code);
  });

  it('round-trips base32 (RFC 4648 test vectors, unpadded)', () => {
    const pairs: Array<[string, string]> = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
    for (const [plain, encoded] of pairs) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
  });

  it('takes a code one step either side of now, and names its step; never two steps off', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(Math.floor(now / 30_000));
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(Math.floor(now / 30_000) - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(Math.floor(now / 30_000) + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });

  it('writes the otpauth URL apps scan', () => {
    expect(otpauthUrl({ issuer: 'Kerbside', account: 'a@b.uk', secret: 'ABC' })).toBe(
      'otpauth://totp/Kerbside:a%40b.uk?secret=ABC&issuer=Kerbside&algorithm=SHA1&digits=6&period=30',
    );
  });
});
