import { createServer } from 'node:net';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/db/seed/index.ts';
import type { MaintenanceService } from '../../server/modules/maintenance/index.ts';
import { openTestDatabase } from '../../server/test/databases.ts';

export type RunningApp = {
  baseURL: string;
  /** The app's own database handle, for tests that set up data faster than the API allows (rate limits). */
  db: Db;
  /** The app's maintenance switch (what an admin's PUT /api/admin/maintenance does). */
  maintenance: MaintenanceService;
  /** Empties the app's kept answers, as time would, for tests that write to the database behind the API's back. */
  forgetKept(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The real app as `npm start` runs it (built client, API, mail over SMTP), on a fresh database:
 * in-memory PGlite, or a throw-away PostgreSQL database when TEST_DATABASE_URL is set. Categories are
 * seeded, demo content is not. Rate limits and the event bus stay in-process so workers never share state.
 */
export async function startApp(opts: { smtpUrl: string; /** The address's host name: `localhost` where WebAuthn needs a domain (passkeys refuse an IP address). */ host?: '127.0.0.1' | 'localhost' }): Promise<RunningApp> {
  const database = process.env.TEST_DATABASE_URL ? await openTestDatabase('postgres') : await openDatabase({ dataDir: 'memory://' });
  try {
    // APP_URL goes into mails and the Origin check, so the port is chosen before the app is built.
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://${opts.host ?? '127.0.0.1'}:${port}`,
      SMTP_URL: opts.smtpUrl,
      MAIL_FROM: 'Kerbside <no-reply@kerbside.test>',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // The fixtures sign accounts up from their own X-Forwarded-For addresses, as behind a proxy on loopback.
      TRUST_PROXY: 'loopback',
    });
    await seedDatabase(database.db, config, { info: () => {} });
    const app = await buildApp({ config, database, serveClient: true });
    await app.listen({ port, host: '127.0.0.1' });
    return {
      baseURL: config.appUrl,
      db: database.db,
      maintenance: app.maintenance,
      forgetKept: () => app.forgetKept(),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
