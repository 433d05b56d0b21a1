// Load benchmark of the forum's read paths on the bench database (bench/README.md). `npm run bench`.
//
// Starts the real app (bench/serve.ts) in its own process, drives closed-loop load at it from this one
// (bench/load.ts), then explains the SQL each case runs (bench/explain.ts), and writes
// bench/results/<date>-forum.md.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { createSession } from '../server/identity/index.ts';
import { benchDatabaseUrl } from './config.ts';
import { createExplainer, type ExplainedStatement } from './explain.ts';
import { runLoad, type LoadResult } from './load.ts';
import { COMMON_WORD, RARE_WORD } from './vocabulary.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION_S = env('BENCH_DURATION', 10);
const WARMUP_S = env('BENCH_WARMUP', 2);
/** One or more levels, comma-separated: every case is run at each. */
const CONCURRENCY = (process.env.BENCH_CONCURRENCY || '8').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY; // run only the cases whose name contains this
/** The target: every case keeps p99 under this at its measured throughput. */
const P99_TARGET_MS = 50;

type Case = {
  name: string;
  paths: string[];
  /** Required by the brief, or an extra that shows a path the required ones do not. */
  extra?: boolean;
  member?: boolean;
  /** A guest's request with the guest cache keeping nothing (BENCH_SERVE_GUEST_CACHE=off): what a miss costs. */
  uncached?: boolean;
};

type Run = { concurrency: number; result: LoadResult; loadAfter: number };

type Measured = Case & {
  skipped?: string;
  runs: Run[];
  loadBefore: number;
  statements?: ExplainedStatement[];
};

async function startServer(url: string, uncached: boolean): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/serve.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_DATABASE_URL: url, ...(uncached ? { BENCH_SERVE_GUEST_CACHE: 'off' } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function main() {
  const url = benchDatabaseUrl();
  // Migrates (the app would too) and gives a Drizzle handle for the member's session.
  const database = await openDatabase({ url });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const one = async <T>(text: string) => (await sql.query(text)).rows[0] as T;

  const counts = await one<Record<string, string>>(
    `select (select count(*) from users) as members, (select count(*) from posts) as posts, (select count(*) from comments) as comments,
            (select count(*) from post_votes) + (select count(*) from comment_votes) as votes,
            (select count(*) from post_reactions) + (select count(*) from comment_reactions) as reactions`,
  );
  if (Number(counts.posts) < 10_000) {
    throw new Error(`the bench database has ${counts.posts} posts: run \`npx tsx bench/generate.ts\` first (bench/README.md)`);
  }
  const words = await one<Record<string, string>>(
    `select (select count(*) from posts where search @@ to_tsquery('english', '${COMMON_WORD}:*')) as common,
            (select count(*) from posts where search @@ to_tsquery('english', '${RARE_WORD}:*')) as rare,
            (select count(*) from posts where search @@ to_tsquery('english', 'ulez:*')) as ulez,
            (select count(*) from posts where search @@ to_tsquery('english', 'evr:*')) as evr`,
  );
  // 200 posts of every age for the post page, and the member with the most votes for the signed-in case.
  const slugs = (await sql.query(`select slug from posts where deleted_at is null and id % 500 = 7 order by id`)).rows.map((r) => r.slug as string);
  const voter = await one<{ user_id: number }>(`select user_id from post_votes group by 1 order by count(*) desc limit 1`);
  // Feeds (issue 33): the largest category's, and the replies of the post with the most.
  const feedCategory = await one<{ slug: string }>(`select slug from categories order by post_count desc limit 1`);
  const feedPost = await one<{ slug: string; comment_count: number }>(`select slug, comment_count from posts where deleted_at is null order by comment_count desc limit 1`);
  // Issue 32: the busiest tag and area, and how many posts each holds.
  const labelSizes = await one<{ tag: string; area: string; tag_posts: string; area_posts: string }>(
    `select (select slug from tags t join derived.label_counts c on c.label = 'tag:' || t.id order by c.post_count desc limit 1) as tag,
            (select substr(label, 6) from derived.label_counts where label like 'area:%' order by post_count desc limit 1) as area,
            (select max(post_count) from derived.label_counts where label like 'tag:%') as tag_posts,
            (select max(post_count) from derived.label_counts where label like 'area:%') as area_posts`,
  );
  const cookie = `sid=${await createSession(database.db, voter.user_id, new Date())}`;
  const pgInfo = await one<Record<string, string>>(
    `select version() as version, current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem,
            current_setting('jit') as jit, current_setting('random_page_cost') as random_page_cost`,
  );
  await sql.end();
  await database.close();

  const share = (n: string) => `${((Number(n) / Number(counts.posts)) * 100).toFixed(1)} %`;
  // Issue 31: every list both ways for a guest (the cache's answer, and what a miss costs), and as a member.
  const list = (sortBy: string, page: number, as: '' | 'uncached' | 'signed in' = ''): Case => ({
    name: `list ${sortBy}, page ${page}${as ? `, ${as}` : ''}`,
    paths: [`/api/forum/posts?page=${page}&sortBy=${sortBy}`],
    ...(as === 'uncached' ? { uncached: true } : as === 'signed in' ? { member: true } : {}),
  });
  const cases: Case[] = [
    ...['newest', 'popular', 'views'].flatMap((sortBy) => [1, 500].flatMap((page) => [list(sortBy, page), list(sortBy, page, 'uncached')])),
    list('newest', 1, 'signed in'),
    list('newest', 500, 'signed in'),
    { name: `search rare word '${RARE_WORD}' (${words.rare} posts)`, paths: [`/api/forum/search?q=${RARE_WORD}`] },
    { name: `search common word '${COMMON_WORD}' (${share(words.common)} of posts)`, paths: [`/api/forum/search?q=${COMMON_WORD}`] },
    { name: 'post detail (200 posts in turn)', paths: slugs.map((s) => `/api/forum/posts/${s}`) },
    { name: `search mid word 'ulez' (${share(words.ulez)} of posts)`, paths: ['/api/forum/search?q=ulez'], extra: true },
    { name: `search prefix 'evr' → Evri (${share(words.evr)} of posts)`, paths: ['/api/forum/search?q=evr'], extra: true },
    { name: `search common word, page 50`, paths: [`/api/forum/search?q=${COMMON_WORD}&page=50`], extra: true },
    { name: 'search profession van, page 1', paths: ['/api/forum/search?profession=van'], extra: true },
    // Issue 18: Top per period (posts_top_idx, or posts_created_idx for a short period) and Unanswered (posts_unanswered_idx).
    { name: 'list top (day), page 1', paths: ['/api/forum/posts?sortBy=top&period=day'], extra: true },
    { name: 'list top (week), page 1', paths: ['/api/forum/posts?sortBy=top&period=week'], extra: true },
    { name: 'list top (year), page 1', paths: ['/api/forum/posts?sortBy=top&period=year'], extra: true },
    { name: 'list top (all), page 500', paths: ['/api/forum/posts?sortBy=top&period=all&page=500'], extra: true },
    { name: 'list unanswered, page 1', paths: ['/api/forum/posts?unanswered=true'], extra: true },
    { name: 'list top (week), signed in', paths: ['/api/forum/posts?sortBy=top&period=week'], extra: true, member: true },
    // Issue 33: the Answers filter, as a miss costs it (posts_qa_idx, or posts_category_qa_idx in a category).
    ...['solved=true', 'solved=false', 'solved=false&category=tax-hmrc'].flatMap((filter) =>
      [1, 500].map((page): Case => ({ name: `list ${filter}, page ${page}, uncached`, paths: [`/api/forum/posts?${filter}&page=${page}`], uncached: true, extra: true })),
    ),
    // Issue 32: a tag's and an area's list (derived.post_labels' indexes) beside the plain list's, as a miss
    // costs them: within 1.5× of the plain list's time on page 1 and page 500.
    ...[`tag=${labelSizes.tag}`, `area=${labelSizes.area}`].flatMap((filter) =>
      ['newest', 'popular'].flatMap((sortBy) =>
        [1, 500].map((page): Case => ({ name: `list ${sortBy} ${filter}, page ${page}, uncached`, paths: [`/api/forum/posts?${filter}&sortBy=${sortBy}&page=${page}`], uncached: true })),
      ),
    ),
    { name: `list newest tag=${labelSizes.tag}, page 1`, paths: [`/api/forum/posts?tag=${labelSizes.tag}`] },
    { name: `area page ${labelSizes.area} (alerts, members)`, paths: [`/api/areas/${labelSizes.area}`], uncached: true, extra: true },
    { name: 'areas with recent activity', paths: ['/api/areas'], uncached: true, extra: true },
    // Issue 33: a feed from the guest cache (under 5 ms p95 at 1M posts), and what a miss costs.
    ...[
      { name: 'feed latest posts (RSS)', paths: ['/feeds/latest.rss'] },
      { name: `feed category '${feedCategory.slug}' (Atom)`, paths: [`/feeds/categories/${feedCategory.slug}.atom`] },
      { name: `feed replies to a post (${feedPost.comment_count} replies, RSS)`, paths: [`/feeds/posts/${feedPost.slug}.rss`] },
    ].flatMap((c) => [c, { ...c, name: `${c.name}, uncached`, uncached: true }]),
  ].filter((c) => !ONLY || c.name.includes(ONLY));

  const measured: Measured[] = [];
  // The cached cases on an app as production runs it, then the uncached ones on one whose guest cache keeps nothing.
  for (const uncached of [false, true]) {
    const group = cases.filter((c) => !!c.uncached === uncached);
    if (group.length === 0) continue;
    const { child, baseUrl } = await startServer(url, uncached);
    try {
      for (const c of group) {
        const headers = c.member ? { cookie } : undefined;
        const probe = await fetch(baseUrl + c.paths[0], { headers });
        const loadBefore = os.loadavg()[0];
        if (probe.status === 404 || probe.status === 405) {
          measured.push({ ...c, skipped: `${probe.status} from ${c.paths[0]}: not served yet`, runs: [], loadBefore });
          console.log(`${c.name}: skipped (${probe.status})`);
          continue;
        }
        if (!probe.ok) throw new Error(`${c.paths[0]} answered ${probe.status}: ${await probe.text()}`);
        const runs: Run[] = [];
        for (const concurrency of CONCURRENCY) {
          await runLoad(baseUrl, c.paths, { concurrency, durationMs: WARMUP_S * 1000, headers });
          const result = await runLoad(baseUrl, c.paths, { concurrency, durationMs: DURATION_S * 1000, headers });
          const loadAfter = os.loadavg()[0];
          runs.push({ concurrency, result, loadAfter });
          console.log(
            `${c.name.padEnd(52)} c=${concurrency} ${fmt(result.rps, 0).padStart(6)} req/s  p50 ${fmt(result.p50)}  p95 ${fmt(result.p95)}  p99 ${fmt(result.p99)} ms  load ${fmt(loadAfter, 2)}`,
          );
        }
        measured.push({ ...c, runs, loadBefore });
      }
    } finally {
      await stopServer(child);
    }
  }
  // The report in the cases' order.
  measured.sort((a, b) => cases.findIndex((c) => c.name === a.name) - cases.findIndex((c) => c.name === b.name));

  for (const uncached of [false, true]) {
    const explainer = await createExplainer(url, { uncached });
    try {
      for (const m of measured) {
        if (m.skipped || !!m.uncached !== uncached) continue;
        m.statements = (await explainer.explain(m.paths[0], m.member ? { cookie } : undefined)).statements;
      }
    } finally {
      await explainer.close();
    }
  }

  const rowScan = await pageWithoutDeferredJoin(url);
  const file = writeReport({ measured, counts, words, pgInfo, rowScan, labelSizes });
  console.log(`report: ${path.relative(root, file)}`);
}

/**
 * For comparison: page 500 as one query selecting the list columns while it walks the sort's index, which
 * visits the table for every one of the 10 000 skipped rows (the list's query before the deferred join).
 * Best of three EXPLAIN ANALYZE runs, after a warm-up run.
 */
async function pageWithoutDeferredJoin(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: Record<string, number> = {};
  for (const [sortBy, column] of [['newest', 'created_at'], ['popular', 'hot_score'], ['views', 'view_count']]) {
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.query(
        `explain (analyze, timing off) select id, slug, title, excerpt, created_at, view_count, comment_count, upvotes, downvotes,
                share_count, is_pinned, is_locked, category_id, author_id
         from posts where deleted_at is null order by is_pinned desc, ${column} desc, id desc limit 21 offset 9980`,
      );
      const text = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      times.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN));
    }
    out[sortBy] = Math.min(...times.slice(1));
  }
  await client.end();
  return out;
}

function writeReport(r: {
  measured: Measured[];
  counts: Record<string, string>;
  words: Record<string, string>;
  pgInfo: Record<string, string>;
  rowScan: Record<string, number>;
  labelSizes: { tag: string; area: string; tag_posts: string; area_posts: string };
}): string {
  const now = new Date();
  const date = now.toISOString().slice(0, 10);
  const cpus = os.cpus();
  const loads = r.measured.flatMap((m) => [m.loadBefore, ...m.runs.map((x) => x.loadAfter)]);
  const lines: string[] = [];
  const push = (...l: string[]) => lines.push(...l);
  const pageCost = (sortBy: string) => {
    // The database's part: a miss (a cached answer runs none).
    const p1 = r.measured.find((m) => m.name === `list ${sortBy}, page 1, uncached`);
    const p500 = r.measured.find((m) => m.name === `list ${sortBy}, page 500, uncached`);
    const db = (m?: Measured) => m?.statements?.reduce((s, x) => s + x.executionMs, 0) ?? NaN;
    return { p1, p500, db1: db(p1), db500: db(p500) };
  };

  push(
    `# Forum read paths under load — ${date}`,
    '',
    `Generated by \`npm run bench\` (bench/run.ts) at ${now.toISOString()}.`,
    '',
    '## Machine and data',
    '',
    `- ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${r.pgInfo.version.split(' on ')[0]}`,
    `  (shared_buffers ${r.pgInfo.shared_buffers}, work_mem ${r.pgInfo.work_mem}, jit ${r.pgInfo.jit}, random_page_cost ${r.pgInfo.random_page_cost}).`,
    `- The app (one process), PostgreSQL and the load generator share these cores, and other work was running on the`,
    `  machine: load average (1 min) ${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)} during the run (per case below). Figures are indicative.`,
    `- Data (bench/generate.ts): ${r.counts.members} members, ${r.counts.posts} posts, ${r.counts.comments} comments, ${r.counts.votes} votes, ${r.counts.reactions} reactions.`,
    `  '${COMMON_WORD}' is in ${r.words.common} posts, '${RARE_WORD}' in ${r.words.rare}, 'ulez' in ${r.words.ulez}, 'evr…' in ${r.words.evr}.`,
    `- Load: closed loop, N concurrent keep-alive connections each sending its next request when the last answer is complete`,
    `  (N = ${CONCURRENCY.join(' and ')}), ${DURATION_S} s per case and level after ${WARMUP_S} s of warm-up. So req/s is the throughput at that`,
    `  concurrency and the latencies are what each client waited, to the last byte of the answer.`,
    '',
    '## Results',
  );
  for (const concurrency of CONCURRENCY) {
    push(
      '',
      `### ${concurrency} concurrent connections`,
      '',
      `| case | req/s | p50 ms | p95 ms | p99 ms | max ms | p99 < ${P99_TARGET_MS} ms | DB time ms (EXPLAIN ANALYZE) | load avg |`,
      '|---|---:|---:|---:|---:|---:|:-:|---:|---:|',
    );
    for (const m of r.measured) {
      const label = `${m.name}${m.extra ? ' *(extra)*' : ''}`;
      const run = m.runs.find((x) => x.concurrency === concurrency);
      if (m.skipped || !run) {
        push(`| ${label} | – | – | – | – | – | skipped: ${m.skipped} | – | ${fmt(m.loadBefore, 2)} |`);
        continue;
      }
      const x = run.result;
      const failed = Object.entries(x.failures).map(([s, n]) => `${n}× ${s}`).join(', ');
      const dbMs = m.statements?.reduce((s, st) => s + st.executionMs, 0) ?? NaN;
      push(
        `| ${label} | ${fmt(x.rps, 0)} | ${fmt(x.p50)} | ${fmt(x.p95)} | ${fmt(x.p99)} | ${fmt(x.max)} | ${x.p99 < P99_TARGET_MS ? 'yes' : '**no**'}${failed ? ` (errors: ${failed})` : ''} | ${fmt(dbMs, 2)} in ${m.statements?.length ?? 0} statements | ${fmt(run.loadAfter, 2)} |`,
      );
    }
  }
  const low = Math.min(...CONCURRENCY);
  push(
    '',
    '### Page 500 against page 1',
    '',
    `| sort (uncached: the guest cache keeping nothing) | DB time page 1 ms | DB time page 500 ms | page 500 without the deferred join ms | req/s page 1 (N=${low}) | req/s page 500 (N=${low}) | p50 page 1 ms | p50 page 500 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const sortBy of ['newest', 'popular', 'views']) {
    const c = pageCost(sortBy);
    const a = c.p1?.runs.find((x) => x.concurrency === low)?.result;
    const b = c.p500?.runs.find((x) => x.concurrency === low)?.result;
    if (!a || !b) continue;
    push(`| ${sortBy} | ${fmt(c.db1, 2)} | ${fmt(c.db500, 2)} | ${fmt(r.rowScan[sortBy], 2)} | ${fmt(a.rps, 0)} | ${fmt(b.rps, 0)} | ${fmt(a.p50)} | ${fmt(b.p50)} |`);
  }
  push(
    '',
    '"DB time" is the sum of the Execution Time that EXPLAIN ANALYZE reports for every SELECT one request of the case',
    "runs (best of three runs without per-node timing, warm caches, one client); the search's planner-estimate EXPLAIN",
    'and the round trips are not included. "Without the deferred join": the same page as one query that selects the',
    "list's columns while walking the index, so it visits the table for each of the 10 000 rows it skips (before this change).",
  );
  // Issue 32: a tag's and an area's list against the plain list, the same sort and page, as misses.
  push(
    '',
    `### Tag and area lists against the plain list (issue 32: within 1.5×)`,
    '',
    `The busiest tag, '${r.labelSizes.tag}', is on ${r.labelSizes.tag_posts} live posts and the busiest area, ${r.labelSizes.area}, on ${r.labelSizes.area_posts}.`,
    '',
    `| sort, page | plain p50 ms (N=${low}) | tag p50 ms | × plain | area p50 ms | × plain | DB ms plain / tag / area |`,
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  const byName = (name: string) => r.measured.find((m) => m.name === name);
  const p50Of = (m?: Measured) => m?.runs.find((x) => x.concurrency === low)?.result.p50 ?? NaN;
  const dbOf = (m?: Measured) => m?.statements?.reduce((sum, x) => sum + x.executionMs, 0) ?? NaN;
  for (const sortBy of ['newest', 'popular']) {
    for (const page of [1, 500]) {
      const plain = byName(`list ${sortBy}, page ${page}, uncached`);
      const tag = byName(`list ${sortBy} tag=${r.labelSizes.tag}, page ${page}, uncached`);
      const area = byName(`list ${sortBy} area=${r.labelSizes.area}, page ${page}, uncached`);
      if (!plain || !tag || !area) continue;
      push(
        `| ${sortBy}, ${page} | ${fmt(p50Of(plain))} | ${fmt(p50Of(tag))} | ${fmt(p50Of(tag) / p50Of(plain), 2)} | ${fmt(p50Of(area))} | ${fmt(p50Of(area) / p50Of(plain), 2)} | ${fmt(dbOf(plain), 2)} / ${fmt(dbOf(tag), 2)} / ${fmt(dbOf(area), 2)} |`,
      );
    }
  }
  push(
    '',
    '## Query plans',
    '',
    'Every SELECT of one request per case, with its execution and planning time; the plan of the slowest one.',
    '',
  );
  for (const m of r.measured) {
    if (!m.statements) continue;
    push(`### ${m.name}`, '', '| ms (exec) | ms (plan) | statement |', '|---:|---:|---|');
    for (const s of m.statements) push(`| ${fmt(s.executionMs, 3)} | ${fmt(s.planningMs, 3)} | \`${s.sql.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 140)}…\` |`);
    const slowest = m.statements.reduce<ExplainedStatement | undefined>((a, b) => (!a || b.executionMs > a.executionMs ? b : a), undefined);
    if (slowest) push('', '<details><summary>plan of the slowest statement</summary>', '', '```', slowest.plan, '```', '', '</details>', '');
  }

  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${date}-forum.md`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
