// `npm start`: builds the client when dist/client is missing or older than its sources, then runs
// the server in production mode and passes its exit code on. The budget check is part of
// `npm run build` and the tests, not of every start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(here, 'dist/client/index.html');
const SOURCES = ['client', 'common', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function run(label, args) {
  console.log(`> ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: here, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(here, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The client changed since the last build; building it again.' : 'Building the client (first start).');
  run('vite build', [path.join(here, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  run('compress', [path.join(here, 'scripts/compress.mjs')]);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
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
