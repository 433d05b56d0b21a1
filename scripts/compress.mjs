// After `vite build`: writes .br (brotli 11) and .gz (gzip 9) beside every text asset of dist/client
// above 1 kB, so the server sends them as they are (@fastify/static preCompressed) and never
// compresses on the fly. Usage: node scripts/compress.mjs [dir]
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

async function compress(file) {
  const data = await fs.readFile(file);
  if (data.length <= MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return { raw: data.length, br: br.length, gz: gz.length };
}

try {
  await fs.access(path.join(root, 'index.html'));
} catch {
  console.error(`compress: ${root}/index.html not found; run \`vite build\` first.`);
  process.exit(1);
}

const files = [];
for await (const file of walk(root)) files.push(file);
const results = await Promise.all(files.map(compress));
const done = results.filter(Boolean);
const sum = (key) => done.reduce((n, r) => n + r[key], 0);
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `compress: ${done.length} of ${files.length} files in ${path.relative(process.cwd(), root) || '.'}: ` +
    `${kB(sum('raw'))} → brotli ${kB(sum('br'))}, gzip ${kB(sum('gz'))}`,
);
