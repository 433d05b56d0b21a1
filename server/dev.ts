import path from 'node:path';
import { createServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';

/**
 * `npm run dev`: the API on 127.0.0.1:5001 and Vite on :5000 with hot reload; Vite forwards /api and
 * /ws to the API (vite.config.ts), so the browser sees one origin, http://localhost:5000, as in production.
 */
const API_PORT = 5001;

const config = loadConfig(); // PORT (default 5000) is the browser's port, so APP_URL stays the Vite origin
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedDatabase(database.db, config, console);
const app = await buildApp({ config, database });
await app.listen({ port: API_PORT, host: '127.0.0.1' });

const vite = await createServer({
  configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
  server: { port: config.port, host: config.host, strictPort: true },
});
await vite.listen();
console.log(`${config.appName} (dev) is serving on ${config.appUrl} — API on http://127.0.0.1:${API_PORT}`);

// tsx watch restarts with SIGTERM: close the embedded database cleanly so ./data stays consistent.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await Promise.allSettled([vite.close(), app.close()]);
    await database.close();
    process.exit(0);
  });
}
