// `npm start`: builds what is missing or older than its sources (the client, the server-rendering
// bundle, the server compiled to JavaScript and bundled), then runs that bundle in production mode and
// passes its exit code on. Production never runs the TypeScript through tsx (issue 15, ADR 0005): a
// restart with nothing to build answers in about a second. The budget check is part of `npm run build`
// and the tests, not of every start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
const node = (file) => path.join(here, 'node_modules', file);

/** The newest modification time under `p` (0 when it is missing); a folder's own time counts too, so a deleted file is a change. */
function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * newestMtime of a source folder, walked once per start: the client, the renderer and the server
 * share sources (common/, package-lock.json). Every restart walks them, before the server starts.
 */
const newestBySource = new Map();
function newestSourceMtime(source) {
  if (!newestBySource.has(source)) newestBySource.set(source, newestMtime(path.join(here, source)));
  return newestBySource.get(source);
}

/** When `output` is missing or older than any of `sources`: 'missing', 'stale', or undefined when it is up to date. */
function staleness(output, sources) {
  const builtAt = mtime(path.join(here, output));
  if (!builtAt) return 'missing';
  return builtAt < Math.max(...sources.map(newestSourceMtime)) ? 'stale' : undefined;
}

function run(label, args) {
  console.log(`> ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

const CLIENT_SOURCES = ['client', 'common', 'vite.config.ts', 'scripts/build-sw.mjs', 'scripts/icon-sprite.mjs', 'package-lock.json'];

/** The browser's bundle in dist/client, compressed (.br, .gz) for @fastify/static. */
function buildClient() {
  const state = staleness('dist/client/index.html', CLIENT_SOURCES);
  if (!state) return;
  console.log(state === 'stale' ? 'The client changed since the last build; building it again.' : 'Building the client (first start).');
  run('vite build', [node('vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  run('compress', [path.join(here, 'scripts/compress.mjs')]);
}

/**
 * The server-rendering bundle in dist/ssr: the same React tree as the client, imported by the server
 * to render public pages. vite.config.ts sends an SSR build there; the Vite root is client/, so the
 * entry's path is relative to it.
 */
function buildSsr() {
  const entry = 'client/src/entry-server.tsx';
  if (!fs.existsSync(path.join(here, entry))) {
    console.log(`No ${entry}: skipping the server-rendering bundle.`);
    return;
  }
  const state = staleness('dist/ssr/entry-server.js', CLIENT_SOURCES);
  if (!state) return;
  console.log(state === 'stale' ? 'The pages changed since the last build; building the server-rendering bundle again.' : 'Building the server-rendering bundle (first start).');
  run('vite build --ssr', [node('vite/bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn']);
}

/**
 * The server compiled to JavaScript in dist/server (tsconfig.server.json). A type error stops the
 * start and writes nothing (noEmitOnError), so the next start tries again rather than running a
 * half-updated build.
 */
function buildServer() {
  const state = staleness('dist/server/server/main.js', ['server', 'common', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json']);
  if (state) {
    console.log(state === 'stale' ? 'The server changed since the last build; compiling it again.' : 'Compiling the server (first start).');
    run('tsc -p tsconfig.server.json', [node('typescript/bin/tsc'), '-p', path.join(here, 'tsconfig.server.json')]);
  }
  // What runs: the compiled server bundled into a few files (scripts/bundle-server.mjs).
  if (staleness(SERVER_ENTRY, ['dist/server/server/main.js', 'scripts/bundle-server.mjs'])) {
    run('bundle the server', [path.join(here, 'scripts/bundle-server.mjs'), path.join(here, 'dist/server'), path.join(here, 'dist/server-bundle')]);
  }
}

const SERVER_ENTRY = 'dist/server-bundle/main.js';

/**
 * The new-database template (server/db/template.ts), which a first start copies instead of creating a
 * cluster. Its script is asked (a process of its own, ~0.1 s) only when the migrations or the packages
 * are newer than the template's folder, which the script touches when the template is current. It
 * says something only when it makes one.
 */
function buildTemplate() {
  if (!staleness('dist/db-template', ['drizzle', 'package-lock.json'])) return;
  if (spawnSync(process.execPath, ['dist/server/server/db/build-template.js'], { cwd: here, stdio: 'inherit' }).status !== 0) {
    console.error('Making the new-database template failed; a new database is created from nothing.');
  }
}

/**
 * glibc's malloc raises its mmap threshold to the size of the largest block freed (up to 32 MB), after
 * which blocks that size come from per-thread arenas that keep the memory when freed: each of libuv's
 * threads keeps argon2's 19 MB after a password check (~80 MB after a few sign-ins), and an idle
 * PGlite process kept ~320 MB instead of ~230 MB (PostgreSQL: ~150 instead of ~140). A fixed threshold
 * (glibc's own starting value; setting it turns the raising off) hands such blocks back. The
 * Dockerfile sets the same; an operator's own value wins.
 */
const MMAP_THRESHOLD = String(128 * 1024);

buildClient();
buildSsr();
buildServer();
buildTemplate();

const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
  cwd: here,
  stdio: 'inherit',
  env: { MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD, ...process.env, NODE_ENV: 'production' },
});

// Ctrl-C in a terminal reaches the whole foreground process group, the server included; passing it
// on as well would make every Ctrl-C count twice (a second signal makes the server stop waiting for
// requests). Signals sent to this process alone (kill, a supervisor, `npm` passing SIGTERM) are
// forwarded, each of them: the server closes its database whatever it receives, and this process
// stays until the server has exited (a handler replaces Node's default of dying on the spot).
const viaTerminal = (signal) => signal === 'SIGINT' && process.stdin.isTTY;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (viaTerminal(signal) || child.exitCode !== null) return;
    child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  if (signal) {
    process.exitCode = 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
  } else {
    process.exitCode = code ?? 1;
  }
});

// `npm start` runs this through npm and a shell. A SIGTERM to npm (a supervisor, a closed terminal) ends
// npm and the shell but reaches neither this process nor the server: this one is re-parented and the
// server would keep the port and the data lock. A parent that changes is a parent that is gone: stop the
// server as SIGTERM would.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}, 250).unref();
