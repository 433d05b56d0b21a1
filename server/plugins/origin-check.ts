import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { forbidden } from '../http-errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a browser's `Sec-Fetch-Site` says when the request came from our own page or was typed. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a state-changing request whose Origin (or,
 * lacking it, Referer) is another site is refused. Without an Origin, a browser's `Sec-Fetch-Site`
 * (which no page's script can set) other than `same-origin` or `none` is refused too, `same-site`
 * included: a sibling subdomain is not us (issue 28). Requests with none of these headers (curl,
 * server-to-server) carry no ambient browser credentials worth stealing and pass.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const allowed = new Set([new URL(opts.config.appUrl).origin]);
  // A callback hook, not an async one: it runs on every request (issue 15: the cached guest path).
  app.addHook('onRequest', (req, _reply, done) => {
    if (!UNSAFE.has(req.method)) return done();
    const fetchSite = req.headers['sec-fetch-site'];
    // With an Origin the Origin decides below; a Referer does not outweigh the browser's own word.
    if (req.headers.origin === undefined && fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite)) {
      return done(forbidden('Cross-site request refused'));
    }
    const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
    if (origin === undefined) return done();
    const host = req.headers.host;
    // The request's own host also counts, so http://127.0.0.1:5000 works like http://localhost:5000.
    if (allowed.has(origin) || (host && (origin === `http://${host}` || origin === `https://${host}`))) return done();
    done(forbidden('Cross-site request refused'));
  });
}, { name: 'kerbside-origin-check' });

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
