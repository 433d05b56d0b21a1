// The real app on the bench database, as production runs it (NODE_ENV=production, logs off), in its own
// process so the load generator of bench/run.ts does not share its event loop. Prints `listening <port>`.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { benchDatabaseUrl } from './config.ts';

const url = benchDatabaseUrl();
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_DEMO: '0', HOST: '127.0.0.1' });
const database = await openDatabase({ url });
const app = await buildApp({ config, database });
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
