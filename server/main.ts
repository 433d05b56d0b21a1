import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';

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

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (cluster.isPrimary) await seedDatabase(database.db, config, console);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const app = await buildApp({ config, database, redis, serveClient: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
      await database.close();
      redis?.disconnect();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) console.log(`${config.appName} is serving on ${config.appUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
