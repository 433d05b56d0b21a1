// Faults under load, then a soak (issue 14; bench/README.md "Faults"). `npm run bench:faults`.
//
// Starts its own PostgreSQL (a private cluster on a spare port, as the postgres user: server/test/
// own-postgres.ts) and its own Redis (redis-server on a spare port, keeping nothing), never the
// machine's, with chat pairs and posting members, and runs two production app processes
// (server/main.ts, NODE_ENV=production) on them. Chat clients send over REST with a clientMessageId and retry a send that failed with
// the same one; their partners listen on a socket (reconnecting and catching up over GET
// /api/chat/messages as the browser does, plus its 5 s poll). Posters create posts with a unique token
// in the title and retry a failed create. Then, one fault at a time under that load (issue 29):
//   kill-app          kill -9 of one app process, then start it again;
//   kill-fanout       a burst of comments on one member's post, and kill -9 of their process as the first
//                     acknowledgements arrive (between commit and fan-out): every acknowledged comment's
//                     notification must reach the author once, after the restart;
//   redis-away        Redis killed (-9) for 15 s, then started again (it keeps nothing);
//   postgres-away     PostgreSQL stopped for 20 s, then started again;
//   pause-redis       `CLIENT PAUSE <10 000> ALL` (every Redis command waits 10 s).
// Per fault also the write attempts' p99 and the stalls: attempts that waited over 1 s for an answer.
// Then issue 29's other measures, each its own run once this script's servers are gone:
//   disk-full         server/db/disk-full.test.ts FAULTS_DISK_RUNS (10) times: the embedded database on a
//                     small tmpfs filled, freed, stopped, started (0 unopenable; needs root for the mount);
//   uploads-burst     bench/uploads.ts's burst alone: 200 concurrent 3.3 MB photos (answers, nothing stored
//                     unanswered, memory 60 s after within 10 % of idle);
//   rolling-restart   bench/rolling-restart.ts: two processes behind Caddy restarted in turn (0 failed).
// FAULTS_ONLY=name,name runs only those (faults and measures alike); FAULTS_ONLY=soak, none of them.
// Per fault: messages and posts acknowledged (2xx received), lost (acknowledged, not in the database:
// must be 0), duplicated (the same token stored twice: must be 0), and the time until every chat client
// had every acknowledged message. Then the maximum throughput of a mixed read load across both
// processes, and a soak at half of it (FAULTS_SOAK_MIN minutes, default 30): growth of what each process
// keeps (RSS after a full GC, bench/memory-probe.ts: ≤ 10 %), error rate (< 0.1 %), p99 latency per
// minute. Writes bench/results/faults-<date>.md.
//
// Both servers are this script's own: brought back (finally), checked at the end, then removed.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { SORTS } from '../common/rules/forum.ts';
import { openDatabase } from '../server/db/client.ts';
import { ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from '../server/test/own-postgres.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { createRng } from '../server/db/seed/prng.ts';
import {
  addMembers,
  envNumber,
  fmt,
  freePort,
  loadAverage,
  machine,
  mib,
  percentile,
  postgresVersion,
  probeMemory,
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

/** This script's own servers (main): never the machine's. */
let ownPg: OwnPostgres;
let DB_URL = '';
let redisPort = 0;
let redisChild: ChildProcess | undefined;
const REDIS_AWAY_MS = 15_000;
const POSTGRES_AWAY_MS = 20_000;
/** Comments in the kill-fanout burst (one each by as many posting members: a member's comments are limited per minute). */
const FANOUT_COMMENTS = envNumber('FAULTS_FANOUT_COMMENTS', 60);
const STALL_MS = 1000;
const ALL_FAULTS = ['kill-app', 'kill-fanout', 'redis-away', 'postgres-away', 'pause-redis'] as const;
type FaultName = (typeof ALL_FAULTS)[number];
/** Issue 29's other measures, each its own run after the faults (measures.ts says how). */
const ALL_MEASURES = ['disk-full', 'uploads-burst', 'rolling-restart'] as const;
type MeasureName = (typeof ALL_MEASURES)[number];
const ONLY = process.env.FAULTS_ONLY?.split(',');
for (const name of ONLY ?? []) {
  if (name === 'soak') continue; // the maximum and the soak alone (they run whenever FAULTS_SOAK_MIN > 0)
  if (!(ALL_FAULTS as readonly string[]).includes(name) && !(ALL_MEASURES as readonly string[]).includes(name)) {
    throw new Error(`FAULTS_ONLY: unknown ${name}: one of ${[...ALL_FAULTS, ...ALL_MEASURES].join(', ')}`);
  }
}
const FAULTS = ALL_FAULTS.filter((f) => !ONLY || ONLY.includes(f));
const MEASURES = ALL_MEASURES.filter((m) => !ONLY || ONLY.includes(m));
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
const appEnv: Record<string, string> = { TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' };
/** FAULTS_APP_NODE_FLAGS: Node flags for the app processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const nodeFlags = process.env.FAULTS_APP_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
/** Where the process on `port` writes its memory after a full GC when the soak asks (bench/memory-probe.ts). */
const probeFile = (port: number) => path.join(os.tmpdir(), `kerbside-faults-memory-${process.pid}-${port}.jsonl`);

/** An app process on `port`, with the memory probe preloaded. */
const startOn = (port: number) =>
  startApp({
    databaseUrl: DB_URL,
    port,
    env: { ...appEnv, MEMORY_PROBE_FILE: probeFile(port) },
    nodeFlags: ['--expose-gc', ...nodeFlags],
    preload: path.join(root, 'bench/memory-probe.ts'),
  });

async function startSlot(port: number): Promise<Slot> {
  const slot: Slot = { port, app: await startOn(port), crashes: 0, killedOnPurpose: false };
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
      slot.app = await startOn(slot.port);
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
  /** Each attempt's time to an answer (or to its failure). */
  attemptMs: number[];
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
    const began = performance.now();
    try {
      const res = await request(slots[target]!).finally(() => send.attemptMs.push(performance.now() - began));
      if (res.status >= 200 && res.status < 300) {
        send.ackAt = performance.now();
        return;
      }
      if (res.status === 429) wait = Math.max(500, res.retryAfter * 1000);
      // A 503 says when to come back (the database is away): each client waits that long, spread over
      // its second half, as HTTP asks. Sent again every 500 ms, the whole outage's backlog came back in
      // the same instant PostgreSQL did, and ~140 writes waited 1–2 s behind each other.
      else if (res.status === 503 && res.retryAfter > 0) wait = res.retryAfter * 1000 * (0.5 + Math.random() / 2);
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
      const send: ChatSend = { token, phase: phase.name, pair: pair.index, firstTry: performance.now(), attempts: 0, failures: 0, attemptMs: [] };
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
      const send: Send = { token, phase: phase.name, firstTry: performance.now(), attempts: 0, failures: 0, attemptMs: [] };
      postSends.set(token, send);
      // The clientId, as the composer sends it: a retry after a lost answer is the post already stored.
      const body = { title: `Faults bench ${token}`, content: `A post of the fault bench, token ${token}.`, categoryId: categoryIds[i % categoryIds.length], clientId: token };
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
const redisCli = (...args: string[]) => sh('redis-cli', ['-h', '127.0.0.1', '-p', String(redisPort), ...args]);

function redisUp() {
  try {
    return redisCli('ping') === 'PONG';
  } catch {
    return false;
  }
}

function postgresUp() {
  return spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(ownPg.port)], { stdio: 'ignore' }).status === 0;
}

async function waitFor(check: () => boolean, what: string, ms = 60_000) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come back within ${ms / 1000} s`);
}

/** This script's Redis on its port, keeping nothing on disk (as the machine's). */
function startRedis() {
  if (redisChild && redisChild.exitCode === null && redisChild.signalCode === null) return;
  redisChild = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

/** Brings this script's PostgreSQL and Redis back if a fault left either down or paused. */
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
    ownPg.start();
    await waitFor(postgresUp, 'PostgreSQL');
  }
}

/** What kill-fanout found: comments acknowledged, and of those, notifications to the author after the restart. */
type FanOut = { acked: number; notified: number; lost: number; duplicated: number; waitedMs: number };
let fanOutTarget: { author: Member; postId: number; commenters: Member[] } | undefined;
let fanOut: FanOut | undefined;

/**
 * A burst of comments on the author's post, all to the first process, which is killed (-9) as soon as a
 * third of them are acknowledged: their notifications were still to be written (or being written). After
 * it is started again, every acknowledged comment's notification must reach the author, once.
 */
async function killDuringFanOut(): Promise<string> {
  const { author, postId, commenters } = fanOutTarget!;
  const slot = slots[0]!;
  const acked: number[] = [];
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    slot.killedOnPurpose = true;
    process.kill(slot.app.pid, 'SIGKILL');
  };
  await Promise.all(
    commenters.map(async (m, i) => {
      try {
        const res = await http(slot, 'POST', `/api/forum/posts/${postId}/comments`, { cookie: m.cookie, body: { content: `Fan-out bench comment ${i} ${Date.now()}` } });
        if (res.status === 201) acked.push((res.json as { id: number }).id);
      } catch {
        // killed before it answered: not acknowledged, so not counted
      }
      if (acked.length >= commenters.length / 3) kill();
    }),
  );
  kill();
  await slot.app.exited;
  slot.app = await startOn(slot.port);
  slot.killedOnPurpose = false;
  supervise(slot);
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const started = performance.now();
  let counts = new Map<number, number>();
  try {
    while (performance.now() - started < 60_000) {
      const rows = (await sql.query(`select comment_id, count(*)::int as n from notifications where user_id = $1 and type = 'comment' and comment_id = any($2) group by 1`, [author.id, acked])).rows;
      counts = new Map(rows.map((r) => [r.comment_id as number, r.n as number]));
      if (counts.size === acked.length) break;
      await sleep(250);
    }
  } finally {
    await sql.end();
  }
  fanOut = {
    acked: acked.length,
    notified: counts.size,
    lost: acked.length - counts.size,
    duplicated: [...counts.values()].filter((n) => n > 1).length,
    waitedMs: performance.now() - started,
  };
  return `${commenters.length} comments at once to the app on port ${slot.port}, kill -9 after ${Math.ceil(commenters.length / 3)} acknowledged, started again`;
}

/** Injects the fault; resolves when it is over (the service or process is back and answering). */
async function inject(name: FaultName): Promise<string> {
  switch (name) {
    case 'kill-app': {
      const slot = slots[0]!;
      slot.killedOnPurpose = true;
      process.kill(slot.app.pid, 'SIGKILL');
      await slot.app.exited;
      slot.app = await startOn(slot.port);
      slot.killedOnPurpose = false;
      supervise(slot);
      return `kill -9 of the app on port ${slot.port}, started again`;
    }
    case 'kill-fanout':
      return killDuringFanOut();
    case 'redis-away': {
      redisChild!.kill('SIGKILL');
      await waitFor(() => !redisUp(), 'Redis gone', 10_000);
      await sleep(REDIS_AWAY_MS);
      startRedis();
      await waitFor(redisUp, 'Redis');
      return `redis-server killed (-9), away ${REDIS_AWAY_MS / 1000} s, started again`;
    }
    case 'postgres-away': {
      ownPg.stop();
      await sleep(POSTGRES_AWAY_MS);
      ownPg.start();
      await waitFor(postgresUp, 'PostgreSQL');
      return `PostgreSQL stopped (pg_ctl -m fast), away ${POSTGRES_AWAY_MS / 1000} s, started again`;
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
  /** Write attempts (chat and posts) during the fault and after it is over: p99 and attempts over STALL_MS. */
  during: Latency;
  after: Latency;
  fanOut?: FanOut;
  error?: string;
};
type Tally = { sent: number; acked: number; lost: number; duplicated: number; gaveUp: number; storedWithoutAck: number; failedAttempts: number };
type Latency = { attempts: number; p99: number; stalls: number };

/** Attempts of these sends that began in [from, to). */
function latency(sends: Send[], from: number, to: number): Latency {
  const ms: number[] = [];
  for (const s of sends) {
    let at = s.firstTry;
    for (const m of s.attemptMs) {
      if (at >= from && at < to) ms.push(m);
      at += m;
    }
  }
  ms.sort((a, b) => a - b);
  return { attempts: ms.length, p99: percentile(ms, 0.99), stalls: ms.filter((m) => m > STALL_MS).length };
}

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
  const writes = [...mine, ...[...postSends.values()].filter((s) => s.phase === name)];
  const result = fanOut;
  fanOut = undefined;
  return {
    during: latency(writes, t0, restoredAt),
    after: latency(writes, restoredAt, Number.POSITIVE_INFINITY),
    fanOut: result,
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

/** `rss`: read at the minute's end; `kept`: each process's RSS and JS heap in use after a full GC (what it keeps). */
type SoakMinute = { minute: number; requests: number; errors: number; p50: number; p99: number; rss: number[]; kept: Array<{ rss: number; heapUsed: number }>; load: number };

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
    // Between minutes (no read in flight), so the full GC's pause falls on no measured read.
    const kept = await Promise.all(slots.map((s) => probeMemory(s.app.pid, probeFile(s.port)).catch(() => ({ rss: NaN, heapUsed: NaN }))));
    const m = { minute, requests: lat.length + soakSends.attempts - sends0.attempts, errors: errors + soakSends.errors - sends0.errors, p50: percentile(lat, 50), p99: percentile(lat, 99), rss, kept, load: loadAverage() };
    minutes.push(m);
    console.log(
      `soak minute ${minute}: ${m.requests} requests, ${m.errors} errors, p99 ${fmt(m.p99)} ms, RSS ${rss.map(mib).join(' / ')} MiB, after a full GC ${kept.map((k) => `${mib(k.rss)} (heap ${mib(k.heapUsed)})`).join(' / ')} MiB, load ${fmt(m.load, 2)}`,
    );
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
  const [author] = await addMembers(database.db, DB_URL, 1, 'fanoutauthor');
  const commenters = await addMembers(database.db, DB_URL, FANOUT_COMMENTS, 'fanoutcomment');
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
  const [fanPost] = (
    await sql.query(`insert into posts (title, slug, content, content_html, excerpt, category_id, author_id) values ('Fan-out bench post', 'fan-out-bench-post', 'Comment here.', '<p>Comment here.</p>', 'Comment here.', $1, $2) returning id`, [
      categoryIds[0],
      author!.id,
    ])
  ).rows;
  fanOutTarget = { author: author!, postId: fanPost.id as number, commenters };
  await sql.end();
  return { pairs, posters, categoryIds, target: { slugs, categories } };
}

async function main() {
  const began = performance.now();
  if (!ownPostgresAvailable) throw new Error('bench:faults starts its own PostgreSQL: it needs initdb and pg_ctl (and, as root, the postgres user)');
  ownPg = await startOwnPostgres();
  DB_URL = ownPg.url.replace(/\/postgres$/, '/kerbside_faults_bench');
  redisPort = await freePort();
  startRedis();
  await waitFor(redisUp, 'Redis');
  appEnv.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
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
  const services = { redis: redisUp(), postgres: postgresUp() };
  // This script's own servers go with it.
  redisChild?.kill('SIGKILL');
  ownPg.destroy();
  // The other measures, one at a time, once this run's servers are gone (nothing else on the machine).
  const measures: MeasureResult[] = [];
  for (const name of MEASURES) {
    console.log(`${name}: running`);
    const m = await runMeasure(name);
    console.log(`${name}: ${m.verdict}`);
    measures.push(m);
  }
  const file = writeReport({ results, maximum, minutes, soakTally, pgVersion, services, failure, measures, seconds: (performance.now() - began) / 1000 });
  console.log(`report: ${path.relative(root, file)}; Redis ${services.redis ? 'up' : 'DOWN'}, PostgreSQL ${services.postgres ? 'up' : 'DOWN'}`);
  if (failure || !services.redis || !services.postgres || measures.some((m) => !m.pass)) process.exitCode = 1;
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
  measures: MeasureResult[];
  seconds: number;
}): string {
  const ran = r.results.map((x) => x.name);
  const skipped = ALL_FAULTS.filter((f) => !ran.includes(f));
  const lines = [
    `# Faults under load, ${today()}`,
    '',
    'Generated by `npm run bench:faults` (bench/faults.ts; bench/README.md "Faults").',
    '',
    `**Faults run:** ${ran.join(', ') || 'none'}${skipped.length ? `. **Not run:** ${skipped.join(', ')}` : ' (all five)'}. **Other measures:** ${r.measures.map((m) => m.name).join(', ') || 'none'}. **Soak:** ${r.minutes.length ? `${r.minutes.length} of ${SOAK_MIN} minutes` : SOAK_MIN ? 'not reached' : 'not run (FAULTS_SOAK_MIN=0)'}${SOAK_MIN < 30 ? ` (FAULTS_SOAK_MIN=${SOAK_MIN}: a partial run; the full soak is 30 minutes)` : ''}.`,
    '',
    '## Setup',
    '',
    `- ${machine()}; ${r.pgVersion} and Redis, each this script's own on a spare port (never the machine's).`,
    '- Two app processes, each `node --import tsx server/main.ts` (NODE_ENV=production, REDIS_URL set), on one PostgreSQL database',
    '  (the demo forum plus the bench members) and one Redis. A process that exits by itself is counted as a crash and started again.',
    `- Chat: ${PAIRS} pairs; one member of each sends over REST (POST /api/inbox/conversations/:id/messages, with a clientMessageId) every`,
    `  ${SEND_INTERVAL_MS / 1000} s (${fmt((PAIRS * 1000) / SEND_INTERVAL_MS)} messages/s), to the process of its pair's index, the other one's socket is on the other process,`,
    '  so every message crosses Redis. The listener reconnects after a drop (to the other process first), catches up over',
    `  GET /api/chat/messages?after= after each (re)connect and every ${POLL_MS / 1000} s, as the browser does.`,
    `- Posts: ${POSTERS} members, each creating a post every ${POST_INTERVAL_MS / 1000} s (${fmt((POSTERS * 1000) / POST_INTERVAL_MS, 1)} posts/s), a unique token in the title.`,
    `- Every failed send (network error, ${ATTEMPT_TIMEOUT_MS / 1000} s timeout, 5xx, 429 after Retry-After, 503 after half to all of its Retry-After) is retried on the other process`,
    `  with the same clientMessageId / the same title, until acknowledged or ${GIVE_UP_MS / 1000} s after the first try.`,
    `- Per fault: ${BEFORE_MS / 1000} s of load, the fault, ${AFTER_MS / 1000} s of load once it is over; then every send is settled and the database read.`,
    '- **Acknowledged:** a 2xx answer. **Lost:** acknowledged but not in the database. **Duplicated:** a token stored more than once.',
    '  **Caught up:** every acknowledged message has reached its recipient (socket or catch-up); the time is the longest a message',
    '  acknowledged before the fault was over was still missing after that moment (for later messages, their own delivery time).',
    '  **Longest delivery:** the longest time from a message\'s acknowledgement to its recipient having it, during the whole phase.',
    '',
    '## Faults',
    '',
    '| fault | how | outage | chat acknowledged / sent | chat lost | chat duplicated | posts acknowledged / sent | posts lost | posts duplicated | caught up after | longest delivery | not delivered | failed attempts (chat / posts) | write p99 during → after | stalls > 1 s during → after | app crashes | load avg |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const x of r.results) {
    lines.push(
      `| ${x.name} | ${x.error ? `**error:** ${x.error}` : x.how} | ${fmt(x.outageMs / 1000)} s | ${x.chat.acked} / ${x.chat.sent} | ${x.chat.lost} | ${x.chat.duplicated} | ${x.posts.acked} / ${x.posts.sent} | ${x.posts.lost} | ${x.posts.duplicated} | ${fmt(x.catchUpMs / 1000)} s | ${fmt(x.maxDeliveryMs / 1000)} s | ${x.notDelivered} | ${x.chat.failedAttempts} / ${x.posts.failedAttempts} | ${fmt(x.during.p99)} → ${fmt(x.after.p99)} ms | ${x.during.stalls} / ${x.during.attempts} → ${x.after.stalls} / ${x.after.attempts} | ${x.crashes} | ${fmt(x.loadBefore, 2)} → ${fmt(x.loadAfter, 2)} |`,
    );
  }
  const extra = r.results.filter((x) => x.chat.gaveUp || x.posts.gaveUp || x.chat.storedWithoutAck || x.posts.storedWithoutAck);
  for (const x of extra) {
    lines.push('', `- ${x.name}: given up (never acknowledged) chat ${x.chat.gaveUp}, posts ${x.posts.gaveUp}; stored although never acknowledged: chat ${x.chat.storedWithoutAck}, posts ${x.posts.storedWithoutAck}.`);
  }
  for (const x of r.results.filter((y) => y.fanOut)) {
    const f = x.fanOut!;
    lines.push('', `- ${x.name}: ${f.acked} comments acknowledged before the kill; after the restart ${f.notified} of their notifications reached the author (lost ${f.lost}, duplicated ${f.duplicated}) within ${fmt(f.waitedMs / 1000)} s.`);
  }
  const pass = r.results.every((x) => x.chat.lost + x.chat.duplicated + x.posts.lost + x.posts.duplicated + (x.fanOut ? x.fanOut.lost + x.fanOut.duplicated : 0) === 0);
  const stalls = r.results.reduce((n, x) => n + x.during.stalls + x.after.stalls, 0);
  lines.push(
    '',
    `**${pass ? 'Pass' : 'Fail'}:** ${pass ? 'nothing acknowledged was lost and nothing was stored or notified twice.' : 'see lost / duplicated above.'} Stalls (a write attempt waiting over ${STALL_MS / 1000} s): ${stalls}.`,
  );

  lines.push('', '## Soak', '');
  if (r.maximum && r.minutes.length) {
    const first = r.minutes[0]!;
    const last = r.minutes.at(-1)!;
    // What each process keeps (RSS after a full GC) is what must not grow; RSS read at a random moment
    // also holds garbage the GC has not collected yet, shown beside it.
    const growth = last.kept.map((k, i) => k.rss / first.kept[i]!.rss - 1);
    const heapGrowth = last.kept.map((k, i) => k.heapUsed / first.kept[i]!.heapUsed - 1);
    const pct = (g: number) => `${g >= 0 ? '+' : ''}${fmt(g * 100)} %`;
    const requests = r.minutes.reduce((n, m) => n + m.requests, 0);
    const errors = r.minutes.reduce((n, m) => n + m.errors, 0);
    const rate = errors / requests;
    const soakPass = growth.every((g) => g <= SOAK_RSS_GROWTH) && rate < SOAK_ERROR_RATE;
    lines.push(
      `Maximum: the read mix (lists, post pages, search, HTML pages) closed loop at ${MAX_CONCURRENCY} connections over both processes for ${MAX_SECONDS} s, with the chat and post load on:`,
      `**${fmt(r.maximum.rps, 0)} req/s** (p99 ${fmt(r.maximum.p99)} ms, ${r.maximum.errors} errors). Soak: the same mix open loop at half, ${fmt(r.maximum.rps / 2, 0)} req/s, plus the chat and post load, for ${r.minutes.length} min.`,
      'Requests and errors per minute include the chat and post sends (attempts, and failed attempts).',
      '',
      'RSS is read at the minute\'s end; "kept" is RSS and the JS heap in use right after a full GC (bench/memory-probe.ts), between minutes.',
      '',
      '| minute | requests | errors | p50 | p99 | RSS app 1 | RSS app 2 | kept app 1 (heap) | kept app 2 (heap) | load avg |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...r.minutes.map(
        (m) =>
          `| ${m.minute} | ${m.requests} | ${m.errors} | ${fmt(m.p50)} ms | ${fmt(m.p99)} ms | ${mib(m.rss[0]!)} MiB | ${mib(m.rss[1]!)} MiB | ${m.kept.map((k) => `${mib(k.rss)} MiB (${mib(k.heapUsed)})`).join(' | ')} | ${fmt(m.load, 2)} |`,
      ),
      '',
      `**${soakPass ? 'Pass' : 'Fail'}:** growth of what each process keeps (RSS after a full GC) from minute 1 to minute ${last.minute}: ${growth.map(pct).join(' and ')} (limit +${SOAK_RSS_GROWTH * 100} %; its JS heap ${heapGrowth.map(pct).join(' and ')}, RSS read at the minute's end ${last.rss.map((v, i) => pct(v / first.rss[i]! - 1)).join(' and ')}); error rate ${fmt(rate * 100, 3)} % (limit ${SOAK_ERROR_RATE * 100} %).`,
      `Soak sends: chat ${r.soakTally.chat.acked} / ${r.soakTally.chat.sent} acknowledged, lost ${r.soakTally.chat.lost}, duplicated ${r.soakTally.chat.duplicated}; posts ${r.soakTally.posts.acked} / ${r.soakTally.posts.sent}, lost ${r.soakTally.posts.lost}, duplicated ${r.soakTally.posts.duplicated}.`,
    );
  } else lines.push('Not run.');
  for (const m of r.measures) lines.push('', `## ${m.title}`, '', `**${m.pass ? 'Pass' : 'Fail'}:** ${m.verdict}`, '', ...m.lines);
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

// ---------------------------------------------------------------- the other measures

type MeasureResult = { name: MeasureName; title: string; pass: boolean; verdict: string; lines: string[] };

/** Runs a command of this repository, echoing its output, and resolves with it (and its exit code). */
function runCommand(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The lines of a report's section (`## title` to the next `## `), without the heading. */
const sectionOf = (file: string, heading: string) => {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = text.indexOf(`## ${heading}`);
  if (at < 0) return [];
  const rest = text.slice(at).split('\n').slice(1);
  const end = rest.findIndex((l) => l.startsWith('## '));
  return (end < 0 ? rest : rest.slice(0, end)).filter((l, i, all) => l.trim() || (i > 0 && all[i - 1]!.trim()));
};

const DISK_RUNS = envNumber('FAULTS_DISK_RUNS', 10);

async function runMeasure(name: MeasureName): Promise<MeasureResult> {
  const bin = (tool: string) => path.join(root, 'node_modules/.bin', tool);
  const load = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();
  if (name === 'disk-full') {
    // The disk-full test, DISK_RUNS times over: the real server on a small tmpfs, filled, freed, stopped, started.
    const before = load();
    const { code, out } = await runCommand(bin('vitest'), ['run', 'server/db/disk-full.test.ts'], { DISK_FULL_RUNS: String(DISK_RUNS) });
    // Vitest colours its output: the run lines are read without the colour codes.
    // eslint-disable-next-line no-control-regex
    const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
    const runs = [...plain.matchAll(/^run \d+: .*$/gm)].map((m) => m[0]);
    const opened = runs.filter((l) => l.endsWith('restart: opened')).length;
    const skipped = /skipped: ([^)]*)\)/.exec(plain)?.[1];
    return {
      name,
      title: `Disk full on the embedded database (${DISK_RUNS} tries)`,
      pass: !skipped && code === 0 && runs.length === DISK_RUNS && opened === DISK_RUNS,
      verdict: skipped ? `not run: ${skipped}` : `${opened} of ${runs.length} tries opened again (unopenable: ${runs.length - opened}); every check of server/db/disk-full.test.ts ${code === 0 ? 'passed' : 'did not pass'}.`,
      lines: [
        'Each try: the server (a process, NODE_ENV=production) on a 96 MB tmpfs as DATA_DIR, a post edited a different number of times,',
        'the disk filled by another writer, edits until five 507s in a row, 8 MB freed, edits until accepted, SIGTERM, start again.',
        `Load average before \`${before}\`, after \`${load()}\`.`,
        '',
        '```',
        ...runs,
        '```',
      ],
    };
  }
  if (name === 'uploads-burst') {
    const { code } = await runCommand(bin('tsx'), ['bench/uploads.ts'], { UPLOADS_BENCH_ONLY: 'burst' });
    const file = path.join(root, 'bench/results', `${today()}-uploads-burst.md`);
    const lines = sectionOf(file, 'Burst');
    const cell = (label: string) => lines.find((l) => l.startsWith(`| ${label}`))?.split('|')[2]?.trim() ?? '?';
    const unanswered = cell('stored without an answer');
    const vsIdle = cell('RSS 60 s after vs idle');
    const growth = Number.parseFloat(vsIdle.replace(/[^\d.+-]/g, ''));
    const noAnswer = lines.some((l) => /no answer in|connection failed/.test(l));
    return {
      name,
      title: '200 concurrent uploads',
      pass: code === 0 && unanswered === '0 / 0' && !noAnswer && growth <= 10,
      verdict: `answers ${cell('answers by status')}; stored without an answer ${unanswered}; memory 60 s after vs idle ${vsIdle} (limit +10 %). From bench/results/${path.basename(file)}.`,
      lines,
    };
  }
  const { code } = await runCommand(bin('tsx'), ['bench/rolling-restart.ts'], {});
  const file = path.join(root, 'bench/results', `${today()}-rolling-restart.md`);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const summary = /\*\*(PASS|FAIL)\*\*:[^\n]*\n[^\n]*/.exec(text)?.[0] ?? 'no report';
  const loadLine = text.split('\n').find((l) => l.startsWith('- Load average')) ?? '';
  return {
    name,
    title: 'Rolling restart of two processes behind Caddy',
    pass: code === 0 && summary.startsWith('**PASS**'),
    verdict: summary.replace(/^\*\*(PASS|FAIL)\*\*: /, '').replace(/\n/, ' '),
    lines: [loadLine, '', `Details: bench/results/${path.basename(file)}.`],
  };
}

main().catch(async (err) => {
  console.error(err);
  await restoreServices().catch((e: unknown) => console.error(e));
  // This script's own servers go with it on failure too (one left running by a run that failed at start).
  await Promise.all(slots.map((s) => stopApp(s.app))).catch((e: unknown) => console.error(e));
  redisChild?.kill('SIGKILL');
  ownPg?.destroy();
  process.exit(1);
});
