import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors.ts';

/**
 * One error shape for the whole API: `{ message }`, plus `errors: { field: message }` for 400s.
 * 5xx details never leave the server; they are logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
    req.log.error({ err, reqId: req.id }, 'request failed');
    return reply.code(500).send({ message: `Something went wrong on our side (reference ${req.id}).` });
  });
});
