import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, killGroup, runNode, waitForReady, type NodeProcess } from '../server/test/compiled-server.ts';

// `npm run build:server` as the container image uses it (Dockerfile, ADR 0005), without Docker: the
// server compiled and bundled into a temporary folder laid out like the image's /app (package.json,
// drizzle/, dist/client, dist/server, dist/server-bundle, node_modules), then started with plain node,
// no tsx, on a PGlite there.
const repo = path.resolve(import.meta.dirname, '..');
const app = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-image-'));
fs.copyFileSync(path.join(repo, 'package.json'), path.join(app, 'package.json'));
fs.cpSync(path.join(repo, 'drizzle'), path.join(app, 'drizzle'), { recursive: true });
fs.symlinkSync(path.join(repo, 'node_modules'), path.join(app, 'node_modules'));
fs.mkdirSync(path.join(app, 'dist/client'), { recursive: true });
fs.writeFileSync(path.join(app, 'dist/client/index.html'), '<!doctype html><html><head><title>Kerbside</title></head><body>built client</body></html>');

const children: NodeProcess[] = [];
afterAll(() => {
  children.forEach(killGroup);
  fs.rmSync(app, { recursive: true, force: true });
});

/** The machine's node with `args` in the image-like folder. */
function node(args: string[], env: Record<string, string> = {}) {
  const proc = runNode(process.execPath, args, { cwd: app, env });
  children.push(proc);
  return proc;
}

it('compiles and bundles the server into JavaScript that starts, migrates, serves and stops without tsx', { timeout: 150_000 }, async () => {
  const build = node([path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(repo, 'tsconfig.server.json'), '--outDir', path.join(app, 'dist/server')]);
  expect(await build.exited, build.out.text).toBe(0);
  expect(fs.existsSync(path.join(app, 'dist/server/server/main.js'))).toBe(true);
  expect(fs.readdirSync(path.join(app, 'dist/server/server/db')).filter((f) => f.endsWith('.ts'))).toEqual([]);
  // … and bundled, as `npm run build:server` does next: what the image runs.
  const bundle = node([path.join(repo, 'scripts/bundle-server.mjs'), 'dist/server', 'dist/server-bundle']);
  expect(await bundle.exited, bundle.out.text).toBe(0);

  const port = await freePort();
  const env = { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  const server = node(['--enable-source-maps', 'dist/server-bundle/main.js'], env);
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

  // A stack trace through the bundle names the TypeScript sources (the maps keep our code's lines).
  const refused = node(['--enable-source-maps', 'dist/server-bundle/main.js'], { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/kerbside' });
  expect(await refused.exited).not.toBe(0);
  expect(refused.out.text).toMatch(/server\/db\/client\.ts:\d+:\d+/);

  // The backup command is compiled too: the image has no sources for `npm run backup` to run.
  const backup = node(['dist/server/scripts/backup.js'], env);
  expect(await backup.exited, backup.out.text).toBe(0);
  const file = backup.out.text.trim().split('\n').at(-1)!;
  expect(path.dirname(file)).toBe(path.join(fs.realpathSync(app), 'data/backups'));
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  // A rebuild keeps the build before it, where a process started from it (the other of two restarted in
  // turn) still finds its lazily loaded chunks, and removes older ones; main.js names the newest.
  const bundleDir = path.join(app, 'dist/server-bundle');
  const buildsNow = () => fs.readdirSync(bundleDir).filter((name) => fs.statSync(path.join(bundleDir, name)).isDirectory());
  const [firstBuild] = buildsNow();
  const named = () => /import '\.\/([^/]+)\/main\.js'/.exec(fs.readFileSync(path.join(bundleDir, 'main.js'), 'utf8'))?.[1];
  const seen = [named()];
  for (let i = 0; i < 2; i++) {
    const again = node([path.join(repo, 'scripts/bundle-server.mjs'), 'dist/server', 'dist/server-bundle']);
    expect(await again.exited, again.out.text).toBe(0);
    seen.push(named());
  }
  expect(seen[0]).toBe(firstBuild);
  expect(new Set(seen).size).toBe(3);
  expect(buildsNow().sort()).toEqual([seen[1], seen[2]].sort());
});
