import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use instead of when the server starts. For packages that the
 * first answer does not need and many processes never touch (argon2 until a sign-in, nodemailer
 * without SMTP_URL, ioredis without REDIS_URL, sanitize-html until a write): each costs start-up time
 * and resident memory for nothing until then (issue 15: restart to first answer within 1 s, an idle
 * process within 150 MB). Synchronous, so the functions using it keep their signatures; the first
 * caller pays the load (tens of milliseconds, once).
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
