// The real server with two workers (WEB_CONCURRENCY=2, PostgreSQL and Redis): a scrape answered by
// either worker reports both workers' requests.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/databases.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

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

    for (let i = 0; i < 10; i++) expect((await get(port, '/readyz')).status).toBe(200);
    // Connections go round-robin: one worker alone would have seen only half of them.
    for (let i = 0; i < 4; i++) {
      const scrape = await get(port, '/metrics');
      expect(scrape.status).toBe(200);
      expect(readyzCount(scrape.body)).toBe(10);
    }
  },
  60_000,
);
