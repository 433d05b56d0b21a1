// JavaScript budget, enforced by `npm run build`: the gzipped JS a page loads before the user can
// interact = the entry chunk + its static imports (recursively) + the route's lazy page chunk(s) + their
// static imports. Read from Vite's manifest; exits 1 over budget or when a page chunk cannot be found,
// so the budget is never skipped silently.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Issue 15's budget; the pages load about 47–60 kB since Preact runs the tree (ADR 0007).
const LIMIT_BYTES = 100 * 1000; // gzipped per page

/**
 * Pages under budget and the source files of their lazily loaded page modules (paths relative to
 * client/, as in the manifest). `src` is exact when the page file exists; otherwise `pattern` finds
 * it, and a page that neither finds fails the check.
 */
const PAGES = [
  { route: '/', name: 'landing', src: ['src/app/routes/landing.tsx'], pattern: /landing/i },
  { route: '/forum', name: 'forum list', src: ['src/features/forum/pages/forum-page.tsx'], pattern: /forum-list|forum-page/i },
  { route: '/forum/posts/:slug', name: 'post', src: ['src/features/forum/pages/post-detail-page.tsx'], pattern: /post-detail/i },
];

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
const manifestPath = path.join(root, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) fail(`${manifestPath} not found: run \`vite build\` (manifest: true) first.`);
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
if (entries.length !== 1) fail(`expected one entry chunk in the manifest, found ${entries.length}.`);
const [entryKey] = entries[0];

const gzCache = new Map();
function gzSize(file) {
  if (!gzCache.has(file)) {
    const data = fs.readFileSync(path.join(root, file));
    gzCache.set(file, zlib.gzipSync(data, { level: 9 }).length);
  }
  return gzCache.get(file);
}

/** The chunk and everything it imports statically: what the browser fetches before running it. */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`manifest has no chunk ${key}`);
  into.add(key);
  for (const dep of chunk.imports ?? []) withStaticImports(dep, into);
  return into;
}

function pageChunks(page) {
  const lazy = Object.entries(manifest).filter(([, c]) => c.isDynamicEntry);
  const exact = lazy.filter(([, c]) => page.src.includes(c.src));
  if (exact.length) return exact.map(([k]) => k);
  const found = lazy.filter(([, c]) => c.src && page.pattern.test(c.src));
  if (!found.length) {
    fail(
      `cannot find the lazily loaded ${page.name} page (route ${page.route}) in the manifest: no dynamic ` +
        `entry's src matches ${page.pattern}. Lazy chunks: ${lazy.map(([, c]) => c.src).join(', ') || 'none'}.\n` +
        `Set its source file in PAGES in scripts/check-budget.mjs.`,
    );
  }
  return found.map(([k]) => k);
}

const rows = [];
let over = false;
const entrySet = withStaticImports(entryKey);
for (const page of PAGES) {
  const pages = pageChunks(page);
  const keys = new Set(entrySet);
  for (const key of pages) withStaticImports(key, keys);
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((n, f) => n + gzSize(f), 0);
  const ok = bytes <= LIMIT_BYTES;
  over ||= !ok;
  rows.push({
    route: page.route,
    'page module': pages.map((k) => manifest[k].src).join(', '),
    chunks: js.length,
    'JS gzipped': `${(bytes / 1000).toFixed(1)} kB`,
    budget: `${LIMIT_BYTES / 1000} kB`,
    result: ok ? 'ok' : 'OVER',
  });
}

console.log('JavaScript budget (loaded before interaction, gzip -9):');
console.table(rows);
if (over) fail('over the JavaScript budget: split code out of the entry or the page (lazy import) or drop a dependency.');

function fail(message) {
  console.error(`check-budget: ${message}`);
  process.exit(1);
}
