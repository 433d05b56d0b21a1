import { MSG } from '@common/rules/auth';
import { PRODUCT_NAME } from '@/lib/config';
import { formatDateTime } from '@/lib/dates';
import { failureText, fieldErrors } from '@/lib/form-errors';
import { readCode as readSecondStepCode } from '@/lib/sign-in-code';

// The settings' codes as the contracts read them (common/contracts/sign-in.ts), and the recovery
// codes' copy and download.

/**
 * A code as typed, to send (spaces out), or the server's words for what is wrong with it (the second
 * step's reading). `recovery`: a recovery code is taken too (turning two-step sign-in off); one with a
 * letter in it is read as one.
 */
export function readCode(typed: string, opts: { recovery?: boolean } = {}): { code: string } | { error: string } {
  const app = readSecondStepCode(typed, 'app');
  return 'code' in app || !opts.recovery || !/[a-z]/i.test(typed) ? app : readSecondStepCode(typed, 'recovery');
}

/** The password as the contracts read it: anything but nothing. */
export const passwordError = (password: string) => (password ? undefined : MSG.passwordRequired);

/** The secret in groups of four, as people copy it into an app that cannot scan. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** An SVG image (the server's QR code) as a data: URL for an <img>, never as markup in the page. */
export function svgDataUrl(svg: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

export const RECOVERY_CODES_FILE = 'kerbside-recovery-codes.txt';

/** The recovery codes as the member keeps them: a note of what they are, then one a line. */
export function recoveryCodesText(codes: readonly string[], account: string, now = new Date()): string {
  return [
    `${PRODUCT_NAME} recovery codes for ${account}`,
    `Made ${formatDateTime(now)}. Each code works once. The old ones no longer work.`,
    'Use one when you cannot get a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * A failed change in words for its form: the server's field messages (400), each under its field;
 * otherwise one message for the whole form.
 */
export function formFailure<F extends string>(err: unknown, fields: readonly F[]): { fields: Partial<Record<F, string>>; message: string | null } {
  const found = fieldErrors(err, { fields, status: 400 });
  return Object.keys(found).length ? { fields: found, message: null } : { fields: {}, message: failureText(err) };
}
