// Restart to first answer and idle memory (issue 15 item 5; bench/README.md "Restart and idle
// memory"). `npm run bench:idle`.
//
// For each database (PostgreSQL: a throw-away database IDLE_BENCH_DATABASE_URL, whose name must contain
// "bench"; PGlite: a fresh DATA_DIR in a temporary folder) it runs `npm start` (scripts/start.mjs) as
// production does: a first start, which builds whatever is stale and creates, migrates and seeds the
// database, then IDLE_BENCH_RUNS (5) restarts with nothing to build. Each restart is timed from the
// spawn of start.mjs to the first 200 from GET /readyz (polled every 10 ms; it answers once the
// database is open and migrated and has answered a query), then to the first 200 from an API answer
// read from the database (GET /api/forum/posts) and from a server-rendered page (GET /forum); then
// the server is left idle and its resident memory (VmRSS of the server process, not start.mjs, from
// /proc) is read IDLE_BENCH_SETTLE_S (10) seconds later, with the peak (VmHWM). Targets: restart ≤ 1 s;
// idle ≤ 150 MB on PostgreSQL, ≤ 300 MB on PGlite. Writes bench/results/<date>-idle.md with the load
// average beside every figure (the machine is shared); a second run on the same day is appended to
// that day's report under its start time.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dropDatabase, envNumber, fmt, freePort, loadAverage, machine, postgresVersion, recreateDatabase, root, sleep, today } from './harness.ts';

const DB_URL = process.env.IDLE_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_idle_bench';
const RUNS = envNumber('IDLE_BENCH_RUNS', 5);
const SETTLE_S = envNumber('IDLE_BENCH_SETTLE_S', 10);
const TARGET_RESTART_MS = 1000;
const TARGET_MB = { postgres: 150, pglite: 300 } as const;

type Kind = keyof typeof TARGET_MB;
type Run = {
  label: string;
  readyMs: number;
  apiMs: number;
  pageMs: number;
  cpuMs: number;
  loadAtReady: number;
  rssMb: number;
  peakMb: number;
  loadAtRss: number;
};

/** What each restart waits for, in order: ready, then a real answer from the database (API, page). */
const FIRST_ANSWERS = { ready: '/readyz', api: '/api/forum/posts', page: '/forum' } as const;

const MB = 1024 * 1024;

/** `field` of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function statusBytes(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for process ${pid}`);
  return Number(m[1]) * 1024;
}

/** User + system CPU time of a process (all its threads) in ms, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s on Linux
}

/** The server: start.mjs's one child process. */
function serverPid(startPid: number): number {
  const children = fs.readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`start.mjs (pid ${startPid}) has ${children.length} child processes, expected the server alone`);
  return Number(children[0]);
}

type Started = { child: ChildProcess; server: number; readyMs: number; cpuMs: number; apiMs: number; pageMs: number; stderr: () => string };

/**
 * `npm start` with `env`; resolves at the first 200 from /readyz, then from the API and the page
 * (each timed from the spawn). The CPU time is read at the first answer.
 */
async function start(env: Record<string, string>, timeoutMs: number): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME!, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const firstAnswer = async (pathname: string) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before answering ${pathname}:\n${stderr}`);
      if (performance.now() - t0 > timeoutMs) {
        child.kill('SIGTERM');
        throw new Error(`npm start did not answer ${pathname} within ${timeoutMs / 1000} s:\n${stderr}`);
      }
      const res = await fetch(`http://127.0.0.1:${port}${pathname}`).catch(() => null);
      if (res) await res.arrayBuffer();
      if (res?.status === 200) return performance.now() - t0;
      await sleep(10);
    }
  };
  const readyMs = await firstAnswer(FIRST_ANSWERS.ready);
  const server = serverPid(child.pid!);
  const cpu = cpuMs(child.pid!) + cpuMs(server);
  const apiMs = await firstAnswer(FIRST_ANSWERS.api);
  const pageMs = await firstAnswer(FIRST_ANSWERS.page);
  return { child, server, readyMs, cpuMs: cpu, apiMs, pageMs, stderr: () => stderr };
}

async function stop(s: Started) {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}

async function measure(kind: Kind, env: Record<string, string>): Promise<{ first: { ms: number; load: number }; runs: Run[] }> {
  console.log(`${kind}: first start (builds what is stale, creates and migrates the database)`);
  const firstStart = await start(env, 600_000);
  const first = { ms: firstStart.readyMs, load: loadAverage() };
  await stop(firstStart);
  const runs: Run[] = [];
  for (let i = 1; i <= RUNS; i++) {
    await sleep(1000); // the last one's exit settles (sockets, the PostgreSQL backends)
    const s = await start(env, 60_000);
    const loadAtReady = loadAverage();
    await sleep(SETTLE_S * 1000);
    const run: Run = {
      label: `restart ${i}`,
      readyMs: s.readyMs,
      apiMs: s.apiMs,
      pageMs: s.pageMs,
      cpuMs: s.cpuMs,
      loadAtReady,
      rssMb: statusBytes(s.server, 'VmRSS') / MB,
      peakMb: statusBytes(s.server, 'VmHWM') / MB,
      loadAtRss: loadAverage(),
    };
    runs.push(run);
    console.log(
      `${kind} ${run.label}: first answer ${fmt(run.readyMs, 0)} ms (CPU ${fmt(run.cpuMs, 0)} ms, load ${fmt(run.loadAtReady, 2)}), ` +
        `API ${fmt(run.apiMs, 0)} ms, page ${fmt(run.pageMs, 0)} ms; ` +
        `idle ${SETTLE_S} s later ${fmt(run.rssMb)} MB resident (peak ${fmt(run.peakMb)} MB, load ${fmt(run.loadAtRss, 2)})`,
    );
    await stop(s);
  }
  return { first, runs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function section(heading: string, kind: Kind, title: string, r: { first: { ms: number; load: number }; runs: Run[] }): string[] {
  const ready = median(r.runs.map((x) => x.readyMs));
  const rss = median(r.runs.map((x) => x.rssMb));
  const ms = (pick: (x: Run) => number) => `${fmt(median(r.runs.map(pick)), 0)} ms`;
  const lines = [
    `${heading} ${title}`,
    '',
    `First start (builds whatever was stale, then creates, migrates and seeds the database): ${fmt(r.first.ms, 0)} ms (load ${fmt(r.first.load, 2)}).`,
    '',
    `| run | restart → first 200 from /readyz | CPU (start.mjs + server) | load avg at answer | first API answer (${FIRST_ANSWERS.api}) | first page (${FIRST_ANSWERS.page}) | resident ${SETTLE_S} s later (VmRSS) | peak (VmHWM) | load avg at reading |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.runs.map(
      (x) =>
        `| ${x.label} | ${fmt(x.readyMs, 0)} ms | ${fmt(x.cpuMs, 0)} ms | ${fmt(x.loadAtReady, 2)} | ${fmt(x.apiMs, 0)} ms | ${fmt(x.pageMs, 0)} ms | ${fmt(x.rssMb)} MB | ${fmt(x.peakMb)} MB | ${fmt(x.loadAtRss, 2)} |`,
    ),
    `| **median** | **${fmt(ready, 0)} ms** | ${ms((x) => x.cpuMs)} | | ${ms((x) => x.apiMs)} | ${ms((x) => x.pageMs)} | **${fmt(rss)} MB** | ${fmt(median(r.runs.map((x) => x.peakMb)))} MB | |`,
    '',
    `Restart: **${ready <= TARGET_RESTART_MS ? 'pass' : 'fail'}** (target ≤ ${TARGET_RESTART_MS} ms). ` +
      `Idle memory: **${rss <= TARGET_MB[kind] ? 'pass' : 'fail'}** (target ≤ ${TARGET_MB[kind]} MB).`,
    '',
  ];
  return lines;
}

async function main() {
  const started = new Date();
  await recreateDatabase(DB_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-idle-'));
  try {
    const pgVersion = await postgresVersion(DB_URL);
    const postgres = await measure('postgres', { DATABASE_URL: DB_URL });
    const pglite = await measure('pglite', { DATA_DIR: dataDir });
    const file = path.join(root, 'bench/results', `${today()}-idle.md`);
    // The day's first run writes the report; a later one is appended to it as a section of its own.
    const again = fs.existsSync(file);
    const h = again ? '###' : '##';
    const startedAt = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const lines = [
      ...(again ? ['', `## Run of ${startedAt}`] : [`# Restart to first answer and idle memory, ${today()}`]),
      '',
      'Generated by `npm run bench:idle` (bench/idle.ts; bench/README.md "Restart and idle memory"). Issue 15 item 5: production runs',
      'the compiled server; a restart answers within 1 s; one idle process holds at most 150 MB resident on PostgreSQL and 300 MB on',
      'the embedded database (PGlite).',
      '',
      `${h} Setup`,
      '',
      `- ${machine()}; ${pgVersion}; started ${startedAt}.`,
      '- Each run is `node scripts/start.mjs` (`npm start`) with nothing to build: it runs `node --enable-source-maps',
      '  dist/server-bundle/main.js` (the compiled server, bundled) with NODE_ENV=production, the defaults otherwise (PGlite seeds the demo forum on its first start,',
      '  PostgreSQL does not), no Redis. Timed from the spawn to the first 200 from GET /readyz (the database is open and migrated),',
      `  polled every 10 ms, then to the first 200 from ${FIRST_ANSWERS.api} (posts read from the database) and from ${FIRST_ANSWERS.page}`,
      '  (the page rendered on the server from them). CPU: user + system time of start.mjs and the server at the first answer, all',
      `  threads. Then the server stays idle for ${SETTLE_S} s and its VmRSS and VmHWM (peak) are read from /proc. Load average: 1`,
      '  minute, at the moment of each figure.',
      '',
      ...section(h, 'postgres', `PostgreSQL (a database of its own, ${new URL(DB_URL).pathname.slice(1)})`, postgres),
      ...section(h, 'pglite', 'PGlite (embedded, a fresh DATA_DIR)', pglite),
    ];
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (again) fs.appendFileSync(file, `${lines.join('\n')}\n`);
    else fs.writeFileSync(file, `${lines.join('\n')}\n`);
    console.log(`report: ${path.relative(root, file)}${again ? ' (appended)' : ''}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(DB_URL);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
