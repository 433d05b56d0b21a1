import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Events } from './events.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Mailer } from './mail/mailer.ts';

/** What time it is: the services read it here, never from `new Date()`, so a test can move it. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * The service container (docs/ARCHITECTURE.md "The core"): buildApp makes one, then creates every
 * module's services from it once (`createXService(core)`) and hands each route plugin the services
 * it uses. Nothing below holds state of its own in a module-level variable.
 */
export type Core = {
  config: Config;
  db: Db;
  events: Events;
  /** The one job runner: the outbox, queued work and every periodic task (server/jobs). */
  jobs: JobRunner;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Shared store for limits and the bus when several processes serve. */
  redis?: Redis;
};
