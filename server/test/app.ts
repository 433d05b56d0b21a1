import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { buildApp, type App, type AppDeps } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { Renderer } from '../seo/render.ts';
import type { EventBus } from '../realtime/bus.ts';
import type { PushSenderOptions } from '../modules/push/index.ts';
import type { Redis } from 'ioredis';
import type { Clock } from '../core.ts';
import { emails } from '../db/schema/index.ts';
import { openTestDatabase } from './databases.ts';

export type TestApp = {
  app: App;
  database: Database;
  /** The PostgreSQL database's URL (postgres only), for a second app on the same data. */
  databaseUrl?: string;
  /** Outbox rows, newest first. */
  outbox(): Promise<Array<typeof emails.$inferSelect>>;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database, for `app.inject()` tests. Env overrides go through loadConfig.
 * `sameDatabaseAs`: a second app (like a second process) with its own connection pool to the other
 * app's PostgreSQL database; close it before that app, which drops the database. `clientDir`: serve
 * that built client (pages with their server-written head and body). `bus`: the app's event bus, for a
 * test that listens to what is published (test/sockets.ts testBus); closed with the app. `push`: the
 * Web Push sender's options (test/push-service.ts: an agent that reaches the test's push service).
 * `clock`: the services' clock, for a test that moves time (the system's by default). `redis`: the
 * shared store of rate limits (and bus), as main.ts gives every process; the caller closes it.
 * `settleJobs: false`: requests answer after commit and the job runner runs as in production.
 * `logStream`: the app logs there (at LOG_LEVEL, info by default), for a test that reads its log.
 */
export async function buildTestApp(
  kind: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp; clientDir?: string; bus?: EventBus; push?: PushSenderOptions; clock?: Clock; redis?: Redis; settleJobs?: boolean; logStream?: AppDeps['logStream'] } = {},
): Promise<TestApp> {
  const shared = opts.sameDatabaseAs?.databaseUrl;
  if (opts.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs an app on PostgreSQL');
  const database = shared ? { ...(await openDatabase({ url: shared })), url: shared } : await openTestDatabase(kind);
  // Tests stand in for a proxy on loopback and send each client's address as X-Forwarded-For (freshIp);
  // `TRUST_PROXY: ''` gives an app that believes no forwarded header, as by default.
  // The database is in memory (or PostgreSQL), but backups (an admin's "Back up now") are files in
  // $DATA_DIR/backups: a folder of the app's own, removed with it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: 'loopback', ...env });
  const app = await buildApp({ config, database, bus: opts.bus, push: opts.push, clock: opts.clock, redis: opts.redis, settleJobs: opts.settleJobs, logStream: opts.logStream, ...(opts.clientDir ? { serveClient: true, clientDir: opts.clientDir, renderer: await sourceRenderer() } : {}) });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: database.url,
    outbox: () => database.db.select().from(emails).orderBy(desc(emails.id)),
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `Origin` a browser on the site would send; state-changing injects need it or none. */
export const sameOrigin = { origin: 'http://localhost:5000' };

/**
 * The server renderer from its sources (Vitest compiles client/src/entry-server.tsx as Vite would),
 * so page tests render the real React tree without a build.
 */
async function sourceRenderer(): Promise<Renderer> {
  return import('../../client/src/entry-server.tsx');
}
