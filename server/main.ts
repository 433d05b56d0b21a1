// First: its body sets V8's start-up thresholds before any other module of the server runs.
import { endStartupTuning } from './lib/v8-startup.ts';
import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DatabaseOpenError, openFailureMessage } from './db/open-failure.ts';
import { logDemoAdmin, seedDatabase } from './db/seed/index.ts';
import { stopServing } from './shutdown.ts';

/**
 * Process entry: config → database (migrated, seeded once) → app → listen; graceful shutdown.
 * The app's modules are imported while the database opens rather than before it, what only some
 * processes need (ioredis, the cluster's metrics) only by those, V8 optimises little until the server
 * listens (lib/v8-startup.ts), and what no first answer needs waits until then: a restart answers
 * within a second (issue 15, ADR 0005, bench/results/2026-11-24-idle.md).
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (config.webConcurrency > 1 && cluster.isPrimary) {
    // The primary only migrates, seeds and supervises; workers share the port.
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    await seedDatabase(database.db, config, console);
    await database.close();
    endStartupTuning();
    const { serveClusterMetrics } = await import('./plugins/metrics-cluster.ts');
    serveClusterMetrics(); // a worker's GET /metrics answers for them all
    for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
    cluster.on('exit', (worker, code) => {
      if (code !== 0 && !shuttingDown) {
        console.error(`worker ${worker.process.pid} exited with ${code}; starting another`);
        cluster.fork();
      }
    });
    let shuttingDown = false;
    const stop = () => {
      shuttingDown = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return;
  }

  const signals = watchSignals();
  // The database first: PGlite's WebAssembly compiles on other threads while the app's modules load.
  const opening = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const appModule = import('./app.ts');
  // A failed import is reported where it is awaited, below; not as an unhandled rejection before then.
  appModule.catch(() => {});
  let database: Database;
  try {
    database = await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) console.error(err.message);
    else if (err instanceof DatabaseOpenError) console.error(openFailureMessage(err.dataDir, err.cause));
    else throw err;
    process.exit(1);
  }
  let redis: Redis | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  // Seeding runs while the app is built (that queries nothing) and is finished before the server
  // listens. The demo admin's sign-in is logged once it listens: its password check (argon2, 19 MiB)
  // is no part of a first answer.
  const seeding = cluster.isPrimary ? seedDatabase(database.db, config, console, { logDemoAdmin: false }) : Promise.resolve();
  seeding.catch(() => {}); // awaited below
  try {
    if (config.redisUrl) {
      // Fails commands at once while Redis is away, so nothing waits on it (lib/redis.ts).
      const { openRedis } = await import('./lib/redis.ts');
      redis = openRedis(config.redisUrl);
    }
    const { buildApp } = await appModule;
    app = await buildApp({ config, database, redis, serveClient: true });
    await seeding;
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await seeding.catch(() => {}); // not closing the database under it
    await database.close(); // a port in use ends the process, not the database
    throw err;
  }
  endStartupTuning();
  if (cluster.isPrimary) console.log(`${config.appName} is serving on ${config.appUrl} (database: ${database.kind})`);
  const demoAdminLogged = cluster.isPrimary && config.seedDemo ? logDemoAdmin(database.db, console).catch((err: unknown) => console.error(err)) : undefined;

  // A signal during start-up is answered here too, once everything it would interrupt is open.
  const signal = await signals.first;
  // SIGTERM is how a supervisor, Docker or a deploy stops a process that others may take over from:
  // it drains first (server/shutdown.ts). Ctrl-C and a closed terminal stop at once.
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  app.log.info(`${signal}: ${drainMs ? 'draining, then ' : ''}finishing in-flight requests, then closing`);
  const outcome = await stopServing(app, {
    drainMs,
    graceMs: Math.max(REQUEST_GRACE_MS - drainMs, MIN_REQUEST_GRACE_MS),
    hurry: signals.second.then((again) => app.log.warn(`${again} again: closing the database now, without waiting for requests`)),
  });
  // A second signal only hurries: the stop it asked for is no failure.
  let code = outcome === 'closed' || outcome === 'hurried' ? 0 : 1;
  // Every way out closes the database first: neither the grace period nor a second signal cuts it short.
  try {
    await demoAdminLogged; // not closing the database under its query
    await database.close();
  } catch (err) {
    console.error(err);
    code = 1;
  }
  redis?.disconnect();
  process.exit(code);
}

/**
 * How long a stop drains and waits for in-flight requests, together, before it closes the database
 * regardless: with the close itself, the process is gone within 10 s, the time Docker allows between
 * SIGTERM and SIGKILL (while SHUTDOWN_DRAIN_MS is at most 6 s; a longer drain still leaves requests
 * MIN_REQUEST_GRACE_MS).
 */
const REQUEST_GRACE_MS = 8_000;
const MIN_REQUEST_GRACE_MS = 2_000;

/**
 * SIGTERM/SIGINT/SIGHUP handlers that stay installed for the whole life of the process: Node's
 * default for a signal without a handler is to die at once, which a second Ctrl-C (or a closed
 * terminal) must not do while the database closes. The first signal stops; the second only hurries.
 */
function watchSignals() {
  let seen = 0;
  let first!: (signal: string) => void;
  let second!: (signal: string) => void;
  const promises = {
    first: new Promise<string>((resolve) => (first = resolve)),
    second: new Promise<string>((resolve) => (second = resolve)),
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => (seen++ === 0 ? first : second)(signal));
  }
  return promises;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
