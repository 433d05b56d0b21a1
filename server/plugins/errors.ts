import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isOutOfSpace } from '../db/disk-space.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../http-errors.ts';
import { escapeHtml } from '../lib/html.ts';

/** Seconds a client is asked to wait when the database is away: a restart or failover takes a few. */
export const DATABASE_AWAY_RETRY_S = 5;

export const databaseAwayMessage = (appName: string) => `${appName} is having trouble — try again in a moment.`;

/** A write refused for want of disk space (507): DATA_DIR under its reserve, or the database's disk full. */
export const OUT_OF_SPACE_MSG = 'The server is out of storage space';

/**
 * One error shape for the whole API: `{ message }`, plus `errors: { field: message }` for 400s.
 * 5xx details never leave the server; they are logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { appName?: string }) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
      return reply.code(err.statusCode).send({ message: err.message, ...err.body });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      return reply.code(400).send({ message: Object.values(errors)[0] ?? 'Invalid request', errors });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): readable, no internals.
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'Request body is not valid JSON'
              : err.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault and not a bug: the database is away (a restart, a failover). Say so and
      // when to try again; the next request after it returns works by itself (issue 29).
      req.log.warn({ reqId: req.id, code: (err as { code?: string }).code }, 'database unavailable');
      reply.code(503).header('Retry-After', String(DATABASE_AWAY_RETRY_S)).header('Cache-Control', 'no-store');
      const message = databaseAwayMessage(opts.appName ?? 'Kerbside');
      if (!req.url.startsWith('/api/') && String(req.headers.accept ?? '').includes('text/html')) return reply.type('text/html; charset=utf-8').send(databaseAwayPage(message));
      return reply.send({ message });
    }
    if (isOutOfSpace(err)) {
      // The disk filled faster than DATA_DIR's reserve was read (or the database's own disk, on
      // PostgreSQL): nothing was written, and the request is no bug.
      req.log.warn({ reqId: req.id, code: (err as { code?: string }).code }, 'out of storage space');
      return reply.code(507).send({ message: OUT_OF_SPACE_MSG });
    }
    req.log.error({ err, reqId: req.id }, 'request failed');
    return reply.code(500).send({ message: `Something went wrong on our side (reference ${req.id}).` });
  });
}, { name: 'kerbside-errors' });

/**
 * The page a reader gets while the database is away: plain, self-contained (no script or stylesheet
 * that might need the server too), and it tries again by itself.
 */
function databaseAwayPage(message: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="${DATABASE_AWAY_RETRY_S * 3}"><title>${escapeHtml(message)}</title><style>body{font:17px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:30rem;padding:1.5rem}a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}a{color:#93c5fd}}</style></head><body><main><h1>${escapeHtml(message)}</h1><p>Nothing you wrote is lost. This page tries again by itself, or <a href="">try again now</a>.</p></main></body></html>`;
}
