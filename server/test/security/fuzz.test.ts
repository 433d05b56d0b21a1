// Fuzzing every route the app registers (the same route table as the authorisation matrix) and the
// server-written pages, as a signed-in verified member and as an admin, with fast-check on fixed seeds:
// bodies (wrong types, huge, empty, deep and wide values, unicode edge cases, `__proto__` keys, `$`
// replacement patterns, malformed JSON), query strings and path parameters (malformed percent-escapes
// among them). The promises: no 5xx, ever; an error is JSON `{message}`; and a 4xx changes nothing in
// the database (a fingerprint of every table before and after each refused write is the same).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ROUTES as PAGE_ROUTES } from '../../../common/routes.ts';
import { CONSENT_GRANTED, CONSENT_HEADER } from '../../../common/rules/analytics.ts';
import { freshIp } from '../auth.ts';
import { testDatabases } from '../databases.ts';
import type { Member } from '../members.ts';
import { appRoutes, declaresStatus, fillPath, resetCollectedRoutes, type AppRoute } from '../route-table.ts';
import {
  buildSecurityApp,
  changedTables,
  createCast,
  extraSessionCookie,
  fingerprint,
  MISSING_ID,
  sessionAlive,
  type Cast,
  type SecurityApp,
} from './fixtures.ts';

vi.mock('fastify', async (importOriginal) => (await import('../route-table.ts')).collectingFastify(await importOriginal()));

const SEED = 1_200_612;
/** Inputs per route and caller: bounded so the file stays within a couple of minutes per database. */
const RUNS = { body: 20, query: 8, param: 8, page: 150 };

/** Sign-out routes: each call spends a spare session, so the fuzzing member stays signed in. */
const SESSION_ENDING = new Set(['POST /api/logout', 'GET /api/logout']);

/**
 * Routes whose refusals legitimately write: the security features themselves. Left out of the
 * "a 4xx changes nothing" check only; the no-5xx and {message} checks still apply.
 */
const WRITES_ON_4XX: Record<string, string> = {
  'POST /api/auth/login': 'a failed sign-in is recorded for the lockout',
  'POST /api/auth/verify-code': 'a wrong code counts against the code',
  'POST /api/profile/email/verify': 'a wrong code counts against the code',
  'POST /api/profile/password': 'a wrong current password counts like a failed sign-in',
  'POST /api/profile/email': 'a wrong current password counts like a failed sign-in',
  'DELETE /api/profile': 'a wrong current password counts like a failed sign-in',
  'POST /api/profile/passkeys/options': 'a wrong current password counts like a failed sign-in',
  'POST /api/profile/two-step/setup': 'a wrong current password counts like a failed sign-in',
  'POST /api/profile/two-step/recovery-codes': 'a wrong current password counts like a failed sign-in',
  'POST /api/profile/two-step/disable': 'a wrong current password counts like a failed sign-in',
  'POST /api/logout': 'signing out ends the session whatever the body',
  'GET /api/logout': 'signing out ends the session whatever the query',
};

// ——— Values ———

const HUGE = 100_000;
/** The usual suspects: unicode edge cases, `$` replacement patterns, escapes, markup, injection shapes. */
const NASTY: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff low',
  'pair split \ud83d',
  '\u202eRTL override',
  'שלום עולם',
  'zero\u200bwidth\u200d\u2060',
  '\ufeffBOM',
  '\uffff\ufffe',
  'e\u0301\u0308\u0338',
  'Z̸̢̛͓̼͔͉̟͇̑̓̀͐̏̔͝a̴l̶g̵o̷',
  '🚚📦\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}',
  '$&',
  '$`',
  "$'",
  '$1',
  '$$',
  '$<name>',
  '$`$&$\'$1$$'.repeat(20),
  '%',
  '%25',
  '%E0%A4%A',
  '%zz',
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  "' OR '1'='1",
  "'; drop table users; --",
  '\\',
  'a\r\nSet-Cookie: sid=x',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '١٢٣',
  'x'.repeat(HUGE),
  '$`'.repeat(HUGE / 2),
  '🚚'.repeat(30_000),
  '\u0000'.repeat(1000),
];

/** Keys that have tripped JavaScript servers: prototype pollution, operator injection, privilege fields. */
const KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '$gt', 'isAdmin', 'userId', 'id', ''];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...NASTY.filter((s) => s.length < 1000)), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom(...NASTY.filter((s) => s.length < 1000)))
      .map(([a, b, c]) => a + b + c),
  },
);

/** An object with exactly these own keys, `__proto__` included (a literal or assignment would set the prototype). */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

const wildKey = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 }), nastyString.filter((s) => s.length < 200));
const wildLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, 0.5) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
/** Any JSON value: the wrong type for whatever field it lands in. */
const wildValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    wildLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(wildKey, tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value;

const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
/** Bodies sent as raw text: malformed JSON, extreme nesting and width, JSON that is not an object. */
const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '"\\ud800"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  deep(5_000),
  '['.repeat(5_000) + ']'.repeat(5_000),
  JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
  JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)),
  '1',
  'true',
  'null',
  '"a string"',
  '[{}]',
];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
};

const toJsonSchema = (schema: unknown): JsonSchema | null => {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};

const fit = (s: string, min = 0, max = Infinity) => (s.length < min ? s + 'x'.repeat(min - s.length) : s.length > max ? s.slice(0, max) : s);

/**
 * Values the schema accepts, with strings drawn from the nasty ones (cut or padded to fit), so a
 * request gets past validation into the handler and the database with them.
 */
function valid(s: JsonSchema, key = ''): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => valid(x, key)));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => valid({ ...s, type }, key)));
  switch (s.type) {
    case 'string': {
      if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).map((v) => fit(v, 0, s.maxLength)).filter((v) => v.length >= (s.minLength ?? 0));
        } catch {
          return fc.constant(fit('Kerb$ide2024', s.minLength, s.maxLength)); // a lookahead rule (passwords)
        }
      }
      if (/email/i.test(key)) return fc.oneof(fc.emailAddress(), nastyString.map((v) => `${v}@example.test`)).map((v) => fit(v, s.minLength, s.maxLength));
      return nastyString.map((v) => fit(v, s.minLength, s.maxLength));
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)), -(2 ** 31));
      const max = Math.min(s.maximum ?? 2 ** 31, 2 ** 31);
      // Small numbers name real rows (ids), large ones none.
      return fc.oneof(fc.integer({ min, max }), fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 40), Math.max(min, 1)) }));
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? valid(s.items, key) : wildValue, { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) });
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (!props.length) return fc.array(fc.tuple(wildKey, wildValue), { maxLength: 3 }).map(objectOf);
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, valid(v, k)])), { requiredKeys: s.required ?? [] });
    }
    default:
      return wildValue;
  }
}

/** A valid value with one field swapped for a wild one, or an extra key (often `__proto__`) added. */
function mutated(s: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(s.properties ?? {});
  return fc.tuple(valid(s), fc.nat(), fc.oneof(wildKey, ...(keys.length ? [fc.constantFrom(...keys)] : [])), wildValue).map(([v, i, extra, w]) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return w;
    const entries = Object.entries(v);
    if (entries.length && i % 2 === 0) entries[i % entries.length] = [entries[i % entries.length][0], w];
    else entries.push([extra, w]);
    return objectOf(entries);
  });
}

type Body = { json: unknown } | { raw: string };

function bodies(schema: unknown): fc.Arbitrary<Body> {
  const js = toJsonSchema(schema);
  const wild = wildValue.map((json) => ({ json }));
  const raw = fc.constantFrom(...RAW_BODIES).map((r) => ({ raw: r }));
  if (!js) return fc.oneof({ weight: 3, arbitrary: wild }, { weight: 1, arbitrary: raw });
  return fc.oneof(
    { weight: 3, arbitrary: valid(js).map((json) => ({ json })) },
    { weight: 3, arbitrary: mutated(js).map((json) => ({ json })) },
    { weight: 2, arbitrary: wild },
    { weight: 1, arbitrary: raw },
  );
}

/**
 * Text that fits any length rule yet has tripped servers: NUL (PostgreSQL text refuses it), a lone
 * surrogate (no UTF-8 for it; JSON escapes it), `$` replacement patterns, bidi and zero-width marks.
 */
const POISON: Record<string, string> = {
  NUL: 'nul \u0000 inside',
  'lone surrogate': 'lone \ud800 surrogate',
  '$ patterns': "dollar $` $& $' $1 $$",
  'bidi and zero-width': 'bidi \u202e zero\u200bwidth',
};

let plainCounter = 0;
/**
 * The plainest value the schema accepts: required keys only, the first enum value, 1 for a number (an
 * id that names the first row), ordinary words for text, and a fresh address or pattern match on each
 * call (so a sign-up or a report is not refused as a repeat).
 */
function plain(s: JsonSchema, key = ''): unknown {
  const n = ++plainCounter;
  if (s.anyOf) return plain(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], key);
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  const clamp = (v: number) => Math.min(Math.max(v, s.minimum ?? (s.exclusiveMinimum ?? 0) + 1), s.maximum ?? v);
  switch (type) {
    case 'string':
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.pattern) {
        try {
          return fc.sample(fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity)), { seed: n, numRuns: 1 })[0];
        } catch {
          return fit('Kerb$ide2024', s.minLength, s.maxLength);
        }
      }
      return /email/i.test(key) ? `poison.${n}.${process.pid}@example.test` : fit('Plain words for a field', s.minLength, s.maxLength);
    case 'integer':
    case 'number':
      return clamp(1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => (s.items ? plain(s.items, key) : 'x'));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, plain(s.properties?.[k] ?? {}, k)]));
    default:
      return null;
  }
}

/**
 * For each top-level free-text field of the body (not an enum, pattern or address), the plainest valid
 * body with that field set to each POISON string: deterministic, so each field of each route is
 * reported by name.
 */
function poisoned(schema: unknown): Array<{ label: string; body: Record<string, unknown> }> {
  const js = toJsonSchema(schema);
  if (!js?.properties) return [];
  const textual = (f: JsonSchema): boolean => (f.anyOf ? f.anyOf.some(textual) : f.type === 'string' && !f.enum && !f.pattern && !f.format);
  return Object.entries(js.properties)
    .filter(([k, f]) => textual(f) && !/email/i.test(k))
    .flatMap(([field]) =>
      Object.entries(POISON).map(([name, p]) => ({ label: `${field}=${name}`, body: { ...(plain(js) as Record<string, unknown>), [field]: p } })),
    );
}

/** Percent-encodes what cannot stand in a request target, keeping `%`, `&`, `=` and `+` raw (malformed escapes stay malformed). */
function rawEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (c > 0x20 && c < 0x7f && ch !== '#' && ch !== '?' && ch !== '/') out += ch;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A lone surrogate as the (invalid) UTF-8 bytes it would have: a decoder must refuse it, not crash.
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** Malformed percent-escapes, always among the inputs (the rest are drawn at random). */
const BAD_ESCAPES = ['%', '%25', '%E0%A4%A', '%zz'];
/** Well-formed escapes of what text columns cannot hold: NUL, and the bytes of a lone surrogate. */
const UNSTORABLE = ['a%00b', 'a%ED%A0%80b'];
/** Every path parameter, query key and page path gets each of these, besides the random ones. */
const FIXED_PIECES = [...BAD_ESCAPES, ...UNSTORABLE];
const SEGMENTS: readonly string[] = [
  ...BAD_ESCAPES,
  '%%',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%201',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '__proto__',
  'constructor',
  '$%60',
  '$&',
  'x'.repeat(300),
  'x'.repeat(301),
  'x'.repeat(5000),
];
const QUERY_PIECES: readonly string[] = [...BAD_ESCAPES.map((e) => `q=${e}`), ...BAD_ESCAPES, 'a[b]=c', 'a[__proto__][isAdmin]=1', '__proto__[isAdmin]=1', '&&', '=', '==x', 'page=1&page=2', '%ZZ=%ZZ', '%ED%A0%80=1', 'q=' + 'x'.repeat(HUGE)];

const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 3, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 2000).map(rawEncode) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(rawEncode) },
);

/** A path parameter that could name a real row is moved out of reach: fuzzing deletes nothing real by chance. */
function outOfReach(v: string): string {
  let decoded = v;
  try {
    decoded = decodeURIComponent(v);
  } catch {
    return v;
  }
  const n = Number(decoded);
  return Number.isFinite(n) && n >= 1 && n < 1e6 ? `${MISSING_ID}${v}` : v;
}

function queries(schema: unknown): fc.Arbitrary<string> {
  const js = toJsonSchema(schema);
  const known = Object.keys(js?.properties ?? {});
  const key = fc.oneof(...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []), { weight: 1, arbitrary: wildKey });
  const value = fc.oneof(
    nastyString,
    fc.integer().map(String),
    ...(js?.properties ? [fc.constantFrom(...known).chain((k) => valid(js.properties![k], k).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))))] : []),
  );
  const entry = fc.tuple(key, value, fc.boolean()).map(([k, v, raw]) => {
    const enc = (s: string) => (raw ? rawEncode(s) : rawEncode(s).replace(/[%&=+]/g, encodeURIComponent));
    return `${enc(k)}=${enc(v)}`;
  });
  return fc
    .tuple(fc.array(entry, { maxLength: 5 }), fc.array(fc.constantFrom(...QUERY_PIECES), { maxLength: 2 }))
    .map(([entries, pieces]) => [...entries, ...pieces].join('&'));
}

// ——— Targets ———

type Who = 'member' | 'admin';

/**
 * For a body with a valid shape to reach the handler, parameterised writes aim at rows the fuzzing
 * caller may touch (its own post and comment, its conversation, the admin's scratch category…).
 * Deletes, and anything not listed, aim at an id that names nothing.
 */
function realParams(c: Cast, who: Who, r: AppRoute): Record<string, string> {
  if (r.method === 'DELETE' || !r.schema?.body) return {};
  const post = who === 'admin' ? c.adminPost : c.memberPost;
  const comment = who === 'admin' ? c.adminComment : c.memberComment;
  const table: Array<[RegExp, Record<string, number>]> = [
    [/^\/api\/forum\/posts\/:id/, { id: post.id }],
    [/^\/api\/forum\/comments\/:id/, { id: comment.id }],
    [/^\/api\/(inbox\/conversations|chat\/conversation)\/:id/, { id: c.conversationId, messageId: c.messageId }],
    [/^\/api\/admin\/support\/:id/, { id: c.ticketId }],
    [/^\/api\/admin\/categories\/:id/, { id: c.scratchCategoryId }],
    [/^\/api\/admin\/bulletins\/:id/, { id: c.bulletinId }],
    [/^\/api\/admin\/ads\/:id/, { id: c.adId }],
    [/^\/api\/admin\/posts\/:id/, { id: c.adminPost.id }],
  ];
  const hit = table.find(([re]) => re.test(r.url));
  return hit ? Object.fromEntries(Object.entries(hit[1]).map(([k, v]) => [k, String(v)])) : {};
}

const hash = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7);
const preview = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return s.length > 120 ? `${s.slice(0, 120)}… (${s.length} chars)` : s;
};

describe.each(testDatabases)('fuzzing every route on %s', (kind) => {
  let t: SecurityApp;
  let cast: Cast;
  let routes: AppRoute[];
  const failures = new Map<string, string>();
  let requests = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    resetCollectedRoutes();
    t = await buildSecurityApp(kind);
    routes = appRoutes().filter((r) => r.url !== '/ws'); // the socket has its own tests (realtime/gateway.test.ts)
    cast = await createCast(t);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    console.info(`fuzzing on ${kind}: ${routes?.length} routes, ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  const fail = (key: string, detail: string) => {
    if (!failures.has(key)) failures.set(key, detail);
  };
  /** The fingerprint taken after the last checked write: the next one's "before", unless something moved since. */
  let last: Record<string, string> | null = null;

  /**
   * One request as `who`, checked: no 5xx, an API error is JSON {message}, and a refused write
   * changes nothing (GETs are checked per batch, by the caller).
   */
  async function send(who: Who, r: AppRoute, kindOfInput: string, url: string, body: Body | undefined, input: unknown) {
    const m: Member = cast.members[who]!;
    const spare = SESSION_ENDING.has(r.key);
    const cookie = spare ? await extraSessionCookie(t, m.id) : m.cookie;
    const checkWrites = r.method !== 'GET' && !WRITES_ON_4XX[r.key];
    const before = checkWrites ? (!spare && last) || (await fingerprint(t)) : null;
    last = null;
    requests++;
    const res = await t.app.inject({
      method: r.method,
      url,
      headers: {
        origin: t.app.deps.config.appUrl,
        'x-forwarded-for': freshIp(),
        // Analytics calls without consent answer before reading their body: consent, so it is read.
        [CONSENT_HEADER]: CONSENT_GRANTED,
        cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: 'raw' in body ? body.raw : JSON.stringify(body.json) } : {}),
    });
    const where = `${who} ${r.key} [${kindOfInput}]`;
    const answer = `${res.statusCode} ${preview(res.body)}`;
    if (res.statusCode >= 500) fail(`${where} ${res.statusCode}`, `${where}: ${answer} ← ${preview(input)} (url ${preview(url)})`);
    else if (!declaresStatus(r, res.statusCode)) fail(`${who} ${r.key} declares ${res.statusCode}`, `${who} ${r.key}: answered ${res.statusCode}, not in its contract's errors (${answer})`);
    if (res.statusCode >= 400 && url.startsWith('/api/')) {
      let message: unknown;
      try {
        message = (res.json() as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== 'string') fail(`${where} shape`, `${where}: error is not JSON {message}: ${answer} ← ${preview(input)}`);
    }
    if (before) {
      const after = await fingerprint(t);
      if (res.statusCode >= 400 && res.statusCode < 500) {
        const changed = changedTables(before, after);
        if (changed.length) fail(`${where} wrote`, `${where}: ${res.statusCode} but changed ${changed.join(', ')} ← ${preview(input)}`);
      }
      last = after;
    }
    if (r.key === 'PUT /api/admin/maintenance' && res.statusCode < 300) {
      // A valid body may switch maintenance on: every later write would then (rightly) answer 503.
      const off = await t.app.inject({ method: 'PUT', url: r.url, headers: { cookie: cast.members.admin!.cookie }, payload: { maintenanceMode: false } });
      expect(off.statusCode).toBe(200);
      last = null;
    }
    return res.statusCode;
  }

  /** Runs a batch; for GETs, when every answer was a 4xx, the database must be as it was. */
  async function batch(who: Who, r: AppRoute, kindOfInput: string, items: Array<{ url: string; body?: Body; input: unknown }>) {
    const before = r.method === 'GET' && !WRITES_ON_4XX[r.key] ? (last ?? (await fingerprint(t))) : null;
    const statuses: number[] = [];
    for (const it of items) statuses.push(await send(who, r, kindOfInput, it.url, it.body, it.input));
    if (before && statuses.every((s) => s >= 400 && s < 500)) {
      const changed = changedTables(before, await fingerprint(t));
      if (changed.length) fail(`${who} ${r.key} [${kindOfInput}] wrote`, `${who} ${r.key} [${kindOfInput}]: only 4xx answers but changed ${changed.join(', ')}`);
    }
    // A call that is not a sign-out must never end the caller's session.
    const m = cast.members[who]!;
    if (!(await sessionAlive(t, m.cookie))) {
      fail(`${who} ${r.key} session`, `${who} ${r.key} [${kindOfInput}] ended the caller's session`);
      m.cookie = await extraSessionCookie(t, m.id);
      last = null;
    }
  }

  it('its exception lists name registered routes', () => {
    const registered = new Set(routes.map((r) => r.key));
    expect([...SESSION_ENDING, ...Object.keys(WRITES_ON_4XX)].filter((k) => !registered.has(k))).toEqual([]);
  });

  const sample = <T,>(arb: fc.Arbitrary<T>, key: string, numRuns: number) => fc.sample(arb, { seed: SEED ^ hash(key), numRuns });

  for (const who of ['member', 'admin'] as const) {
    it(`every route as ${who === 'member' ? 'a verified member' : 'an admin'}: bodies, query strings and path parameters`, async () => {
      for (const r of routes) {
        const base = fillPath(r.url, realParams(cast, who, r), MISSING_ID);
        if (r.method !== 'GET') {
          // The plain poisoned bodies first, before random ones can use up a per-member limit.
          for (const { label, body } of poisoned(r.schema?.body)) {
            await batch(who, r, `poison ${label}`, [{ url: base, body: { json: body }, input: body }]);
          }
          const items = sample(bodies(r.schema?.body), `${who} body ${r.key}`, RUNS.body).map((b) => ({ url: base, body: b, input: 'raw' in b ? b.raw : b.json }));
          await batch(who, r, 'body', items);
        }
        const keys = Object.keys(toJsonSchema(r.schema?.querystring)?.properties ?? {});
        const qs = [
          BAD_ESCAPES.map((e) => `${e}=${e}`).join('&'),
          ...keys.flatMap((k) => UNSTORABLE.map((v) => `${k}=${v}`)),
          ...sample(queries(r.schema?.querystring), `${who} query ${r.key}`, RUNS.query),
        ];
        await batch(
          who,
          r,
          'query',
          qs.map((q) => ({ url: `${fillPath(r.url, {}, MISSING_ID)}?${q}`, body: r.method === 'GET' ? undefined : { json: {} }, input: q })),
        );
        if (r.params.length) {
          const fixed = r.params.flatMap((param) => FIXED_PIECES.map((v) => ({ param, v })));
          const random = sample(segment, `${who} param ${r.key}`, RUNS.param).map((v, i) => ({ param: r.params[i % r.params.length], v }));
          const items = [...fixed, ...random].map(({ param, v }) => {
            const url = fillPath(r.url, { [param]: outOfReach(v) }, MISSING_ID);
            return { url, body: r.method === 'GET' ? undefined : { json: {} }, input: `${param}=${v}` };
          });
          await batch(who, r, 'param', items);
        }
      }
      const found = [...failures.entries()].filter(([k]) => k.startsWith(`${who} `)).map(([, v]) => v);
      expect(found).toEqual([]);
    }, 300_000);
  }

  it('server-written pages: any path and query (malformed escapes, `$` patterns, unicode) answers below 500, at a sane size', async () => {
    const pageFailures: string[] = [];
    const prefixes = [...new Set(PAGE_ROUTES.map((p) => p.path.replace(/:[A-Za-z]+$/, '')))];
    const arb = fc.tuple(fc.constantFrom(...prefixes), segment, fc.option(queries(undefined), { nil: undefined }));
    const fixed = FIXED_PIECES.flatMap((e) => [`/forum/posts/${e}`, `/forum/post/${e}`, `/${e}`, `/forum?q=${e}`, `/profile/${e}`, `/inbox/${e}`]);
    const paths = [...fixed, `/nope${'$`'.repeat(100)}`, ...sample(arb, 'pages', RUNS.page).map(([p, s, q]) => `${p.endsWith('/') ? p : `${p}/`}${s}${q ? `?${q}` : ''}`)];
    const before = await fingerprint(t);
    for (const url of paths) {
      for (const [who, cookie] of [
        ['guest', undefined],
        ['member', cast.members.member!.cookie],
      ] as const) {
        requests++;
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        // A page is the app shell plus the server-written head and body: tens of kB, whatever the URL.
        if (res.statusCode >= 500 || res.rawPayload.length > 512 * 1024) {
          pageFailures.push(`${who} GET ${preview(url)}: ${res.statusCode}, ${res.rawPayload.length} bytes`);
        }
      }
    }
    expect(changedTables(before, await fingerprint(t))).toEqual([]);
    expect(pageFailures).toEqual([]);
  }, 300_000);
});
