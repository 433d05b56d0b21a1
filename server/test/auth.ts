// Accounts through the real API (register, verify, sign in) and the mails they send, plus the names and
// client addresses every server test uses to stay apart from the others.
import type { LightMyRequestResponse } from 'fastify';
import { SIGN_UP_MIN_FILL_MS } from '../../common/rules/auth.ts';
import { issueSignUpToken } from '../modules/auth/index.ts';
import type { TestApp } from './app.ts';

let counter = 0;
/** A name unique across test files and runs sharing one PostgreSQL server. */
export const unique = (prefix = 'u') => `${prefix}${process.pid.toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Where this process's addresses start in 10.0.0.0/8: drawn at random, because per-address counts in the
// machine's Redis outlive a run (a day), and a start taken from the process id met another run's addresses.
let ipNext = Math.floor(Math.random() * 0xf00000);
/** A fresh client address (sent as X-Forwarded-For, which the test app believes from loopback) so per-IP limits don't leak between tests or runs. */
export const freshIp = () => {
  const n = ipNext++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export const PASSWORD = 'Kerb$ide2024';

export type NewUser = { firstName: string; lastName: string; username: string; email: string; password: string };

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const name = unique('driver_');
  return { firstName: 'Sam', lastName: 'Driver', username: name, email: `${name}@example.test`, password: PASSWORD, ...overrides };
}

/**
 * The register form's timing token as a person's form holds it when they send it, a few seconds after
 * it opened: signed by the app's own signer, backdated on the app's clock (the system's, unless the
 * test gave the app one: then pass `issuedAt` from it). Nothing in the app lets a sign-up skip the check.
 */
export const formToken = (t: TestApp, issuedAt = new Date(Date.now() - SIGN_UP_MIN_FILL_MS - 5_000)) => issueSignUpToken(t.app.deps.database.db, issuedAt);

/**
 * A POST as a browser on the site sends it. A register body without a `formToken` key gets one, as
 * the form adds it: every test that signs up passes the bot defence unless it sends its own token
 * (or `formToken: undefined`) to try it.
 */
export async function post(t: TestApp, url: string, payload?: object, opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const body = url === '/api/auth/register' && payload && !('formToken' in payload) ? { ...payload, formToken: await formToken(t) } : payload;
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      // What a browser on the site sends (APP_URL may differ between test apps).
      origin: t.app.deps.config.appUrl,
      'x-forwarded-for': opts.ip ?? freshIp(),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
  });
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** `sid=…` from a response's Set-Cookie, ready to send back; undefined when none was set. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((k) => k.name === 'sid' || k.name === '__Host-sid');
  return c && c.value ? `${c.name}=${c.value}` : undefined;
}

/** The newest outbox mail to an address. */
export async function lastMailTo(t: TestApp, email: string) {
  return (await t.outbox()).find((m) => m.to === email.toLowerCase());
}

export async function mailsTo(t: TestApp, email: string) {
  return (await t.outbox()).filter((m) => m.to === email.toLowerCase());
}

export const codeIn = (text: string) => {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in mail: ${text}`);
  return m[1];
};

export async function latestCode(t: TestApp, email: string) {
  const mail = await lastMailTo(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return codeIn(mail.text);
}

/** Registers through the API and reads the code from the outbox. */
export async function registerUser(t: TestApp, overrides: Partial<NewUser> = {}) {
  const user = newUser(overrides);
  const res = await post(t, '/api/auth/register', user);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...user, email: user.email.toLowerCase(), code: await latestCode(t, user.email) };
}

/** Registers and verifies through the API: a signed-in member with a session cookie. */
export async function signUp(t: TestApp, overrides: Partial<NewUser> = {}) {
  const user = await registerUser(t, overrides);
  const res = await post(t, '/api/auth/verify-code', { email: user.email, code: user.code });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('verify set no session cookie');
  return { ...user, id: (res.json() as { user: { id: number } }).user.id, cookie };
}
