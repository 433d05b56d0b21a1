// Local alerts' fan-out (issue 32; bench/README.md "Alerts"). `npx tsx bench/alerts.ts`.
//
// Recreates its own database (ALERTS_BENCH_DATABASE_URL; the name must contain "bench"), adds N verified
// members who follow the LS postcode area (and one author, pinned at trust level 2 as an admin would), starts the real app
// (bench/chat-serve.ts: production settings, logs off), opens every follower's socket, then the author
// sends ROUNDS alerts to LS through the API, one at a time. For each alert it measures, from the moment
// the POST is sent: when each follower's socket hears its `notification:new` (type area_alert), and when
// the N Web Push jobs (push.send) are in the queue. The goals: every socket within 2 s, the push queue
// within 10 s. Writes bench/results/<date>-alerts.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { cookieName, createSession } from '../server/identity/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const DB_URL = process.env.ALERTS_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_alerts_bench';
const FOLLOWERS = env('ALERTS_BENCH_FOLLOWERS', 1000);
const ROUNDS = env('ALERTS_BENCH_ROUNDS', 3);
const SOCKET_GOAL_MS = 2000;
const QUEUE_GOAL_MS = 10_000;
/** The gateway allows 120 socket upgrades per address a minute: the sockets are spread over addresses. */
const SOCKETS_PER_IP = 50;
const DATE = process.env.ALERTS_BENCH_DATE || new Date().toISOString().slice(0, 10);

if (!/bench/.test(new URL(DB_URL).pathname)) throw new Error(`the alerts bench database name must contain "bench" (it is dropped first): ${DB_URL}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

type Member = { id: number; cookie: string };

async function setUp(): Promise<{ author: Member; followers: Member[]; categoryId: number }> {
  const name = new URL(DB_URL).pathname.slice(1);
  const adminUrl = new URL(DB_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();

  const database = await openDatabase({ url: DB_URL }); // migrates
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const ids = (
    await sql.query(
      `insert into users (email, username, first_name, last_name, password_hash, email_verified_at, onboarded_at, trust_level, trust_level_pinned, created_at)
       select 'alerts' || g || '@example.test', 'alerts' || g, 'Bench', 'Driver', 'not-a-hash', now(), now(), 2, 2, now() - interval '90 days'
       from generate_series(0, $1) g returning id`,
      [FOLLOWERS],
    )
  ).rows
    .map((r) => r.id as number)
    .sort((a, b) => a - b);
  const [authorId, ...followerIds] = ids;
  await sql.query(`insert into label_follows (user_id, label) select unnest($1::int[]), 'area:LS'`, [followerIds]);
  const categoryId = (await sql.query(`insert into categories (name, slug, description, color) values ('Local alerts', 'local-alerts', '', '#b91c1c') returning id`)).rows[0].id as number;
  await sql.end();
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB_URL });
  const session = async (id: number) => ({ id, cookie: `${cookieName(config)}=${await createSession(database.db, id, new Date(), 'alerts bench')}` });
  const author = await session(authorId!);
  const followers: Member[] = [];
  for (const id of followerIds) followers.push(await session(id));
  await database.close();
  return { author, followers, categoryId };
}

async function startServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/chat-serve.ts')], {
    cwd: root,
    env: { ...process.env, CHAT_BENCH_DATABASE_URL: DB_URL, CHAT_BENCH_REDIS_URL: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, port };
}

type Frame = { type: string; notification?: { type: string; postId: number | null } };

async function main() {
  console.log(`setting up ${FOLLOWERS} followers of LS…`);
  const { author, followers, categoryId } = await setUp();
  const { child, port } = await startServer();
  const heard = new Map<number, Map<number, number>>(); // post id → follower id → ms when heard
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < followers.length; i += 25) {
      await Promise.all(
        followers.slice(i, i + 25).map(
          (m, j) =>
            new Promise<void>((resolve, reject) => {
              const index = i + j;
              const ip = `10.78.${Math.floor(index / SOCKETS_PER_IP) % 250}.${(index % SOCKETS_PER_IP) + 1}`;
              const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: m.cookie, 'x-forwarded-for': ip } });
              ws.on('message', (data) => {
                const f = JSON.parse(data.toString()) as Frame;
                if (f.type !== 'notification:new' || f.notification?.type !== 'area_alert' || f.notification.postId === null) return;
                const at = performance.now();
                const byPost = heard.get(f.notification.postId) ?? new Map<number, number>();
                heard.set(f.notification.postId, byPost);
                if (!byPost.has(m.id)) byPost.set(m.id, at);
              });
              ws.once('open', () => resolve());
              ws.once('error', reject);
              sockets.push(ws);
            }),
        ),
      );
    }
    console.log(`${sockets.length} sockets open`);
    const sql = new pg.Client({ connectionString: DB_URL });
    await sql.connect();
    const rows: Array<{ round: number; load: number; status: number; sockets: number[]; missed: number; queueMs: number; queued: number }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await sleep(2000);
      const load = os.loadavg()[0]!;
      const jobsBefore = Number((await sql.query(`select count(*) from jobs where name = 'push.send'`)).rows[0].count);
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/forum/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: author.cookie, origin: 'http://localhost:5000', 'x-forwarded-for': '10.79.0.1' },
        body: JSON.stringify({
          title: `Van broken into at the Kirkstall retail park (${round})`,
          content: 'Side door forced overnight. Take parcels in with you.',
          categoryId,
          areas: ['LS'],
          alert: { kind: 'van_theft', place: 'Kirkstall', hours: 24 },
        }),
      });
      const body = (await res.json()) as { id?: number; message?: string };
      if (res.status !== 201) throw new Error(`the alert answered ${res.status}: ${body.message}`);
      // The push queue: every follower's push.send job for this alert.
      let queued = 0;
      let queueMs = NaN;
      while (performance.now() - t0 < QUEUE_GOAL_MS * 3) {
        queued = Number((await sql.query(`select count(*) from jobs where name = 'push.send'`)).rows[0].count) - jobsBefore;
        if (queued >= FOLLOWERS) {
          queueMs = performance.now() - t0;
          break;
        }
        await sleep(50);
      }
      // Every socket, or the goal's time three times over.
      while ((heard.get(body.id!)?.size ?? 0) < FOLLOWERS && performance.now() - t0 < SOCKET_GOAL_MS * 3) await sleep(20);
      const times = [...(heard.get(body.id!)?.values() ?? [])].map((at) => at - t0).sort((a, b) => a - b);
      rows.push({ round, load, status: res.status, sockets: times, missed: FOLLOWERS - times.length, queueMs, queued });
      console.log(
        `round ${round}: sockets ${times.length}/${FOLLOWERS} p50 ${fmt(percentile(times, 50))} p95 ${fmt(percentile(times, 95))} max ${fmt(times.at(-1) ?? NaN)} ms; push queue ${queued} in ${fmt(queueMs)} ms; load ${load.toFixed(2)}`,
      );
    }
    await sql.end();
    writeReport(rows);
  } finally {
    for (const ws of sockets) ws.terminate();
    child.kill('SIGTERM');
  }
}

function writeReport(rows: Array<{ round: number; load: number; sockets: number[]; missed: number; queueMs: number; queued: number }>) {
  const lines = [
    `# Local alerts: fan-out to an area's followers (${DATE})`,
    '',
    `${FOLLOWERS} verified members follow LS, each with a socket open on one app process (production settings,`,
    'PostgreSQL on this machine, no Redis). The author sends an alert to LS through the API; measured from the',
    'moment the POST is sent: when each socket hears its `notification:new` (area_alert), and when the',
    `${FOLLOWERS} Web Push jobs are in the queue (\`push.send\`; what the job runner then sends). Goals: every`,
    `socket within ${SOCKET_GOAL_MS / 1000} s, the push queue within ${QUEUE_GOAL_MS / 1000} s. Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB.`,
    '',
    '| alert | load (1 min) before | sockets heard | p50 | p95 | last | push jobs queued | queue complete |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.round} | ${r.load.toFixed(2)} | ${r.sockets.length}/${FOLLOWERS} | ${fmt(percentile(r.sockets, 50))} ms | ${fmt(percentile(r.sockets, 95))} ms | ${fmt(r.sockets.at(-1) ?? NaN)} ms | ${r.queued} | ${fmt(r.queueMs)} ms |`,
    ),
    '',
    `Every socket within ${SOCKET_GOAL_MS / 1000} s: **${rows.every((r) => r.missed === 0 && (r.sockets.at(-1) ?? Infinity) <= SOCKET_GOAL_MS) ? 'yes' : 'no'}**. ` +
      `Push queue within ${QUEUE_GOAL_MS / 1000} s: **${rows.every((r) => r.queueMs <= QUEUE_GOAL_MS) ? 'yes' : 'no'}**.`,
    '',
  ];
  const file = path.join(root, 'bench/results', `${DATE}-alerts.md`);
  fs.writeFileSync(file, lines.join('\n'));
  console.log(`report: ${path.relative(root, file)}`);
}

await main();
process.exit(0);
