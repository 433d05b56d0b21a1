// One app process for the chat benchmark (bench/chat-load.ts): the real app on the chat bench database,
// as production runs it (NODE_ENV=production, logs off), with Redis when REDIS_URL is set (then several
// of these share it, as WEB_CONCURRENCY processes do). Started with --expose-gc. Prints
// `listening <port>`; answers each `mem` line on stdin, after a full GC, with `mem <rss> <heapUsed>`
// (bytes), so the load script can measure memory per idle socket.
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { openRedis } from '../server/lib/redis.ts';

const url = process.env.CHAT_BENCH_DATABASE_URL!;
const redisUrl = process.env.CHAT_BENCH_REDIS_URL || undefined;
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, REDIS_URL: redisUrl, LOG_LEVEL: 'silent', SEED_DEMO: '0', HOST: '127.0.0.1', TRUST_PROXY: 'loopback' }); // sockets come with their own X-Forwarded-For
const database = await openDatabase({ url });
const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined; // as main.ts opens it
const app = await buildApp({ config, database, redis });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);

const gc = (globalThis as { gc?: () => void }).gc;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'mem') return;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`mem ${m.rss} ${m.heapUsed}\n`);
});

let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  await app.close();
  redis?.disconnect();
  await database.close();
  process.exit(0);
});
