// The real app on the bench database, as production runs it (NODE_ENV=production, logs off), in its own
// process so the load generator of bench/run.ts does not share its event loop. Prints `listening <port>`.
//
// bench/web.ts sets a few more (none is set by bench/run.ts, which gets the app as it always did):
//   BENCH_SERVE_DATA_DIR=<dir>  the embedded database (PGlite) in that directory instead of PostgreSQL,
//                               seeded with the demo forum as a fresh install is (no DATABASE_URL);
//   BENCH_SERVE_CLIENT=1        serve the built client and the server-written pages (dist/client), as
//                               server/main.ts does;
//   BENCH_SERVE_TRUST_PROXY=1   believe X-Forwarded-For from loopback (many sockets from "many addresses").
// bench/request-log.ts sets BENCH_SERVE_LOG_LEVEL (instead of silent) and BENCH_SERVE_LOG_REQUEST_SAMPLE.
// bench/run.ts sets BENCH_SERVE_GUEST_CACHE=off for its uncached cases: the guest cache keeps nothing, so
// every guest answer is made for its request (what a miss costs).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { benchDatabaseUrl } from './config.ts';

const dataDir = process.env.BENCH_SERVE_DATA_DIR || undefined;
const url = dataDir ? undefined : benchDatabaseUrl();
const config = loadConfig({
  NODE_ENV: 'production',
  ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
  LOG_LEVEL: process.env.BENCH_SERVE_LOG_LEVEL || 'silent',
  ...(process.env.BENCH_SERVE_LOG_REQUEST_SAMPLE ? { LOG_REQUEST_SAMPLE: process.env.BENCH_SERVE_LOG_REQUEST_SAMPLE } : {}),
  SEED_DEMO: dataDir ? '1' : '0',
  HOST: '127.0.0.1',
  ...(process.env.BENCH_SERVE_TRUST_PROXY === '1' ? { TRUST_PROXY: 'loopback' } : {}),
});
const database = await openDatabase(url ? { url } : { dataDir });
if (dataDir) await seedDatabase(database.db, config, { info: () => {} });
const app = await buildApp({
  config,
  database,
  serveClient: process.env.BENCH_SERVE_CLIENT === '1',
  guestCacheTtlMs: process.env.BENCH_SERVE_GUEST_CACHE === 'off' ? 0 : undefined,
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);

let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  await app.close();
  await database.close();
  process.exit(0);
});
