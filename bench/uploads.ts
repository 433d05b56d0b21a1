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
// p50/p95, with the load average beside every figure (the machine is shared). Writes
// bench/results/<date>-uploads.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { openDatabase } from '../server/db/client.ts';
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
  recreateDatabase,
  root,
  startApp,
  stopApp,
  today,
} from './harness.ts';

const DB_URL = process.env.UPLOADS_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kerbside_uploads_bench';
const SECONDS = envNumber('UPLOADS_BENCH_SECONDS', 15);
const READERS = envNumber('UPLOADS_BENCH_READERS', 4);
const UPLOADERS = envNumber('UPLOADS_BENCH_UPLOADERS', 4);
// Enough members that no one's upload allowance (MEMBER_LIMITS.upload: 20 a minute) is reached.
const MEMBERS = 60;

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

async function main() {
  await recreateDatabase(DB_URL);
  const database = await openDatabase({ url: DB_URL }); // migrates
  await seedDatabase(database.db, loadConfig({ NODE_ENV: 'production', DATABASE_URL: DB_URL, LOG_LEVEL: 'silent', SEED_DEMO: '1' }), { info: () => {} });
  const members = await addMembers(database.db, DB_URL, MEMBERS, 'uploadbench');
  await database.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-uploads-bench-'));
  const port = await freePort();
  const app = await startApp({ databaseUrl: DB_URL, port, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
  const phases: Phase[] = [];
  try {
    const phone = await photo(2048, 1536, 82);
    const camera = await photo(4032, 3024, 92);
    const cookies = members.map((m) => m.cookie);
    // A warm-up, so the first phase does not pay for the first query plans and sharp's first load.
    await runPhase(app.baseUrl, cookies, 'warm-up', phone).catch(() => undefined);
    phases.push(await runPhase(app.baseUrl, cookies, 'reads only (baseline)', null));
    phases.push(await runPhase(app.baseUrl, cookies, `reads + ${UPLOADERS} uploading phone photos`, phone));
    phases.push(await runPhase(app.baseUrl, cookies, `reads + ${UPLOADERS} uploading camera originals`, camera));
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
    '| phase | photo | reads/s | read p50 | read p95 | read max | uploads/s | upload p50 | upload p95 | failures | load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...phases.map((p) => `| ${row(p)} |`),
    '',
  ];
  const out = path.join(root, 'bench/results', `${today()}-uploads.md`);
  fs.writeFileSync(out, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nwritten to ${path.relative(root, out)}\n`);
}

await main();
