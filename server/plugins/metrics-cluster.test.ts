// The real server with two workers (WEB_CONCURRENCY=2, PostgreSQL and Redis): a scrape answered by
// either worker reports both workers' requests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/databases.ts';
import { serverProcessRoot } from '../test/process-root.ts';

// Run from a copy beside a stand-in client: the checkout's own may not be built yet.
const ROOT = serverProcessRoot();

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A GET on a connection of its own (no keep-alive), so the cluster hands each to the next worker. */
function get(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const readyzCount = (text: string) =>
  Number(/^http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} (\d+)$/m.exec(text)?.[1] ?? NaN);

let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await dropDatabase?.();
  fs.rmSync(ROOT, { recursive: true, force: true });
});

it.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'two workers: every scrape reports both workers’ requests',
  async () => {
    const database = await openTestDatabase('postgres');
    dropDatabase = () => database.close();
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL,
        WEB_CONCURRENCY: '2',
        SEED_DEMO: '0',
        METRICS_TOKEN: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Both workers listening: a run of fresh connections all answered.
    for (let ready = 0, tries = 0; ready < 4; tries++) {
      expect(tries, 'the server did not start').toBeLessThan(300);
      ready = (await get(port, '/healthz').then((r) => r.status === 200).catch(() => false)) ? ready + 1 : 0;
      if (ready === 0) await new Promise((r) => setTimeout(r, 100));
    }

    // And both taking part in the collection: healthz answers can all come from the first worker
    // while the second still builds its app, and a scrape then waits for it in vain (500).
    for (let tries = 0; (await get(port, '/metrics')).status !== 200; tries++) expect(tries, 'no worker joined the collection').toBeLessThan(10);

    for (let i = 0; i < 10; i++) expect((await get(port, '/readyz')).status).toBe(200);
    // Connections go round-robin: one worker alone would have seen only half of them.
    for (let i = 0; i < 4; i++) {
      const scrape = await get(port, '/metrics');
      expect(scrape.status).toBe(200);
      expect(readyzCount(scrape.body)).toBe(10);
    }
  },
  120_000,
);
