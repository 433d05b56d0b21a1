import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createSession, cookieName } from '../identity/index.ts';
import { freePort, killGroup, runNode, type NodeProcess } from '../test/compiled-server.ts';
import { serverProcessRoot } from '../test/process-root.ts';
import { fillDisk, freeBytes, mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../test/tmpfs.ts';
import { OUT_OF_SPACE_MSG } from '../plugins/errors.ts';
import { openDatabase } from './client.ts';
import { users } from './schema/index.ts';
import { seedDatabase } from './seed/index.ts';

// Issue 29: "a 64 MB tmpfs as DATA_DIR, writes until 0 bytes free, space freed, writes fine again, a
// clean SIGTERM and a restart: could not be opened (PGlite failed to initialize properly). One run in
// two." The real server, as a process, on a tmpfs, again and again. Each run edits a post a different
// number of times first, so that the disk fills with PostgreSQL's write-ahead log at a different point
// of its 16 MB segment each time: what decided between the two outcomes (a start creates the next
// segment when the log ends in the last quarter of one, and had no room for it). Before the fix, runs
// 1, 2 and 3 did not open (run 1 after freezing on a PANIC: no answer, SIGTERM ignored).
//
// 96 MB, not the report's 64: an empty database takes 41 MB, and with the 24 MB it now keeps for
// itself and the reserve, a 64 MB disk refuses every write from the start (disk-space.test.ts).

/** `npm run bench:faults` runs it ten times (DISK_FULL_RUNS=10): the issue's measure. */
const RUNS = Number(process.env.DISK_FULL_RUNS) || 4;
const DISK_MB = 96;
/** What the operator frees first: less than one WAL segment, which is what a start after a full disk may need. */
const FREED_BYTES = 8 * 1024 * 1024;
/** A stop or a start taking longer than this is a process frozen on its database. */
const STOP_MS = 15_000;

const skip = tmpfsUnavailable();
const root = skip ? '' : serverProcessRoot();
const template = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-disk-template-'));
let disk: Tmpfs | undefined;
let cookie = '';
const running = new Set<NodeProcess>();

beforeAll(async () => {
  if (skip) return;
  // One database made once (migrated, the categories, an admin signed in), copied onto the small disk
  // for every run: each run starts from the same files.
  const database = await openDatabase({ dataDir: template });
  try {
    await seedDatabase(database.db, { seedDemo: false }, { info: () => {} });
    const [admin] = await database.db
      .insert(users)
      .values({ email: 'ops@example.test', username: 'ops', firstName: 'Ops', lastName: 'Admin', passwordHash: 'not used', emailVerifiedAt: new Date(), isAdmin: true, trustLevel: 3 })
      .returning({ id: users.id });
    const token = await createSession(database.db, admin.id, new Date());
    cookie = `${cookieName(loadConfig({}))}=${token}`;
  } finally {
    await database.close();
  }
  disk = mountTmpfs(DISK_MB);
}, 120_000);

afterAll(() => {
  for (const proc of running) killGroup(proc);
  disk?.unmount();
  fs.rmSync(template, { recursive: true, force: true });
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

function startServer(dataDir: string, port: number) {
  const proc = runNode(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** 'ready' once /readyz answers 200 (any status but a refused connection counts as started), 'exited' if the process ends first. */
async function started(port: number, proc: NodeProcess, timeoutMs = 90_000): Promise<'ready' | 'exited' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) return 'exited';
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (res?.ok) return 'ready';
    await new Promise((r) => setTimeout(r, 150));
  }
  return 'timeout';
}

/** A request as the site's pages send it; status 0 when no answer came within 10 s. */
async function api(port: number, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { origin: `http://localhost:${port}`, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res) return { status: 0, body: {} as Record<string, unknown> };
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Text that compresses as little as a photo's caption of random words would: every edit costs its size in the log. */
const text = () => randomBytes(14_000).toString('base64').replace(/(.{60})/g, '$1 ');

/** SIGTERM, then the time it took to exit; SIGKILL after STOP_MS (a frozen process ignores SIGTERM). */
async function stop(proc: NodeProcess): Promise<{ ms: number; code: number | null; killed: boolean }> {
  const t0 = Date.now();
  proc.child.kill('SIGTERM');
  const code = await Promise.race([proc.exited, new Promise<'late'>((r) => setTimeout(() => r('late'), STOP_MS))]);
  if (code !== 'late') return { ms: Date.now() - t0, code, killed: false };
  killGroup(proc);
  return { ms: Date.now() - t0, code: await proc.exited, killed: true };
}

/**
 * Polls `edit` until it answers 200 (the guard reads the disk every few seconds), for two readings at
 * most: the space freed may still be short of what the database keeps for itself. The statuses seen.
 */
async function untilAccepted(edit: () => Promise<{ status: number }>, timeoutMs = 12_000) {
  const seen: Record<number, number> = {};
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { status } = await edit();
    seen[status] = (seen[status] ?? 0) + 1;
    if (status === 200 || status === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return seen;
}

describe.skipIf(skip)(`the embedded database on a full ${DISK_MB} MB disk${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it(`opens again after every run of: write until the disk is full, free some space, write, stop, start (${RUNS} runs)`, { timeout: RUNS * 120_000 }, async () => {
    const runs: Array<{ whileFull: Record<number, number>; messages: string[]; after: Record<number, number>; stopped: Awaited<ReturnType<typeof stop>>; reopened: string }> = [];
    for (let run = 0; run < RUNS; run++) {
      const mnt = disk!.dir;
      for (const entry of fs.readdirSync(mnt)) fs.rmSync(path.join(mnt, entry), { recursive: true, force: true });
      const dataDir = path.join(mnt, 'data');
      fs.cpSync(template, dataDir, { recursive: true });
      const port = await freePort();
      const first = startServer(dataDir, port);
      expect(await started(port, first), first.out.text).toBe('ready');

      const categories = (await api(port, 'GET', '/api/forum/categories')).body as unknown as Array<{ id: number }>;
      const created = await api(port, 'POST', '/api/forum/posts', { title: `Disk run ${run}`, content: text(), categoryId: categories[0].id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const edit = () => api(port, 'PATCH', `/api/forum/posts/${created.body.id}`, { content: text() });

      // A different amount written before the disk fills: the log's position in its segment moves on.
      const before: Record<number, number> = {};
      for (let i = 0; i < run * 12; i++) {
        const { status } = await edit();
        before[status] = (before[status] ?? 0) + 1;
      }
      const freeAtStart = freeBytes(mnt);

      // Another program takes all the space: most of it in one file, the last 8 MB in another.
      fillDisk(path.join(mnt, 'freed-later'), FREED_BYTES);
      fillDisk(path.join(mnt, 'freed-first'));
      const whileFull: Record<number, number> = {};
      const messages = new Set<string>();
      // Until the guard's next reading (a few seconds), a write may still land in the room the
      // database's ballast gave back, or be refused by the database itself (its disk_full is a 507 too).
      for (let i = 0, refused = 0; i < 60 && refused < 5; i++) {
        const res = await edit();
        whileFull[res.status] = (whileFull[res.status] ?? 0) + 1;
        if (res.status !== 200) messages.add(String(res.body.message));
        refused = res.status === 507 ? refused + 1 : 0;
        if (res.status === 0) break; // frozen: no answer in 10 s
      }
      // The operator frees space as the issue's did ("space freed, writes fine again"): 8 MB first,
      // which may be short of the reserve and the database's room, then the rest if writes are still
      // refused. (On this small disk they may stay refused even then: the database's 24 MB of room may
      // have become log files it keeps for reuse, which count as taken. They are still refused, never lost.)
      fs.rmSync(path.join(mnt, 'freed-first'));
      const after = await untilAccepted(edit);
      if (!after[200]) {
        fs.rmSync(path.join(mnt, 'freed-later'));
        for (const [status, n] of Object.entries(await untilAccepted(edit))) after[Number(status)] = (after[Number(status)] ?? 0) + n;
      }
      const stopped = await stop(first);

      const second = startServer(dataDir, port);
      const state = await started(port, second);
      const reopened = state === 'ready' ? 'opened' : `not opened (${state}): ${second.out.text.trim().split('\n').pop()}`;
      runs.push({ whileFull, messages: [...messages], after, stopped, reopened });
      console.error(
        `run ${run}: ${JSON.stringify(before)} edits, then ${(freeAtStart / 2 ** 20).toFixed(1)} MB free; full: ${JSON.stringify(whileFull)}; ` +
          `freed ${fs.existsSync(path.join(mnt, 'freed-later')) ? `${FREED_BYTES / 2 ** 20} MB` : 'all'}: ${JSON.stringify(after)}; stop ${stopped.killed ? `did not end in ${STOP_MS / 1000} s, killed` : `${stopped.ms} ms, exit ${stopped.code}`}; restart: ${reopened}`,
      );
      if (state === 'ready') await stop(second);
      else killGroup(second);
    }
    for (const r of runs) {
      expect(r.reopened).toBe('opened');
      // Refused, never failed or left hanging.
      expect(Object.keys(r.whileFull).filter((s) => s !== '200')).toEqual(['507']);
      expect(r.messages).toEqual([OUT_OF_SPACE_MSG]);
      expect(Object.keys(r.after).filter((s) => s !== '200' && s !== '507')).toEqual([]);
      expect(r.stopped).toMatchObject({ killed: false, code: 0 });
    }
  });
});
