// A busy poll (issue 33 item 1; bench/README.md "Polls"). `npx tsx bench/polls.ts`.
//
// Recreates its own database (POLLS_BENCH_DATABASE_URL; the name must contain "bench"), writes a poll of 10
// options whose results show to everyone, with SEEDED (10,000) votes already cast, starts the production
// app, opens WATCHERS sockets following the post, then VOTERS fresh members (trust level 2) each vote once
// through the API at RATE a second. Measured: each vote's answer time (p50, p95), and the live count's lag:
// from a vote's sending to the first `post_poll` frame on every watcher that counts it (voters at least the
// number the vote's answer gave). Writes bench/results/<date>-polls.md, the load average beside each figure.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDatabase } from '../server/db/client.ts';
import { addMembers, envNumber, fmt, freePort, loadAverage, machine, percentile, recreateDatabase, root, sleep, startApp, stopApp, today } from './harness.ts';

const DB_URL = process.env.POLLS_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_polls_bench';
const SEEDED = envNumber('POLLS_BENCH_SEEDED', 10_000);
const VOTERS = envNumber('POLLS_BENCH_VOTERS', 1000);
const RATE = envNumber('POLLS_BENCH_RATE', 50);
const WATCHERS = envNumber('POLLS_BENCH_WATCHERS', 50);
const OPTIONS = 10;
/** The app limits writes and socket upgrades per address: the clients are spread over addresses. */
const PER_IP = 20;
const ip = (i: number) => `10.81.${Math.floor(i / PER_IP) % 250}.${(i % PER_IP) + 1}`;

async function setUp() {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL }); // migrates
  const [author, ...rest] = await addMembers(database.db, DB_URL, 1 + VOTERS + WATCHERS, 'poll');
  const voters = rest.slice(0, VOTERS);
  const watchers = rest.slice(VOTERS);
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  const categoryId = (await sql.query(`insert into categories (name, slug, description, color) values ('Pay and rates', 'pay-rates', '', '#15803d') returning id`)).rows[0].id as number;
  // SEEDED members who already voted, spread over the options, straight to the tables (counts kept as a vote keeps them).
  await sql.query(
    `insert into users (email, username, first_name, last_name, password_hash, email_verified_at, created_at, trust_level)
     select 'seeded' || g || '@example.test', 'seeded' || g, 'Bench', 'Voter', 'not-a-hash', now(), now() - interval '30 days', 2 from generate_series(1, $1) g`,
    [SEEDED],
  );
  await sql.end();
  await database.close();
  return { author, voters, watchers, categoryId };
}

async function seedVotes(postId: number) {
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  await sql.query(
    `with options as (select id, row_number() over (order by position) - 1 as k from poll_options where post_id = $1),
          voters as (select id, row_number() over (order by id) as n from users where username like 'seeded%')
     insert into poll_votes (option_id, post_id, user_id) select o.id, $1, v.id from voters v join options o on o.k = v.n % ${OPTIONS}`,
    [postId],
  );
  await sql.query(`update poll_options o set vote_count = (select count(*) from poll_votes v where v.option_id = o.id) where post_id = $1`, [postId]);
  await sql.query(`update polls set voter_count = $2 where post_id = $1`, [postId, SEEDED]);
  await sql.query('analyze');
  await sql.end();
}

type Frame = { type: string; postId?: number; voters?: number };

async function main() {
  console.log(`setting up ${VOTERS} voters and ${WATCHERS} watchers…`);
  const { author, voters, watchers, categoryId } = await setUp();
  const app = await startApp({ databaseUrl: DB_URL, port: await freePort(), env: { LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' } });
  const sockets: WebSocket[] = [];
  try {
    const headers = (cookie: string, i: number) => ({ 'content-type': 'application/json', cookie, origin: `http://localhost:${app.port}`, 'x-forwarded-for': ip(i) }); // the app's own address (APP_URL's default)
    const made = await fetch(`${app.baseUrl}/api/forum/posts`, {
      method: 'POST',
      headers: headers(author.cookie, 0),
      body: JSON.stringify({
        title: 'Has your rate been cut this month?',
        content: 'Evri cut ours by 3p a drop from Monday. Has yours?',
        categoryId,
        poll: { options: Array.from({ length: OPTIONS }, (_, i) => `Answer ${i + 1}`), results: 'always' },
      }),
    });
    const post = (await made.json()) as { id: number; poll: { options: Array<{ id: number }> } };
    if (made.status !== 201) throw new Error(`the poll post answered ${made.status}: ${JSON.stringify(post)}`);
    await seedVotes(post.id);

    // Every watcher follows the post; each frame's arrival is kept (voters count → when first seen).
    const seen: Array<Map<number, number>> = [];
    for (const [i, w] of watchers.entries()) {
      const ws = new WebSocket(`ws://127.0.0.1:${app.port}/ws`, { headers: { cookie: w.cookie, 'x-forwarded-for': ip(VOTERS + i) } });
      const mine = new Map<number, number>();
      seen.push(mine);
      ws.on('message', (data) => {
        const f = JSON.parse(data.toString()) as Frame;
        if (f.type === 'post_poll' && f.postId === post.id && !mine.has(f.voters!)) mine.set(f.voters!, performance.now());
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => {
          ws.send(JSON.stringify({ type: 'subscribe_post', postId: post.id }));
          resolve();
        });
        ws.once('error', reject);
      });
      sockets.push(ws);
    }
    await sleep(1000);

    const load = loadAverage();
    const answers: number[] = [];
    const sent: Array<{ at: number; voters: number }> = [];
    const start = performance.now();
    await Promise.all(
      voters.map(async (v, i) => {
        // Evenly spaced: RATE votes a second.
        const at = start + (i * 1000) / RATE;
        await sleep(Math.max(0, at - performance.now()));
        const t0 = performance.now();
        const res = await fetch(`${app.baseUrl}/api/forum/posts/${post.id}/poll/vote`, {
          method: 'PUT',
          headers: headers(v.cookie, i),
          body: JSON.stringify({ optionIds: [post.poll.options[i % OPTIONS]!.id] }),
        });
        const body = (await res.json()) as { voters?: number; message?: string };
        if (res.status !== 200) throw new Error(`a vote answered ${res.status}: ${body.message}`);
        answers.push(performance.now() - t0);
        sent.push({ at: t0, voters: body.voters! });
      }),
    );
    const loadAfter = loadAverage();
    await sleep(2000);
    // A vote's lag on one watcher: until the first frame whose count includes it.
    const lags: number[] = [];
    let missed = 0;
    for (const s of sent) {
      for (const mine of seen) {
        let first = Infinity;
        for (const [voters, when] of mine) if (voters >= s.voters && when < first) first = when;
        if (first === Infinity) missed++;
        else lags.push(Math.max(0, first - s.at));
      }
    }
    answers.sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    const final = (await (await fetch(`${app.baseUrl}/api/forum/posts/${post.id}`)).json()) as { poll: { voters: number } };
    writeReport({ load, loadAfter, answers, lags, missed, voters: final.poll.voters });
  } finally {
    for (const ws of sockets) ws.terminate();
    await stopApp(app);
  }
}

function writeReport(r: { load: number; loadAfter: number; answers: number[]; lags: number[]; missed: number; voters: number }) {
  const lines = [
    `# A busy poll: voting and its live count (${today()})`,
    '',
    `A post's poll of ${OPTIONS} options, results shown to everyone, with ${SEEDED.toLocaleString('en-GB')} votes already cast. ${VOTERS} more`,
    `members (trust level 2) vote once each through the API, ${RATE} a second, on one production app process`,
    `(PostgreSQL on this machine, no Redis), while ${WATCHERS} members follow the post on a socket. ${machine()}.`,
    '',
    '| measure | p50 | p95 | max |',
    '|---|---|---|---|',
    `| a vote's answer | ${fmt(percentile(r.answers, 50))} ms | ${fmt(percentile(r.answers, 95))} ms | ${fmt(r.answers.at(-1) ?? NaN)} ms |`,
    `| live count's lag (vote sent → every watcher's frame counting it) | ${fmt(percentile(r.lags, 50))} ms | ${fmt(percentile(r.lags, 95))} ms | ${fmt(r.lags.at(-1) ?? NaN)} ms |`,
    '',
    `Load average (1 min): ${fmt(r.load, 2)} before, ${fmt(r.loadAfter, 2)} after. Votes counted at the end: ${r.voters.toLocaleString('en-GB')} ` +
      `(expected ${(SEEDED + VOTERS).toLocaleString('en-GB')}); frames a watcher never got for a vote: ${r.missed}.`,
    '',
  ];
  const file = path.join(root, 'bench/results', `${today()}-polls.md`);
  fs.writeFileSync(file, lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
