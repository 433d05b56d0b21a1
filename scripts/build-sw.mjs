// The service worker's build (issue 16), run by `vite build` once the client is written (vite.config.ts,
// serviceWorker()): writes the offline page and the app shell beside the build, lists every file of
// the build for Workbox's precache (hashed chunks by name, other files with a hash of their bytes as
// revision) and bundles client/src/sw/sw.ts into dist/client/sw.js with that list in place of
// self.__WB_MANIFEST (what workbox-build's injectManifest does, without its Babel and Rollup).
// The worker is not page JavaScript, so scripts/check-budget.mjs does not count it; its own size is
// printed here.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

const here = path.resolve(import.meta.dirname, '..');
const SW_SOURCE = path.join(here, 'client/src/sw');
/** Written here, in the build's root, and precached (client/src/sw/policy.ts names them). */
const OFFLINE_PAGE = 'offline.html';
const APP_SHELL = 'app-shell.html';
const SW_FILE = 'sw.js';
/** Never precached: Vite's manifest, compressed copies, the server's own template, the worker itself. */
const SKIP = (rel) => rel.startsWith('.vite/') || /\.(br|gz)$/.test(rel) || rel === 'index.html' || rel === SW_FILE;
/** Vite's content-hashed chunks: their name changes with their bytes, so they need no revision. */
const HASHED = /^assets\/.+-[\w-]{8}\.\w+$/;

/**
 * @param {{ outDir?: string, plugins?: import('vite').PluginOption[], alias?: Record<string, string> }} [opts]
 *   plugins and alias: how the client build resolves `@endpoints/…` and `@common/…`, for the worker's imports.
 */
export async function buildServiceWorker(opts = {}) {
  const outDir = path.resolve(opts.outDir ?? path.join(here, 'dist/client'));
  const index = await fs.readFile(path.join(outDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`build-sw: ${outDir}/index.html not found; run \`vite build\` first.`);
  });
  // The app shell is the built index.html as it is (its chunks and stylesheet linked, all precached):
  // offline, the app renders a post it kept the API's answer for from it.
  await fs.writeFile(path.join(outDir, APP_SHELL), index);
  await fs.copyFile(path.join(SW_SOURCE, OFFLINE_PAGE), path.join(outDir, OFFLINE_PAGE));

  const entries = await precacheEntries(outDir);
  const buildId = crypto.createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
  await build({
    configFile: false,
    root: SW_SOURCE,
    publicDir: false,
    logLevel: 'warn',
    plugins: opts.plugins ?? [],
    resolve: { alias: opts.alias ?? {} },
    define: {
      'self.__WB_MANIFEST': JSON.stringify(entries),
      __BUILD_ID__: JSON.stringify(buildId),
      // Workbox's development logging goes with it.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      // A classic script (an IIFE): every browser with service workers runs it, module workers not all.
      lib: { entry: path.join(SW_SOURCE, 'sw.ts'), formats: ['iife'], name: 'kerbsideServiceWorker', fileName: () => SW_FILE },
    },
  });

  const sw = await fs.readFile(path.join(outDir, SW_FILE));
  if (sw.includes('__WB_MANIFEST')) throw new Error('build-sw: the precache list was not written into sw.js.');
  const total = await entries.reduce(async (n, e) => (await n) + (await fs.stat(path.join(outDir, e.url.slice(1)))).size, Promise.resolve(0));
  const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`build-sw: ${SW_FILE} ${kB(sw.length)} (gzip ${kB(zlib.gzipSync(sw, { level: 9 }).length)}), build ${buildId}, precaching ${entries.length} files (${kB(total)})`);
  return { entries, buildId };
}

/** @returns {Promise<Array<{url: string, revision: string | null}>>} sorted by URL, so one build gives one list */
export async function precacheEntries(outDir) {
  const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(outDir, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .filter((rel) => !SKIP(rel))
    .sort();
  return Promise.all(
    files.map(async (rel) => ({
      url: `/${rel}`,
      revision: HASHED.test(rel) ? null : crypto.createHash('sha256').update(await fs.readFile(path.join(outDir, rel))).digest('hex').slice(0, 16),
    })),
  );
}

