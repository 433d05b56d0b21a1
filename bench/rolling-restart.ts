// A rolling restart behind Caddy under load (issue 29, item 9; bench/README.md "Rolling restart").
// `npm run bench:rolling`.
//
// Two production app processes (NODE_ENV=production, SHUTDOWN_DRAIN_MS; the compiled server as `npm
// start` runs it when dist/server is newer than its sources, else server/main.ts through tsx) on ONE scratch
// PostgreSQL database beside TEST_DATABASE_URL's and on a Redis of its own (a spare port, nothing
// saved), with Caddy in front (a Caddyfile in a temporary folder: spare port, admin off, active health
// checks on /readyz every second, as docs/DEPLOY.md sets them). Through Caddy only, a load of guests'
// and members' GETs (pages and API), members' comments (POST), and chat: one member of each pair
// listens on a socket, the other sends with a clientMessageId, over its socket (`send_message`) in every
// other pair and over REST in the rest (stored by either process). The socket clients do what
// client/src/lib/socket-client.ts and the chat's conversation-sync do: a 1012 close reconnects within
// RESTART_SPREAD_MS, any other drop 1 s × attempt later; after a reconnect the listener reads what it
// may have missed (GET /api/chat/messages after the last id it has) and the sender sends what has no
// receipt again (same clientMessageId), and over REST after RECEIPT_TIMEOUT_MS. No poll: a message
// counts as received only through a live frame or the catch-up after a reconnect.
// Then each process in turn is stopped with SIGTERM (it drains, tells its sockets 1012, closes) and
// started again; the next waits until Caddy sends requests to the restarted one. Reported: failed
// requests (a network error or an unexpected status: must be 0), lost messages (a receipt came, the
// listener never had it: must be 0), unacknowledged sends, and what each stop took. Writes
// bench/results/<date>-rolling-restart.md with the load average beside the figures.
//
// Everything it starts (Redis, Caddy, the app processes) is stopped at the end, also on failure; the
// scratch database is dropped. The machine's PostgreSQL only holds that database (never restarted);
// the machine's Redis is not touched.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase } from '../server/db/client.ts';
import { createScratchPostgresDatabase } from '../server/test/databases.ts';
import { addMembers, envNumber, fmt, freePort, loadAverage, machine, percentile, root, sleep, startApp, today, type AppProcess, type Member } from './harness.ts';

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
const DRAIN_MS = envNumber('ROLLING_DRAIN_MS', 3000);
const CYCLES = envNumber('ROLLING_CYCLES', 2);
const READERS = envNumber('ROLLING_READERS', 4);
/** Each reader's pause between two requests. */
const READ_GAP_MS = envNumber('ROLLING_READ_GAP_MS', 250);
const COMMENTERS = envNumber('ROLLING_COMMENTERS', 4);
/** Within the comment burst limit (10 a minute per member). */
const COMMENT_INTERVAL_MS = envNumber('ROLLING_COMMENT_INTERVAL_MS', 10_000);
const PAIRS = envNumber('ROLLING_CHAT_PAIRS', 5);
/** Within the chat's limit (10 per 10 s per member), with room for the sends a reconnect repeats. */
const SEND_INTERVAL_MS = envNumber('ROLLING_SEND_INTERVAL_MS', 2000);
const WARM_UP_MS = envNumber('ROLLING_WARM_UP_S', 10) * 1000;
const BETWEEN_MS = envNumber('ROLLING_BETWEEN_S', 5) * 1000;
const COOL_DOWN_MS = envNumber('ROLLING_COOL_DOWN_S', 10) * 1000;
/** After the load stops: the last receipts, frames and catch-ups. */
const SETTLE_MS = 5000;
/** The whole run stops by itself after this, whatever happens. */
const DEADLINE_MS = envNumber('ROLLING_MAX_MINUTES', 15) * 60_000;
const HEALTH_INTERVAL = '1s';
const HEALTH_TIMEOUT = '5s';
const REQUEST_TIMEOUT_MS = 30_000;
// client/src/lib/socket-client.ts (RESTART_RECONNECT_SPREAD_MS, RECONNECT_STEP_MS) and
// client/src/features/chat/lib/conversation-sync.ts (RECEIPT_TIMEOUT_MS): the browser's numbers.
const RESTART_SPREAD_MS = 500;
const RECONNECT_STEP_MS = 1000;
const MAX_RECONNECT_ATTEMPTS = 5;
const RECEIPT_TIMEOUT_MS = 8000;
/** A failed catch-up is tried again as the client's query is (client/src/lib/query-client.ts MAX_QUERY_RETRIES). */
const CATCH_UP_TRIES = 4;
const WS_RESTARTING = 1012;

/**
 * The bundled server is newer than everything it is built from (scripts/start.mjs's rule): run it, as
 * production does (`npm run build:server` makes it). tsx compiles every module again at each start,
 * which costs the machine a few CPU seconds while the other process serves alone.
 */
function compiledServerIsFresh() {
  const mtime = (p: string) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);
  const newest = (p: string): number =>
    fs.statSync(p).isDirectory() ? Math.max(mtime(p), ...fs.readdirSync(p, { recursive: true }).map((f) => mtime(path.join(p, String(f))))) : mtime(p);
  const built = mtime(path.join(root, 'dist/server-bundle/main.js'));
  return built > 0 && ['server', 'common', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json', 'dist/server/server/main.js'].every((p) => newest(path.join(root, p)) <= built);
}
const COMPILED = process.env.ROLLING_SERVER ? process.env.ROLLING_SERVER === 'compiled' : compiledServerIsFresh();

const started = performance.now();
const at = () => (performance.now() - started) / 1000;
const events: string[] = [];
const note = (text: string) => {
  const line = `${fmt(at())} s  ${text}`;
  events.push(line);
  console.log(line);
};

// ---------------------------------------------------------------- processes it starts

/**
 * Redis and Caddy run under `timeout` (which passes our SIGTERM on), and the app processes with
 * stop-with-parent.mjs: if this script is killed outright, nothing it started outlives it for long.
 */
const LIFETIME = `${Math.ceil(DEADLINE_MS / 1000) + 60}s`;
const APP_PRELOAD = path.join(root, 'bench/stop-with-parent.mjs');
const children = new Set<ChildProcess>();
function own(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
/** SIGTERM, which `timeout` passes on (a SIGKILL would end `timeout` alone). */
function killAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = own(spawn('timeout', [LIFETIME, 'redis-server', '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
  const url = `redis://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100; i++) {
    if (await tcpOpen(port)) return { url, stop: async () => void (child.kill('SIGTERM'), await exited) };
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}

function tcpOpen(port: number) {
  return new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', timeout: 1000 });
    req.on('response', (res) => (res.resume(), resolve(true)));
    // Redis answers an HTTP request by closing the connection: it is listening all the same.
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code !== 'ECONNREFUSED'));
    req.on('timeout', () => (req.destroy(), resolve(false)));
  });
}

/**
 * Caddy with the active health check of docs/DEPLOY.md; `X-Upstream` on every answer says which
 * process served it (the bench's own addition, to see when a restarted process is back in rotation).
 */
async function startCaddy(dir: string, port: number, upstreams: number[]): Promise<{ stop(): Promise<void> }> {
  const caddyfile = path.join(dir, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https off
	storage file_system ${path.join(dir, 'data')}
}

http://127.0.0.1:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams.map((p) => `127.0.0.1:${p}`).join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		health_uri /readyz
		health_interval ${HEALTH_INTERVAL}
		health_timeout ${HEALTH_TIMEOUT}
		header_down X-Upstream {http.reverse_proxy.upstream.port}
	}
}
`,
  );
  const env = { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  const child = own(spawn('timeout', [LIFETIME, 'caddy', 'run', '--config', caddyfile, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'ignore', 'pipe'] }));
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    try {
      if ((await get(port, '/readyz')).status === 200) return { stop: async () => void (child.kill('SIGTERM'), await exited) };
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`caddy did not answer: ${log}`);
}

// ---------------------------------------------------------------- HTTP through Caddy

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let caddyPort = 0;
type Answer = { status: number; upstream?: string; body: string };

function send(port: number, method: string, pathname: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          accept: 'application/json, text/html',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, upstream: res.headers['x-upstream'] as string | undefined, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}
const get = (port: number, pathname: string, cookie?: string) => send(port, 'GET', pathname, { cookie });

type Kind = 'page' | 'api read' | 'comment' | 'chat catch-up' | 'chat send (REST)';
const requests = new Map<Kind, { ok: number; failed: number; latencies: number[] }>();
const failures: string[] = [];
const byUpstream = new Map<string, number>();

/** One request through Caddy, counted; a network error or a status not in `expect` is a failure. */
async function counted(kind: Kind, method: string, pathname: string, expect: number[], opts: { cookie?: string; body?: unknown } = {}): Promise<Answer | undefined> {
  const stats = requests.get(kind) ?? { ok: 0, failed: 0, latencies: [] };
  requests.set(kind, stats);
  const t0 = performance.now();
  try {
    const answer = await send(caddyPort, method, pathname, opts);
    stats.latencies.push(performance.now() - t0);
    if (answer.upstream) byUpstream.set(answer.upstream, (byUpstream.get(answer.upstream) ?? 0) + 1);
    if (expect.includes(answer.status)) {
      stats.ok++;
      return answer;
    }
    stats.failed++;
    failures.push(`${fmt(at())} s  ${method} ${pathname}: ${answer.status} ${answer.body.slice(0, 160)}`);
  } catch (err) {
    stats.failed++;
    failures.push(`${fmt(at())} s  ${method} ${pathname}: ${(err as Error).message}`);
  }
  return undefined;
}

// ---------------------------------------------------------------- the load

let loadOn = true;
const loops: Array<Promise<void>> = [];

function startReaders(paths: string[], cookies: string[]) {
  for (let i = 0; i < READERS; i++) {
    loops.push(
      (async () => {
        for (let n = i; loadOn; n++) {
          const pathname = paths[n % paths.length]!;
          const cookie = i % 2 ? cookies[i % cookies.length] : undefined; // guests and members
          await counted(pathname.startsWith('/api/') ? 'api read' : 'page', 'GET', pathname, [200], { cookie });
          await sleep(READ_GAP_MS);
        }
      })(),
    );
  }
}

const commentTokens: string[] = [];
function startCommenters(members: Member[], postId: number) {
  members.forEach((m, i) => {
    loops.push(
      (async () => {
        await sleep((i * COMMENT_INTERVAL_MS) / members.length);
        for (let n = 0; loadOn; n++) {
          const token = `c${m.id}-${n}`;
          const answer = await counted('comment', 'POST', `/api/forum/posts/${postId}/comments`, [201], { cookie: m.cookie, body: { content: `Rolling restart comment ${token}.` } });
          if (answer) commentTokens.push(token);
          await sleep(COMMENT_INTERVAL_MS);
        }
      })(),
    );
  });
}

type ChatSend = { token: string; pair: number; firstSent: number; ackAt?: number; receivedAt?: number; via?: 'live' | 'catch-up'; resent: number; viaRest?: boolean };
const chatSends = new Map<string, ChatSend>();
const sockets = { opened: 0, restartCloses: 0, otherCloses: 0, failedUpgrades: 0, reconnectMs: [] as number[] };

/**
 * A socket through Caddy as the browser's client keeps it: reconnects after a drop (at once after a
 * 1012), and calls `onReconnected` after each reconnect.
 */
function socketClient(member: Member, on: { frame(f: { type: string; [k: string]: unknown }): void; reconnected(): void }) {
  let ws: WebSocket | undefined;
  let attempts = 0;
  let dropped = false;
  let droppedAt = 0;
  let closed = false;
  const open = () => {
    if (closed) return;
    const socket = new WebSocket(`ws://127.0.0.1:${caddyPort}/ws`, { headers: { cookie: member.cookie } });
    ws = socket;
    let opened = false;
    socket.on('open', () => {
      opened = true;
      sockets.opened++;
      attempts = 0;
      if (dropped) sockets.reconnectMs.push(performance.now() - droppedAt);
      socket.send(JSON.stringify({ type: 'authenticate', userId: member.id }));
      if (dropped) on.reconnected();
      dropped = false;
    });
    socket.on('message', (data) => on.frame(JSON.parse(data.toString()) as { type: string }));
    socket.on('unexpected-response', (_req, res) => {
      sockets.failedUpgrades++;
      note(`socket upgrade refused: ${res.statusCode}`);
    });
    socket.on('error', () => undefined); // the close that follows decides
    socket.on('close', (code) => {
      if (closed || ws !== socket) return;
      if (!dropped) droppedAt = performance.now();
      dropped = true;
      if (opened && code === WS_RESTARTING) {
        sockets.restartCloses++;
        setTimeout(open, Math.floor(Math.random() * RESTART_SPREAD_MS));
        return;
      }
      if (opened) sockets.otherCloses++;
      else if (code === 1006) note('socket connection failed');
      if (attempts >= MAX_RECONNECT_ATTEMPTS) {
        note('a socket gave up after its retries');
        return;
      }
      attempts++;
      setTimeout(open, RECONNECT_STEP_MS * attempts);
    });
  };
  open();
  return {
    send: (frame: object) => (ws?.readyState === WebSocket.OPEN ? (ws.send(JSON.stringify(frame)), true) : false),
    isOpen: () => ws?.readyState === WebSocket.OPEN,
    close: () => {
      closed = true;
      ws?.close();
    },
  };
}

type Pair = { index: number; sender: Member; recipient: Member; conversationId: number };

function startChat(pairs: Pair[]) {
  const stops: Array<() => void> = [];
  const opened: Array<Promise<void>> = [];
  for (const pair of pairs) {
    // The listener: live frames, and after a reconnect everything after the last id it has.
    let lastId = 0;
    const receive = (message: { id: number; content: string }, via: 'live' | 'catch-up') => {
      lastId = Math.max(lastId, message.id);
      const s = chatSends.get(message.content.replace(/^rolling /, ''));
      if (s && s.receivedAt === undefined) Object.assign(s, { receivedAt: performance.now(), via });
    };
    const catchUp = async () => {
      for (let page = 0, tries = 0; page < 5 && tries < CATCH_UP_TRIES; ) {
        const answer = await counted('chat catch-up', 'GET', `/api/chat/messages?conversationId=${pair.conversationId}&after=${lastId}`, [200], { cookie: pair.recipient.cookie });
        if (!answer) {
          tries++;
          await sleep(1000);
          continue;
        }
        const body = JSON.parse(answer.body) as { messages: Array<{ id: number; content: string }>; hasMore: boolean };
        for (const m of body.messages) receive(m, 'catch-up');
        if (!body.hasMore) return;
        page++;
      }
    };
    let listenerOpen!: () => void;
    opened.push(new Promise((resolve) => (listenerOpen = resolve)));
    const listener = socketClient(pair.recipient, {
      frame: (f) => {
        if (f.type === 'authenticated') listenerOpen();
        if (f.type === 'new_message') receive((f as unknown as { message: { id: number; content: string } }).message, 'live');
      },
      reconnected: () => void catchUp(),
    });

    // The sender: an outbox of sends without a receipt, sent again after a reconnect, over REST when late.
    // Every other pair sends over REST only (as the page does while its socket is down): its messages
    // are stored by whichever process Caddy picks, and reach a listener on another one over Redis, so
    // some fall into a listener's reconnect and its catch-up is exercised.
    const overRest = pair.index % 2 === 1;
    const outbox = new Map<string, ChatSend>();
    const frameOf = (s: ChatSend) => ({ type: 'send_message', conversationId: pair.conversationId, content: `rolling ${s.token}`, clientMessageId: s.token });
    const acknowledge = (token: string) => {
      const s = outbox.get(token);
      if (!s) return;
      s.ackAt ??= performance.now();
      outbox.delete(token);
    };
    const sendOverRest = (s: ChatSend) =>
      // 200: a socket's send had stored it after all (the same clientMessageId).
      void counted('chat send (REST)', 'POST', `/api/inbox/conversations/${pair.conversationId}/messages`, [200, 201], {
        cookie: pair.sender.cookie,
        body: { text: `rolling ${s.token}`, clientMessageId: s.token },
      }).then((answer) => answer && acknowledge(s.token));
    let senderOpen!: () => void;
    if (!overRest) opened.push(new Promise((resolve) => (senderOpen = resolve)));
    const sender = overRest ? undefined : socketClient(pair.sender, {
      frame: (f) => {
        if (f.type === 'authenticated') senderOpen();
        const message = (f as { message?: { clientMessageId?: string } }).message;
        if (f.type === 'new_message' && message?.clientMessageId) acknowledge(message.clientMessageId);
        if (f.type === 'error') note(`chat error: ${String(f.message)}`);
      },
      reconnected: () => {
        for (const s of outbox.values()) {
          s.resent++;
          sender?.send(frameOf(s));
        }
      },
    });
    let seq = 0;
    const tick = setInterval(() => {
      if (!loadOn) return;
      const s: ChatSend = { token: `p${pair.index}-${seq++}`, pair: pair.index, firstSent: performance.now(), resent: 0 };
      chatSends.set(s.token, s);
      outbox.set(s.token, s);
      if (sender) sender.send(frameOf(s));
      else sendOverRest(s);
    }, SEND_INTERVAL_MS);
    // No receipt in time: the same clientMessageId once over REST (idempotent), as conversation-sync does.
    const late = setInterval(() => {
      for (const s of outbox.values()) {
        if (overRest || s.viaRest || performance.now() - s.firstSent < RECEIPT_TIMEOUT_MS) continue;
        s.viaRest = true;
        s.resent++;
        sendOverRest(s);
      }
    }, 1000);
    stops.push(() => {
      clearInterval(tick);
      clearInterval(late);
      listener.close();
      sender?.close();
    });
  }
  return { opened: Promise.all(opened), stop: () => stops.forEach((s) => s()) };
}

// ---------------------------------------------------------------- the restarts

type Slot = { name: string; port: number; app: AppProcess };
type Restart = { slot: string; cycle: number; exitCode: number | string; stoppedInMs: number; startedInMs: number; backInRotationMs: number };
const restarts: Restart[] = [];

async function restart(slot: Slot, cycle: number, appEnv: Record<string, string>, databaseUrl: string) {
  note(`SIGTERM to ${slot.name} (port ${slot.port})`);
  const t0 = performance.now();
  slot.app.child.kill('SIGTERM');
  const code = await slot.app.exited;
  const stoppedInMs = performance.now() - t0;
  note(`${slot.name} exited (${code}) after ${fmt(stoppedInMs / 1000)} s`);
  if (code !== 0) note(`${slot.name}'s stderr: ${slot.app.stderrTail().slice(-600)}`);
  const t1 = performance.now();
  slot.app = await startApp({ databaseUrl, port: slot.port, env: appEnv, readyTimeoutMs: 120_000, compiled: COMPILED, preload: APP_PRELOAD });
  const startedInMs = performance.now() - t1;
  note(`${slot.name} ready again after ${fmt(startedInMs / 1000)} s`);
  // Back in Caddy's rotation: an answer through Caddy came from it.
  const t2 = performance.now();
  while (performance.now() - t2 < 30_000) {
    const answer = await get(caddyPort, '/healthz').catch(() => undefined);
    if (answer?.upstream === String(slot.port)) break;
    await sleep(100);
  }
  const backInRotationMs = performance.now() - t2;
  note(`${slot.name} served through Caddy again ${fmt(backInRotationMs / 1000)} s after it was ready`);
  restarts.push({ slot: slot.name, cycle, exitCode: code, stoppedInMs, startedInMs, backInRotationMs });
}

// ---------------------------------------------------------------- setup, run, report

async function setUp(url: string, pairCount: number) {
  const database = await openDatabase({ url }); // migrates
  const members = await addMembers(database.db, url, COMMENTERS + 2 * pairCount + 2, 'roll');
  await database.close();
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  await sql.query(`insert into categories (name, slug) values ('Rolling restarts', 'rolling-restarts') on conflict do nothing`);
  const categoryId = (await sql.query(`select id from categories where slug = 'rolling-restarts'`)).rows[0].id as number;
  const pairs: Pair[] = [];
  for (let i = 0; i < pairCount; i++) {
    const [a, b] = [members[COMMENTERS + 2 * i]!, members[COMMENTERS + 2 * i + 1]!];
    const [c] = (await sql.query(`insert into conversations (user_low_id, user_high_id) values ($1, $2) returning id`, [Math.min(a.id, b.id), Math.max(a.id, b.id)])).rows;
    pairs.push({ index: i, sender: a, recipient: b, conversationId: c.id as number });
  }
  await sql.end();
  return { members, commenters: members.slice(0, COMMENTERS), author: members.at(-1)!, pairs, categoryId };
}

async function main() {
  const deadline = setTimeout(() => {
    console.error(`the run passed ${DEADLINE_MS / 60_000} minutes: stopping`);
    killAll();
    process.exit(2);
  }, DEADLINE_MS);
  deadline.unref();
  const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-rolling-'));
  const scratch = await createScratchPostgresDatabase();
  const redis = await startRedis();
  let caddy: { stop(): Promise<void> } | undefined;
  const slots: Slot[] = [];
  try {
    const { commenters, author, pairs, categoryId } = await setUp(scratch.url, PAIRS);
    const [portA, portB] = [await freePort(), await freePort()];
    caddyPort = await freePort();
    const appEnv = { REDIS_URL: redis.url, TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: String(DRAIN_MS), APP_URL: `http://127.0.0.1:${caddyPort}` };
    const [a, b] = await Promise.all([
      startApp({ databaseUrl: scratch.url, port: portA, env: appEnv, readyTimeoutMs: 120_000, compiled: COMPILED, preload: APP_PRELOAD }),
      startApp({ databaseUrl: scratch.url, port: portB, env: appEnv, readyTimeoutMs: 120_000, compiled: COMPILED, preload: APP_PRELOAD }),
    ]);
    slots.push({ name: 'A', port: portA, app: a }, { name: 'B', port: portB, app: b });
    caddy = await startCaddy(dir, caddyPort, [portA, portB]);
    note(`two processes (ports ${portA}, ${portB}) behind Caddy (port ${caddyPort})`);

    const created = await send(caddyPort, 'POST', '/api/forum/posts', {
      cookie: author.cookie,
      body: { title: 'Rolling restarts under load', content: 'Comments of the rolling-restart bench.', categoryId },
    });
    if (created.status !== 201) throw new Error(`creating the post: ${created.status} ${created.body}`);
    const post = JSON.parse(created.body) as { id: number; slug: string };
    const pages = fs.existsSync(path.join(root, 'dist/client/index.html')) ? ['/', `/forum/posts/${post.slug}`] : [];
    const readPaths = [...pages, '/api/forum/posts?page=1', `/api/forum/posts/${post.slug}`, `/api/forum/posts/${post.id}/comments`, '/api/forum/categories'];

    const chat = startChat(pairs);
    await chat.opened;
    note(`${pairs.length + Math.ceil(pairs.length / 2)} sockets open`);
    startReaders(readPaths, [...commenters, author].map((m) => m.cookie));
    startCommenters(commenters, post.id);
    await sleep(WARM_UP_MS);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      for (const slot of slots) {
        await restart(slot, cycle, appEnv, scratch.url);
        await sleep(BETWEEN_MS);
      }
    }
    await sleep(COOL_DOWN_MS);
    loadOn = false;
    await Promise.all(loops);
    note('load stopped; settling');
    await sleep(SETTLE_MS);
    chat.stop();
    const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').trim();

    // Comments acknowledged (201) and in the database.
    const sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    const stored = new Set(
      (await sql.query(`select content from comments where post_id = $1`, [post.id])).rows.map((r) => /Rolling restart comment (\S+)\./.exec(r.content as string)?.[1]),
    );
    await sql.end();
    const lostComments = commentTokens.filter((t) => !stored.has(t));
    writeReport({ loadBefore, loadAfter, pages: pages.length > 0, lostComments });
  } finally {
    loadOn = false;
    for (const slot of slots) if (slot.app.child.exitCode === null) slot.app.child.kill('SIGTERM');
    await Promise.all(slots.map((s) => s.app.exited));
    await caddy?.stop();
    await redis.stop();
    agent.destroy();
    await scratch.drop().catch((err: unknown) => console.error('dropping the scratch database:', err));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function writeReport(r: { loadBefore: string; loadAfter: string; pages: boolean; lostComments: string[] }) {
  const sends = [...chatSends.values()];
  const acked = sends.filter((s) => s.ackAt !== undefined);
  const lost = acked.filter((s) => s.receivedAt === undefined);
  const unacked = sends.filter((s) => s.ackAt === undefined);
  const failed = [...requests.values()].reduce((n, s) => n + s.failed, 0);
  const total = [...requests.values()].reduce((n, s) => n + s.ok + s.failed, 0);
  const reconnect = [...sockets.reconnectMs].sort((x, y) => x - y);
  const delivery = acked.filter((s) => s.receivedAt !== undefined).map((s) => s.receivedAt! - s.firstSent).sort((x, y) => x - y);
  const verdict = failed === 0 && lost.length === 0 && unacked.length === 0 && r.lostComments.length === 0 ? 'PASS' : 'FAIL';
  const lines = [
    `# Rolling restart behind Caddy — ${today()}`,
    '',
    `\`npm run bench:rolling\` (bench/rolling-restart.ts): two app processes (${COMPILED ? 'the compiled server, as `npm start` runs it' : 'server/main.ts under tsx'}, NODE_ENV=production,`,
    `SHUTDOWN_DRAIN_MS=${DRAIN_MS}) on one PostgreSQL database and one Redis, Caddy ${caddyVersion()} in front with active health checks`,
    `on /readyz every ${HEALTH_INTERVAL} (timeout ${HEALTH_TIMEOUT}), lb_try_duration 5s. Each process stopped with SIGTERM and started again,`,
    `one at a time, ${CYCLES} rounds, under load through Caddy.`,
    '',
    `**${verdict}**: ${failed} failed requests of ${total}; ${lost.length} lost socket messages of ${acked.length} acknowledged;`,
    `${unacked.length} sends never acknowledged; ${r.lostComments.length} acknowledged comments missing from the database.`,
    '',
    `- Machine: ${machine()}`,
    `- Load average (\`cat /proc/loadavg\`): before \`${r.loadBefore}\`, after \`${r.loadAfter}\` (1-minute now: ${fmt(loadAverage(), 2)})`,
    `- Load: ${READERS} readers (a GET every ~${READ_GAP_MS} ms each${r.pages ? ', pages and API' : ', API only: no built client'}), ${COMMENTERS} members commenting every ${COMMENT_INTERVAL_MS / 1000} s,`,
    `  ${PAIRS} chat pairs, each with a listener on a socket; senders on a socket (send_message, receipts) in ${Math.ceil(PAIRS / 2)} pairs, over REST in ${Math.floor(PAIRS / 2)};`,
    `  a message every ${SEND_INTERVAL_MS / 1000} s per pair; the listener catches up after a reconnect; no poll`,
    '',
    '## Requests through Caddy',
    '',
    '| kind | answered as expected | failed | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...[...requests.entries()].map(([kind, s]) => {
      const l = [...s.latencies].sort((x, y) => x - y);
      return `| ${kind} | ${s.ok} | ${s.failed} | ${fmt(percentile(l, 50), 0)} | ${fmt(percentile(l, 99), 0)} | ${fmt(l.at(-1) ?? NaN, 0)} |`;
    }),
    '',
    `Served by port: ${[...byUpstream.entries()].map(([p, n]) => `${p}: ${n}`).join(', ')}.`,
    '',
    ...(failures.length ? ['Failures:', '', '```', ...failures.slice(0, 50), '```', ''] : []),
    '## Sockets and chat',
    '',
    `- Messages: ${sends.length} sent, ${acked.length} acknowledged (receipt), ${acked.length - lost.length} received by the listener ` +
      `(${acked.filter((s) => s.via === 'live').length} live, ${acked.filter((s) => s.via === 'catch-up').length} by the catch-up after a reconnect), **${lost.length} lost**;` +
      ` ${sends.filter((s) => s.resent > 0).length} sent more than once (same clientMessageId).`,
    `- Delivery (send → listener has it): p50 ${fmt(percentile(delivery, 50), 0)} ms, p99 ${fmt(percentile(delivery, 99), 0)} ms, max ${fmt(delivery.at(-1) ?? NaN, 0)} ms.`,
    `- Sockets: ${sockets.opened} opens, ${sockets.restartCloses} closed with 1012 (restart), ${sockets.otherCloses} other drops, ${sockets.failedUpgrades} refused upgrades;` +
      ` drop → open again p50 ${fmt(percentile(reconnect, 50), 0)} ms, max ${fmt(reconnect.at(-1) ?? NaN, 0)} ms.`,
    ...[...lost, ...unacked].map(
      (x) => `- ${x.ackAt === undefined ? 'never acknowledged' : 'lost'}: ${x.token}, sent at ${fmt((x.firstSent - started) / 1000)} s` + (x.ackAt === undefined ? '' : `, receipt at ${fmt((x.ackAt - started) / 1000)} s`),
    ),
    '',
    '## Restarts',
    '',
    '| round | process | SIGTERM → exit s | exit code | start → ready s | ready → served through Caddy s |',
    '|---:|---|---:|---:|---:|---:|',
    ...restarts.map((x) => `| ${x.cycle} | ${x.slot} | ${fmt(x.stoppedInMs / 1000)} | ${x.exitCode} | ${fmt(x.startedInMs / 1000)} | ${fmt(x.backInRotationMs / 1000)} |`),
    '',
    '## Timeline',
    '',
    '```',
    ...events,
    '```',
    '',
  ];
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${today()}-rolling-restart.md`);
  fs.writeFileSync(file, lines.join('\n'));
  console.log(`\n${lines.slice(7, 9).join('\n')}\nreport: ${path.relative(root, file)}`);
  if (verdict !== 'PASS') process.exitCode = 1;
}

function caddyVersion() {
  try {
    return /v?(\d+\.\d+\.\d+)/.exec(execFileSync('caddy', ['version'], { encoding: 'utf8' }))?.[1] ?? '';
  } catch {
    return '';
  }
}

main().catch((err: unknown) => {
  console.error(err);
  killAll();
  process.exit(1);
});
