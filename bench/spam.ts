// A spam wave against an open forum (issue 28; bench/README.md "Spam"). `npm run bench:spam`.
//
// It recreates its own database (SPAM_BENCH_DATABASE_URL, default kerbside_spam_bench; the name must
// contain "bench"), seeds the demo forum, adds SPAM_BENCH_MEMBERS (200) established members (verified a
// month ago, pinned at trust level 2) with real sessions, sets a few watched words as an admin would, and runs the
// production app in its own process behind a stand-in proxy (TRUST_PROXY=loopback, each client its own
// X-Forwarded-For). After 30 s of the members writing to warm it up (not counted), two phases of
// SPAM_BENCH_SECONDS (180: the issue's "over a few minutes") each:
//   1. baseline: the members write as people do (a new post now and then, comments on recent posts, one
//      item in five with a link to a real site), SPAM_BENCH_WRITERS (6) at a time;
//   2. wave: the same members, while SPAM_BENCH_BOTS (100) bots sign up through the real form (some fill the
//      honeypot, some send at once, some use a disposable address, the rest wait like a person and come from
//      many addresses) and those that get an account send SPAM_BENCH_ITEMS (500) spam posts and comments:
//      links, watched words, the same text again and again, and lookalike letters (Cyrillic а, l33t digits).
// All the while a guest reads the newest posts, six post pages (the newest and those the spam went to) and
// search for the spam's words every 250 ms, as much in both phases, and counts the spam it can see. The report: spam visible to a guest at any moment
// (goal 0), legitimate items held or refused (goal 0), and the members' post p95 in each phase (the wave's
// within 10 % of the baseline's), with the CPU each phase took and the load average beside every figure. Writes
// bench/results/<date>-spam.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import {
  addMembers,
  dropDatabase,
  envNumber,
  fmt,
  freePort,
  loadAverage,
  machine,
  percentile,
  recreateDatabase,
  root,
  sleep,
  startApp,
  stopApp,
  today,
  type Member,
} from './harness.ts';

const DB_URL = process.env.SPAM_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_spam_bench';
const SECONDS = envNumber('SPAM_BENCH_SECONDS', 180);
const WARM_UP_SECONDS = 30;
const MEMBERS = envNumber('SPAM_BENCH_MEMBERS', 200);
const WRITERS = envNumber('SPAM_BENCH_WRITERS', 6);
const BOTS = envNumber('SPAM_BENCH_BOTS', 100);
const ITEMS = envNumber('SPAM_BENCH_ITEMS', 500);
/** Node flags for the app (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), to see where the wave's time goes. */
const NODE_FLAGS = (process.env.SPAM_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** What an admin of a couriers' forum watches for (server/trust/watched-words.ts matches them). */
const WATCHED: Array<[phrase: string, action: 'block' | 'require_approval' | 'censor']> = [
  ['casino', 'block'],
  ['viagra', 'block'],
  ['crypto*', 'require_approval'],
  ['earn £* a day', 'require_approval'],
  ['whatsapp me', 'require_approval'],
];

/**
 * The spam, by kind. Every kind carries a signature the guest looks for in what it can see: the bot's
 * link host, the watched word as written (folded: the guest lower-cases and maps the lookalikes back),
 * the repeated sentence.
 */
const SPAM_KINDS = [
  { kind: 'link', title: 'Best parcel deals this week', body: 'Cheap insurance for couriers at https://cheap-courier-cover.example/deal?ref=kb — sign up today.' },
  { kind: 'watched word', title: 'Big casino bonus for drivers', body: 'Join the casino tonight and win big between drops.' },
  { kind: 'watched word (approval)', title: 'Crypto payouts for couriers', body: 'I made thousands with cryptocurrency while waiting at the depot.' },
  { kind: 'repeated text', title: 'Work from home opportunity', body: 'Work from the van and earn £500 a day, no experience needed, message me for details.' },
  { kind: 'lookalike letters', title: 'Сheap cаsino spins', body: 'Try the с4sino app, whаtsapp me for a code.' },
  { kind: 'lookalike link', title: 'Van finance, approved today', body: 'Apply at www.van-finance-now.example — no credit checks.' },
] as const;

const SIGNATURES = ['cheap-courier-cover.example', 'casino', 'cryptocurrency', 'earn £500 a day', 'whatsapp me', 'van-finance-now.example', 'cheap casino spins'];

/** What the guest reads, folded as the watched words are (lookalikes, l33t digits), so disguised spam is still seen. */
const LOOKALIKE: Record<string, string> = { а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', і: 'i', С: 'c', '4': 'a', '3': 'e', '0': 'o', '1': 'i', '5': 's' };
const fold = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[асеорхіС]/g, (c) => LOOKALIKE[c] ?? c)
    .replace(/(?<=[a-z])[4301](?=[a-z])|(?<=\b)[4](?=[a-z])/g, (c) => LOOKALIKE[c] ?? c);
const isSpam = (text: string) => {
  const folded = fold(text);
  return SIGNATURES.some((s) => folded.includes(fold(s)));
};

const LEGIT_TITLES = [
  'Evri rounds in Leeds this week',
  'Best phone mount for a Transit?',
  'Amazon Flex blocks before Christmas',
  'Parking tickets outside flats: what do you do?',
  'DPD route changes from Monday',
  'Fuel costs versus the rate per drop',
  'Insurance renewal went up again',
  'Tips for the first week on multi-drop',
];
const LEGIT_LINKS = ['https://www.gov.uk/vehicle-tax', 'https://www.highwaycodeuk.co.uk/', 'https://www.gov.uk/self-assessment-tax-returns'];
const LEGIT_COMMENTS = ['Same here, the depot was rammed this morning.', 'I use a clamp mount, never fallen off yet.', 'Worth ringing the council about it.', 'Had the same last year, it got better in January.'];

type Result = { status: number; ms: number };
type Phase = {
  name: string;
  legitPosts: Result[];
  legitComments: Result[];
  legitHeld: number;
  legitRefused: number;
  /** Why members' items were refused: status and message, counted. */
  legitRefusedBy: Record<string, number>;
  spam: Record<string, { published: number; held: number; refused: number }>;
  signUps: Record<string, { tried: number; refused: number; created: number }>;
  guestReads: number;
  spamSeen: Set<string>;
  spamVisibleMax: number;
  loadBefore: number;
  loadAfter: number;
  /** CPU seconds the phase took: the app (all its threads), PostgreSQL (every postgres process), this bench. */
  cpu: { app: number; postgres: number; bench: number };
};

/**
 * CPU seconds (user + system) a process has used so far, from /proc; with `children`, also those of its
 * children that have ended (PostgreSQL's backends end and are reaped by the postmaster).
 */
function cpuOf(pid: number, children = false): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    // utime, stime, cutime, cstime, in clock ticks (100 a second)
    return (f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0)) / 100;
  } catch {
    return 0; // gone
  }
}
/** CPU seconds of every postgres process, and of the app and this bench, at one moment. */
function cpuNow(appPid: number) {
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuOf(Number(entry), true);
    } catch {
      // ended meanwhile
    }
  }
  const own = process.cpuUsage();
  return { app: cpuOf(appPid), postgres, bench: (own.user + own.system) / 1e6 };
}

function refusedLegit(phase: Phase, res: { status: number; text: string }) {
  phase.legitRefused++;
  let message = res.text.slice(0, 120);
  try {
    message = (JSON.parse(res.text) as { message?: string }).message ?? message;
  } catch {
    // not JSON: the start of the text
  }
  const why = `${res.status} ${message}`;
  phase.legitRefusedBy[why] = (phase.legitRefusedBy[why] ?? 0) + 1;
}

const newPhase = (name: string): Phase => ({
  name,
  legitPosts: [],
  legitComments: [],
  legitHeld: 0,
  legitRefused: 0,
  legitRefusedBy: {},
  spam: {},
  signUps: {},
  guestReads: 0,
  spamSeen: new Set(),
  spamVisibleMax: 0,
  loadBefore: loadAverage(),
  loadAfter: 0,
  cpu: { app: 0, postgres: 0, bench: 0 },
});

let ipSerial = 0;
const addressFor = (group: number, n: number) => `10.${group}.${(n >> 8) & 255}.${n & 255}`;

async function send(baseUrl: string, method: string, url: string, opts: { cookie?: string; body?: unknown; ip: string }) {
  const t = performance.now();
  const res = await fetch(baseUrl + url, {
    method,
    headers: {
      origin: baseUrl,
      'x-forwarded-for': opts.ip,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - t, text, setCookie: res.headers.get('set-cookie') };
}

let nextPoster = 0;
let nextCommenter = 0;

/** The members write as people do: a new post one time in eight, otherwise a comment on a recent post. */
async function legitWriters(baseUrl: string, members: Member[], categoryIds: number[], postIds: number[], phase: Phase, until: number) {
  let n = 0;
  // Posts go round the members in turn (a person posts a few times a day): picked like the comments,
  // a few members drew six posts in ten minutes and met the posting limit (429), in the wave only. One
  // in eight, so that over two phases of a few minutes no member comes near five posts in ten minutes;
  // the round goes on from phase to phase (nextPoster). Comments go round too: picked at random, a
  // member now and then sent two within a second and met the commenting limit.
  const writer = async () => {
    while (performance.now() < until) {
      const i = n++;
      const m = i % 8 === 0 ? members[nextPoster++ % members.length]! : members[nextCommenter++ % members.length]!;
      const link = i % 5 === 0 ? ` More on it here: ${LEGIT_LINKS[i % LEGIT_LINKS.length]}` : '';
      const ip = addressFor(1, m.id % 60000);
      if (i % 8 === 0) {
        const res = await send(baseUrl, 'POST', '/api/forum/posts', {
          cookie: m.cookie,
          ip,
          body: { title: `${LEGIT_TITLES[i % LEGIT_TITLES.length]} (${i})`, content: `Has anyone else had this on their round? (${i})${link}`, categoryId: categoryIds[i % categoryIds.length] },
        });
        phase.legitPosts.push({ status: res.status, ms: res.ms });
        if (res.status === 201) postIds.unshift(JSON.parse(res.text).id);
        else if (res.status === 202) phase.legitHeld++;
        else refusedLegit(phase, res);
      } else {
        const postId = postIds[i % Math.min(postIds.length, 20)]!;
        const res = await send(baseUrl, 'POST', `/api/forum/posts/${postId}/comments`, { cookie: m.cookie, ip, body: { content: `${LEGIT_COMMENTS[i % LEGIT_COMMENTS.length]} (${i})${link}` } });
        phase.legitComments.push({ status: res.status, ms: res.ms });
        if (res.status === 202) phase.legitHeld++;
        else if (res.status !== 201) refusedLegit(phase, res);
      }
      // A person's pace: the six writers together send ~15 items a second, a few a minute per member.
      await sleep(400);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

/** A guest reading what a guest reads, every 250 ms, counting the spam it can see. */
async function guest(baseUrl: string, phase: Phase, postIds: number[], spamPostIds: Set<number>, until: number) {
  let turn = 0;
  while (performance.now() < until) {
    const seen = new Set<string>();
    const ip = addressFor(3, 1);
    const list = await fetch(`${baseUrl}/api/forum/posts?page=1&limit=50&sortBy=newest`, { headers: { 'x-forwarded-for': ip } });
    if (list.ok) {
      const body = (await list.json()) as { posts: Array<{ id: number; title: string; excerpt: string }> };
      for (const p of body.posts) if (isSpam(`${p.title} ${p.excerpt}`)) seen.add(`post:${p.id}`);
    }
    for (const q of ['casino', 'crypto', 'earn']) {
      const res = await fetch(`${baseUrl}/api/forum/search?q=${encodeURIComponent(q)}&page=1&limit=20&sortBy=newest`, { headers: { 'x-forwarded-for': ip } });
      if (!res.ok) continue;
      const body = (await res.json()) as { posts: Array<{ id: number; title: string; excerpt: string }> };
      for (const p of body.posts) if (isSpam(`${p.title} ${p.excerpt}`)) seen.add(`post:${p.id}`);
    }
    // Six post pages, their comments as a guest gets them: the newest posts (where the spam's comments go
    // now) and every post the spam went to, in turn. Six in both phases, so that the baseline's guest
    // reads as much as the wave's (it read none there before).
    const pages = [...new Set([...postIds.slice(0, 6), ...spamPostIds])];
    for (let k = 0; k < Math.min(6, pages.length); k++) {
      const id = pages[(turn + k) % pages.length]!;
      const res = await fetch(`${baseUrl}/api/forum/posts/${id}`, { headers: { 'x-forwarded-for': ip } });
      if (!res.ok) continue;
      const body = (await res.json()) as { comments?: Array<{ id: number; content: string }> };
      for (const c of body.comments ?? []) if (isSpam(c.content)) seen.add(`comment:${c.id}`);
    }
    phase.guestReads++;
    turn += 6;
    for (const s of seen) phase.spamSeen.add(s);
    phase.spamVisibleMax = Math.max(phase.spamVisibleMax, seen.size);
    await sleep(250);
  }
}

type Bot = { email: string; cookie: string; ip: string };

/**
 * Bots sign up through the real form: a fifth fill the honeypot, a fifth send at once, a fifth use a
 * disposable address, and the rest wait like a person and each come from an address of their own
 * (a botnet), so only the form's rules can stop them.
 */
async function botSignUps(baseUrl: string, sql: pg.Client, phase: Phase, until: number): Promise<Bot[]> {
  const bots: Bot[] = [];
  const tally = (trap: string, created: boolean, refused: boolean) => {
    const t = (phase.signUps[trap] ??= { tried: 0, refused: 0, created: 0 });
    t.tried++;
    if (created) t.created++;
    if (refused) t.refused++;
  };
  const run = async (i: number) => {
    const trap = i % 5 === 0 ? 'honeypot filled' : i % 5 === 1 ? 'sent at once' : i % 5 === 2 ? 'disposable address' : 'waits like a person';
    const ip = trap === 'waits like a person' ? addressFor(2, ++ipSerial) : addressFor(4, i % 3);
    const name = `promo_${Date.now().toString(36)}_${i}`;
    const email = `${name}@${trap === 'disposable address' ? 'mailinator.com' : 'fastmail-box.example'}`;
    const token = await send(baseUrl, 'GET', '/api/auth/register-token', { ip });
    const formToken = token.status === 200 ? (JSON.parse(token.text) as { token: string }).token : undefined;
    if (trap !== 'sent at once') await sleep(3_500);
    const res = await send(baseUrl, 'POST', '/api/auth/register', {
      ip,
      body: { firstName: 'Promo', lastName: 'Deals', username: name, email, password: 'Sp4m!Sp4m!x', formToken, ...(trap === 'honeypot filled' ? { website: 'https://deals.example' } : {}) },
    });
    if (res.status !== 200 && res.status !== 201) return tally(trap, false, true);
    // The bot reads its own mailbox: the code is in the mail the app wrote.
    let code: string | undefined;
    for (let tries = 0; tries < 50 && !code; tries++) {
      const { rows } = await sql.query('select text from emails where "to" = $1 order by id desc limit 1', [email]);
      code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
      if (!code) await sleep(100);
    }
    const verified = await send(baseUrl, 'POST', '/api/auth/verify-code', { ip, body: { email, code } });
    const cookie = verified.setCookie?.split(';')[0];
    if (verified.status !== 200 || !cookie) return tally(trap, false, true);
    tally(trap, true, false);
    bots.push({ email, cookie, ip });
  };
  // Sign-ups arrive over the first third of the wave, one every so often, ten in flight at most.
  const start = performance.now();
  const gap = (until - start) / 3 / BOTS;
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < BOTS) {
        const i = next++;
        await sleep(start + i * gap - performance.now());
        await run(i);
      }
    }),
  );
  return bots;
}

/** The bots that got an account send the spam, cycling through its kinds, as posts and comments. */
async function botSpam(baseUrl: string, bots: Bot[], categoryIds: number[], postIds: number[], spamPostIds: Set<number>, phase: Phase, until: number) {
  if (bots.length === 0) return;
  // The items arrive evenly over what is left of the wave (the issue's "over a few minutes"), eight in flight at most.
  const start = performance.now();
  const gap = Math.max(0, until - start - 2_000) / ITEMS;
  let n = 0;
  const sender = async () => {
    while (n < ITEMS && performance.now() < until) {
      const i = n++;
      await sleep(start + i * gap - performance.now());
      const bot = bots[i % bots.length]!;
      const spam = SPAM_KINDS[i % SPAM_KINDS.length]!;
      const tally = (phase.spam[spam.kind] ??= { published: 0, held: 0, refused: 0 });
      const res =
        i % 3 === 0
          ? await send(baseUrl, 'POST', '/api/forum/posts', { cookie: bot.cookie, ip: bot.ip, body: { title: spam.title, content: spam.body, categoryId: categoryIds[i % categoryIds.length] } })
          : await (async () => {
              const postId = postIds[i % Math.min(postIds.length, 6)]!;
              spamPostIds.add(postId);
              return send(baseUrl, 'POST', `/api/forum/posts/${postId}/comments`, { cookie: bot.cookie, ip: bot.ip, body: { content: spam.body } });
            })();
      if (res.status === 201) tally.published++;
      else if (res.status === 202) tally.held++;
      else tally.refused++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}

async function runPhase(
  name: string,
  baseUrl: string,
  members: Member[],
  categoryIds: number[],
  postIds: number[],
  sql: pg.Client,
  wave: boolean,
  appPid: number,
): Promise<Phase> {
  const phase = newPhase(name);
  const cpu0 = cpuNow(appPid);
  const until = performance.now() + SECONDS * 1000;
  const spamPostIds = new Set<number>();
  const attack = async () => {
    if (!wave) return;
    const bots = await botSignUps(baseUrl, sql, phase, until);
    await botSpam(baseUrl, bots, categoryIds, postIds, spamPostIds, phase, until);
  };
  await Promise.all([legitWriters(baseUrl, members, categoryIds, postIds, phase, until), guest(baseUrl, phase, postIds, spamPostIds, until), attack()]);
  phase.loadAfter = loadAverage();
  const cpu1 = cpuNow(appPid);
  phase.cpu = { app: cpu1.app - cpu0.app, postgres: cpu1.postgres - cpu0.postgres, bench: cpu1.bench - cpu0.bench };
  return phase;
}

const p95 = (rs: Result[]) => percentile(rs.map((r) => r.ms).sort((a, b) => a - b), 95);

async function main() {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL }); // migrates
  await seedDatabase(database.db, loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB_URL, LOG_LEVEL: 'silent', SEED_DEMO: '1' }), { info: () => {} });
  const members = await addMembers(database.db, DB_URL, MEMBERS, 'spambench');
  await database.close();
  const sql = new pg.Client({ connectionString: DB_URL });
  await sql.connect();
  for (const [phrase, action] of WATCHED) await sql.query('insert into watched_words (phrase, action) values ($1, $2)', [phrase, action]);
  const categoryIds = (await sql.query('select id from categories order by id')).rows.map((r) => r.id as number);
  const postIds = (await sql.query('select id from posts where deleted_at is null order by created_at desc limit 20')).rows.map((r) => r.id as number);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-spam-bench-'));
  const port = await freePort();
  const app = await startApp({ databaseUrl: DB_URL, port, nodeFlags: NODE_FLAGS, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' } });
  const phases: Phase[] = [];
  try {
    // A warm-up the report leaves out: a cold process (its code not yet compiled, its caches empty) would
    // make the baseline slow and the wave look better than it is.
    await legitWriters(app.baseUrl, members, categoryIds, postIds, newPhase('warm-up'), performance.now() + WARM_UP_SECONDS * 1000);
    phases.push(await runPhase('baseline (members only)', app.baseUrl, members, categoryIds, postIds, sql, false, app.pid));
    phases.push(await runPhase(`wave (${BOTS} bot sign-ups, ${ITEMS} spam items)`, app.baseUrl, members, categoryIds, postIds, sql, true, app.pid));
  } finally {
    await stopApp(app);
    await sql.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(DB_URL);
  }

  const [base, wave] = phases as [Phase, Phase];
  const spamRows = Object.entries(wave.spam).map(([kind, t]) => `| ${kind} | ${t.published + t.held + t.refused} | ${t.published} | ${t.held} | ${t.refused} |`);
  const signUpRows = Object.entries(wave.signUps).map(([trap, t]) => `| ${trap} | ${t.tried} | ${t.refused} | ${t.created} |`);
  const phaseRow = (p: Phase) =>
    `| ${p.name} | ${p.legitPosts.length} | ${fmt(p95(p.legitPosts))} | ${p.legitComments.length} | ${fmt(p95(p.legitComments))} | ${p.legitHeld} | ${p.legitRefused} | ${p.spamVisibleMax} | ${p.spamSeen.size} | ${p.guestReads} | ${fmt(p.cpu.app)} / ${fmt(p.cpu.postgres)} / ${fmt(p.cpu.bench)} | ${fmt(p.loadBefore, 2)} → ${fmt(p.loadAfter, 2)} |`;
  const ratio = p95(wave.legitPosts) / p95(base.legitPosts);
  const lines = [
    `# A spam wave — ${today()}`,
    '',
    `Machine: ${machine()}. Production app in its own process on PostgreSQL (demo forum + ${MEMBERS} established members).`,
    `After ${WARM_UP_SECONDS} s of the members writing (not counted), each phase ${SECONDS} s: ${WRITERS} members write at a time (a post in eight, otherwise comments; one item in five with a link`,
    `to a real site); in the wave ${BOTS} bots sign up through the form and those that get an account send up to ${ITEMS} spam items.`,
    `A guest reads the newest 50 posts, three searches and the spammed post pages every 250 ms. Watched words: ${WATCHED.map(([p, a]) => `\`${p}\` (${a})`).join(', ')}.`,
    'Latencies in ms (p95, each request to the last byte); the load average (1 min) before → after each phase.',
    '',
    '| phase | member posts | post p95 | member comments | comment p95 | members held | members refused | spam visible at once (max) | spam items a guest ever saw | guest reads | CPU s: app / PostgreSQL / bench | load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    phaseRow(base),
    phaseRow(wave),
    '',
    `Members' post p95 in the wave: ${fmt(ratio * 100, 0)} % of the baseline's (goal: within 110 %).`,
    '',
    '## Sign-ups',
    '',
    '| bot | tried | refused | accounts |',
    '|---|---:|---:|---:|',
    ...signUpRows,
    '',
    '## Spam sent by the bots that got an account',
    '',
    '| kind | sent | published | held for review | refused |',
    '|---|---:|---:|---:|---:|',
    ...spamRows,
    '',
    `Goals: spam visible to a guest at any moment 0 (measured: ${wave.spamVisibleMax}; ever seen: ${wave.spamSeen.size}); members' items held 0 (measured: ${base.legitHeld + wave.legitHeld}, refused ${base.legitRefused + wave.legitRefused}${
      base.legitRefused + wave.legitRefused
        ? `: ${[base, wave]
            .flatMap((p) => Object.entries(p.legitRefusedBy).map(([why, n]) => `${n} × ${why} (${p === base ? 'baseline' : 'wave'})`))
            .join('; ')}`
        : ''
    }).`,
    '',
  ];
  const out = path.join(root, 'bench/results', `${today()}-spam.md`);
  fs.writeFileSync(out, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nwritten to ${path.relative(root, out)}\n`);
}

await main();
