import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DatabaseOpenError, openFailureMessage } from './db/open-failure.ts';
import { seedDatabase } from './db/seed/index.ts';
import { serveClusterMetrics } from './plugins/metrics-cluster.ts';

/** Process entry: config → database (migrated, seeded once) → app → listen; graceful shutdown. */
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
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) console.error(err.message);
    else if (err instanceof DatabaseOpenError) console.error(openFailureMessage(err.dataDir, err.cause));
    else throw err;
    process.exit(1);
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    if (cluster.isPrimary) await seedDatabase(database.db, config, console);
    app = await buildApp({ config, database, redis, serveClient: true });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close(); // a port in use ends the process, not the database
    throw err;
  }
  if (cluster.isPrimary) console.log(`${config.appName} is serving on ${config.appUrl} (database: ${database.kind})`);

  // A signal during start-up is answered here too, once everything it would interrupt is open.
  const signal = await signals.first;
  app.log.info(`${signal}: finishing in-flight requests, then closing`);
  let code = 0;
  const grace = new Promise<void>((resolve) => setTimeout(resolve, REQUEST_GRACE_MS));
  await Promise.race([
    app.close().catch((err: unknown) => {
      console.error(err);
      code = 1;
    }), // stops accepting, waits for in-flight requests, runs onClose hooks
    grace.then(() => {
      app.log.warn(`requests still running after ${REQUEST_GRACE_MS / 1000} s; closing anyway`);
      code = 1;
    }),
    signals.second.then((again) => app.log.warn(`${again} again: closing the database now, without waiting for requests`)),
  ]);
  // Every way out closes the database first: neither the grace period nor a second signal cuts it short.
  try {
    await database.close();
  } catch (err) {
    console.error(err);
    code = 1;
  }
  redis?.disconnect();
  process.exit(code);
}

/**
 * How long a stop waits for in-flight requests before it closes the database regardless: with the
 * close itself, the process is gone within 10 s, the time Docker allows between SIGTERM and SIGKILL.
 */
const REQUEST_GRACE_MS = 8_000;

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
