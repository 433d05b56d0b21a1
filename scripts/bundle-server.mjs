// The compiled server (dist/server, tsc's output: one file per module) bundled into a few files, what
// `npm start` and the image run (ADR 0005's amendment, issue 31 item 6). Node's module loader opened,
// resolved and compiled ~350 files of ours and ~1,000 of our packages on every start: ~0.9 s of a
// restart's ~2.4 s on this project's 2-core machine. Bundled, a restart answers ~0.5 s sooner
// (bench/results/2026-11-30-idle.md). What is imported lazily (the passkey library, web-push, the
// PostgreSQL driver, the demo content) stays out of the first files, in chunks of its own.
//
// Usage: node scripts/bundle-server.mjs [dist/server [dist/server-bundle]]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Packages left to Node, from node_modules: those that read files beside their own modules (PGlite's
 * WebAssembly and file system image) or load a native addon (argon2, sharp), and pg's optional native
 * binding, which is not installed.
 */
export const EXTERNAL = ['@electric-sql/pglite', 'argon2', 'sharp', 'pg-native'];

/**
 * How many builds stay in the bundle's folder: a process that started from the one before a rebuild
 * (the other of two behind a proxy, restarted in turn) still loads its lazy chunks from it.
 */
const KEPT_BUILDS = 2;

/**
 * Bundles `compiled`/server/main.js into `out`/<build>/ and points `out`/main.js at it. Each build has a
 * folder of its own, so that a running process never finds its chunks replaced by another build's;
 * main.js is written last, by a rename, so a start never runs half a build. Returns the entry's path.
 */
export async function bundleServer(compiled = 'dist/server', out = 'dist/server-bundle') {
  const buildId = `${Date.now().toString(36)}-${process.pid}`;
  const dir = path.join(out, buildId);
  await build({
    entryPoints: [path.join(compiled, 'server/main.js')],
    outdir: dir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    // tsc's source maps are read and chained: a stack trace names the TypeScript sources. Without the
    // sources' text: Node reads a map whole when it loads the module (--enable-source-maps), and with
    // every package's code in it one process held ~55 MB more (bench/results/2026-11-30-idle.md).
    sourcemap: true,
    sourcesContent: false,
    external: EXTERNAL,
    // The CommonJS packages bundled in call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith('.map')) fs.writeFileSync(path.join(dir, file), JSON.stringify(ownCodeOnly(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')))));
  }
  const entry = path.join(out, 'main.js');
  const partial = `${entry}.${process.pid}.partial`;
  fs.writeFileSync(partial, `// The server's current build (scripts/bundle-server.mjs).\nimport './${buildId}/main.js';\n`);
  fs.renameSync(partial, entry);
  const earlier = fs
    .readdirSync(out, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== buildId)
    .map((e) => ({ name: e.name, at: fs.statSync(path.join(out, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of earlier.slice(KEPT_BUILDS - 1)) fs.rmSync(path.join(out, old.name), { recursive: true, force: true });
  return entry;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`: per generated line, segments of 1, 4 or 5 numbers, each relative to the one before. */
function decodeMappings(mappings) {
  const state = [0, 0, 0, 0, 0]; // generated column (per line), source, original line, original column, name
  return mappings.split(';').map((line) => {
    state[0] = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const fields = [];
        for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
          const digit = BASE64.indexOf(segment[i]);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = shift = 0;
          }
        }
        return fields.map((delta, i) => (state[i] += delta));
      });
  });
}

function encodeMappings(lines) {
  const state = [0, 0, 0, 0, 0];
  const vlq = (n) => {
    let value = n < 0 ? (-n << 1) | 1 : n << 1;
    let text = '';
    do {
      const digit = value & 31;
      value >>>= 5;
      text += BASE64[value ? digit | 32 : digit];
    } while (value);
    return text;
  };
  return lines
    .map((segments) => {
      state[0] = 0;
      return segments.map((fields) => fields.map((f, i) => vlq(f - state[i]) + ((state[i] = f), '')).join('')).join(',');
    })
    .join(';');
}

/**
 * The map without the packages' code: a stack frame in our code names its TypeScript line, one in a
 * package its place in the bundle (whose comments name the package's file). Node decodes a module's
 * whole map at the first stack trace through it and keeps it: ~40 MB and ~0.3 s for the app's chunk
 * with every package in it, a quarter of that for our own code.
 */
function ownCodeOnly(map) {
  const ours = map.sources.map((source) => !source.includes('node_modules/'));
  const lines = decodeMappings(map.mappings).map((segments) => segments.filter((fields) => fields.length > 1 && ours[fields[1]]));
  return { ...map, mappings: encodeMappings(lines) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [compiled, out] = process.argv.slice(2);
  await bundleServer(compiled, out);
}
