// Faults under load, then a soak (issue 14; bench/README.md "Faults"). `npm run bench:faults`.
//
// Recreates its own database (FAULTS_BENCH_DATABASE_URL; the name must contain "bench") with chat pairs
// and posting members, and runs two production app processes (server/main.ts, NODE_ENV=production) on
// it and on Redis. Chat clients send over REST with a clientMessageId and retry a send that failed with
// the same one; their partners listen on a socket (reconnecting and catching up over GET
// /api/chat/messages as the browser does, plus its 5 s poll). Posters create posts with a unique token
// in the title and retry a failed create. Then, one fault at a time under that load:
//   kill-app          kill -9 of one app process, then start it again;
//   restart-redis     Redis shut down and started again (its data is not kept: rate-limit counters only);
//   restart-postgres  `pg_ctlcluster <version> main restart`;
//   pause-redis       `CLIENT PAUSE <10 000> ALL` (every Redis command waits 10 s).
// Per fault: messages and posts acknowledged (2xx received), lost (acknowledged, not in the database:
// must be 0), duplicated (the same token stored twice: must be 0), and the time until every chat client
// had every acknowledged message. Then the maximum throughput of a mixed read load across both
// processes, and a soak at half of it (FAULTS_SOAK_MIN minutes, default 30): RSS growth of each process
// (≤ 10 %), error rate (< 0.1 %), p99 latency per minute. Writes bench/results/faults-<date>.md.
//
// Restarting PostgreSQL and Redis is done by this script only; both are always brought back (finally)
// and checked at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { SORTS } from '../common/rules/forum.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { createRng } from '../server/db/seed/prng.ts';
import {
  addMembers,
  dropDatabase,
  envNumber,
  fmt,
  freePort,
  loadAverage,
  machine,
  mib,
  percentile,
  postgresVersion,
  recreateDatabase,
  root,
  rssOf,
  sleep,
  startApp,
  stopApp,
  today,
  type AppProcess,
  type Member,
} from './harness.ts';

const DB_URL = process.env.FAULTS_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_faults_bench';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PG_CLUSTER = (process.env.FAULTS_PG_CLUSTER || '15/main').split('/') as [string, string];
const ALL_FAULTS = ['kill-app', 'restart-redis', 'restart-postgres', 'pause-redis'] as const;
type FaultName = (typeof ALL_FAULTS)[number];
const FAULTS = (process.env.FAULTS_ONLY ? process.env.FAULTS_ONLY.split(',') : [...ALL_FAULTS]) as FaultName[];
/** Chat pairs: one member of each sends to the other, who listens. */
const PAIRS = envNumber('FAULTS_CHAT_PAIRS', 20);
/** Each sender's interval (the send limit is 10 per 10 s). */
const SEND_INTERVAL_MS = envNumber('FAULTS_CHAT_INTERVAL_MS', 2000);
/** Posting members; each posts every POST_INTERVAL_MS (the post limit is 5 per 10 minutes). */
const POSTERS = envNumber('FAULTS_POSTERS', 150);
const POST_INTERVAL_MS = envNumber('FAULTS_POST_INTERVAL_MS', 150_000);
/** Load before each fault and after it is over. */
const BEFORE_MS = envNumber('FAULTS_BEFORE_S', 10) * 1000;
const AFTER_MS = envNumber('FAULTS_AFTER_S', 15) * 1000;
const PAUSE_MS = 10_000;
/** A send is retried (same clientMessageId / same title) until acknowledged or this long after its first try. */
const GIVE_UP_MS = 60_000;
const ATTEMPT_TIMEOUT_MS = 10_000;
const CATCH_UP_LIMIT_MS = 60_000;
/** The browser's poll of an open conversation (client/src/features/chat/lib/conversation-sync.ts). */
const POLL_MS = 5000;
const SOAK_MIN = envNumber('FAULTS_SOAK_MIN', 30);
const MAX_SECONDS = envNumber('FAULTS_MAX_SECONDS', 20);
const MAX_CONCURRENCY = envNumber('FAULTS_MAX_CONCURRENCY', 16);
const SOAK_RSS_GROWTH = 0.1;
const SOAK_ERROR_RATE = 0.001;
const UPGRADE_IPS = 250;

// ---------------------------------------------------------------- the two app processes

type Slot = { port: number; app: AppProcess; crashes: number; restarting?: Promise<void>; killedOnPurpose: boolean };
const slots: Slot[] = [];
const appEnv = { REDIS_URL, TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' };

async function startSlot(port: number): Promise<Slot> {
  const slot: Slot = { port, app: await startApp({ databaseUrl: DB_URL, port, env: appEnv }), crashes: 0, killedOnPurpose: false };
  supervise(slot);
  return slot;
}

/** A process that dies without being told to is counted and started again, as a supervisor would. */
function supervise(slot: Slot) {
  const app = slot.app;
  void app.exited.then((code) => {
    if (slot.app !== app || slot.killedOnPurpose || stopping) return;
    slot.crashes++;
    const why = app.stderrTail().split('\n').filter((l) => /error/i.test(l) && !/^\s+at /.test(l)).slice(0, 3);
    events.push({ at: performance.now(), text: `app on port ${slot.port} exited by itself (${code}): ${why.join(' / ') || 'no error on stderr'}` });
    slot.restarting = restartSlot(slot);
  });
}

async function restartSlot(slot: Slot) {
  for (;;) {
    try {
      slot.app = await startApp({ databaseUrl: DB_URL, port: slot.port, env: appEnv });
      slot.killedOnPurpose = false;
      supervise(slot);
      slot.restarting = undefined;
      return;
    } catch (err) {
      events.push({ at: performance.now(), text: `restart on port ${slot.port} failed: ${(err as Error).message.slice(0, 200)}` });
      await sleep(1000);
    }
  }
}

let stopping = false;
const events: Array<{ at: number; text: string }> = [];

/** One HTTP request to one process (no retry). */
async function http(slot: Slot, method: string, pathname: string, opts: { cookie?: string; body?: unknown; timeoutMs?: number } = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`http://127.0.0.1:${slot.port}${pathname}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}

// ---------------------------------------------------------------- the load

type Phase = { name: string; sentFrom: number };
type Send = {
  token: string;
  phase: string;
  firstTry: number;
  attempts: number;
  failures: number;
  ackAt?: number;
  gaveUp?: boolean;
};
type ChatSend = Send & { pair: number; receivedAt?: number };

let phase: Phase = { name: 'warm-up', sentFrom: 0 };
let loadOn = false;
const chatSends = new Map<string, ChatSend>();
const postSends = new Map<string, Send>();
const inFlight = new Set<Promise<void>>();
/** Attempts that failed (network error, timeout or 5xx) during the soak, for its error rate. */
let soakCounting = false;
const soakSends = { attempts: 0, errors: 0 };

/**
 * Sends with retries, as a client behind a load balancer: the preferred process first, the other one
 * after a failure. Retries on a network error, a timeout, a 5xx or a 429 (after Retry-After); anything
 * else is final.
 */
async function sendWithRetry(send: Send, preferred: number, request: (slot: Slot) => Promise<{ status: number; retryAfter: number }>) {
  let target = preferred;
  while (performance.now() - send.firstTry < GIVE_UP_MS) {
    send.attempts++;
    if (soakCounting) soakSends.attempts++;
    let wait = 500;
    try {
      const res = await request(slots[target]!);
      if (res.status >= 200 && res.status < 300) {
        send.ackAt = performance.now();
        return;
      }
      if (res.status === 429) wait = Math.max(500, res.retryAfter * 1000);
      else if (res.status < 500) {
        events.push({ at: performance.now(), text: `${send.token}: final ${res.status}` });
        send.gaveUp = true;
        return;
      }
    } catch {
      // network error or timeout: the answer is lost, the request may have been done
    }
    send.failures++;
    if (soakCounting) soakSends.errors++;
    target = 1 - target;
    await sleep(wait);
  }
  send.gaveUp = true;
}

function track(p: Promise<void>) {
  inFlight.add(p);
  void p.finally(() => inFlight.delete(p));
}

type Pair = { index: number; sender: Member; recipient: Member; conversationId: number };

function startChatLoad(pairs: Pair[]) {
  const timers: NodeJS.Timeout[] = [];
  pairs.forEach((pair, i) => {
    let seq = 0;
    const tick = () => {
      if (!loadOn) return;
      const token = `${phase.name}-${pair.index}-${seq++}`;
      const send: ChatSend = { token, phase: phase.name, pair: pair.index, firstTry: performance.now(), attempts: 0, failures: 0 };
      chatSends.set(token, send);
      track(
        sendWithRetry(send, pair.index % 2, (slot) =>
          http(slot, 'POST', `/api/inbox/conversations/${pair.conversationId}/messages`, { cookie: pair.sender.cookie, body: { text: `faults ${token}`, clientMessageId: token } }),
        ),
      );
    };
    timers.push(setTimeout(() => (tick(), timers.push(setInterval(tick, SEND_INTERVAL_MS))), Math.round((i * SEND_INTERVAL_MS) / pairs.length)));
  });
  return () => timers.forEach(clearTimeout);
}

function startPostLoad(posters: Member[], categoryIds: number[]) {
  const timers: NodeJS.Timeout[] = [];
  posters.forEach((m, i) => {
    let seq = 0;
    const tick = () => {
      if (!loadOn) return;
      const token = `${phase.name}-${m.id}-${seq++}`;
      const send: Send = { token, phase: phase.name, firstTry: performance.now(), attempts: 0, failures: 0 };
      postSends.set(token, send);
      const body = { title: `Faults bench ${token}`, content: `A post of the fault bench, token ${token}.`, categoryId: categoryIds[i % categoryIds.length] };
      track(sendWithRetry(send, i % 2, (slot) => http(slot, 'POST', '/api/forum/posts', { cookie: m.cookie, body })));
    };
    timers.push(setTimeout(() => (tick(), timers.push(setInterval(tick, POST_INTERVAL_MS))), Math.round((i * POST_INTERVAL_MS) / posters.length)));
  });
  return () => timers.forEach(clearTimeout);
}

/**
 * A recipient, as the browser: a socket on its process (the other one when that is down), reconnecting
 * after a drop and then catching up over REST; and the 5 s poll. Catch-up reads after the last id a
 * catch-up returned, so a frame lost while the socket stayed open is still found.
 */
function listen(pair: Pair) {
  let watermark = 0;
  let ws: WebSocket | undefined;
  let closed = false;
  let preferred = (pair.index + 1) % 2;
  const receive = (content: string) => {
    if (!content.startsWith('faults ')) return;
    const s = chatSends.get(content.slice(7));
    if (s && s.receivedAt === undefined) s.receivedAt = performance.now();
  };
  const catchUp = async () => {
    for (const target of [preferred, 1 - preferred]) {
      try {
        for (;;) {
          const res = await http(slots[target]!, 'GET', `/api/chat/messages?conversationId=${pair.conversationId}&after=${watermark}`, { cookie: pair.recipient.cookie });
          if (res.status !== 200) throw new Error(String(res.status));
          const body = res.json as { messages: Array<{ id: number; content: string }>; hasMore: boolean };
          for (const m of body.messages) {
            receive(m.content);
            watermark = Math.max(watermark, m.id);
          }
          if (!body.hasMore) return;
        }
      } catch {
        // that process cannot answer now: the other, or the next poll
      }
    }
  };
  const connect = () => {
    if (closed) return;
    const target = preferred;
    const ip = `10.88.${pair.index % UPGRADE_IPS}.${1 + (Math.floor(Math.random() * 250) % 250)}`;
    const sock = new WebSocket(`ws://127.0.0.1:${slots[target]!.port}/ws`, { headers: { cookie: pair.recipient.cookie, 'x-forwarded-for': ip } });
    ws = sock;
    sock.on('open', () => void catchUp());
    sock.on('message', (data) => {
      const f = JSON.parse(data.toString()) as { type: string; message?: { content: string } };
      if (f.type === 'new_message' && f.message) receive(f.message.content);
    });
    sock.on('error', () => undefined);
    sock.on('close', () => {
      if (closed) return;
      preferred = 1 - preferred; // the load balancer sends the next attempt elsewhere
      setTimeout(connect, 500 + Math.random() * 500);
    });
  };
  connect();
  const poll = setInterval(() => void catchUp(), POLL_MS);
  return () => {
    closed = true;
    clearInterval(poll);
    ws?.terminate();
  };
}

// ---------------------------------------------------------------- PostgreSQL and Redis

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const redisHost = new URL(REDIS_URL).hostname;
const redisPort = new URL(REDIS_URL).port || '6379';
const redisCli = (...args: string[]) => sh('redis-cli', ['-h', redisHost, '-p', redisPort, ...args]);

function redisUp() {
  try {
    return redisCli('ping') === 'PONG';
  } catch {
    return false;
  }
}

function postgresUp() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0;
}

async function waitFor(check: () => boolean, what: string, ms = 60_000) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come back within ${ms / 1000} s`);
}

/** The settings Redis runs with now, to start it again as it was (it runs without a config file here). */
function redisArgs(): string[] {
  const names = ['bind', 'port', 'dir', 'save', 'appendonly', 'protected-mode', 'maxmemory', 'maxmemory-policy', 'databases', 'logfile'];
  const args: string[] = [];
  for (const name of names) {
    const [, value = ''] = redisCli('config', 'get', name).split('\n');
    // A list (bind '127.0.0.1 -::1') goes as separate words; an empty value (save '') as one empty word.
    args.push(`--${name}`, ...(value.trim() ? value.trim().split(/\s+/) : ['']));
  }
  return [...args, '--daemonize', 'yes'];
}

let savedRedisArgs: string[] | undefined;

function startRedis() {
  if (redisUp()) return;
  if (!savedRedisArgs) throw new Error('Redis is down and its settings were never read');
  sh('redis-server', savedRedisArgs);
}

/** Brings PostgreSQL and Redis back if this script left either down or paused. */
async function restoreServices() {
  try {
    if (redisUp()) redisCli('client', 'unpause');
  } catch {
    // not paused
  }
  if (!redisUp()) {
    startRedis();
    await waitFor(redisUp, 'Redis');
  }
  if (!postgresUp()) {
    sh('pg_ctlcluster', [PG_CLUSTER[0], PG_CLUSTER[1], 'start']);
    await waitFor(postgresUp, 'PostgreSQL');
  }
}

/** Injects the fault; resolves when it is over (the service or process is back and answering). */
async function inject(name: FaultName): Promise<string> {
  switch (name) {
    case 'kill-app': {
      const slot = slots[0]!;
      slot.killedOnPurpose = true;
      process.kill(slot.app.pid, 'SIGKILL');
      await slot.app.exited;
      slot.app = await startApp({ databaseUrl: DB_URL, port: slot.port, env: appEnv });
      slot.killedOnPurpose = false;
      supervise(slot);
      return `kill -9 of the app on port ${slot.port}, started again`;
    }
    case 'restart-redis': {
      savedRedisArgs ??= redisArgs();
      try {
        redisCli('shutdown', 'nosave');
      } catch {
        // redis-cli reports the dropped connection
      }
      await waitFor(() => !redisUp(), 'Redis shutdown', 10_000);
      startRedis();
      await waitFor(redisUp, 'Redis');
      return 'redis-cli shutdown nosave, redis-server started again with the same settings';
    }
    case 'restart-postgres': {
      sh('pg_ctlcluster', [PG_CLUSTER[0], PG_CLUSTER[1], 'restart']);
      await waitFor(postgresUp, 'PostgreSQL');
      return `pg_ctlcluster ${PG_CLUSTER.join(' ')} restart`;
    }
    case 'pause-redis': {
      redisCli('client', 'pause', String(PAUSE_MS), 'ALL');
      await sleep(PAUSE_MS);
      await waitFor(redisUp, 'Redis');
      return `redis-cli CLIENT PAUSE ${PAUSE_MS} ALL`;
    }
  }
}

// ---------------------------------------------------------------- a fault, measured

type FaultResult = {
  name: FaultName;
  how: string;
  outageMs: number;
  chat: Tally;
  posts: Tally;
  catchUpMs: number;
  notDelivered: number;
  maxDeliveryMs: number;
  crashes: number;
  loadBefore: number;
  loadAfter: number;
  error?: string;
};
type Tally = { sent: number; acked: number; lost: number; duplicated: number; gaveUp: number; storedWithoutAck: number; failedAttempts: number };

async function stored(): Promise<{ chat: Map<string, number>; posts: Map<string, number> }> {
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  try {
    const chat = (await sql.query(`select substr(content, 8) as token, count(*)::int as n from messages where content like 'faults %' group by 1`)).rows;
    const posts = (await sql.query(`select substr(title, 14) as token, count(*)::int as n from posts where title like 'Faults bench %' group by 1`)).rows;
    return { chat: new Map(chat.map((r) => [r.token as string, r.n as number])), posts: new Map(posts.map((r) => [r.token as string, r.n as number])) };
  } finally {
    await sql.end();
  }
}

function tally(sends: Send[], inDb: Map<string, number>): Tally {
  return {
    sent: sends.length,
    acked: sends.filter((s) => s.ackAt !== undefined).length,
    lost: sends.filter((s) => s.ackAt !== undefined && !inDb.get(s.token)).length,
    duplicated: sends.filter((s) => (inDb.get(s.token) ?? 0) > 1).length,
    gaveUp: sends.filter((s) => s.gaveUp).length,
    storedWithoutAck: sends.filter((s) => s.ackAt === undefined && inDb.get(s.token)).length,
    failedAttempts: sends.reduce((n, s) => n + s.failures, 0),
  };
}

/** Waits for every send started so far to be acknowledged or given up. */
async function settle() {
  while (inFlight.size) await Promise.race([...inFlight]);
}

async function runFault(name: FaultName): Promise<FaultResult> {
  phase = { name, sentFrom: performance.now() };
  const crashesBefore = slots.reduce((n, s) => n + s.crashes, 0);
  const loadBefore = loadAverage();
  loadOn = true;
  await sleep(BEFORE_MS);
  const t0 = performance.now();
  let how = '';
  let error: string | undefined;
  try {
    how = await inject(name);
  } catch (err) {
    error = (err as Error).message;
    await restoreServices();
    if (name === 'kill-app' && slots[0]!.app.child.exitCode === null && slots[0]!.app.child.signalCode === null) slots[0]!.killedOnPurpose = false;
    else if (name === 'kill-app') await restartSlot(slots[0]!);
  }
  const restoredAt = performance.now();
  console.log(`${name}: over after ${fmt((restoredAt - t0) / 1000)} s`);
  await sleep(AFTER_MS);
  loadOn = false;
  await settle();
  await Promise.all(slots.map((s) => s.restarting));
  // Caught up: every acknowledged message of the phase has reached its recipient (socket or catch-up).
  const mine = [...chatSends.values()].filter((s) => s.phase === name);
  const until = performance.now() + CATCH_UP_LIMIT_MS;
  while (mine.some((s) => s.ackAt !== undefined && s.receivedAt === undefined) && performance.now() < until) await sleep(250);
  const inDb = await stored();
  const acked = mine.filter((s) => s.ackAt !== undefined);
  // How long after the fault was over a message acknowledged before then was still missing; for later
  // ones, their own delivery time.
  const lag = acked.filter((s) => s.receivedAt !== undefined).map((s) => s.receivedAt! - Math.max(s.ackAt!, restoredAt));
  return {
    name,
    how,
    outageMs: restoredAt - t0,
    chat: tally(mine, inDb.chat),
    posts: tally(
      [...postSends.values()].filter((s) => s.phase === name),
      inDb.posts,
    ),
    catchUpMs: Math.max(0, ...lag),
    notDelivered: acked.filter((s) => s.receivedAt === undefined).length,
    maxDeliveryMs: Math.max(0, ...acked.filter((s) => s.receivedAt !== undefined).map((s) => s.receivedAt! - s.ackAt!)),
    crashes: slots.reduce((n, s) => n + s.crashes, 0) - crashesBefore,
    loadBefore,
    loadAfter: loadAverage(),
    error,
  };
}

// ---------------------------------------------------------------- maximum and soak

type ReadTarget = { slugs: string[]; categories: string[] };
const rng = createRng(20261125);

function readPath(t: ReadTarget): string {
  const r = rng.next();
  if (r < 0.35) return `/api/forum/posts?page=${rng.int(1, 3)}&sortBy=${rng.pick(SORTS)}${rng.chance(0.3) ? `&category=${rng.pick(t.categories)}` : ''}`;
  if (r < 0.6) return `/api/forum/posts/${rng.pick(t.slugs)}`;
  if (r < 0.75) return `/api/forum/search?q=${rng.pick(['van', 'pay', 'bench', 'faults', 'route'])}`;
  if (r < 0.9) return `/forum/posts/${rng.pick(t.slugs)}`;
  return rng.chance(0.5) ? '/forum' : '/';
}

async function timedGet(slot: Slot, p: string): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${slot.port}${p}`, { headers: { accept: p.startsWith('/api') ? 'application/json' : 'text/html' }, signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - t, ok: res.ok };
  } catch {
    return { ms: performance.now() - t, ok: false };
  }
}

/** Closed loop over both processes: the throughput of the read mix with the chat and post load on. */
async function measureMaximum(t: ReadTarget): Promise<{ rps: number; p99: number; errors: number }> {
  const lat: number[] = [];
  let errors = 0;
  const end = performance.now() + MAX_SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: MAX_CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const r = await timedGet(slots[n++ % 2]!, readPath(t));
        lat.push(r.ms);
        if (!r.ok) errors++;
      }
    }),
  );
  lat.sort((a, b) => a - b);
  return { rps: lat.length / MAX_SECONDS, p99: percentile(lat, 99), errors };
}

type SoakMinute = { minute: number; requests: number; errors: number; p50: number; p99: number; rss: number[]; load: number };

/** Open loop at `rps` (requests started on a schedule, whatever the answers take), minute by minute. */
async function soak(t: ReadTarget, rps: number): Promise<SoakMinute[]> {
  const minutes: SoakMinute[] = [];
  const gap = 1000 / rps;
  soakCounting = true;
  let n = 0;
  for (let minute = 1; minute <= SOAK_MIN; minute++) {
    const lat: number[] = [];
    let errors = 0;
    const sends0 = { ...soakSends };
    const pending: Array<Promise<void>> = [];
    const start = performance.now();
    const end = start + 60_000;
    let next = start;
    while (next < end) {
      const slot = slots[n++ % 2]!;
      pending.push(
        timedGet(slot, readPath(t)).then((r) => {
          lat.push(r.ms);
          if (!r.ok) errors++;
        }),
      );
      next += gap;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(pending);
    lat.sort((a, b) => a - b);
    const rss = slots.map((s) => {
      try {
        return rssOf(s.app.pid);
      } catch {
        return NaN;
      }
    });
    const m = { minute, requests: lat.length + soakSends.attempts - sends0.attempts, errors: errors + soakSends.errors - sends0.errors, p50: percentile(lat, 50), p99: percentile(lat, 99), rss, load: loadAverage() };
    minutes.push(m);
    console.log(`soak minute ${minute}: ${m.requests} requests, ${m.errors} errors, p99 ${fmt(m.p99)} ms, RSS ${rss.map(mib).join(' / ')} MiB, load ${fmt(m.load, 2)}`);
  }
  soakCounting = false;
  return minutes;
}

// ---------------------------------------------------------------- set-up, main, report

async function setUp() {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL });
  await seedDatabase(database.db, { seedDemo: true }, { info: () => undefined });
  const chatMembers = await addMembers(database.db, DB_URL, PAIRS * 2, 'faultchat');
  const posters = await addMembers(database.db, DB_URL, POSTERS, 'faultpost');
  await database.close();
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const pairs: Pair[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const [a, b] = [chatMembers[2 * i]!, chatMembers[2 * i + 1]!];
    const [c] = (await sql.query(`insert into conversations (user_low_id, user_high_id) values ($1, $2) returning id`, [Math.min(a.id, b.id), Math.max(a.id, b.id)])).rows;
    pairs.push({ index: i, sender: a, recipient: b, conversationId: c.id as number });
  }
  const categoryIds = (await sql.query(`select id from categories order by id`)).rows.map((r) => r.id as number);
  const categories = (await sql.query(`select slug from categories order by id`)).rows.map((r) => r.slug as string);
  const slugs = (await sql.query(`select slug from posts where deleted_at is null order by id`)).rows.map((r) => r.slug as string);
  await sql.end();
  return { pairs, posters, categoryIds, target: { slugs, categories } };
}

async function main() {
  const began = performance.now();
  if (!redisUp()) throw new Error(`Redis at ${REDIS_URL} does not answer`);
  savedRedisArgs = redisArgs();
  const { pairs, posters, categoryIds, target } = await setUp();
  const pgVersion = await postgresVersion(DB_URL);
  slots.push(await startSlot(await freePort()), await startSlot(await freePort()));
  console.log(`two apps on ports ${slots.map((s) => s.port).join(' and ')}; ${PAIRS} chat pairs, ${POSTERS} posters`);
  const listeners = pairs.map(listen);
  const stopChat = startChatLoad(pairs);
  const stopPosts = startPostLoad(posters, categoryIds);
  const results: FaultResult[] = [];
  let maximum: Awaited<ReturnType<typeof measureMaximum>> | undefined;
  let minutes: SoakMinute[] = [];
  let failure: string | undefined;
  try {
    for (const name of FAULTS) {
      if (!ALL_FAULTS.includes(name)) throw new Error(`unknown fault ${name}: one of ${ALL_FAULTS.join(', ')}`);
      const r = await runFault(name);
      results.push(r);
      console.log(
        `${name}: chat ${r.chat.acked}/${r.chat.sent} acknowledged, lost ${r.chat.lost}, duplicated ${r.chat.duplicated}; posts ${r.posts.acked}/${r.posts.sent}, lost ${r.posts.lost}, duplicated ${r.posts.duplicated}; caught up ${fmt(r.catchUpMs / 1000)} s after; crashes ${r.crashes}`,
      );
    }
    if (SOAK_MIN > 0) {
      phase = { name: 'soak', sentFrom: performance.now() };
      loadOn = true;
      maximum = await measureMaximum(target);
      console.log(`maximum: ${fmt(maximum.rps, 0)} req/s (p99 ${fmt(maximum.p99)} ms); soak at ${fmt(maximum.rps / 2, 0)} req/s for ${SOAK_MIN} min`);
      minutes = await soak(target, maximum.rps / 2);
      loadOn = false;
      await settle();
    }
  } catch (err) {
    failure = (err as Error).stack ?? String(err);
    console.error(err);
  } finally {
    loadOn = false;
    stopChat();
    stopPosts();
    stopping = true;
    for (const stop of listeners) stop();
    await restoreServices();
    await Promise.all(slots.map((s) => stopApp(s.app)));
  }
  const soakInDb = await stored();
  const soakTally = { chat: tally([...chatSends.values()].filter((s) => s.phase === 'soak'), soakInDb.chat), posts: tally([...postSends.values()].filter((s) => s.phase === 'soak'), soakInDb.posts) };
  await dropDatabase(DB_URL);
  const services = { redis: redisUp(), postgres: postgresUp() };
  const file = writeReport({ results, maximum, minutes, soakTally, pgVersion, services, failure, seconds: (performance.now() - began) / 1000 });
  console.log(`report: ${path.relative(root, file)}; Redis ${services.redis ? 'up' : 'DOWN'}, PostgreSQL ${services.postgres ? 'up' : 'DOWN'}`);
  if (failure || !services.redis || !services.postgres) process.exitCode = 1;
  process.exit();
}

function writeReport(r: {
  results: FaultResult[];
  maximum?: { rps: number; p99: number; errors: number };
  minutes: SoakMinute[];
  soakTally: { chat: Tally; posts: Tally };
  pgVersion: string;
  services: { redis: boolean; postgres: boolean };
  failure?: string;
  seconds: number;
}): string {
  const ran = r.results.map((x) => x.name);
  const skipped = ALL_FAULTS.filter((f) => !ran.includes(f));
  const lines = [
    `# Faults under load, ${today()}`,
    '',
    'Generated by `npm run bench:faults` (bench/faults.ts; bench/README.md "Faults").',
    '',
    `**Faults run:** ${ran.join(', ') || 'none'}${skipped.length ? `. **Not run:** ${skipped.join(', ')}` : ' (all four)'}. **Soak:** ${r.minutes.length ? `${r.minutes.length} of ${SOAK_MIN} minutes` : SOAK_MIN ? 'not reached' : 'not run (FAULTS_SOAK_MIN=0)'}${SOAK_MIN < 30 ? ` (FAULTS_SOAK_MIN=${SOAK_MIN}: a partial run; the full soak is 30 minutes)` : ''}.`,
    '',
    '## Setup',
    '',
    `- ${machine()}; ${r.pgVersion}; Redis at ${new URL(REDIS_URL).host}.`,
    '- Two app processes, each `node --import tsx server/main.ts` (NODE_ENV=production, REDIS_URL set), on one PostgreSQL database',
    '  (the demo forum plus the bench members) and one Redis. A process that exits by itself is counted as a crash and started again.',
    `- Chat: ${PAIRS} pairs; one member of each sends over REST (POST /api/inbox/conversations/:id/messages, with a clientMessageId) every`,
    `  ${SEND_INTERVAL_MS / 1000} s (${fmt((PAIRS * 1000) / SEND_INTERVAL_MS)} messages/s), to the process of its pair's index, the other one's socket is on the other process,`,
    '  so every message crosses Redis. The listener reconnects after a drop (to the other process first), catches up over',
    `  GET /api/chat/messages?after= after each (re)connect and every ${POLL_MS / 1000} s, as the browser does.`,
    `- Posts: ${POSTERS} members, each creating a post every ${POST_INTERVAL_MS / 1000} s (${fmt((POSTERS * 1000) / POST_INTERVAL_MS, 1)} posts/s), a unique token in the title.`,
    `- Every failed send (network error, ${ATTEMPT_TIMEOUT_MS / 1000} s timeout, 5xx, 429 after Retry-After) is retried on the other process`,
    `  with the same clientMessageId / the same title, until acknowledged or ${GIVE_UP_MS / 1000} s after the first try.`,
    `- Per fault: ${BEFORE_MS / 1000} s of load, the fault, ${AFTER_MS / 1000} s of load once it is over; then every send is settled and the database read.`,
    '- **Acknowledged:** a 2xx answer. **Lost:** acknowledged but not in the database. **Duplicated:** a token stored more than once.',
    '  **Caught up:** every acknowledged message has reached its recipient (socket or catch-up); the time is the longest a message',
    '  acknowledged before the fault was over was still missing after that moment (for later messages, their own delivery time).',
    '  **Longest delivery:** the longest time from a message\'s acknowledgement to its recipient having it, during the whole phase.',
    '',
    '## Faults',
    '',
    '| fault | how | outage | chat acknowledged / sent | chat lost | chat duplicated | posts acknowledged / sent | posts lost | posts duplicated | caught up after | longest delivery | not delivered | failed attempts (chat / posts) | app crashes | load avg |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const x of r.results) {
    lines.push(
      `| ${x.name} | ${x.error ? `**error:** ${x.error}` : x.how} | ${fmt(x.outageMs / 1000)} s | ${x.chat.acked} / ${x.chat.sent} | ${x.chat.lost} | ${x.chat.duplicated} | ${x.posts.acked} / ${x.posts.sent} | ${x.posts.lost} | ${x.posts.duplicated} | ${fmt(x.catchUpMs / 1000)} s | ${fmt(x.maxDeliveryMs / 1000)} s | ${x.notDelivered} | ${x.chat.failedAttempts} / ${x.posts.failedAttempts} | ${x.crashes} | ${fmt(x.loadBefore, 2)} → ${fmt(x.loadAfter, 2)} |`,
    );
  }
  const extra = r.results.filter((x) => x.chat.gaveUp || x.posts.gaveUp || x.chat.storedWithoutAck || x.posts.storedWithoutAck);
  for (const x of extra) {
    lines.push('', `- ${x.name}: given up (never acknowledged) chat ${x.chat.gaveUp}, posts ${x.posts.gaveUp}; stored although never acknowledged: chat ${x.chat.storedWithoutAck}, posts ${x.posts.storedWithoutAck}.`);
  }
  const pass = r.results.every((x) => x.chat.lost + x.chat.duplicated + x.posts.lost + x.posts.duplicated === 0);
  lines.push('', `**${pass ? 'Pass' : 'Fail'}:** ${pass ? 'nothing acknowledged was lost and nothing was stored twice.' : 'see lost / duplicated above.'}`);

  lines.push('', '## Soak', '');
  if (r.maximum && r.minutes.length) {
    const first = r.minutes[0]!;
    const last = r.minutes.at(-1)!;
    const growth = last.rss.map((v, i) => v / first.rss[i]! - 1);
    const requests = r.minutes.reduce((n, m) => n + m.requests, 0);
    const errors = r.minutes.reduce((n, m) => n + m.errors, 0);
    const rate = errors / requests;
    const soakPass = growth.every((g) => g <= SOAK_RSS_GROWTH) && rate < SOAK_ERROR_RATE;
    lines.push(
      `Maximum: the read mix (lists, post pages, search, HTML pages) closed loop at ${MAX_CONCURRENCY} connections over both processes for ${MAX_SECONDS} s, with the chat and post load on:`,
      `**${fmt(r.maximum.rps, 0)} req/s** (p99 ${fmt(r.maximum.p99)} ms, ${r.maximum.errors} errors). Soak: the same mix open loop at half, ${fmt(r.maximum.rps / 2, 0)} req/s, plus the chat and post load, for ${r.minutes.length} min.`,
      'Requests and errors per minute include the chat and post sends (attempts, and failed attempts).',
      '',
      '| minute | requests | errors | p50 | p99 | RSS app 1 | RSS app 2 | load avg |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...r.minutes.map((m) => `| ${m.minute} | ${m.requests} | ${m.errors} | ${fmt(m.p50)} ms | ${fmt(m.p99)} ms | ${mib(m.rss[0]!)} MiB | ${mib(m.rss[1]!)} MiB | ${fmt(m.load, 2)} |`),
      '',
      `**${soakPass ? 'Pass' : 'Fail'}:** RSS growth from minute 1 to minute ${last.minute}: ${growth.map((g) => `${g >= 0 ? '+' : ''}${fmt(g * 100)} %`).join(' and ')} (limit +${SOAK_RSS_GROWTH * 100} %); error rate ${fmt(rate * 100, 3)} % (limit ${SOAK_ERROR_RATE * 100} %).`,
      `Soak sends: chat ${r.soakTally.chat.acked} / ${r.soakTally.chat.sent} acknowledged, lost ${r.soakTally.chat.lost}, duplicated ${r.soakTally.chat.duplicated}; posts ${r.soakTally.posts.acked} / ${r.soakTally.posts.sent}, lost ${r.soakTally.posts.lost}, duplicated ${r.soakTally.posts.duplicated}.`,
    );
  } else lines.push('Not run.');
  if (events.length) lines.push('', '## Events', '', ...events.map((e) => `- ${e.text}`));
  if (r.failure) lines.push('', '## The run stopped early', '', '```', r.failure, '```');
  lines.push(
    '',
    `At the end Redis was ${r.services.redis ? 'up' : '**down**'} and PostgreSQL ${r.services.postgres ? 'up' : '**down**'}. ${fmt(r.seconds / 60)} minutes in all.`,
    '',
  );
  const file = path.join(root, 'bench/results', `faults-${today()}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

main().catch(async (err) => {
  console.error(err);
  await restoreServices().catch((e: unknown) => console.error(e));
  process.exit(1);
});
