import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_WINDOW } from '../../common/rules/sign-in.ts';

// Authenticator-app codes: HOTP (RFC 4226) over 30-second steps (TOTP, RFC 6238) with SHA-1 and six
// digits, the parameters every authenticator app reads from an otpauth:// URL. Small enough to keep
// here, checked against the RFCs' own test vectors (totp.test.ts).

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as otpauth:// URLs carry secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 160 random bits (RFC 4226's recommended length for SHA-1), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The 30-second step a time falls in. */
export const totpStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_S);

/** RFC 4226's HOTP value of a counter, `digits` long (RFC 6238's vectors use 8). */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an app shows at a time (for tests and the bench). */
export const totpAt = (secretBase32: string, atMs: number) => hotp(base32Decode(secretBase32), totpStep(atMs));

/**
 * The step whose code `code` is, within TOTP_WINDOW steps of `atMs`, or null. Every step of the window
 * is compared, in constant time, so the answer's timing does not say which one matched.
 */
export function matchTotp(secretBase32: string, code: string, atMs: number): number | null {
  const secret = base32Decode(secretBase32);
  const now = totpStep(atMs);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), given) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URL authenticator apps scan (Key Uri Format). */
export function otpauthUrl(opts: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(opts.issuer)}:${encodeURIComponent(opts.account)}`;
  const params = new URLSearchParams({ secret: opts.secret, issuer: opts.issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_S) });
  return `otpauth://totp/${label}?${params}`;
}
