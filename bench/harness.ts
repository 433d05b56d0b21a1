// Pieces shared by bench/memory.ts and bench/faults.ts: a throw-away bench database, members with real
// sessions, and the production entry (server/main.ts) run as its own process, whose resident memory is
// read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../server/db/client.ts';
import { createSession } from '../server/identity/index.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const envNumber = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
export const mib = (bytes: number) => fmt(bytes / 2 ** 20, 1);
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
export const loadAverage = () => os.loadavg()[0]!;
export const today = () => new Date().toISOString().slice(0, 10);

/** Drops and recreates a database; only one whose name says it is for benchmarks. */
export async function recreateDatabase(url: string) {
  const name = benchDatabaseName(url);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${benchDatabaseName(url)}" with (force)`);
  } finally {
    await admin.end();
  }
}

function benchDatabaseName(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name)) throw new Error(`refusing to recreate "${name}": the name must contain "bench"`);
  return name;
}

function adminUrl(url: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

export type Member = { id: number; username: string; cookie: string };

/**
 * `count` verified, onboarded members a month old, pinned at trust level 2 (established: no new-member
 * limit or review applies, and the hourly trust job, which finds no visits for them, leaves them there),
 * each with a real session; `cookie` is the session cookie of an http:// app (`sid`).
 */
export async function addMembers(db: Db, url: string, count: number, prefix: string): Promise<Member[]> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const rows = (
    await sql.query(
      `insert into users (email, username, first_name, last_name, password_hash, email_verified_at, onboarded_at, created_at, updated_at, trust_level, trust_level_pinned)
       select $2 || g || '@example.test', $2 || g, 'Bench', 'Member', 'not-a-hash', now() - interval '30 days', now(), now() - interval '30 days', now(), 2, 2
       from generate_series(1, $1) g
       returning id, username`,
      [count, prefix],
    )
  ).rows as Array<{ id: number; username: string }>;
  await sql.end();
  const members: Member[] = [];
  for (const r of rows.sort((a, b) => a.id - b.id)) {
    members.push({ id: r.id, username: r.username, cookie: `sid=${await createSession(db, r.id, new Date(), 'bench')}` });
  }
  return members;
}

/** A port nobody listens on now (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type AppProcess = {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Settles with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  /** The last lines it wrote to stderr (for an error message). */
  stderrTail(): string;
};

/**
 * The production entry, `node --import tsx server/main.ts` (or the compiled server), with NODE_ENV=production and the given
 * environment; resolves once /readyz answers 200 (the database is migrated and reachable). stdout (the
 * request log) is read and dropped, as a log shipper would.
 */
export async function startApp(opts: {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
  /** Node flags before the entry (e.g. --expose-gc) and a module imported before it (after tsx). */
  nodeFlags?: string[];
  preload?: string;
  readyTimeoutMs?: number;
  /** The compiled, bundled server (dist/server-bundle/main.js, what `npm start` runs) instead of server/main.ts through tsx. */
  compiled?: boolean;
}): Promise<AppProcess> {
  const entry = opts.compiled ? ['--enable-source-maps', path.join(root, 'dist/server-bundle/main.js')] : ['--import', 'tsx', path.join(root, 'server/main.ts')];
  const args = [...(opts.nodeFlags ?? []), ...entry.slice(0, -1), ...(opts.preload ? ['--import', opts.preload] : []), entry.at(-1)!];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: opts.databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      SEED_DEMO: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  let tail = '';
  child.stderr!.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const app: AppProcess = { child, pid: child.pid!, port: opts.port, baseUrl: `http://127.0.0.1:${opts.port}`, exited, stderrTail: () => tail };
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the app on port ${opts.port} exited during start-up: ${tail}`);
    try {
      if ((await fetch(`${app.baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return app;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`the app on port ${opts.port} was not ready within ${(opts.readyTimeoutMs ?? 60_000) / 1000} s: ${tail}`);
}

/** SIGTERM (the graceful stop) or SIGKILL; resolves when the process is gone. */
export async function stopApp(app: AppProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill(signal);
  await app.exited;
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status, Linux). */
export function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

/**
 * Has an app started with `--expose-gc` and bench/memory-probe.ts preloaded (MEMORY_PROBE_FILE) run a full GC and report its memory (bench/memory-probe.ts):
 * what it keeps, apart from garbage not yet collected.
 */
export async function probeMemory(pid: number, file: string): Promise<{ rss: number; heapUsed: number }> {
  const lines = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await sleep(25);
    const now = lines();
    if (now.length > before) return JSON.parse(now.at(-1)!) as { rss: number; heapUsed: number };
  }
  throw new Error('the memory probe did not answer');
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, shared with other work; Node ${process.version}`;
}

export async function postgresVersion(url: string): Promise<string> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    return ((await sql.query('select version() as v')).rows[0].v as string).split(' on ')[0]!;
  } finally {
    await sql.end();
  }
}

/**
 * Runs `total` jobs with at most `concurrency` in flight; `job(i)` is called with 0…total-1 in order
 * of starting, and `onDone(doneCount)` after each finishes.
 */
export async function pool(total: number, concurrency: number, job: (i: number) => Promise<void>, onDone?: (done: number) => void | Promise<void>) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      await job(i);
      done++;
      await onDone?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
}
