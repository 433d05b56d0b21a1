// `npm run bench:web` (issue 15 "Measure"; bench/README.md "Web"). Writes bench/results/<date>-web.md with:
//
//  1. Lighthouse mobile (default settings: simulated throttling) of `/`, `/forum`, a post and the guide, 3 runs
//     each, round robin over pages and builds, on Debian Chromium; the load average before every run;
//  2. the same for a baseline build (BENCH_WEB_BASELINE, default 95dca4d: the landed build before issue 15),
//     extracted read-only with `git archive` into a temporary directory, in the same run;
//  3. the initial JavaScript per page from the build's manifest, and the script bytes Lighthouse saw transferred;
//  4. the guest forum list and the server-written /forum against a bare node:http server sending the same bytes
//     (autocannon, 50 connections), and the guest list on the embedded database;
//  5. search at 8 connections on the bench database (bench/generate.ts; BENCH_POSTS=1000000 for issue 15's size);
//  6. 10 000 idle sockets on one app process: its resident memory before and after;
//  7. long tasks as the page itself reports them, with Chromium's CPU really slowed 4× (not simulated), for
//     both builds, round robin: the blocking time Lighthouse's simulation estimates, measured.
//
// Lighthouse pages run on the production entry (`node scripts/start.mjs`) on a fresh embedded database with
// the demo forum, for both builds alike. Sections 4–6 run the app in its own process (bench/serve.ts) on the
// bench database, as bench/run.ts does. BENCH_WEB_ONLY picks sections.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase } from '../server/db/client.ts';
import { createSession } from '../server/identity/index.ts';
import type { BareAnswer } from './bare-serve.ts';
import { benchDatabaseUrl } from './config.ts';
import { createExplainer, type ExplainedStatement } from './explain.ts';
import { envNumber, fmt, freePort, loadAverage, machine, percentile, pool, postgresVersion, root, rssOf, sleep, today } from './harness.ts';
import { runLoad, type LoadResult } from './load.ts';
import { COMMON_WORD, RARE_WORD } from './vocabulary.ts';

const SECTIONS = ['lighthouse', 'js', 'ratio', 'search', 'sockets', 'longtasks'] as const;
type Section = (typeof SECTIONS)[number];
const ONLY = new Set((process.env.BENCH_WEB_ONLY || SECTIONS.join(',')).split(',').map((s) => s.trim()));
for (const s of ONLY) if (!SECTIONS.includes(s as Section)) throw new Error(`BENCH_WEB_ONLY: unknown section "${s}" (${SECTIONS.join(', ')})`);
const run = (s: Section) => ONLY.has(s);

const BASELINE = process.env.BENCH_WEB_BASELINE ?? '95dca4d';
const RUNS = envNumber('BENCH_WEB_RUNS', 3);
/**
 * The colour schemes each page is measured in (issue 30: light and dark), emulated in the page
 * (prefers-color-scheme): headless Chromium here reports dark by itself, so light is set too.
 */
const THEMES = (process.env.BENCH_WEB_THEMES || 'light,dark').split(',').map((t) => t.trim()) as Array<'light' | 'dark'>;
for (const t of THEMES) if (t !== 'light' && t !== 'dark') throw new Error(`BENCH_WEB_THEMES: unknown theme "${t}" (light, dark)`);
/** The Lighthouse pages (by their names in the report); all five by default. */
const PAGES = process.env.BENCH_WEB_PAGES ? process.env.BENCH_WEB_PAGES.split(',').map((p) => p.trim()) : undefined;
/**
 * Busy processes held running through the Lighthouse section (issue 31: "TBT ≤ 150 ms at load 4"): that
 * many loops spinning on the machine's cores, the section starting once the 1-min load average is there.
 */
const BACKGROUND_LOAD = envNumber('BENCH_WEB_LOAD', 0);
/**
 * Issue 31 reads its Lighthouse goals "on a machine at load ≤ 1", and back-to-back runs keep a 2-core
 * machine at 2–3 on their own: with this set, each Lighthouse run waits (up to QUIET_WAIT_MS) until the
 * 1-min load average is at most this. 0: no wait.
 */
const QUIET = envNumber('BENCH_WEB_QUIET', 0);
const QUIET_WAIT_MS = 180_000;
const CHROMIUM = process.env.BENCH_WEB_CHROMIUM || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Runs per page and build of section 7 (long tasks). */
const LONG_TASK_RUNS = envNumber('BENCH_WEB_LONG_TASK_RUNS', 5);
const RATIO_CONNECTIONS = envNumber('BENCH_WEB_CONNECTIONS', 50);
const RATIO_SECONDS = envNumber('BENCH_WEB_DURATION', 10);
const WARMUP_SECONDS = envNumber('BENCH_WEB_WARMUP', 2);
const RATIO_ROUNDS = envNumber('BENCH_WEB_ROUNDS', 2);
const SEARCH_CONNECTIONS = 8;
const SEARCH_P95_TARGET_MS = 50;
const SOCKETS = envNumber('BENCH_WEB_SOCKETS', 10_000);
const SOCKET_IDLE_S = envNumber('BENCH_WEB_SOCKET_IDLE', 30);
const SOCKET_RSS_TARGET = 512e6; // bytes: 512 MB
/** The gateway allows 120 upgrades a minute per address: each address opens at most this many. */
const SOCKETS_PER_ADDRESS = 50;
/** Sockets one member may hold in one process (server/realtime/gateway.ts MAX_SOCKETS_PER_USER). */
const SOCKETS_PER_MEMBER = 20;
const RATIO_TARGET = 0.5;
const LIST_PATH = '/api/forum/posts?page=1&limit=20&sortBy=newest';
/** Lighthouse's JSON reports, for a closer look (not committed). */
const WORK = path.join(os.tmpdir(), 'kerbside-bench-web');

const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// ---------------------------------------------------------------------------------------------------------
// Processes

type Proc = {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  tail: () => string;
  /** Why it ended, when it did: exit code or signal. */
  ended: () => string | undefined;
  stop: () => Promise<void>;
};

function track(child: ChildProcess, port: number): Proc {
  // stderr only: stdout holds the start-up lines (with the demo admin's sign-in) and request logs.
  let tail = '';
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    pid: child.pid!,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    tail: () => tail,
    ended: () => (child.exitCode !== null ? `exit ${child.exitCode}` : child.signalCode !== null ? `signal ${child.signalCode}` : undefined),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** A script that prints `listening <port>` (bench/serve.ts, bench/bare-serve.ts). */
async function startListening(script: string, env: Record<string, string>, dir = root): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, script)], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out.slice(-2000)}`)));
  });
  return track(child, port);
}

/** `node scripts/start.mjs` (what `npm start` runs) in `dir`, on a fresh embedded database; ready when /readyz (or /) answers 200. */
async function startProduction(dir: string, dataDir: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = track(child, port);
  // The first start may build what is stale (client, server): minutes, not seconds.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${dir}: npm start exited with ${child.exitCode}: ${proc.tail()}`);
    for (const probe of ['/readyz', '/']) {
      try {
        if ((await fetch(proc.baseUrl + probe, { signal: AbortSignal.timeout(2000) })).ok) return proc;
      } catch {
        // not listening yet
      }
    }
    await sleep(500);
  }
  await proc.stop();
  throw new Error(`${dir}: not ready within 10 minutes: ${proc.tail()}`);
}

function sh(cmd: string, args: string[], cwd: string, what: string): number {
  log(`${what}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  return r.status ?? 1;
}

// ---------------------------------------------------------------------------------------------------------
// Builds

type Build = { name: string; label: string; dir: string; notes: string[] };

/**
 * The current work tree, copied (without node_modules, .git, dist and local data) into a temporary
 * directory with this checkout's node_modules linked in, and built there with `npm run build`: nobody
 * else's build or edit in the work tree changes it during the run. A failed budget check is noted, not
 * fatal. BENCH_WEB_BUILD=0: the work tree itself as it is, already built.
 */
function buildCurrent(): Build {
  const label = `current (${describeHead()})`;
  if (process.env.BENCH_WEB_BUILD === '0') return { name: 'current', label, dir: root, notes: ['the work tree as built (BENCH_WEB_BUILD=0)'] };
  const dir = path.join(WORK, 'current');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const skip = ['node_modules', '.git', 'dist', 'data', 'scratch', 'test-results', 'playwright-report', 'coverage'].map((d) => `--exclude=./${d}`);
  const copy = spawnSync('bash', ['-o', 'pipefail', '-c', 'tar -c "${@:3}" -C "$1" . | tar -x -C "$2"', 'copy', root, dir, ...skip], { stdio: 'inherit' });
  if (copy.status !== 0) throw new Error('copying the work tree failed');
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const notes = [`a copy of the work tree taken ${new Date().toISOString()}, built in ${dir}`];
  const manifest = path.join(dir, 'dist/client/.vite/manifest.json');
  const status = sh('npm', ['run', 'build'], dir, 'current build');
  if (!fs.existsSync(manifest)) throw new Error(`npm run build exited with ${status} and wrote no manifest`);
  if (status !== 0) notes.push(`\`npm run build\` exited with ${status} after building (the budget check, scripts/check-budget.mjs): measured anyway`);
  return { name: 'current', label, dir, notes };
}

/** HEAD of the work tree, read from .git without running git; "+ changes" is not known here, so not claimed. */
function describeHead(): string {
  try {
    const head = fs.readFileSync(path.join(root, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 7);
    const ref = head.slice(5);
    const loose = path.join(root, '.git', ref);
    if (fs.existsSync(loose)) return `${fs.readFileSync(loose, 'utf8').trim().slice(0, 7)} + work tree`;
    const packed = fs.readFileSync(path.join(root, '.git/packed-refs'), 'utf8').split('\n').find((l) => l.endsWith(` ${ref}`));
    return packed ? `${packed.slice(0, 7)} + work tree` : 'work tree';
  } catch {
    return 'work tree';
  }
}

/**
 * The baseline commit in a temporary directory (kept between runs): `git archive` (read-only), this
 * checkout's node_modules linked in when every package the baseline locks is installed here at the same
 * version (else its own `npm ci`), its client built with Vite and compressed as `npm start` would.
 */
function buildBaseline(ref: string): Build {
  const notes: string[] = [];
  const dir = path.join(WORK, `baseline-${ref.replace(/[^\w.-]/g, '_')}`);
  const marker = path.join(dir, '.bench-web-built');
  if (fs.existsSync(marker)) {
    notes.push(`reused the build cached in ${dir}`);
    return { name: 'baseline', label: `baseline (${ref})`, dir, notes: [...notes, ...fs.readFileSync(marker, 'utf8').split('\n').filter(Boolean)] };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const extract = spawnSync('bash', ['-o', 'pipefail', '-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'extract', root, ref, dir], { stdio: 'inherit' });
  if (extract.status !== 0) throw new Error(`git archive ${ref} failed`);

  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; optional?: boolean }> };
  const differ: string[] = [];
  for (const [key, locked] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || key.includes('/node_modules/', 13) || !locked.version) continue;
    const installed = path.join(root, key, 'package.json');
    const version = fs.existsSync(installed) ? (JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string }).version : 'missing';
    // Optional packages for other platforms (esbuild's, rolldown's) are never installed.
    if (version !== locked.version && !(locked.optional && version === 'missing')) differ.push(`${key.slice(13)} ${locked.version} → ${version}`);
  }
  const built: string[] = [];
  if (differ.length === 0) {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    built.push('node_modules: linked to this checkout’s (every locked top-level package at the same version)');
  } else {
    log(`baseline: ${differ.length} packages differ from this checkout (${differ.slice(0, 5).join(', ')}…): npm ci`);
    if (sh('npm', ['ci', '--no-audit', '--no-fund'], dir, 'baseline install') !== 0) throw new Error('npm ci of the baseline failed');
    built.push(`node_modules: its own \`npm ci\` (${differ.length === 1 ? '1 package differs' : `${differ.length} packages differ`} from this checkout: ${differ.slice(0, 3).join(', ')}${differ.length > 3 ? ', …' : ''})`);
  }
  if (sh(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], dir, 'baseline client') !== 0) throw new Error('baseline vite build failed');
  if (fs.existsSync(path.join(dir, 'scripts/compress.mjs')) && sh(process.execPath, ['scripts/compress.mjs'], dir, 'baseline compress') !== 0) {
    throw new Error('baseline compress failed');
  }
  built.push(`built ${new Date().toISOString()} in ${dir}`);
  fs.writeFileSync(marker, `${built.join('\n')}\n`);
  return { name: 'baseline', label: `baseline (${ref})`, dir, notes: built };
}

// ---------------------------------------------------------------------------------------------------------
// 3. Initial JS from the manifest (the walk of scripts/check-budget.mjs, for every page measured here)

type Manifest = Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>;
/** Each page's lazily loaded module, by file name (the folders may move; the names are the routes' pages). */
const PAGE_MODULES: Record<string, string> = {
  '/': 'landing.tsx',
  '/forum': 'forum-page.tsx',
  post: 'post-detail-page.tsx',
  '/courier-guide-uk': 'courier-guide-page.tsx',
};
type InitialJs = { page: string; module: string; chunks: number; gzip: number } | { page: string; missing: string };

function initialJs(dir: string): InitialJs[] {
  const clientDir = path.join(dir, 'dist/client');
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  const entry = entries.find(([k]) => k === 'index.html') ?? entries[0];
  if (!entry) throw new Error(`${clientDir}: no entry chunk in the manifest`);
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
    return into;
  };
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  return Object.entries(PAGE_MODULES).map(([page, name]) => {
    const lazy = Object.entries(manifest).find(([, c]) => c.isDynamicEntry && c.src?.endsWith(`/${name}`));
    if (!lazy) return { page, missing: `no lazy chunk for ${name}` };
    const keys = walk(lazy[0], walk(entry[0], new Set()));
    const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    return { page, module: lazy[1].src!, chunks: files.length, gzip: files.reduce((n, f) => n + gz(f), 0) };
  });
}

// ---------------------------------------------------------------------------------------------------------
// 1. Lighthouse

type LhRun = {
  build: string;
  page: string;
  theme: 'light' | 'dark';
  url: string;
  round: number;
  loadBefore: number;
  score: number;
  /** The accessibility category's score (issue 30: 100 in both themes). */
  a11y: number;
  /** Whether the page saw the scheme asked for (prefers-color-scheme read back after the run). */
  schemeSeen: boolean;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  tti: number;
  scripts: number;
  scriptBytes: number;
  /** Issue 31's goals: the page's HTML before compression (< 60 kB) and as sent, and its elements once loaded (< 600). */
  htmlBytes: number;
  htmlSent: number;
  elements: number;
  benchmarkIndex: number;
  problem?: string;
};

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number; statusCode?: number };

/** Waits until the 1-min load average is at most BENCH_WEB_QUIET (QUIET_WAIT_MS at most). */
async function quiet() {
  if (!(QUIET > 0)) return;
  const until = Date.now() + QUIET_WAIT_MS;
  while (loadAverage() > QUIET && Date.now() < until) await sleep(2000);
}

async function lighthouseRun(url: string, file: string, theme: 'light' | 'dark'): Promise<Omit<LhRun, 'build' | 'page' | 'theme' | 'round' | 'loadBefore'>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    // The scheme is emulated on the page Lighthouse then drives (its own emulation leaves media features alone).
    const page = await browser.newPage();
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    // The default config: mobile, simulated throttling (Lighthouse's defaults), performance and accessibility.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, undefined, page);
    const schemeSeen = await page.evaluate((t) => matchMedia(`(prefers-color-scheme: ${t})`).matches, theme).catch(() => false);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const lhr = result.lhr;
    fs.writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
    // Every script the page fetched on its own: Lighthouse loads the page until the network and the main
    // thread are quiet and never interacts with it, so this is what a phone downloads before the first tap.
    const scripts = items.filter((i) => i.resourceType === 'Script');
    const document = items.find((i) => i.resourceType === 'Document');
    // A page whose own document, scripts or styles failed is not the page being measured: say so.
    const failed = items.filter((i) => ['Document', 'Script', 'Stylesheet'].includes(i.resourceType ?? '') && (i.statusCode ?? 0) >= 400);
    const problems = [
      lhr.runtimeError?.message,
      ...(lhr.runWarnings ?? []),
      ...failed.map((i) => `${i.statusCode} for ${i.resourceType} ${new URL(i.url).pathname}`),
    ].filter(Boolean);
    return {
      url,
      score: (lhr.categories.performance?.score ?? NaN) * 100,
      a11y: (lhr.categories.accessibility?.score ?? NaN) * 100,
      schemeSeen,
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
      tti: num('interactive'),
      scripts: scripts.length,
      scriptBytes: scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0),
      htmlBytes: document?.resourceSize ?? NaN,
      htmlSent: document?.transferSize ?? NaN,
      // The DOM once loaded (the app's own additions too): Lighthouse's "Total elements".
      elements: num('dom-size-insight'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      problem: problems.length ? problems.join('; ').slice(0, 300) : undefined,
    };
  } finally {
    await browser.disconnect().catch(() => undefined);
    chrome.kill();
  }
}

type Site = { build: Build; proc: Proc; dataDir: string; pages: Array<{ page: string; path: string }>; restarts: string[] };

/** The pages of one running build; the post is the newest unpinned post of its own list (the demo forum). */
async function sitePages(baseUrl: string): Promise<Array<{ page: string; path: string }>> {
  const res = await fetch(baseUrl + LIST_PATH);
  if (!res.ok) throw new Error(`${baseUrl}${LIST_PATH} answered ${res.status}`);
  const list = (await res.json()) as { posts: Array<{ slug: string; isPinned?: boolean }> };
  const post = list.posts.find((p) => !p.isPinned) ?? list.posts[0];
  if (!post) throw new Error(`${baseUrl}: the forum has no posts`);
  const pages = [
    { page: '/', path: '/' },
    { page: '/forum', path: '/forum' },
    { page: 'post', path: `/forum/posts/${post.slug}` },
    { page: '/pay', path: '/pay' },
    { page: '/courier-guide-uk', path: '/courier-guide-uk' },
  ];
  for (const name of PAGES ?? []) if (!pages.some((p) => p.page === name)) throw new Error(`BENCH_WEB_PAGES: unknown page "${name}" (${pages.map((p) => p.page).join(', ')})`);
  return PAGES ? pages.filter((p) => PAGES.includes(p.page)) : pages;
}

/**
 * `n` processes spinning until stopped; resolves once the 1-min load average has reached `n` (or after
 * three minutes, with what it reached), so the runs that follow see the machine that busy.
 */
async function holdLoad(n: number): Promise<() => void> {
  const spinners = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const stop = () => {
    for (const s of spinners) s.kill('SIGKILL');
  };
  process.once('exit', stop);
  const until = Date.now() + 180_000;
  while (loadAverage() < n && Date.now() < until) await sleep(5_000);
  log(`background load: ${n} spinning processes, load average ${fmt(loadAverage(), 2)}`);
  return stop;
}

/** A server that ended mid-run is started again on a fresh database; the report says so. */
async function revive(site: Site, when: string) {
  const ended = site.proc.ended();
  if (!ended) return;
  const stderr = site.proc.tail().trim().split('\n').slice(-5).join(' / ').slice(0, 400);
  const why = `${site.build.label}'s server ended (${ended}${ended === 'exit 0' ? ': a clean stop, i.e. a signal from outside the bench' : ''}) before ${when}${stderr ? `; stderr: ${stderr}` : ''}`;
  log(why);
  site.restarts.push(why);
  fs.rmSync(site.dataDir, { recursive: true, force: true });
  site.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kerbside-web-${site.build.name}-`));
  site.proc = await startProduction(site.build.dir, site.dataDir);
  site.pages = await sitePages(site.proc.baseUrl);
}

/**
 * Each build under `npm start` on a fresh embedded database, added to `sites` as it starts (so that a caller's
 * `finally` stops those that did), then one throw-away load of each page: first-request work (the demo forum's
 * caches, the JIT) out of the way.
 */
async function startSites(builds: Build[], sites: Site[]) {
  for (const build of builds) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kerbside-web-${build.name}-`));
    log(`${build.label}: starting (npm start, embedded database in ${dataDir})`);
    const proc = await startProduction(build.dir, dataDir);
    sites.push({ build, proc, dataDir, pages: await sitePages(proc.baseUrl), restarts: [] });
  }
  for (const site of sites) for (const p of site.pages) await fetch(site.proc.baseUrl + p.path).then((r) => r.arrayBuffer());
}

async function stopSites(sites: Site[]) {
  for (const s of sites) {
    await s.proc.stop();
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

async function lighthouseAll(builds: Build[]): Promise<{ runs: LhRun[]; sites: Array<{ build: string; pages: Site['pages'] }>; restarts: string[] }> {
  const sites: Site[] = [];
  const runs: LhRun[] = [];
  const lhDir = path.join(WORK, `lighthouse-${today()}`);
  fs.mkdirSync(lhDir, { recursive: true });
  try {
    await startSites(builds, sites);
    for (let round = 1; round <= RUNS; round++) {
      for (let i = 0; i < sites[0]!.pages.length; i++) {
        for (const theme of THEMES) for (const site of sites) {
          const p = site.pages[i]!;
          await revive(site, `round ${round} ${p.page}`);
          await quiet();
          const loadBefore = loadAverage();
          const file = path.join(lhDir, `${site.build.name}-${p.page.replace(/\W+/g, '_') || 'home'}-${theme}-${round}.json`);
          let r = await lighthouseRun(site.proc.baseUrl + p.path, file, theme);
          // Chromium sometimes records no navigation (NO_NAVSTART, …): Lighthouse says to run again; once.
          if (!Number.isFinite(r.score)) {
            log(`LH ${site.build.name} ${p.page}: ${r.problem}; running it again`);
            await revive(site, `round ${round} ${p.page}`);
            const again = await lighthouseRun(site.proc.baseUrl + p.path, file, theme);
            r = { ...again, problem: [`run again after: ${r.problem}`, again.problem].filter(Boolean).join('; ') };
          }
          runs.push({ ...r, build: site.build.label, page: p.page, theme, round, loadBefore });
          log(
            `LH ${round}/${RUNS} ${site.build.name.padEnd(8)} ${p.page.padEnd(18)} ${theme.padEnd(5)} perf ${fmt(r.score, 0)} a11y ${fmt(r.a11y, 0)}${r.schemeSeen ? '' : ' (scheme NOT seen)'} FCP ${fmt(r.fcp, 0)} LCP ${fmt(r.lcp, 0)} TBT ${fmt(r.tbt, 0)} CLS ${fmt(r.cls, 3)} SI ${fmt(r.si, 0)} JS ${kb(r.scriptBytes)} load ${fmt(loadBefore, 2)}${r.problem ? ` (${r.problem})` : ''}`,
          );
        }
      }
    }
  } finally {
    await stopSites(sites);
  }
  return { runs, sites: sites.map((s) => ({ build: s.build.label, pages: s.pages })), restarts: sites.flatMap((s) => s.restarts) };
}

// ---------------------------------------------------------------------------------------------------------
// 7. Long tasks, measured

type LongTaskRun = { build: string; page: string; round: number; fcp: number; tbt: number; longest: number; tasks: number; loadBefore: number };

/**
 * Each page of each build in turn, round robin, in a fresh browser context of one Chromium: the page's own
 * PerformanceObserver (registered before any of its scripts) lists its long tasks while Chromium's CPU is
 * slowed 4× by DevTools (set on a page of the same origin first: a navigation to another site's process
 * would leave the throttling behind), until the network is idle and 2.5 s more. Blocking time = the
 * part over 50 ms of each long task from the first contentful paint on, as Lighthouse counts it; unlike
 * Lighthouse's simulation, nothing is estimated, and the throttled time is the page's own.
 */
async function longTasksAll(builds: Build[]): Promise<LongTaskRun[]> {
  const sites: Site[] = [];
  const runs: LongTaskRun[] = [];
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS, headless: true });
  try {
    await startSites(builds, sites);
    for (let round = 1; round <= LONG_TASK_RUNS; round++) {
      for (let i = 0; i < sites[0]!.pages.length; i++) {
        // Which build goes first alternates, so that neither always follows the other's run.
        for (const site of round % 2 ? sites : [...sites].reverse()) {
          const p = site.pages[i]!;
          await revive(site, `round ${round} ${p.page}`);
          await quiet();
          const loadBefore = loadAverage();
          const context = await browser.createBrowserContext();
          try {
            const page = await context.newPage();
            await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
            await page.evaluateOnNewDocument(() => {
              // The cookie banner waits 2 s and would be a task of its own: a reader who has chosen.
              localStorage.setItem('cookie_consent', 'true');
              localStorage.setItem('cookie_preferences', JSON.stringify({ necessary: true, analytics: false, advertising: false }));
              const seen: Array<[number, number]> = [];
              (window as unknown as { longTasks: typeof seen }).longTasks = seen;
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) seen.push([e.startTime, e.duration]);
              }).observe({ type: 'longtask', buffered: true });
            });
            await page.goto(`${site.proc.baseUrl}/robots.txt`);
            await page.emulateCPUThrottling(4);
            await page.goto(site.proc.baseUrl + p.path, { waitUntil: 'networkidle0' });
            await sleep(2500);
            const { tasks, fcp } = await page.evaluate(() => ({
              tasks: (window as unknown as { longTasks: Array<[number, number]> }).longTasks,
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
            }));
            const counted = tasks.filter(([start]) => start >= fcp);
            const r = {
              build: site.build.label,
              page: p.page,
              round,
              fcp,
              tbt: counted.reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
              longest: Math.max(0, ...tasks.map(([, d]) => d)),
              tasks: tasks.length,
              loadBefore,
            };
            runs.push(r);
            log(`long tasks ${round}/${LONG_TASK_RUNS} ${site.build.name.padEnd(8)} ${p.page.padEnd(18)} FCP ${fmt(r.fcp, 0)} blocking ${fmt(r.tbt, 0)} longest ${fmt(r.longest, 0)} (${r.tasks} tasks) load ${fmt(loadBefore, 2)}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await stopSites(sites);
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------------------
// 4. App against bare node:http

/** `total`: answers completed in the measured seconds; `errors` include `timeouts` (no answer in 10 s). */
type Cannon = { rps: number; p50: number; p99: number; total: number; non2xx: number; errors: number; timeouts: number; loadBefore: number };

async function cannon(url: string, headers: Record<string, string>, seconds: number, connections = RATIO_CONNECTIONS): Promise<Cannon> {
  const loadBefore = loadAverage();
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, loadBefore };
}

/** One real answer, as the bare server will repeat it: status, every header but those Node writes itself, the bytes. */
function capture(baseUrl: string, urlPath: string, headers: Record<string, string>): Promise<BareAnswer & { bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
          const pairs: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (!own.has(res.rawHeaders[i]!.toLowerCase())) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          }
          if (!pairs.some(([k]) => k.toLowerCase() === 'content-length')) pairs.push(['content-length', String(body.length)]);
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: body.toString('base64'), bytes: body.length });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

type RatioCase = { name: string; path: string; headers: Record<string, string>; bytes: number; headerNames: string[]; app: Cannon[]; bare: Cannon[] };

/** The bare server's key for an answer: a member's is told from a guest's by the cookie (bench/bare-serve.ts). */
const answerKey = (urlPath: string, headers: Record<string, string>) => (headers.cookie ? `${urlPath} signed-in` : urlPath);

async function ratio(app: Proc, cookie: string): Promise<{ cases: RatioCase[]; bareNote: string }> {
  const defs: Array<{ name: string; path: string; headers: Record<string, string> }> = [
    { name: 'guest forum list (JSON)', path: LIST_PATH, headers: { accept: 'application/json' } },
    { name: 'server-written /forum (HTML)', path: '/forum', headers: { accept: 'text/html' } },
    // Issue 31: a member's list is the guests' kept one with their own marks laid on it.
    { name: 'signed-in forum list (JSON)', path: LIST_PATH, headers: { accept: 'application/json', cookie } },
    { name: 'signed-in /forum (HTML)', path: '/forum', headers: { accept: 'text/html', cookie } },
  ];
  const answers: Record<string, BareAnswer> = {};
  const cases: RatioCase[] = [];
  for (const d of defs) {
    const a = await capture(app.baseUrl, d.path, d.headers);
    if (a.status !== 200) throw new Error(`${d.path} answered ${a.status}`);
    answers[answerKey(d.path, d.headers)] = a;
    cases.push({ ...d, bytes: a.bytes, headerNames: a.headers.map(([k]) => k.toLowerCase()), app: [], bare: [] });
  }
  fs.mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, 'bare-answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const bare = await startListening('bench/bare-serve.ts', { BARE_ANSWERS: file });
  try {
    for (const c of cases) {
      for (let round = 1; round <= RATIO_ROUNDS; round++) {
        for (const [who, base, into] of [['app', app.baseUrl, c.app], ['bare', bare.baseUrl, c.bare]] as const) {
          await cannon(base + c.path, c.headers, WARMUP_SECONDS);
          const r = await cannon(base + c.path, c.headers, RATIO_SECONDS);
          into.push(r);
          log(`${c.name} ${who} round ${round}: ${fmt(r.rps, 0)} req/s p50 ${r.p50} p99 ${r.p99} ms non-2xx ${r.non2xx} errors ${r.errors} load ${fmt(r.loadBefore, 2)}`);
        }
      }
    }
  } finally {
    await bare.stop();
  }
  return { cases, bareNote: 'node:http, one process, `res.writeHead(status, capturedHeaders); res.end(capturedBody)`' };
}

async function embedded(dir: string): Promise<{ run: Cannon; posts: number; bytes: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-web-pglite-'));
  const app = await startListening('bench/serve.ts', { BENCH_SERVE_DATA_DIR: dataDir }, dir);
  try {
    const first = await capture(app.baseUrl, LIST_PATH, { accept: 'application/json' });
    const posts = (JSON.parse(Buffer.from(first.body, 'base64').toString()) as { totalCount: number }).totalCount;
    await cannon(app.baseUrl + LIST_PATH, { accept: 'application/json' }, WARMUP_SECONDS);
    const r = await cannon(app.baseUrl + LIST_PATH, { accept: 'application/json' }, RATIO_SECONDS);
    log(`embedded guest list: ${fmt(r.rps, 0)} req/s p50 ${r.p50} p99 ${r.p99} ms non-2xx ${r.non2xx} load ${fmt(r.loadBefore, 2)}`);
    return { run: r, posts, bytes: first.bytes };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// 5. Search

type SearchCase = {
  name: string;
  word: string;
  share: string;
  guest: LoadResult & { loadBefore: number };
  member: LoadResult & { loadBefore: number };
  /** The member's search alone (one connection): its own cost, without waiting behind the others. */
  alone: LoadResult;
  statements: ExplainedStatement[];
};

async function search(app: Proc, url: string, cookie: string, counts: Record<string, string>): Promise<SearchCase[]> {
  const share = (n: string) => `${n} posts (${fmt((Number(n) / Number(counts.posts)) * 100, 1)} %)`;
  const defs = [
    { name: `rare word '${RARE_WORD}'`, word: RARE_WORD, share: share(counts.rare!) },
    { name: "mid word 'ulez'", word: 'ulez', share: share(counts.ulez!) },
    { name: `common word '${COMMON_WORD}'`, word: COMMON_WORD, share: share(counts.common!) },
    { name: "prefix 'evr' (→ Evri)", word: 'evr', share: share(counts.evr!) },
  ];
  const out: SearchCase[] = [];
  for (const d of defs) {
    const paths = [`/api/forum/search?q=${encodeURIComponent(d.word)}`];
    const measure = async (headers?: Record<string, string>) => {
      const probe = await fetch(app.baseUrl + paths[0], { headers });
      if (!probe.ok) throw new Error(`${paths[0]} answered ${probe.status}: ${await probe.text()}`);
      await runLoad(app.baseUrl, paths, { concurrency: SEARCH_CONNECTIONS, durationMs: WARMUP_SECONDS * 1000, headers });
      const loadBefore = loadAverage();
      return { ...(await runLoad(app.baseUrl, paths, { concurrency: SEARCH_CONNECTIONS, durationMs: RATIO_SECONDS * 1000, headers })), loadBefore };
    };
    const guest = await measure();
    const member = await measure({ cookie });
    const alone = await runLoad(app.baseUrl, paths, { concurrency: 1, durationMs: 5000, headers: { cookie } });
    log(`search ${d.name}: guest p95 ${fmt(guest.p95)} ms (${fmt(guest.rps, 0)} req/s), member p95 ${fmt(member.p95)} ms (${fmt(member.rps, 0)} req/s), alone p50 ${fmt(alone.p50)} ms`);
    out.push({ ...d, guest, member, alone, statements: [] });
  }
  // The plans, as a member (a guest's answer may come from the guest cache and run no SQL).
  const explainer = await createExplainer(url);
  try {
    for (const c of out) c.statements = (await explainer.explain(`/api/forum/search?q=${encodeURIComponent(c.word)}`, { cookie })).statements;
  } finally {
    await explainer.close();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// 6. Idle sockets

type SocketResult = {
  sockets: number;
  opened: number;
  openAtEnd: number;
  closes: Record<string, number>;
  members: number;
  connectSeconds: number;
  rssBefore: number;
  rssConnected: number;
  rssAfter: number;
  rssMax: number;
  hwm: number;
  loadBefore: number;
  loadAfter: number;
};

const hwmOf = (pid: number) => Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

async function idleSockets(url: string, dir: string): Promise<SocketResult> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const database = await openDatabase({ url });
  const label = 'bench web sockets';
  const ids = (await sql.query(`select id from users where deleted_at is null and suspended_at is null order by id limit $1`, [SOCKETS])).rows.map((r) => r.id as number);
  const members = Math.min(ids.length, SOCKETS);
  if (members * SOCKETS_PER_MEMBER < SOCKETS) throw new Error(`${SOCKETS} sockets need ${Math.ceil(SOCKETS / SOCKETS_PER_MEMBER)} members; the bench database has ${ids.length}`);
  log(`sockets: ${members} sessions`);
  const cookies: string[] = new Array(members);
  await pool(members, 8, async (i) => {
    cookies[i] = `sid=${await createSession(database.db, ids[i]!, new Date(), label)}`;
  });
  await database.close();

  const app = await startListening('bench/serve.ts', { BENCH_SERVE_TRUST_PROXY: '1' }, dir);
  const sockets: WebSocket[] = [];
  const closes: Record<string, number> = {};
  let rssMax = 0;
  try {
    await fetch(`${app.baseUrl}/api/forum/posts?page=1`).then((r) => r.arrayBuffer()); // first-request work
    await sleep(5000);
    const rssBefore = rssOf(app.pid);
    const loadBefore = loadAverage();
    const t0 = performance.now();
    let opened = 0;
    await pool(SOCKETS, 100, async (i) => {
      // 127.0.0.2, .3, …: a source port range per local address; X-Forwarded-For: 50 sockets per "client".
      const ws = new WebSocket(`ws://127.0.0.1:${app.port}/ws`, {
        headers: { cookie: cookies[i % members]!, 'x-forwarded-for': `10.${(i / SOCKETS_PER_ADDRESS) >> 8}.${(i / SOCKETS_PER_ADDRESS) & 255}.1` },
        localAddress: `127.0.0.${2 + (i % 4)}`,
      });
      sockets.push(ws);
      ws.on('close', (code) => (closes[code] = (closes[code] ?? 0) + 1));
      await new Promise<void>((resolve) => {
        ws.once('open', () => {
          opened++;
          resolve();
        });
        ws.once('error', () => resolve());
        ws.once('close', () => resolve());
      });
    });
    const connectSeconds = (performance.now() - t0) / 1000;
    await sleep(1000);
    const rssConnected = rssOf(app.pid);
    log(`sockets: ${opened} opened in ${fmt(connectSeconds)} s; RSS ${fmt(rssBefore / 2 ** 20)} → ${fmt(rssConnected / 2 ** 20)} MiB; idle ${SOCKET_IDLE_S} s`);
    const until = Date.now() + SOCKET_IDLE_S * 1000;
    while (Date.now() < until) {
      rssMax = Math.max(rssMax, rssOf(app.pid));
      await sleep(1000);
    }
    const rssAfter = rssOf(app.pid);
    rssMax = Math.max(rssMax, rssAfter, rssConnected);
    const openAtEnd = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    const result = {
      sockets: SOCKETS,
      opened,
      openAtEnd,
      closes: { ...closes },
      members,
      connectSeconds,
      rssBefore,
      rssConnected,
      rssAfter,
      rssMax,
      hwm: hwmOf(app.pid),
      loadBefore,
      loadAfter: loadAverage(),
    };
    log(`sockets: ${openAtEnd} still open after ${SOCKET_IDLE_S} s; RSS ${fmt(rssAfter / 2 ** 20)} MiB (max ${fmt(rssMax / 2 ** 20)})`);
    return result;
  } finally {
    for (const s of sockets) s.terminate();
    await app.stop();
    await sql.query(`delete from sessions where user_agent = $1`, [label]);
    await sql.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  fs.mkdirSync(WORK, { recursive: true });
  const url = benchDatabaseUrl();
  const report: string[] = [];
  const push = (...l: string[]) => report.push(...l);
  const loads: number[] = [];

  const current = buildCurrent();
  const baseline = BASELINE && (run('lighthouse') || run('js') || run('longtasks')) ? buildBaseline(BASELINE) : undefined;
  const builds = [current, ...(baseline ? [baseline] : [])];

  let lh: Awaited<ReturnType<typeof lighthouseAll>> | undefined;
  if (run('lighthouse')) {
    const stopLoad = BACKGROUND_LOAD > 0 ? await holdLoad(BACKGROUND_LOAD) : () => undefined;
    try {
      lh = await lighthouseAll(builds);
    } finally {
      stopLoad();
    }
  }
  const js = run('js') ? builds.map((b) => ({ build: b.label, pages: initialJs(b.dir) })) : undefined;
  const longTasks = run('longtasks') ? await longTasksAll(builds) : undefined;

  // Sections on the bench database.
  let counts: Record<string, string> | undefined;
  let ratioResult: Awaited<ReturnType<typeof ratio>> | undefined;
  let embeddedResult: Awaited<ReturnType<typeof embedded>> | undefined;
  let searchResult: SearchCase[] | undefined;
  let socketResult: SocketResult | undefined;
  let pgVersion = '';
  if (run('ratio') || run('search') || run('sockets')) {
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    counts = (
      await sql.query(
        `select (select count(*) from users) as members, (select count(*) from posts) as posts, (select count(*) from comments) as comments,
                (select count(*) from posts where search @@ to_tsquery('english', '${RARE_WORD}:*')) as rare,
                (select count(*) from posts where search @@ to_tsquery('english', 'ulez:*')) as ulez,
                (select count(*) from posts where search @@ to_tsquery('english', '${COMMON_WORD}:*')) as common,
                (select count(*) from posts where search @@ to_tsquery('english', 'evr:*')) as evr`,
      )
    ).rows[0] as Record<string, string>;
    const voter = (await sql.query(`select id from users order by id limit 1`)).rows[0] as { id: number } | undefined;
    await sql.end();
    pgVersion = await postgresVersion(url);
    if (!voter || Number(counts.posts) < 10_000) throw new Error(`the bench database has ${counts.posts} posts: run \`npx tsx bench/generate.ts\` first (bench/README.md)`);

    if (run('ratio') || run('search')) {
      const database = await openDatabase({ url });
      const cookie = `sid=${await createSession(database.db, voter.id, new Date(), 'bench web search')}`;
      await database.close();
      const app = await startListening('bench/serve.ts', { BENCH_SERVE_CLIENT: '1' }, current.dir);
      try {
        if (run('ratio')) ratioResult = await ratio(app, cookie);
        if (run('search')) searchResult = await search(app, url, cookie, counts);
      } finally {
        await app.stop();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`delete from sessions where user_agent = 'bench web search'`);
        await cleanup.end();
      }
      if (run('ratio')) embeddedResult = await embedded(current.dir);
    }
    if (run('sockets')) socketResult = await idleSockets(url, current.dir);
  }

  // ---- the report ----
  const date = today();
  const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout?.trim().split('\n')[0] ?? CHROMIUM;
  const lhVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  push(
    `# Web: Lighthouse, initial JavaScript, guest throughput, search at size, idle sockets, long tasks — ${date}`,
    '',
    `Generated by \`npm run bench:web\` (bench/web.ts) from ${started.toISOString()} to ${new Date().toISOString()}; sections: ${[...ONLY].join(', ')}.`,
    '',
    `- Machine: ${machine()}.`,
    `- Builds: ${builds.map((b) => `**${b.label}**${b.notes.length ? ` (${b.notes.join('; ')})` : ''}`).join('; ')}.`,
  );
  if (counts) push(`- Bench database: ${pgVersion}; ${counts.members} members, ${counts.posts} posts, ${counts.comments} comments (bench/generate.ts).`);

  if (lh) {
    loads.push(...lh.runs.map((r) => r.loadBefore));
    push(
      '',
      '## 1–2. Lighthouse, mobile',
      '',
      `Lighthouse ${lhVersion}, default mobile settings (simulated throttling: 4× CPU slowdown, slow 4G), performance and accessibility, on ${chromium}`,
      `(headless, ${CHROME_FLAGS.slice(1).join(' ')}; a fresh browser and profile per run). Each build runs under \`npm start\``,
      '(scripts/start.mjs, production) on a fresh embedded database with the demo forum. Pages and builds in turn, round robin,',
      `${RUNS} rounds, so the machine's load falls on all of them alike. Median of ${RUNS} and, in brackets, the best (highest score, lowest`,
      'time/CLS). JS = the script bytes transferred in the run (every script the page fetched before anyone touched it: Lighthouse',
      'loads until the network and main thread are quiet and never interacts), median. Load = the 1-min load average before each run.',
      `Theme: \`prefers-color-scheme\` emulated in the page (${THEMES.join(', ')}; BENCH_WEB_THEMES); "scheme seen" = the runs whose page read it back.`,
      ...(QUIET > 0 ? [`**Quiet machine:** each run waited (up to ${QUIET_WAIT_MS / 1000} s) for the 1-min load average to fall to ${QUIET} or below (BENCH_WEB_QUIET).`] : []),
      ...(BACKGROUND_LOAD > 0 ? [`**Background load:** ${BACKGROUND_LOAD} processes spinning on the cores through the whole section (BENCH_WEB_LOAD), the runs starting once the 1-min load average reached it.`] : []),
      '',
      'HTML = the page as written (before compression) / as sent; elements = the DOM once loaded (issue 31: < 60 kB, < 600).',
      '',
      '| page | theme | build | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS transferred | scripts | HTML | elements | scheme seen | load avg before each run |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    const pageNames = [...new Set(lh.runs.map((r) => r.page))];
    for (const page of pageNames) {
      for (const theme of THEMES) for (const b of builds) {
        const rs = lh.runs.filter((r) => r.page === page && r.theme === theme && r.build === b.label);
        if (!rs.length) continue;
        const m = (k: keyof LhRun) => median(rs.map((r) => r[k] as number));
        const best = (k: keyof LhRun, hi = false) => (hi ? Math.max : Math.min)(...rs.map((r) => r[k] as number).filter(Number.isFinite));
        push(
          `| ${page} | ${theme} | ${b.label} | ${fmt(m('score'), 0)} (${fmt(best('score', true), 0)}) | ${fmt(m('a11y'), 0)} | ${fmt(m('fcp'), 0)} (${fmt(best('fcp'), 0)}) | ${fmt(m('lcp'), 0)} (${fmt(best('lcp'), 0)}) | ${fmt(m('tbt'), 0)} (${fmt(best('tbt'), 0)}) | ${fmt(m('cls'), 3)} (${fmt(best('cls'), 3)}) | ${fmt(m('si'), 0)} (${fmt(best('si'), 0)}) | ${kb(m('scriptBytes'))} | ${fmt(m('scripts'), 0)} | ${kb(m('htmlBytes'))} / ${kb(m('htmlSent'))} | ${fmt(m('elements'), 0)} | ${rs.filter((r) => r.schemeSeen).length}/${rs.length} | ${rs.map((r) => fmt(r.loadBefore, 2)).join(', ')} |`,
        );
      }
    }
    const problems = lh.runs.filter((r) => r.problem);
    push(
      '',
      `Lighthouse's benchmark index of this machine (higher = faster CPU) over the runs: ${fmt(Math.min(...lh.runs.map((r) => r.benchmarkIndex)), 0)}–${fmt(Math.max(...lh.runs.map((r) => r.benchmarkIndex)), 0)}.`,
      `Pages: ${lh.sites.map((s) => `${s.build}: ${s.pages.map((p) => `\`${p.path}\``).join(', ')}`).join('; ')}.`,
      `Reports (JSON, not committed): ${path.join(WORK, `lighthouse-${date}`)}.`,
    );
    if (problems.length) push('', 'Lighthouse warnings:', '', ...problems.map((r) => `- ${r.build} ${r.page} run ${r.round}: ${r.problem}`));
    if (lh.restarts.length) push('', 'Servers started again:', '', ...lh.restarts.map((r) => `- ${r}`));
    push('', '<details><summary>every run</summary>', '', '| round | page | theme | build | perf | a11y | FCP | LCP | TBT | CLS | SI | TTI (simulated) | JS | load |', '|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of lh.runs) {
      push(`| ${r.round} | ${r.page} | ${r.theme} | ${r.build} | ${fmt(r.score, 0)} | ${fmt(r.a11y, 0)} | ${fmt(r.fcp, 0)} | ${fmt(r.lcp, 0)} | ${fmt(r.tbt, 0)} | ${fmt(r.cls, 3)} | ${fmt(r.si, 0)} | ${fmt(r.tti, 0)} | ${kb(r.scriptBytes)} | ${fmt(r.loadBefore, 2)} |`);
    }
    push('', '</details>');
  }

  if (js) {
    push(
      '',
      '## 3. Initial JavaScript per page (build manifest)',
      '',
      'The entry chunk and its static imports, plus the page\'s lazily loaded module and its static imports (the walk of',
      'scripts/check-budget.mjs), gzip -9. For `/` the landing page only (a guest\'s first screen). Issue 15 target: ≤ 100 kB.',
      '',
      `| page | ${js.map((j) => j.build).join(' | ')} |`,
      `|---|${js.map(() => '---:').join('|')}|`,
    );
    for (const page of Object.keys(PAGE_MODULES)) {
      push(
        `| ${page} | ${js
          .map((j) => {
            const r = j.pages.find((p) => p.page === page);
            return !r ? '–' : 'missing' in r ? r.missing : `${kb(r.gzip)} (${r.chunks} chunks)`;
          })
          .join(' | ')} |`,
      );
    }
    if (lh) push('', 'What was actually transferred (Lighthouse, median per page, compression as served) is the "JS transferred" column above.');
  }

  if (longTasks) {
    loads.push(...longTasks.map((r) => r.loadBefore));
    push(
      '',
      '## 7. Long tasks with the CPU slowed 4× (measured, not simulated)',
      '',
      `${chromium} (headless, ${CHROME_FLAGS.slice(1).join(' ')}) driven by Puppeteer, a 412 × 823 phone screen; Chromium's CPU slowed 4× by`,
      'DevTools. The page lists its own long tasks (PerformanceObserver, registered before its scripts) until the network is',
      `idle and 2.5 s more. Blocking = the part over 50 ms of each long task from the first contentful paint on. ${LONG_TASK_RUNS} runs per`,
      'page and build, round robin (each round the other build first), each in a fresh browser context; the reader has chosen',
      'cookies (no banner). Median and, in brackets, the lowest; load = the 1-min load average before each run.',
      ...(QUIET > 0 ? [`**Quiet machine:** each run waited (up to ${QUIET_WAIT_MS / 1000} s) for the 1-min load average to fall to ${QUIET} or below (BENCH_WEB_QUIET).`] : []),
      '',
      '| page | build | blocking ms | longest task ms | long tasks | FCP ms | every run\'s blocking ms | load avg before each run |',
      '|---|---|---:|---:|---:|---:|---|---|',
    );
    for (const page of [...new Set(longTasks.map((r) => r.page))]) {
      for (const b of builds) {
        const rs = longTasks.filter((r) => r.page === page && r.build === b.label);
        if (!rs.length) continue;
        const m = (k: 'tbt' | 'longest' | 'tasks' | 'fcp') => median(rs.map((r) => r[k]));
        push(
          `| ${page} | ${b.label} | ${fmt(m('tbt'), 0)} (${fmt(Math.min(...rs.map((r) => r.tbt)), 0)}) | ${fmt(m('longest'), 0)} | ${fmt(m('tasks'), 0)} | ${fmt(m('fcp'), 0)} | ${rs.map((r) => fmt(r.tbt, 0)).join(', ')} | ${rs.map((r) => fmt(r.loadBefore, 2)).join(', ')} |`,
        );
      }
    }
  }

  if (ratioResult) {
    push(
      '',
      '## 4. The app against a bare node:http server with the same answer',
      '',
      `autocannon, ${RATIO_CONNECTIONS} connections (keep-alive), ${RATIO_SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up, app and bare server in turn, ${RATIO_ROUNDS} rounds.`,
      'The app: bench/serve.ts (production, logs off, one process) on the bench database (PostgreSQL). The bare server',
      `(bench/bare-serve.ts): ${ratioResult.bareNote}, with one answer captured from the app just before. autocannon runs in this`,
      'process; the app, the bare server, PostgreSQL and autocannon share the machine\'s cores.',
      '',
      '| case | round | app req/s | app p50 / p99 ms | app answers | bare req/s | bare p50 / p99 ms | ratio | load avg (app, bare) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const c of ratioResult.cases) {
      c.app.forEach((a, i) => {
        const b = c.bare[i]!;
        loads.push(a.loadBefore, b.loadBefore);
        const bad = a.non2xx + a.errors + b.non2xx + b.errors;
        push(`| ${c.name} | ${i + 1} | ${fmt(a.rps, 0)} | ${a.total ? `${a.p50} / ${a.p99}` : `none in ${RATIO_SECONDS} s`} | ${a.total}${a.timeouts ? ` (${a.timeouts} timed out)` : ''} | ${fmt(b.rps, 0)} | ${b.p50} / ${b.p99} | ${fmt(a.rps / b.rps, 3)}${bad ? ` (non-2xx/errors: ${a.non2xx + a.errors} app, ${b.non2xx + b.errors} bare)` : ''} | ${fmt(a.loadBefore, 2)}, ${fmt(b.loadBefore, 2)} |`);
      });
      const app = c.app.reduce((n, a) => n + a.rps, 0);
      const bare = c.bare.reduce((n, a) => n + a.rps, 0);
      const r = app / bare;
      push(`| **${c.name}** | all | **${fmt(app / c.app.length, 0)}** | | | **${fmt(bare / c.bare.length, 0)}** | | **${fmt(r, 3)}** ${r >= RATIO_TARGET ? '(target ≥ 0.5 met)' : '(**below the 0.5 target**)'} | |`);
    }
    push('', ...ratioResult.cases.map((c) => `- ${c.name}: \`GET ${c.path}\` (${c.headers.accept}${c.headers.cookie ? ', a member\'s session cookie' : ''}), ${c.bytes} bytes; headers repeated: ${c.headerNames.join(', ')}.`));
  }
  if (embeddedResult) {
    const e = embeddedResult.run;
    loads.push(e.loadBefore);
    push(
      '',
      `**Embedded database (PGlite)**, fresh DATA_DIR with the demo forum (${embeddedResult.posts} posts), guest list \`${LIST_PATH}\` (${embeddedResult.bytes} bytes),`,
      `${RATIO_CONNECTIONS} connections, ${RATIO_SECONDS} s: **${fmt(e.rps, 0)} req/s**, p50 ${e.p50} ms, **p99 ${e.p99} ms**${e.non2xx + e.errors ? `, ${e.non2xx} non-2xx, ${e.errors} errors` : ''} (load average before ${fmt(e.loadBefore, 2)}).`,
    );
  }

  if (searchResult) {
    push(
      '',
      `## 5. Search on ${counts!.posts} posts`,
      '',
      `\`GET /api/forum/search?q=<word>\` (common/contracts/forum-search.ts), ${SEARCH_CONNECTIONS} connections, closed loop (bench/load.ts), ${RATIO_SECONDS} s after ${WARMUP_SECONDS} s`,
      'of warm-up, same app process as section 4. As a guest (the answer may come from the guest cache) and as a signed-in member',
      '(never cached: the search itself). Target: p95 ≤ 50 ms. DB time = the sum of EXPLAIN ANALYZE execution times of the',
      "member request's SELECTs (bench/explain.ts); alone = the member's p50 / p95 on one connection (5 s), its cost without",
      'waiting behind the other 7.',
      '',
      '| case | matches | guest req/s | guest p50 / p95 / p99 ms | member req/s | member p50 / p95 / p99 ms | p95 ≤ 50 ms | alone p50 / p95 ms | DB time ms | load avg |',
      '|---|---:|---:|---:|---:|---:|:-:|---:|---:|---|',
    );
    for (const c of searchResult) {
      loads.push(c.guest.loadBefore, c.member.loadBefore);
      const worst = Math.max(c.guest.p95, c.member.p95);
      const fails = Object.entries({ ...c.guest.failures, ...c.member.failures }).map(([s, n]) => `${n}× ${s}`).join(', ');
      push(
        `| ${c.name} | ${c.share} | ${fmt(c.guest.rps, 0)} | ${fmt(c.guest.p50)} / ${fmt(c.guest.p95)} / ${fmt(c.guest.p99)} | ${fmt(c.member.rps, 0)} | ${fmt(c.member.p50)} / ${fmt(c.member.p95)} / ${fmt(c.member.p99)} | ${worst <= SEARCH_P95_TARGET_MS ? 'yes' : '**no**'}${fails ? ` (errors: ${fails})` : ''} | ${fmt(c.alone.p50)} / ${fmt(c.alone.p95)} | ${fmt(c.statements.reduce((n, s) => n + s.executionMs, 0), 2)} in ${c.statements.length} | ${fmt(c.guest.loadBefore, 2)}, ${fmt(c.member.loadBefore, 2)} |`,
      );
    }
    push('', 'Plans of each case\'s slowest statement (member request):', '');
    for (const c of searchResult) {
      const slowest = c.statements.reduce<ExplainedStatement | undefined>((a, b) => (!a || b.executionMs > a.executionMs ? b : a), undefined);
      if (!slowest) continue;
      push(`<details><summary>${c.name}: ${fmt(slowest.executionMs, 2)} ms</summary>`, '', '```', slowest.plan, '```', '', '</details>', '');
    }
  }

  if (socketResult) {
    const s = socketResult;
    const mb = (b: number) => `${fmt(b / 2 ** 20, 1)} MiB`;
    loads.push(s.loadBefore, s.loadAfter);
    push(
      '',
      `## 6. ${s.sockets} idle sockets on one process`,
      '',
      `One app process (bench/serve.ts on the bench database, TRUST_PROXY=loopback); ${s.members} members with a real session each`,
      `(guests are refused), at most ${SOCKETS_PER_MEMBER} sockets per member (the gateway's limit), ${SOCKETS_PER_ADDRESS} per X-Forwarded-For address (120 upgrades/min per`,
      `address), from local addresses 127.0.0.2–.5; 100 handshakes in flight. Then ${SOCKET_IDLE_S} s idle (the heartbeat pings every socket`,
      'and checks every session once in 30 s). VmRSS of /proc/<pid>/status. Target: ≤ 512 MB resident with the sockets open.',
      '',
      '| | value |',
      '|---|---:|',
      `| sockets opened / still open after ${SOCKET_IDLE_S} s | ${s.opened} / ${s.openAtEnd} |`,
      `| time to open them all | ${fmt(s.connectSeconds)} s |`,
      `| RSS before (idle, warm) | ${mb(s.rssBefore)} |`,
      `| RSS with all open | ${mb(s.rssConnected)} |`,
      `| RSS after ${SOCKET_IDLE_S} s idle | **${mb(s.rssAfter)}** |`,
      `| highest RSS seen / VmHWM | ${mb(s.rssMax)} / ${mb(s.hwm)} |`,
      `| per socket (after − before) | ${fmt((s.rssAfter - s.rssBefore) / s.opened / 1024, 1)} KiB |`,
      `| ≤ 512 MB | ${s.rssMax <= SOCKET_RSS_TARGET ? 'yes' : '**no**'} |`,
      `| closes seen (code: count) | ${Object.entries(s.closes).map(([k, v]) => `${k}: ${v}`).join(', ') || 'none'} |`,
      `| load average before / after | ${fmt(s.loadBefore, 2)} / ${fmt(s.loadAfter, 2)} |`,
    );
  }

  if (loads.length) push('', `Load average (1 min) over the run: ${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)}; median ${fmt(percentile([...loads].sort((a, b) => a - b), 50), 2)}.`);

  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  // A run of some sections does not replace the whole report of the day.
  const partial = SECTIONS.every((x) => ONLY.has(x)) ? '' : `-${[...ONLY].join('-')}`;
  const file = path.join(dir, `${date}-web${partial}.md`);
  fs.writeFileSync(file, `${report.join('\n')}\n`);
  log(`report: ${path.relative(root, file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
