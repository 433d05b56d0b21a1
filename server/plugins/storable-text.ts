import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http-errors.ts';

export const UNSTORABLE_TEXT_MSG = 'Text cannot contain NUL characters or broken Unicode';

/** A lone UTF-16 surrogate: JSON may carry one, but PostgreSQL's jsonb (and UTF-8 text) cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Printable ASCII without `%`: what a URL decodes to is then itself. */
const PLAIN_URL = /^[\x20-\x24\x26-\x7e]*$/;
const unstorable = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * The first field (as `a.b.0`) of params, query or body holding text PostgreSQL cannot store, or null.
 * An explicit stack, not recursion: a 5,000-deep JSON body is valid input and must not overflow.
 */
export function findUnstorableText(values: Record<string, unknown>): string | null {
  const stack: Array<[unknown, string]> = Object.entries(values).map(([k, v]) => [v, k]);
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return at;
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const field = `${at}.${k}`;
        if (unstorable(k)) return field;
        stack.push([v, field]);
      }
    }
  }
  return null;
}

/**
 * Every route refuses text a database write would fail on (a NUL, a lone surrogate) with a 400 that
 * names the field, before its handler runs: such input is never a person's words, and reaching the
 * database it answered 500. A preHandler, so authorisation and validation answer first.
 */
export const storableTextPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request (issue 15: the cached guest path).
  app.addHook('preHandler', (req, _reply, done) => {
    // Not for the not-found handler: an unknown address is a 404 page whatever it holds. Nor for a
    // bodiless request whose URL has no escape: its params and query cannot hold a NUL or a surrogate.
    if (req.is404 || (req.body === undefined && PLAIN_URL.test(req.url))) return done();
    const field = findUnstorableText({ params: req.params, query: req.query, body: req.body });
    if (!field) return done();
    const name = field.replace(/^(params|query|body)\.?/, '') || '_';
    done(badRequest(UNSTORABLE_TEXT_MSG, { [name]: UNSTORABLE_TEXT_MSG }));
  });
}, { name: 'kerbside-storable-text' });
