// Load benchmark of the chat socket (issue 5; bench/README.md "Chat"). `npm run bench:chat`.
//
// Recreates its own database (CHAT_BENCH_DATABASE_URL; the name must contain "bench"), adds N verified
// members with real sessions and one conversation per pair, then, for each setup:
//   1. one app process (no Redis): every member's socket on it;
//   2. two app processes sharing PostgreSQL and Redis: senders on one, recipients on the other, so every
//      message crosses processes through Redis pub/sub.
// In each: the app's RSS after a GC before and after the N idle sockets connect (÷ N = memory per idle
// connection); then senders send `send_message` at a steady rate while every socket stays connected, and
// it measures the sender-receipt latency (send_message → the sender's own new_message, which carries its
// clientMessageId) and the delivery latency (→ the recipient's new_message). Recipients answer
// `message_delivered` as the real client does. Writes bench/results/<date>-chat.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { CHAT_RATE_MAX, CHAT_RATE_WINDOW_MS } from '../common/rules/chat.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { cookieName, createSession } from '../server/identity/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const DB_URL = process.env.CHAT_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_chat_bench';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Members, each with one socket. */
const SOCKETS = env('CHAT_BENCH_SOCKETS', 400);
/**
 * Members that send (each to its own partner); the partners receive; the rest stay idle. Several
 * levels comma-separated run one after another on the same sockets (lowest first).
 */
const LEVELS = (process.env.CHAT_BENCH_SENDERS || '20,50')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const SENDERS = LEVELS.at(-1)!;
/** After each level: wait up to this long for answers still on their way. */
const DRAIN_MS = 10_000;
/** Each sender sends one message every this many ms (the send limit allows 10 per 10 s). */
const INTERVAL_MS = env('CHAT_BENCH_INTERVAL_MS', 2000);
const DURATION_S = env('CHAT_BENCH_DURATION', 30);
const WARMUP_S = env('CHAT_BENCH_WARMUP', 5);
/** The gateway allows 120 socket upgrades per IP a minute: the bench spreads its sockets over addresses. */
const SOCKETS_PER_IP = 50;
const DATE = process.env.CHAT_BENCH_DATE || new Date().toISOString().slice(0, 10);
/** `one` or `two`: run only that setup. */
const ONLY = process.env.CHAT_BENCH_ONLY;
/** The one process publishes through Redis too (its own frames come back from Redis). */
const ONE_WITH_REDIS = process.env.CHAT_BENCH_ONE_WITH_REDIS === '1';

if (!/bench/.test(new URL(DB_URL).pathname)) throw new Error(`the chat bench database name must contain "bench" (it is dropped first): ${DB_URL}`);
if (SENDERS * 2 > SOCKETS) throw new Error('CHAT_BENCH_SENDERS must be at most half of CHAT_BENCH_SOCKETS');
if ((CHAT_RATE_WINDOW_MS / INTERVAL_MS) >= CHAT_RATE_MAX) throw new Error(`CHAT_BENCH_INTERVAL_MS must stay under the send limit (${CHAT_RATE_MAX} per ${CHAT_RATE_WINDOW_MS} ms)`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

// ---------------------------------------------------------------- the app processes

type Server = { child: ChildProcess; port: number; mem(): Promise<{ rss: number; heap: number }>; cpuMs(): number };

async function startServer(redisUrl?: string): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'bench/chat-serve.ts')], {
    cwd: root,
    env: { ...process.env, CHAT_BENCH_DATABASE_URL: DB_URL, CHAT_BENCH_REDIS_URL: redisUrl ?? '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) w();
  });
  const take = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(out);
        if (m) {
          out = out.slice(m.index + m[0].length);
          resolve(m);
        } else waiters.push(check);
      };
      child.once('exit', (code) => reject(new Error(`chat bench server exited with ${code}`)));
      check();
    });
  const port = Number((await take(/listening (\d+)\n/))[1]);
  return {
    child,
    port,
    mem: async () => {
      child.stdin!.write('mem\n');
      const m = await take(/mem (\d+) (\d+)\n/);
      return { rss: Number(m[1]), heap: Number(m[2]) };
    },
    // utime + stime of the process, from /proc (Linux), in ms.
    cpuMs: () => {
      try {
        const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
      } catch {
        return NaN;
      }
    },
  };
}

async function stopServer(s: Server) {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------- members and sockets

type Member = { id: number; cookie: string; conversationId: number; partner: number };
type Frame = { type: string; message?: { id: number; content: string; clientMessageId: string | null; senderId: number | null }; conversationId?: number };

async function setUp(): Promise<Member[]> {
  const url = new URL(DB_URL);
  const name = url.pathname.slice(1);
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
      `insert into users (email, username, first_name, last_name, password_hash, email_verified_at, onboarded_at)
       select 'bench' || g || '@example.test', 'bench' || g, 'Bench', 'Member', 'not-a-hash', now(), now() from generate_series(1, $1) g
       returning id`,
      [SOCKETS],
    )
  ).rows
    .map((r) => r.id as number)
    .sort((a, b) => a - b);
  const conv = new Map<number, number>();
  for (let i = 0; i + 1 < ids.length; i += 2) {
    const [c] = (await sql.query(`insert into conversations (user_low_id, user_high_id) values ($1, $2) returning id`, [ids[i], ids[i + 1]])).rows;
    conv.set(ids[i]!, c.id as number);
    conv.set(ids[i + 1]!, c.id as number);
  }
  await sql.end();
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB_URL });
  const members: Member[] = [];
  for (let i = 0; i < ids.length; i++) {
    const token = await createSession(database.db, ids[i]!, new Date(), 'chat bench');
    members.push({ id: ids[i]!, cookie: `${cookieName(config)}=${token}`, conversationId: conv.get(ids[i]!) ?? 0, partner: ids[i ^ 1] ?? 0 });
  }
  await database.close();
  return members;
}

type Sock = { ws: WebSocket; member: Member };

function connect(port: number, member: Member, index: number, onFrame: (f: Frame, s: Sock) => void): Promise<Sock> {
  const ip = `10.77.${Math.floor(index / SOCKETS_PER_IP) % 250}.${(index % SOCKETS_PER_IP) + 1}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: member.cookie, 'x-forwarded-for': ip } });
  const sock: Sock = { ws, member };
  ws.on('message', (data) => onFrame(JSON.parse(data.toString()) as Frame, sock));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(sock));
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`socket of member ${member.id} closed: ${code} ${reason.toString()}`)));
  });
}

async function connectAll(list: Array<{ port: number; member: Member; index: number }>, onFrame: (f: Frame, s: Sock) => void): Promise<Sock[]> {
  const out: Sock[] = [];
  for (let i = 0; i < list.length; i += 25) {
    out.push(...(await Promise.all(list.slice(i, i + 25).map((x) => connect(x.port, x.member, x.index, onFrame)))));
  }
  return out;
}

async function closeAll(socks: Sock[]) {
  await Promise.all(
    socks.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.ws.readyState === WebSocket.CLOSED) return resolve();
          s.ws.once('close', () => resolve());
          s.ws.close();
          setTimeout(() => {
            s.ws.terminate();
            resolve();
          }, 2000);
        }),
    ),
  );
}

// ---------------------------------------------------------------- one setup

type Level = {
  senders: number;
  measured: number;
  seconds: number;
  receipt: number[];
  delivery: number[];
  lostReceipts: number;
  lostDeliveries: number;
  appCpu: number;
  loadBefore: number;
  loadAfter: number;
};

type Result = {
  name: string;
  processes: number;
  sockets: number;
  memory: Array<{ label: string; sockets: number; before: { rss: number; heap: number }; after: { rss: number; heap: number } }>;
  levels: Level[];
  errors: Record<string, number>;
  closed: number;
};

async function runSetup(name: string, members: Member[], servers: Server[]): Promise<Result> {
  const allSenders = members.filter((_, i) => i % 2 === 0).slice(0, SENDERS);
  const senderIds = new Set(allSenders.map((m) => m.id));
  const recipientIds = new Set(allSenders.map((m) => m.partner));
  // With two processes: senders (and half the idle members) on the first, recipients (and the rest) on the second.
  const serverOf = (m: Member, i: number) => {
    if (servers.length === 1) return servers[0]!;
    if (senderIds.has(m.id)) return servers[0]!;
    if (recipientIds.has(m.id)) return servers[1]!;
    return servers[i % 2]!;
  };

  const sentAt = new Map<string, number>();
  const receipts = new Map<string, number>();
  const deliveries = new Map<string, number>();
  const errors: Record<string, number> = {};
  const onFrame = (f: Frame, s: Sock) => {
    const now = performance.now();
    if (f.type === 'error') {
      const key = String((f as { message?: unknown }).message);
      errors[key] = (errors[key] ?? 0) + 1;
      return;
    }
    if (f.type !== 'new_message' || !f.message) return;
    const cid = f.message.content.startsWith('bench ') ? f.message.content.slice(6) : null;
    if (!cid || !sentAt.has(cid)) return;
    if (f.message.senderId === s.member.id) {
      if (f.message.clientMessageId === cid && !receipts.has(cid)) receipts.set(cid, now - sentAt.get(cid)!);
    } else if (!deliveries.has(cid)) {
      deliveries.set(cid, now - sentAt.get(cid)!);
      s.ws.send(JSON.stringify({ type: 'message_delivered', conversationId: f.conversationId, messageIds: [f.message.id] }));
    }
  };

  // Memory: RSS after a GC with no sockets, then with every socket connected and idle.
  // A few sockets first (then closed), so code paths run once are not counted per socket.
  await closeAll(await connectAll(members.slice(0, 10).map((member, index) => ({ port: serverOf(member, index).port, member, index: SOCKETS + index })), () => undefined));
  await sleep(2000);
  const before = await Promise.all(servers.map((s) => s.mem()));
  const socks = await connectAll(
    members.map((member, index) => ({ port: serverOf(member, index).port, member, index })),
    onFrame,
  );
  let closed = 0;
  for (const s of socks) s.ws.on('close', () => closed++);
  await sleep(3000);
  const after = await Promise.all(servers.map((s) => s.mem()));
  const perServer = servers.map((srv) => socks.filter((s) => s.ws.url.includes(`:${srv.port}/`)).length);
  const bySender = new Map(socks.filter((s) => senderIds.has(s.member.id)).map((s) => [s.member.id, s]));

  // Load, level by level: each sender sends every INTERVAL_MS, staggered so the rate is steady.
  const levels: Level[] = [];
  for (const level of LEVELS) {
    const senders = allSenders.slice(0, level);
    const loadBefore = os.loadavg()[0]!;
    const cpu0 = servers.map((s) => s.cpuMs());
    const start = performance.now();
    const measureFrom = start + WARMUP_S * 1000;
    const stopAt = measureFrom + DURATION_S * 1000;
    const measuredIds = new Set<string>();
    const timers: NodeJS.Timeout[] = [];
    senders.forEach((m, i) => {
      let seq = 0;
      const sock = bySender.get(m.id)!;
      const tick = () => {
        const now = performance.now();
        if (now >= stopAt) return;
        const cid = `p${servers.length}s${level}-${m.id}-${seq++}`;
        sentAt.set(cid, now);
        if (now >= measureFrom) measuredIds.add(cid);
        sock.ws.send(JSON.stringify({ type: 'send_message', conversationId: m.conversationId, content: `bench ${cid}`, clientMessageId: cid }));
      };
      timers.push(
        setTimeout(
          () => {
            tick();
            timers.push(setInterval(tick, INTERVAL_MS));
          },
          Math.round((i * INTERVAL_MS) / senders.length),
        ),
      );
    });
    await sleep(stopAt - performance.now());
    const cpu1 = servers.map((s) => s.cpuMs());
    const loadAfter = os.loadavg()[0]!;
    for (const t of timers) clearTimeout(t);
    // Answers still on their way (a queue, if the level was more than the machine could take).
    const drainUntil = performance.now() + DRAIN_MS;
    const pending = () => [...measuredIds].some((id) => !receipts.has(id) || !deliveries.has(id));
    await sleep(500);
    while (pending() && performance.now() < drainUntil) await sleep(250);

    const pick = (m: Map<string, number>) => [...measuredIds].filter((id) => m.has(id)).map((id) => m.get(id)!).sort((a, b) => a - b);
    const receipt = pick(receipts);
    const delivery = pick(deliveries);
    levels.push({
      senders: level,
      measured: measuredIds.size,
      seconds: DURATION_S,
      receipt,
      delivery,
      lostReceipts: measuredIds.size - receipt.length,
      lostDeliveries: measuredIds.size - delivery.length,
      appCpu: cpu1.reduce((a, c, i) => a + (c - cpu0[i]!), 0) / ((stopAt - start) / 1000) / 10, // % of one core
      loadBefore,
      loadAfter,
    });
    // Past the send limit's window before the next level.
    if (level !== LEVELS.at(-1)) await sleep(2000);
  }
  const closedEarly = closed;
  await closeAll(socks);
  return {
    name,
    processes: servers.length,
    sockets: socks.length,
    memory: servers.map((_, i) => ({ label: servers.length === 1 ? 'app' : `app ${i + 1}`, sockets: perServer[i]!, before: before[i]!, after: after[i]! })),
    levels,
    errors,
    closed: closedEarly,
  };
}

// ---------------------------------------------------------------- report

function report(results: Result[], pgVersion: string): string {
  const cpus = os.cpus();
  const kib = (b: number) => b / 1024;
  const mib = (b: number) => fmt(b / 2 ** 20, 1);
  const lines = [
    `# Chat load benchmark, ${DATE}`,
    '',
    `Generated by \`npm run bench:chat\` (bench/chat-load.ts; bench/README.md "Chat").`,
    '',
    '## Setup',
    '',
    `- ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, shared with other work; Node ${process.version}; ${pgVersion}; Redis at ${new URL(REDIS_URL).host}.`,
    `- ${SOCKETS} verified members with real sessions, one socket each on /ws (one conversation per pair). At each level, that many of them send to their partner one \`send_message\` every ${INTERVAL_MS} ms (staggered, so ${LEVELS.map((l) => fmt((l * 1000) / INTERVAL_MS, 0)).join(' and ')} messages/s in all); the partners answer \`message_delivered\` as the browser does; every other socket stays connected and idle.`,
    `- Per level: ${WARMUP_S} s warm-up, then ${DURATION_S} s measured; then up to ${DRAIN_MS / 1000} s for answers still on their way ("missing" counts what had not come by then). The load generator, the app process(es), PostgreSQL and Redis share the machine's 2 cores with other work: the load average is recorded per level.`,
    '- **Sender receipt:** `send_message` sent → the sender\'s own `new_message` with its clientMessageId (the message is stored before it is sent). **Delivery:** → the recipient\'s `new_message`. Both measured in the load process, on one clock.',
    '- **Two processes:** two app processes on the same PostgreSQL database and Redis; every sender on the first, every recipient on the second, so each message reaches its recipient through Redis pub/sub.',
    '- **Memory per idle connection:** the app\'s RSS (after a full GC) with N idle sockets minus its RSS before they connected, ÷ N.',
    '',
    '## Latency',
    '',
    '| setup | sockets | senders | msg/s | messages measured | receipt p50 | receipt p99 | receipt max | delivery p50 | delivery p99 | delivery max | missing | app CPU | load avg (1 min) before → after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    for (const l of r.levels) {
      lines.push(
        `| ${r.name} | ${r.sockets} | ${l.senders} | ${fmt(l.measured / l.seconds)} | ${l.measured} | ${fmt(percentile(l.receipt, 50))} ms | ${fmt(percentile(l.receipt, 99))} ms | ${fmt(l.receipt.at(-1) ?? NaN)} ms | ${fmt(percentile(l.delivery, 50))} ms | ${fmt(percentile(l.delivery, 99))} ms | ${fmt(l.delivery.at(-1) ?? NaN)} ms | ${l.lostReceipts + l.lostDeliveries ? `${l.lostReceipts} receipts, ${l.lostDeliveries} deliveries` : '0'} | ${fmt(l.appCpu, 0)} % of a core | ${fmt(l.loadBefore, 2)} → ${fmt(l.loadAfter, 2)} |`,
      );
    }
  }
  lines.push('', '## Memory per idle connection', '', '| setup | process | idle sockets | RSS before | RSS with sockets | RSS per socket | JS heap per socket |', '|---|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    for (const m of r.memory) {
      lines.push(
        `| ${r.name} | ${m.label} | ${m.sockets} | ${mib(m.before.rss)} MiB | ${mib(m.after.rss)} MiB | ${fmt(kib(m.after.rss - m.before.rss) / m.sockets)} KiB | ${fmt(kib(m.after.heap - m.before.heap) / m.sockets)} KiB |`,
      );
    }
  }
  const problems = results.filter((r) => Object.keys(r.errors).length || r.closed);
  lines.push('', '## Errors and dropped sockets', '');
  if (!problems.length) lines.push('None: no `error` frame, no socket closed during the runs.');
  for (const r of problems) {
    lines.push(`- ${r.name}: ${r.closed} sockets closed early; errors: ${Object.entries(r.errors).map(([k, v]) => `${v} × '${k}'`).join(', ') || 'none'}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const t0 = Date.now();
  const members = await setUp();
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const pgVersion = ((await sql.query('select version() as v')).rows[0].v as string).split(' on ')[0]!;
  await sql.end();
  console.log(`${members.length} members ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const results: Result[] = [];
  if (ONLY !== 'two') {
    const s = await startServer(ONE_WITH_REDIS ? REDIS_URL : undefined);
    try {
      results.push(await runSetup(ONE_WITH_REDIS ? 'one process + Redis' : 'one process', members, [s]));
    } finally {
      await stopServer(s);
    }
  }
  if (ONLY !== 'one') {
    const a = await startServer(REDIS_URL);
    const b = await startServer(REDIS_URL);
    try {
      results.push(await runSetup('two processes + Redis', members, [a, b]));
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
    }
  }
  const text = report(results, pgVersion);
  const file = path.join(root, 'bench/results', `${DATE}-chat.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(text);
  console.log(`written ${path.relative(root, file)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

await main();
