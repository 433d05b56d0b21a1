import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

// `npm run build:server` as the container image uses it (Dockerfile, ADR 0005), without Docker: the
// server compiled into a temporary folder laid out like the image's /app (package.json, drizzle/,
// dist/client, dist/server, node_modules), then started with plain node, no tsx, on a PGlite there.
const repo = path.resolve(import.meta.dirname, '..');
const app = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-image-'));
fs.copyFileSync(path.join(repo, 'package.json'), path.join(app, 'package.json'));
fs.cpSync(path.join(repo, 'drizzle'), path.join(app, 'drizzle'), { recursive: true });
fs.symlinkSync(path.join(repo, 'node_modules'), path.join(app, 'node_modules'));
fs.mkdirSync(path.join(app, 'dist/client'), { recursive: true });
fs.writeFileSync(path.join(app, 'dist/client/index.html'), '<!doctype html><html><head><title>Kerbside</title></head><body>built client</body></html>');

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL'); // each child leads its own process group
    } catch {
      // already gone
    }
  }
  fs.rmSync(app, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Runs node with `args` in the image-like folder; resolves with its exit code and output. */
function node(args: string[], env: Record<string, string> = {}) {
  // Nothing of this process's setup may reach the child: no NODE_OPTIONS (an --import tsx would hide a
  // broken build), no database or Redis of the machine.
  const { NODE_OPTIONS: _o, DATABASE_URL: _d, REDIS_URL: _r, WEB_CONCURRENCY: _w, ...base } = process.env;
  const child = spawn(process.execPath, args, { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...base, ...env } });
  children.push(child);
  const out = { text: '' };
  child.stdout!.on('data', (d) => (out.text += d));
  child.stderr!.on('data', (d) => (out.text += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

async function waitForReady(port: number, proc: ReturnType<typeof node>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`the compiled server exited (${proc.child.exitCode}):\n${proc.out.text}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.ok) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the compiled server was not ready within 60 s:\n${proc.out.text}`);
}

it('compiles the server to JavaScript that starts, migrates, serves and stops without tsx', { timeout: 150_000 }, async () => {
  const build = node([path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(repo, 'tsconfig.server.json'), '--outDir', path.join(app, 'dist/server')]);
  expect(await build.exited, build.out.text).toBe(0);
  expect(fs.existsSync(path.join(app, 'dist/server/server/main.js'))).toBe(true);
  expect(fs.readdirSync(path.join(app, 'dist/server/server/db')).filter((f) => f.endsWith('.ts'))).toEqual([]);

  const port = await freePort();
  const env = { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  const server = node(['dist/server/server/main.js'], env);
  const ready = await waitForReady(port, server);
  // The migrations were found from the compiled depth (the package root, not ../../drizzle) …
  expect(await ready.json()).toEqual({ status: 'ok', database: 'pglite' });
  const posts = await fetch(`http://127.0.0.1:${port}/api/forum/posts`);
  expect(posts.status).toBe(200);
  expect(await posts.json()).toMatchObject({ posts: [] });
  // … and so was the built client.
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('built client');

  server.child.kill('SIGTERM');
  expect(await server.exited, server.out.text).toBe(0);

  // The backup command is compiled too: the image has no sources for `npm run backup` to run.
  const backup = node(['dist/server/scripts/backup.js'], env);
  expect(await backup.exited, backup.out.text).toBe(0);
  const file = backup.out.text.trim().split('\n').at(-1)!;
  expect(path.dirname(file)).toBe(path.join(fs.realpathSync(app), 'data/backups'));
  expect(fs.statSync(file).size).toBeGreaterThan(0);
});
