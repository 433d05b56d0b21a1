import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request, at info, when its answer has gone (issue 31 item 3). Fastify's own logging
 * (off in app.ts) wrote two, "incoming request" and "request completed": 741,500 lines and 166 MB in
 * an afternoon of load, nearly all of them guests' fast reads. Routine answers (a GET or HEAD answered
 * below 400 within `slowMs`) are sampled: `sample` of them are written (LOG_REQUEST_SAMPLE; 1 writes
 * every one, 0 none). Every other answer is written: writes, errors, refusals, slow reads.
 */
export type RequestLogOptions = {
  /** The share of routine answers written, 0 to 1. */
  sample: number;
  /** A read slower than this is always written; 500 ms. */
  slowMs?: number;
  /** Math.random by default; tests decide. */
  random?: () => number;
};

export const REQUEST_LOG_SLOW_MS = 500;

export const requestLog = fp(
  async (app: FastifyInstance, opts: RequestLogOptions) => {
    const slowMs = opts.slowMs ?? REQUEST_LOG_SLOW_MS;
    const random = opts.random ?? Math.random;
    app.addHook('onResponse', (req, reply, done) => {
      const ms = reply.elapsedTime;
      const routine = (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode < 400 && ms < slowMs;
      if (!routine || (opts.sample > 0 && random() < opts.sample)) {
        req.log.info({ req, res: reply, responseTime: Math.round(ms * 10) / 10 }, routine ? 'request (sampled)' : 'request');
      }
      done();
    });
  },
  { name: 'request-log' },
);
