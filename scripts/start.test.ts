import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { LOCK_FILE } from '../server/db/data-dir-lock.ts';
import { categories } from '../server/db/schema/index.ts';
import { serverProcessRoot } from '../server/test/process-root.ts';

// `npm start` and the server as processes, on a PGlite in a temporary DATA_DIR. start.mjs runs from
// a copy beside a fresh dist/client/index.html, so that it never decides to build the client, and
// with what compiling the server takes (tsconfig*.json, the compiled commands, common/ as a real
// folder: tsc refuses sources outside the root), so that its first start compiles and bundles the server.
const repo = path.resolve(import.meta.dirname, '..');
const root = serverProcessRoot();
fs.mkdirSync(path.join(root, 'scripts'));
for (const file of ['scripts/start.mjs', 'scripts/bundle-server.mjs', 'scripts/backup.ts', 'scripts/restore.ts', 'scripts/migrate-to-postgres.ts', 'tsconfig.json', 'tsconfig.server.json']) {
  fs.copyFileSync(path.join(repo, file), path.join(root, file));
}
fs.rmSync(path.join(root, 'common'));
fs.cpSync(path.join(repo, 'common'), path.join(root, 'common'), { recursive: true });
// Written again after the copies: newer than every source, so the client counts as built.
const index = path.join(root, 'dist/client/index.html');
fs.writeFileSync(index, fs.readFileSync(index));
const dataDir = path.join(root, 'data');
const lockFile = path.join(dataDir, LOCK_FILE);

const children: ChildProcess[] = [];
afterAll(() => {
  // Each child leads its own process group: a failed test leaves no server behind start.mjs.
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * A connection whose request never ends: the server's close waits for it. Resolved once a whole request
 * sent after it has been answered, so the server has read its bytes (on a busy machine a signal sent the
 * moment they were written could find the connection still idle, and the stop would not wait for it).
 */
const hangingRequest = async (port: number) => {
  const socket = await new Promise<net.Socket>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      resolve(s);
    });
    s.on('error', () => {});
  });
  await fetch(`http://127.0.0.1:${port}/healthz`).then((res) => res.arrayBuffer());
  return socket;
};

/** The command line of a running process, as `ps` shows it. */
const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');

/**
 * Spawns start.mjs ('npm start'), the real `npm start` through npm and its shell ('npm'), or the server's
 * sources through tsx, with DATA_DIR given as ./data.
 */
function run(what: 'npm start' | 'npm' | 'server', port: number) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, WEB_CONCURRENCY: _wc, ...env } = process.env;
  const args = what === 'npm start' ? ['scripts/start.mjs'] : what === 'npm' ? [npmCli(), 'start'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO: '0', LOG_LEVEL: 'info' },
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d) => (out.stdout += d));
  child.stderr!.on('data', (d) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function started(proc: ReturnType<typeof run>, port: number) {
  const deadline = Date.now() + 150_000;
  while (!(await listening(port))) {
    if (proc.child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${proc.out.stdout}\n${proc.out.stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number };
}

/** npm's own script beside this Node (npm_execpath when npm runs the tests). */
function npmCli() {
  const beside = path.join(path.dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
  return process.env.npm_execpath?.endsWith('npm-cli.js') ? process.env.npm_execpath : beside;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start, stopping and the DATA_DIR lock', { timeout: 240_000 }, () => {
  it('refuses a second server on the same DATA_DIR in one line; SIGTERM to npm start stops within 10 s', async () => {
    const port = await freePort();
    const first = run('npm start', port);
    const holder = await started(first, port);
    expect(holder.pid).not.toBe(first.child.pid); // the server holds it, not start.mjs
    // The first start compiled and bundled the server, and production runs that JavaScript, not tsx (ADR 0005).
    expect(first.out.stdout).toContain('Compiling the server (first start).');
    expect(first.out.stdout).toContain('> bundle the server');
    expect(commandLine(holder.pid)).toBe(`${process.execPath} --enable-source-maps dist/server-bundle/main.js`);

    const second = run('server', await freePort());
    expect(await second.exited).toBe(1);
    expect(second.out.stderr).toBe(`Kerbside is already running on ./data (pid ${holder.pid}). Stop it first, or set DATA_DIR to another folder.\n`);

    // The worst case: a request that never finishes. The server gives up on it, not on its database.
    const stuck = await hangingRequest(port);
    const t0 = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(1);
    stuck.destroy();
    const stoppedIn = Date.now() - t0;
    console.log(`npm start stopped ${stoppedIn} ms after SIGTERM, with a request hanging`);
    expect(stoppedIn).toBeLessThan(10_000);
    expect(first.out.stdout).toContain('requests still running after 8 s; closing anyway');
    expect(await listening(port)).toBe(false);
    expect(alive(holder.pid)).toBe(false);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('SIGTERM to the npm process itself (a supervisor, a closed terminal) leaves nothing listening and the lock released (issue 29)', async () => {
    const port = await freePort();
    const proc = run('npm', port);
    const holder = await started(proc, port);
    // npm runs `sh -c "node scripts/start.mjs"`: npm and its shell end on SIGTERM, start.mjs is re-parented.
    const t0 = Date.now();
    proc.child.kill('SIGTERM');
    await proc.exited;
    while ((alive(holder.pid) || (await listening(port))) && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 100));
    console.log(`npm start (through npm) stopped ${Date.now() - t0} ms after SIGTERM`);
    expect(alive(holder.pid)).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('two quick SIGINTs still close the database: it reopens clean, lock released', async () => {
    const port = await freePort();
    const proc = run('npm start', port);
    const holder = await started(proc, port);
    expect(proc.out.stdout).not.toContain('Compiling'); // nothing changed since the first start
    // A request still arriving keeps the first stop waiting, so the second signal lands mid-shutdown.
    const slow = await hangingRequest(port);
    const t0 = Date.now();
    proc.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    proc.child.kill('SIGINT');
    expect(await proc.exited).toBe(0);
    slow.destroy();
    console.log(`npm start stopped ${Date.now() - t0} ms after two SIGINTs`);
    expect(proc.out.stdout).toContain('SIGINT again: closing the database now');
    expect(alive(holder.pid)).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(fs.existsSync(lockFile)).toBe(false);

    const warn = vi.spyOn(console, 'warn');
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.$count(categories)).toBeGreaterThan(0);
      expect(warn).not.toHaveBeenCalled(); // no stale lock to take over
    } finally {
      await database.close();
      warn.mockRestore();
    }
  });

  it('a database that cannot be opened stops start-up with one line naming the backup to restore', async () => {
    fs.writeFileSync(path.join(dataDir, 'pglite/global/pg_control'), 'garbage');
    // The runner took the day's backup when the server first started: this test's backup is the only one.
    fs.rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
    fs.mkdirSync(path.join(dataDir, 'backups'));
    fs.writeFileSync(path.join(dataDir, 'backups/kerbside-20260101-000000.tar.gz'), '');
    const proc = run('server', await freePort());
    expect(await proc.exited).toBe(1);
    // Issue 29: when the backup was taken and what restoring it loses (the files were written just now).
    expect(proc.out.stderr).toMatch(
      new RegExp(
        // PostgreSQL's own words follow (server/db/client.ts keeps them: PGlite prints none).
        '^The database in \\./data could not be opened \\(PostgreSQL stopped on damaged files: PANIC: could not read file "global/pg_control": read 7 of 296\\)\\. ' +
          'The newest backup is \\./data/backups/kerbside-20260101-000000\\.tar\\.gz, taken Thu 1 Jan 2026 at 00:00 \\(UK time\\); ' +
          'restoring it loses everything written since then \\(the database was last written \\w{3} \\d+ \\w{3} \\d{4} at \\d\\d:\\d\\d, \\d+ days( \\d+ hours?)? later\\)\\. ' +
          'Restore it: npm run restore -- \\./data/backups/kerbside-20260101-000000\\.tar\\.gz\\n$',
      ),
    );
    expect(proc.out.stdout).toBe('');
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
