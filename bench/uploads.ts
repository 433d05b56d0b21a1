// Photos under load (issue 17; bench/README.md "Photos"). `npm run bench:uploads`.
//
// The rule it checks: processing a photo never blocks the event loop for other requests. It recreates
// its own database (UPLOADS_BENCH_DATABASE_URL, default kerbside_uploads_bench; the name must contain
// "bench"), seeds the demo forum, adds members with real sessions, and runs the production app in its
// own process (server/main.ts, photos in a temporary DATA_DIR). Then, for UPLOADS_BENCH_SECONDS (15)
// each:
//   1. baseline: READERS (4) clients read GET /api/forum/posts back to back, nothing else;
//   2. phone photos: the same readers while UPLOADERS (4) clients upload, back to back, the photo a
//      phone sends after its own downscale (2048×1536 JPEG, ~0.5 MB);
//   3. camera originals: the same with the file a desktop sends untouched (4032×3024 JPEG, several MB).
// It reports the readers' p50/p95/max latency and requests per second, and the uploads' count and
// p50/p95, with the load average beside every figure (the machine is shared).
//
// Then the burst (issue 29): a fresh app process, warmed with a few photos and left idle, takes
// UPLOADS_BENCH_BURST (200) clients each sending a ~3.2 MB camera photo at the same moment (each gives
// up after 180 s, as the issue's measure did). It reports the answers by status, what was stored that
// no client was told of (rows, and folders of files), the answer times (p50/p95/max), and the app's
// resident memory idle, at its peak and UPLOADS_BENCH_SETTLE_SECONDS (60) after the last answer, with
// /proc/loadavg before and after. Writes bench/results/<date>-uploads.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openDatabase } from '../server/db/client.ts';
import pg from 'pg';
import { seedDatabase } from '../server/db/seed/index.ts';
import { loadConfig } from '../server/config.ts';
import {
  addMembers,
  dropDatabase,
  envNumber,
  fmt,
  freePort,
  loadAverage,
  machine,
  percentile,
  mib,
  recreateDatabase,
  root,
  rssOf,
  sleep,
  startApp,
  stopApp,
  today,
  type Member,
} from './harness.ts';

const DB_URL = process.env.UPLOADS_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_uploads_bench';
const SECONDS = envNumber('UPLOADS_BENCH_SECONDS', 15);
const READERS = envNumber('UPLOADS_BENCH_READERS', 4);
const UPLOADERS = envNumber('UPLOADS_BENCH_UPLOADERS', 4);
// Enough members that no one's upload allowance (MEMBER_LIMITS.upload: 20 a minute) is reached.
const MEMBERS = 60;
const BURST = envNumber('UPLOADS_BENCH_BURST', 200);
const SETTLE_SECONDS = envNumber('UPLOADS_BENCH_SETTLE_SECONDS', 60);
/** `burst`: the burst alone (what `npm run bench:faults` runs), not the three phases of reads. */
const ONLY_BURST = process.env.UPLOADS_BENCH_ONLY === 'burst';
/** How long a burst client waits for its answer before giving up (the issue's measure: three minutes). */
const CLIENT_TIMEOUT_S = 180;
/** Photos sent one after another before the idle memory is read: sharp loaded, pools and plans warm. */
const WARM_UPLOADS = 4;
/** glibc's mmap threshold as `npm start` and the Dockerfile set it (scripts/start.mjs): production's allocator. */
const PRODUCTION_MALLOC = { MALLOC_MMAP_THRESHOLD_: '131072' };
/** The queue's settings when the bench's caller sets them; otherwise the app's defaults. */
const queueEnv = Object.fromEntries(['UPLOAD_CONCURRENCY', 'UPLOAD_QUEUE'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));

/** A photo-like JPEG: noise compresses as badly as a real scene does, so sizes are honest. */
async function photo(width: number, height: number, quality: number): Promise<Buffer> {
  const noise = await sharp({ create: { width: Math.round(width / 8), height: Math.round(height / 8), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(noise).resize(width, height, { kernel: 'cubic' }).jpeg({ quality }).toBuffer();
}

type Phase = {
  name: string;
  reads: number[];
  uploads: number[];
  failures: number;
  loadBefore: number;
  loadAfter: number;
  seconds: number;
  photoBytes?: number;
};

async function runPhase(baseUrl: string, cookies: string[], name: string, file: Buffer | null): Promise<Phase> {
  const phase: Phase = { name, reads: [], uploads: [], failures: 0, loadBefore: loadAverage(), loadAfter: 0, seconds: SECONDS, photoBytes: file?.length };
  const end = performance.now() + SECONDS * 1000;
  let next = 0;
  const reader = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/forum/posts`);
      await res.arrayBuffer();
      if (res.ok) phase.reads.push(performance.now() - t);
      else phase.failures++;
    }
  };
  const uploader = async () => {
    while (file && performance.now() < end) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
      const t = performance.now();
      const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { cookie: cookies[next++ % cookies.length]!, origin: baseUrl } });
      await res.arrayBuffer();
      if (res.status === 201) phase.uploads.push(performance.now() - t);
      else phase.failures++;
    }
  };
  await Promise.all([...Array.from({ length: READERS }, reader), ...Array.from({ length: file ? UPLOADERS : 0 }, uploader)]);
  phase.loadAfter = loadAverage();
  return phase;
}

function row(p: Phase): string {
  const reads = [...p.reads].sort((a, b) => a - b);
  const ups = [...p.uploads].sort((a, b) => a - b);
  return [
    p.name,
    p.photoBytes ? `${fmt(p.photoBytes / 1024, 0)} kB` : '–',
    fmt(reads.length / p.seconds, 0),
    fmt(percentile(reads, 50)),
    fmt(percentile(reads, 95)),
    fmt(reads.at(-1) ?? NaN),
    ups.length ? fmt(ups.length / p.seconds, 1) : '–',
    ups.length ? fmt(percentile(ups, 50), 0) : '–',
    ups.length ? fmt(percentile(ups, 95), 0) : '–',
    String(p.failures),
    `${fmt(p.loadBefore, 2)} → ${fmt(p.loadAfter, 2)}`,
  ].join(' | ');
}

type Burst = {
  clients: number;
  photoBytes: number;
  /** Answers by status ('201', '429', …, or how a client ended without one). */
  statuses: Map<string, number>;
  /** Answer times (ms) by status. */
  times: Map<string, number[]>;
  /** Rows and folders of files of the burst's members whose id no 201 answer carried. */
  unansweredRows: number;
  unansweredFolders: number;
  /** Received files still in $DATA_DIR/incoming at the end. */
  incomingLeft: number;
  rss: { idle: number; peak: number; after: number };
  load: { before: string; after: string };
};

const procLoadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

async function postPhoto(baseUrl: string, cookie: string, photo: Blob, timeoutMs: number) {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  const res = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { cookie, origin: baseUrl }, signal: AbortSignal.timeout(timeoutMs) });
  const body = (await res.json().catch(() => ({}))) as { id?: string };
  return { status: res.status, id: body.id };
}

/** The median of a few reads a second apart: one read can land on a passing allocation. */
async function steadyRss(pid: number): Promise<number> {
  const reads: number[] = [];
  for (let i = 0; i < 5; i++) {
    reads.push(rssOf(pid));
    await sleep(1000);
  }
  return reads.sort((a, b) => a - b)[2]!;
}

async function runBurst(members: Member[], file: Buffer): Promise<Burst> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-uploads-burst-'));
  const app = await startApp({ databaseUrl: DB_URL, port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...PRODUCTION_MALLOC, ...queueEnv } });
  const photo = new Blob([new Uint8Array(file)], { type: 'image/jpeg' });
  const [warm, clients] = [members.slice(0, WARM_UPLOADS), members.slice(WARM_UPLOADS)];
  const statuses = new Map<string, number>();
  const times = new Map<string, number[]>();
  const answered = new Set<string>();
  try {
    for (const m of warm) await postPhoto(app.baseUrl, m.cookie, photo, CLIENT_TIMEOUT_S * 1000);
    await sleep(10_000);
    const idle = await steadyRss(app.pid);
    let peak = idle;
    const watch = setInterval(() => (peak = Math.max(peak, rssOf(app.pid))), 100);
    const loadBefore = procLoadavg();
    await Promise.all(
      clients.map(async (m) => {
        const started = performance.now();
        let outcome: string;
        try {
          const { status, id } = await postPhoto(app.baseUrl, m.cookie, photo, CLIENT_TIMEOUT_S * 1000);
          outcome = String(status);
          if (status === 201 && id) answered.add(id);
        } catch (err) {
          outcome = (err as Error).name === 'TimeoutError' ? `no answer in ${CLIENT_TIMEOUT_S} s` : `connection failed (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message})`;
        }
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        times.set(outcome, [...(times.get(outcome) ?? []), performance.now() - started]);
      }),
    );
    process.stdout.write(`burst answered: ${[...statuses].map(([k, n]) => `${k} × ${n}`).join(', ')}; waiting ${SETTLE_SECONDS} s\n`);
    await sleep(SETTLE_SECONDS * 1000);
    const after = rssOf(app.pid);
    clearInterval(watch);
    const loadAfter = procLoadavg();

    const sql = new pg.Client({ connectionString: DB_URL });
    await sql.connect();
    const ids = (await sql.query('select id from uploads where user_id = any($1::int[])', [clients.map((m) => m.id)])).rows.map((r: { id: string }) => r.id);
    const warmIds = new Set((await sql.query('select id from uploads where user_id = any($1::int[])', [warm.map((m) => m.id)])).rows.map((r: { id: string }) => r.id));
    await sql.end();
    const list = (dir: string) => (fs.existsSync(path.join(dataDir, dir)) ? fs.readdirSync(path.join(dataDir, dir)) : []);
    return {
      clients: clients.length,
      photoBytes: file.length,
      statuses,
      times,
      unansweredRows: ids.filter((id) => !answered.has(id)).length,
      unansweredFolders: list('uploads').filter((id) => !answered.has(id) && !warmIds.has(id)).length,
      incomingLeft: list('incoming').length,
      rss: { idle, peak, after },
      load: { before: loadBefore, after: loadAfter },
    };
  } finally {
    await stopApp(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function burstLines(b: Burst): string[] {
  const ms = (xs: number[] | undefined) => {
    const sorted = [...(xs ?? [])].sort((x, y) => x - y);
    return sorted.length ? `${fmt(percentile(sorted, 50), 0)} / ${fmt(percentile(sorted, 95), 0)} / ${fmt(sorted.at(-1)!, 0)}` : '–';
  };
  const all = [...b.times.values()].flat();
  const vsIdle = (bytes: number) => `${bytes >= b.rss.idle ? '+' : ''}${fmt(((bytes - b.rss.idle) / b.rss.idle) * 100, 1)} %`;
  const settings = `UPLOAD_CONCURRENCY ${queueEnv.UPLOAD_CONCURRENCY ?? '2 (default)'}, UPLOAD_QUEUE ${queueEnv.UPLOAD_QUEUE ?? '8 (default)'}`;
  return [
    `## Burst: ${b.clients} clients send a photo at the same moment`,
    '',
    `A fresh production process (${settings}; \`MALLOC_MMAP_THRESHOLD_=131072\` as \`npm start\` sets it), warmed`,
    `with ${WARM_UPLOADS} photos one after another, then idle for 10 s. Each client sends one ${fmt(b.photoBytes / 1e6, 1)} MB camera JPEG`,
    `(4032×3024) and waits up to ${CLIENT_TIMEOUT_S} s for its answer. "Stored without an answer": rows (and folders of files)`,
    `of the burst's members whose id no 201 answer carried, counted ${SETTLE_SECONDS} s after the last answer. Resident memory`,
    `(VmRSS) idle is the median of five reads a second apart before the burst; peak is read every 100 ms.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| answers by status | ${[...b.statuses].sort().map(([k, n]) => `${k}: ${n}`).join(', ')} |`,
    `| stored without an answer (rows / folders of files) | ${b.unansweredRows} / ${b.unansweredFolders} |`,
    `| received files left in \`incoming\` | ${b.incomingLeft} |`,
    ...[...b.times.keys()].sort().map((k) => `| answer time, ${k}: p50 / p95 / max (ms) | ${ms(b.times.get(k))} |`),
    `| answer time, every client: p50 / p95 / max (ms) | ${ms(all)} |`,
    `| RSS idle / peak / ${SETTLE_SECONDS} s after the last answer | ${mib(b.rss.idle)} / ${mib(b.rss.peak)} / ${mib(b.rss.after)} MiB |`,
    `| RSS ${SETTLE_SECONDS} s after vs idle | ${vsIdle(b.rss.after)} (peak ${vsIdle(b.rss.peak)}) |`,
    `| load average (\`/proc/loadavg\`) before the burst | \`${b.load.before}\` |`,
    `| load average (\`/proc/loadavg\`) ${SETTLE_SECONDS} s after | \`${b.load.after}\` |`,
    '',
  ];
}

async function main() {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL }); // migrates
  await seedDatabase(database.db, loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB_URL, LOG_LEVEL: 'silent', SEED_DEMO: '1' }), { info: () => {} });
  const members = await addMembers(database.db, DB_URL, MEMBERS, 'uploadbench');
  // One member per burst client: no one's allowance is what refuses them.
  const burstMembers = await addMembers(database.db, DB_URL, WARM_UPLOADS + BURST, 'burstbench');
  await database.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-uploads-bench-'));
  const port = await freePort();
  const app = await startApp({ databaseUrl: DB_URL, port, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
  const phases: Phase[] = [];
  let burst: Burst;
  try {
    const phone = await photo(2048, 1536, 82);
    const camera = await photo(4032, 3024, 92);
    const cookies = members.map((m) => m.cookie);
    // A warm-up, so the first phase does not pay for the first query plans and sharp's first load.
    if (!ONLY_BURST) {
      await runPhase(app.baseUrl, cookies, 'warm-up', phone).catch(() => undefined);
      phases.push(await runPhase(app.baseUrl, cookies, 'reads only (baseline)', null));
      phases.push(await runPhase(app.baseUrl, cookies, `reads + ${UPLOADERS} uploading phone photos`, phone));
      phases.push(await runPhase(app.baseUrl, cookies, `reads + ${UPLOADERS} uploading camera originals`, camera));
    }
    await stopApp(app);
    // The issue's photo: a camera original of about 3.2 MB.
    burst = await runBurst(burstMembers, await photo(4032, 3024, 90));
  } finally {
    await stopApp(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(DB_URL);
  }

  const lines = [
    `# Photos under load — ${today()}`,
    '',
    `Machine: ${machine()}. Production app in its own process (PostgreSQL, demo forum, photos on disk).`,
    `${READERS} readers call \`GET /api/forum/posts\` back to back for ${SECONDS} s in each phase; in the upload phases`,
    `${UPLOADERS} more clients upload photos back to back (\`POST /api/uploads\`, each processed into WebP + JPEG at`,
    `full size ≤ 2048 px and WebP 320/640/1280 px widths). Latencies in ms. The load average (1 min) is read`,
    `before and after each phase.`,
    '',
    ...(ONLY_BURST
      ? ['(UPLOADS_BENCH_ONLY=burst: the phases of reads were not run.)']
      : [
          '| phase | photo | reads/s | read p50 | read p95 | read max | uploads/s | upload p50 | upload p95 | failures | load |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
          ...phases.map((p) => `| ${row(p)} |`),
        ]),
    '',
    ...burstLines(burst),
  ];
  const out = path.join(root, 'bench/results', `${today()}-uploads${ONLY_BURST ? '-burst' : ''}.md`);
  fs.writeFileSync(out, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nwritten to ${path.relative(root, out)}\n`);
}

await main();
