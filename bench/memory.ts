// Memory under traffic (issue 14; bench/README.md "Memory"). `npm run bench:memory`.
//
// Recreates its own database (MEMORY_BENCH_DATABASE_URL; the name must contain "bench"), seeds the demo
// forum into it (the same seedDatabase the app runs with SEED_DEMO=1) and adds members with real
// sessions, then starts the production entry (node --import tsx server/main.ts, NODE_ENV=production) on
// it and drives MEMORY_BENCH_REQUESTS (50 000) mixed requests at it from a pool of concurrent fetches:
// guest list pages with filters and sorts, post pages, comment pages, search, the server-rendered HTML
// pages, signed-in reads, and signed-in writes (comments and votes). After the first 1 000 requests and
// every 5 000 it reads the server's resident memory (VmRSS from /proc) as it is, then has the app run a
// full GC (bench/memory-probe.ts, preloaded) and reads RSS and the JS heap again: memory the app keeps,
// without the garbage V8 lets pile up between major GCs (which makes a single RSS reading swing by
// ~100 MB). It checks the rule of issue 14 (after 50 000 requests RSS within 20 % of RSS after 1 000)
// on both readings. Writes bench/results/memory-<date>.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { AVATAR_KEYS } from '../common/avatars.ts';
import { SORTS } from '../common/rules/forum.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { createRng, type Rng } from '../server/db/seed/prng.ts';
import {
  addMembers,
  dropDatabase,
  envNumber,
  fmt,
  freePort,
  loadAverage,
  machine,
  mib,
  pool,
  postgresVersion,
  probeMemory,
  recreateDatabase,
  root,
  rssOf,
  startApp,
  stopApp,
  today,
  type Member,
} from './harness.ts';

const DB_URL = process.env.MEMORY_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_memory_bench';
const TOTAL = envNumber('MEMORY_BENCH_REQUESTS', 50_000);
const CONCURRENCY = envNumber('MEMORY_BENCH_CONCURRENCY', 8);
/** Members that write, spread so the per-member limits (10 comments and 60 votes a minute each) are rarely reached. */
const MEMBERS = envNumber('MEMORY_BENCH_MEMBERS', 200);
const FIRST_SAMPLE = 1000;
const SAMPLE_EVERY = 5000;
/** The rule: RSS after TOTAL requests at most this much above RSS after FIRST_SAMPLE. */
const MAX_GROWTH = 0.2;
/** `1`: the app uses Redis (REDIS_URL, default redis://127.0.0.1:6379) for the rate-limit store and the event bus. */
const WITH_REDIS = process.env.MEMORY_BENCH_REDIS === '1';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const KEEP_DATABASE = process.env.MEMORY_BENCH_KEEP_DATABASE === '1';

type Forum = { slugs: string[]; postIds: number[]; commentIds: number[]; categories: string[]; members: Member[] };
type Req = { kind: string; method: 'GET' | 'POST'; path: string; body?: unknown; cookie?: string };

const SEARCH_WORDS = ['van', 'evri', 'pay', 'insurance', 'ulez', 'parcel', 'delivery', 'amazon flex', 'fuel', 'tax', 'route', 'dpd', 'yodel', 'drop'];

/** The mix: weights of request kinds (what a forum's traffic looks like, reads far above writes). */
const MIX: Array<[string, number, (rng: Rng, f: Forum, i: number) => Req]> = [
  [
    'list (guest, filters and sorts)',
    22,
    (rng, f) => {
      const q = new URLSearchParams({ page: String(rng.chance(0.7) ? 1 : rng.int(2, 12)), sortBy: rng.pick(SORTS) });
      if (rng.chance(0.4)) q.set('category', rng.pick(f.categories));
      return { kind: 'list', method: 'GET', path: `/api/forum/posts?${q}` };
    },
  ],
  ['post page (API)', 14, (rng, f) => ({ kind: 'post', method: 'GET', path: `/api/forum/posts/${rng.pick(f.slugs)}` })],
  ['comments page (API)', 4, (rng, f) => ({ kind: 'comments', method: 'GET', path: `/api/forum/posts/${rng.pick(f.postIds)}/comments` })],
  [
    'search',
    10,
    (rng) => {
      const q = new URLSearchParams();
      const r = rng.next();
      // Known words, words no post has (each new to the planner-estimate cache), and the profession filter.
      if (r < 0.6) q.set('q', rng.pick(SEARCH_WORDS));
      else if (r < 0.85) q.set('q', `word${rng.int(1, 1_000_000)}`);
      else q.set('profession', rng.pick(AVATAR_KEYS));
      if (rng.chance(0.3)) q.set('sortBy', rng.pick(SORTS));
      return { kind: 'search', method: 'GET', path: `/api/forum/search?${q}` };
    },
  ],
  ['HTML /', 5, () => ({ kind: 'html', method: 'GET', path: '/' })],
  [
    'HTML /forum',
    6,
    (rng, f) => ({ kind: 'html', method: 'GET', path: rng.chance(0.5) ? '/forum' : `/forum?category=${rng.pick(f.categories)}&page=${rng.int(1, 3)}` }),
  ],
  ['HTML /forum/posts/<slug>', 10, (rng, f) => ({ kind: 'html', method: 'GET', path: `/forum/posts/${rng.pick(f.slugs)}` })],
  ['HTML content pages and 404', 3, (rng) => ({ kind: 'html', method: 'GET', path: rng.pick(['/courier-guide-uk', '/pay-estimator', '/terms', '/forum/posts/no-such-post', '/no-such-page']) })],
  ['signed-in reads', 10, (rng, f) => {
    const m = rng.pick(f.members);
    const p = rng.pick(['/api/forum/posts?page=1&sortBy=newest', '/api/auth/user', '/api/forum/notifications', `/api/forum/posts/${rng.pick(f.slugs)}`]);
    return { kind: 'member read', method: 'GET', path: p, cookie: m.cookie };
  }],
  [
    'comment (signed in)',
    4,
    (rng, f, i) => ({ kind: 'comment', method: 'POST', path: `/api/forum/posts/${rng.pick(f.postIds)}/comments`, body: { content: `Memory bench comment ${i}: the depot changed the round again.` }, cookie: rng.pick(f.members).cookie }),
  ],
  ['vote on a post (signed in)', 7, (rng, f) => ({ kind: 'vote', method: 'POST', path: `/api/forum/posts/${rng.pick(f.postIds)}/vote`, body: { voteType: rng.pick(['upvote', 'downvote']) }, cookie: rng.pick(f.members).cookie })],
  ['vote on a comment (signed in)', 5, (rng, f) => ({ kind: 'vote', method: 'POST', path: `/api/forum/comments/${rng.pick(f.commentIds)}/vote`, body: { voteType: rng.pick(['upvote', 'downvote']) }, cookie: rng.pick(f.members).cookie })],
];
const WEIGHT = MIX.reduce((s, [, w]) => s + w, 0);

function pickRequest(rng: Rng, forum: Forum, i: number): Req {
  let r = rng.next() * WEIGHT;
  for (const [, w, make] of MIX) {
    if ((r -= w) < 0) return make(rng, forum, i);
  }
  return MIX[0]![2](rng, forum, i);
}

async function setUp(): Promise<Forum> {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL }); // migrates
  await seedDatabase(database.db, { seedDemo: true }, { info: (m) => console.log(m) });
  const members = await addMembers(database.db, DB_URL, MEMBERS, 'membench');
  await database.close();
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const posts = (await sql.query(`select id, slug from posts where deleted_at is null order by id`)).rows as Array<{ id: number; slug: string }>;
  const commentIds = (await sql.query(`select id from comments where deleted_at is null order by id`)).rows.map((r) => r.id as number);
  const categories = (await sql.query(`select slug from categories order by id`)).rows.map((r) => r.slug as string);
  await sql.end();
  return { slugs: posts.map((p) => p.slug), postIds: posts.map((p) => p.id), commentIds, categories, members };
}

/** RSS as read at the mark; after a full GC, RSS and the JS heap in use; the highest RSS since the last mark. */
type Sample = { requests: number; rss: number; gcRss: number; heapUsed: number; peak: number; load: number; seconds: number; rps: number };

async function main() {
  const t0 = performance.now();
  const forum = await setUp();
  console.log(`database ready: ${forum.slugs.length} posts, ${forum.commentIds.length} comments, ${forum.members.length} bench members (${fmt((performance.now() - t0) / 1000)} s)`);
  const pgVersion = await postgresVersion(DB_URL);
  const probeFile = path.join(os.tmpdir(), `kerbside-memory-probe-${process.pid}.jsonl`);
  fs.rmSync(probeFile, { force: true });
  const app = await startApp({
    databaseUrl: DB_URL,
    port: await freePort(),
    env: { MEMORY_PROBE_FILE: probeFile, ...(WITH_REDIS ? { REDIS_URL } : {}) },
    nodeFlags: ['--expose-gc'],
    preload: path.join(root, 'bench/memory-probe.ts'),
  });
  const rng = createRng(20261124);
  const byKind: Record<string, { n: number; statuses: Record<string, number> }> = {};
  const samples: Sample[] = [];
  let start = 0;
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, rssOf(app.pid))), 250);
  try {
    const rssStart = rssOf(app.pid);
    const p0 = await probeMemory(app.pid, probeFile);
    samples.push({ requests: 0, rss: rssStart, gcRss: p0.rss, heapUsed: p0.heapUsed, peak: rssStart, load: loadAverage(), seconds: 0, rps: NaN });
    console.log(`app pid ${app.pid} on ${app.baseUrl}, RSS at start ${mib(rssStart)} MiB (${mib(p0.rss)} after a GC)`);
    start = performance.now();
    await pool(
      TOTAL,
      CONCURRENCY,
      async (i) => {
        const req = pickRequest(rng, forum, i);
        const headers: Record<string, string> = { accept: req.kind === 'html' ? 'text/html' : 'application/json' };
        if (req.cookie) headers.cookie = req.cookie;
        if (req.body !== undefined) headers['content-type'] = 'application/json';
        let status: string;
        try {
          const res = await fetch(app.baseUrl + req.path, { method: req.method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body), signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          status = String(res.status);
        } catch (err) {
          status = `error (${(err as Error).name})`;
        }
        const k = (byKind[req.kind] ??= { n: 0, statuses: {} });
        k.n++;
        k.statuses[status] = (k.statuses[status] ?? 0) + 1;
      },
      async (done) => {
        if (done !== FIRST_SAMPLE && done % SAMPLE_EVERY !== 0 && done !== TOTAL) return;
        const seconds = (performance.now() - start) / 1000;
        const rss = rssOf(app.pid);
        const p = await probeMemory(app.pid, probeFile);
        const s = { requests: done, rss, gcRss: p.rss, heapUsed: p.heapUsed, peak: Math.max(peak, rss), load: loadAverage(), seconds, rps: done / seconds };
        peak = 0;
        samples.push(s);
        console.log(
          `${String(done).padStart(6)} requests  RSS ${mib(s.rss).padStart(7)} MiB (peak ${mib(s.peak)}, after GC ${mib(s.gcRss)}, heap ${mib(s.heapUsed)})  ${fmt(s.rps, 0)} req/s  load ${fmt(s.load, 2)}`,
        );
      },
    );
  } finally {
    clearInterval(watch);
    fs.rmSync(probeFile, { force: true });
    await stopApp(app);
    if (!KEEP_DATABASE) await dropDatabase(DB_URL);
  }
  const file = writeReport({ samples, byKind, pgVersion, seconds: (performance.now() - start) / 1000 });
  console.log(`report: ${path.relative(root, file)}`);
  const { pass } = verdict(samples);
  if (!pass) process.exitCode = 1;
}

function verdict(samples: Sample[]) {
  const first = samples.find((s) => s.requests === FIRST_SAMPLE);
  const last = samples.at(-1)!;
  const growth = first ? last.rss / first.rss - 1 : NaN;
  const gcGrowth = first ? last.gcRss / first.gcRss - 1 : NaN;
  const ok = (g: number) => Number.isFinite(g) && g <= MAX_GROWTH;
  return { first, last, growth, gcGrowth, seenPass: ok(growth), pass: ok(gcGrowth) };
}

function writeReport(r: { samples: Sample[]; byKind: Record<string, { n: number; statuses: Record<string, number> }>; pgVersion: string; seconds: number }): string {
  const { first, last, growth, gcGrowth, seenPass, pass } = verdict(r.samples);
  const lines = [
    `# Memory under traffic, ${today()}`,
    '',
    'Generated by `npm run bench:memory` (bench/memory.ts; bench/README.md "Memory"). Issue 14: after 50 000 mixed requests the',
    `server's resident memory must be within ${MAX_GROWTH * 100} % of where it was after the first ${FIRST_SAMPLE.toLocaleString('en-GB')}.`,
    '',
    '## Setup',
    '',
    `- ${machine()}; ${r.pgVersion}${WITH_REDIS ? `; Redis at ${new URL(REDIS_URL).host}` : '; no Redis (in-process rate-limit store and event bus)'}.`,
    '- The app: `node --import tsx server/main.ts`, NODE_ENV=production, one process, its own PostgreSQL database with the demo forum',
    `  (seedDatabase with SEED_DEMO) and ${MEMBERS} verified members with real sessions that write.`,
    `- Load: ${TOTAL.toLocaleString('en-GB')} requests, ${CONCURRENCY} in flight (plain fetch, keep-alive), drawn with a fixed seed from this mix (weights):`,
    `  ${MIX.map(([name, w]) => `${name} ${w}`).join(', ')}.`,
    '- **RSS as seen:** VmRSS of the server process from /proc/<pid>/status as the request count passes each mark (no pause: what an',
    '  operator sees); **peak:** the highest VmRSS read every 250 ms since the last mark. **After a full GC:** then the app runs',
    '  `gc()` twice (bench/memory-probe.ts, preloaded with --expose-gc; requests keep coming) and reports RSS and the JS heap in use:',
    '  the memory it keeps. Load average: 1 minute, at the mark.',
    '',
    '## Resident memory',
    '',
    '| requests | RSS as seen | vs after 1,000 | peak since last mark | RSS after a full GC | vs after 1,000 | JS heap in use after GC | elapsed | req/s so far | load avg (1 min) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const vs = (a: number, b: number | undefined, requests: number) => (b && requests >= FIRST_SAMPLE ? `${a >= b ? '+' : ''}${fmt((a / b - 1) * 100)} %` : '–');
  for (const s of r.samples) {
    lines.push(
      `| ${s.requests.toLocaleString('en-GB')} | ${mib(s.rss)} MiB | ${vs(s.rss, first?.rss, s.requests)} | ${mib(s.peak)} MiB | ${mib(s.gcRss)} MiB | ${vs(s.gcRss, first?.gcRss, s.requests)} | ${mib(s.heapUsed)} MiB | ${fmt(s.seconds, 0)} s | ${fmt(s.rps, 0)} | ${fmt(s.load, 2)} |`,
    );
  }
  const pct = (g: number) => `${g >= 0 ? '+' : ''}${fmt(g * 100)} %`;
  lines.push(
    '',
    `**${pass ? 'Pass' : 'Fail'}** (memory kept, after a full GC): ${mib(last.gcRss)} MiB after ${last.requests.toLocaleString('en-GB')} requests, ${first ? mib(first.gcRss) : '–'} MiB after ${FIRST_SAMPLE.toLocaleString('en-GB')}: ${pct(gcGrowth)} (limit +${MAX_GROWTH * 100} %).`,
    '',
    `**${seenPass ? 'Pass' : 'Fail'}** (RSS as seen): ${mib(last.rss)} MiB against ${first ? mib(first.rss) : '–'} MiB: ${pct(growth)}. This reading depends on where V8 is between two major GCs (the heap grows to about twice what is live before one).`,
    '',
    '## Answers',
    '',
    '| kind | requests | statuses |',
    '|---|---:|---|',
  );
  for (const [kind, k] of Object.entries(r.byKind).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| ${kind} | ${k.n} | ${Object.entries(k.statuses).sort().map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  }
  lines.push('', `${TOTAL.toLocaleString('en-GB')} requests in ${fmt(r.seconds, 0)} s.`, '');
  const file = path.join(root, 'bench/results', `memory-${today()}.md`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
