import { tooManyRequests } from '../http-errors.ts';

/**
 * Route config for a per-IP ceiling (@fastify/rate-limit is registered with global:false; its store
 * is Redis when REDIS_URL is set, so the ceiling holds across processes). The 429 carries our
 * `{message}` and Retry-After like every other error.
 */
export const perIpLimit = (max: number, timeWindow: string, message: string) => ({
  rateLimit: {
    max,
    timeWindow,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) => tooManyRequests(message, ctx.ttl / 1000),
  },
});
