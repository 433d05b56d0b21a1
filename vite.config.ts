import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { buildServiceWorker } from './scripts/build-sw.mjs';
import { iconSprite } from './scripts/icon-sprite.mjs';
import { faviconDataUrl } from './common/favicon.ts';
import { THEME_SCRIPT } from './common/theme.ts';

const root = path.resolve(import.meta.dirname, 'client');
const contracts = path.resolve(import.meta.dirname, 'common/contracts');
const aliases = {
  '@': path.resolve(root, 'src'),
  '@common': path.resolve(import.meta.dirname, 'common'),
};

/**
 * `@endpoints/<feature>`: the endpoint objects of common/contracts/<feature>.ts as the client runs
 * them, `{method, path, errors}` each and nothing else. The client's types come from the contract
 * itself (tsconfig.json maps the same name to it); at run time a call needs only the method and path,
 * so zod and the schemas (40 kB gzipped) stay out of the pages that only call the API. A client
 * import of anything else from `@endpoints/…` fails the build (the name is not exported). Vitest
 * maps the name to the contract itself (vitest.config.ts).
 */
function endpointsForTheClient(): Plugin {
  const prefix = '@endpoints/';
  const virtual = '\0endpoints:';
  return {
    name: 'kerbside:endpoints-for-the-client',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(prefix) ? virtual + source.slice(prefix.length) : undefined),
    async load(id) {
      if (!id.startsWith(virtual)) return undefined;
      const file = path.join(contracts, `${id.slice(virtual.length)}.ts`);
      this.addWatchFile(file);
      const mod = (await tsImport(`${pathToFileURL(file).href}?v=${Date.now()}`, import.meta.url)) as Record<string, unknown>;
      const lines: string[] = [];
      for (const [name, value] of Object.entries(mod)) {
        if (!isEndpoint(value)) continue;
        const { method, path: url, errors } = value;
        lines.push(`export const ${name} = ${JSON.stringify({ method, path: url, errors })};`);
      }
      return lines.join('\n');
    },
  };
}

function isEndpoint(v: unknown): v is { method: string; path: string; errors: number[] } {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return typeof e.method === 'string' && typeof e.path === 'string' && e.path.startsWith('/api/') && Array.isArray(e.errors) && typeof e.responses === 'object';
}

/**
 * The theme's script (common/theme.ts) inline at the top of <head>, after the charset, so every page
 * made from index.html (the server's pages, the 404, the service worker's app shell, `npm run dev`)
 * wears the reader's Light or Dark before its first paint. The server allows it by the hash of the
 * same string.
 */
function themeScriptInHead(): Plugin {
  return {
    name: 'kerbside:theme-script',
    transformIndexHtml: (html) => {
      const charset = /<meta charset="[^"]*"\s*\/?>/i;
      if (!charset.test(html)) throw new Error('index.html: the theme script goes after <meta charset>, which is missing');
      return html.replace(charset, (tag) => `${tag}\n    <script>${THEME_SCRIPT}</script>`);
    },
  };
}

/** The tab's icon inside the page, not asked for before its first paint (common/favicon.ts). */
function faviconInPage(): Plugin {
  const dataUrl = faviconDataUrl(fs.readFileSync(path.resolve(root, 'public/favicon.svg'), 'utf8'));
  return {
    name: 'kerbside:favicon-in-page',
    transformIndexHtml: (html) => {
      const link = 'href="/favicon.svg"';
      if (!html.includes(link)) throw new Error('index.html: the icon link to /favicon.svg is missing');
      return html.replace(link, `href="${dataUrl}"`);
    },
  };
}

/**
 * /sw.js (issue 16): once the client build is written, scripts/build-sw.mjs lists its files for the
 * worker's precache and bundles client/src/sw/sw.ts, resolving `@endpoints/…` as the client does. Part
 * of every client build (`npm run build`, `npm start`), so a build never ships without its worker.
 */
function serviceWorker(outDir: string, alias: Record<string, string>): Plugin {
  return {
    name: 'kerbside:service-worker',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: async () => {
        await buildServiceWorker({ outDir, alias, plugins: [endpointsForTheClient()] });
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: isSsrBuild ? false : path.resolve(root, 'public'),
  plugins: [
    endpointsForTheClient(),
    // The server renders the same references; the client build writes the sprite.
    iconSprite({ srcDir: path.resolve(root, 'src'), helper: path.resolve(root, 'src/components/ui/sprite-icon.tsx'), emit: !isSsrBuild }),
    themeScriptInHead(),
    faviconInPage(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [serviceWorker(path.resolve(import.meta.dirname, 'dist/client'), aliases)])],
  // JSX compiles to Preact's runtime: `react` and `react-dom` are Preact's compatibility layer (ADR 0007).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: aliases },
  // `vite build --ssr src/entry-server.tsx` builds the server renderer (dist/ssr): the same tree,
  // its packages left to node_modules, but for lucide-react, whose one module of every icon cost
  // ~175 ms of each start and ~25 MB resident when imported whole (issue 15).
  ssr: { noExternal: ['lucide-react'] },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? 'dist/ssr' : 'dist/client'),
    emptyOutDir: true,
    manifest: !isSsrBuild,
    sourcemap: false,
    target: 'es2022',
    // Everything the entry imports statically goes into the entry chunk: every page needs all of it
    // before it can run, and 40 small shared chunks cost 40 gzip dictionaries and requests for the
    // same bytes (11 kB more). The entry module itself stays out of the group, so it remains the
    // manifest's entry.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/main.tsx') }] } } },
  },
  server: {
    // `npm run dev`: Vite serves the client with hot reload and forwards the API and socket.
    proxy: {
      '/api': 'http://127.0.0.1:5001',
      '/ws': { target: 'ws://127.0.0.1:5001', ws: true },
      '/healthz': 'http://127.0.0.1:5001',
      '/readyz': 'http://127.0.0.1:5001',
    },
  },
}));
