import { createHmac, timingSafeEqual } from 'node:crypto';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { SIGN_UP_MIN_FILL_MS, SIGN_UP_TOKEN_MAX_AGE_MS } from '../../../common/rules/auth.ts';
import type { Db } from '../../db/client.ts';
import { siteSecret } from '../../db/site-secret.ts';

// Sign-up bot defence without third parties (issue 28, docs/SECURITY.md "Sign-up bot defence"): the
// register form's timing token and the disposable-address list. The honeypot is read in the service;
// the per-address caps are counted in the rate-limit store (routes.ts).
//
// The timing token is `<issued at, ms>.<HMAC-SHA256(secret, "sign-up:<issued at>")>`, issued by
// GET /api/auth/register-token when the form opens. A timestamp the client made up would be a bot's to
// backdate; a signed one is not, so "sent at least SIGN_UP_MIN_FILL_MS after the form opened" holds
// for every sign-up. It is not single use (that would need a store): a bot may fetch tokens and wait,
// which costs it the same seconds a person spends, and the per-address caps bound what it gets for them.
// The secret is made once and kept in site_settings, so every process (and a restart) signs alike.

const SECRET_KEY = 'auth.sign_up_token_secret';

const signUpSecret = (db: Db) => siteSecret(db, SECRET_KEY);

const sign = (secret: Buffer, issuedAt: number) => createHmac('sha256', secret).update(`sign-up:${issuedAt}`).digest('base64url');

/** A form's timing token issued at `at` (GET /api/auth/register-token passes the app's clock). */
export async function issueSignUpToken(db: Db, at: Date): Promise<string> {
  const issuedAt = at.getTime();
  return `${issuedAt}.${sign(await signUpSecret(db), issuedAt)}`;
}

const TOKEN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Whether `token` is one of ours, issued at least SIGN_UP_MIN_FILL_MS and at most
 * SIGN_UP_TOKEN_MAX_AGE_MS before `now`. Missing, malformed, forged, too fresh and too old are all
 * just false: the caller answers them alike.
 */
export async function isTimelySignUpToken(db: Db, token: unknown, now: Date): Promise<boolean> {
  // The secret is read even for a token that cannot match, so no answer comes sooner than another.
  const secret = await signUpSecret(db);
  const m = typeof token === 'string' ? TOKEN.exec(token) : null;
  if (!m) return false;
  const issuedAt = Number(m[1]);
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now.getTime() - issuedAt;
  return age >= SIGN_UP_MIN_FILL_MS && age <= SIGN_UP_TOKEN_MAX_AGE_MS;
}

/** Anything in the hidden field, of any type, is a bot's: people leave it empty (or send nothing). */
export const isHoneypotFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

// The community-kept list of disposable-mail domains (the one PyPI uses), as data: `npm update` brings
// its new domains. One Set, built at the first sign-up rather than at every start (~9,000 domains:
// 15-20 ms of a restart on a 2-core machine, issue 31 item 6).
let disposable: Set<string> | undefined;
const disposableDomains = () => (disposable ??= new Set(disposableEmailBlocklist().map((d) => d.toLowerCase())));

/** An address at a listed domain or under one (`x@a.mailinator.com` too). */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  const listed = disposableDomains();
  for (let i = 0; i < labels.length - 1; i++) if (listed.has(labels.slice(i).join('.'))) return true;
  return false;
}
