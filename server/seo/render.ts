import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BOOT_SCRIPT } from '../../common/boot.ts';
import { escapeHtml } from '../lib/html.ts';

// The server's side of server rendering (issue 15): loading the React renderer built from
// client/src/entry-server.tsx, and what the page needs around its markup.

/** What client/src/entry-server.tsx exports (kept structural: the server build does not compile client code). */
export type RenderedApp = { html: string; state: { queries: unknown; notFound: boolean }; pageSources: string[] };
export type Renderer = {
  renderApp(opts: { url: string; fetch: (url: string, init: RequestInit) => Promise<Response>; notFound: boolean }): Promise<RenderedApp>;
};

/** The renderer built beside the client (dist/ssr next to dist/client), or null when it is not built. */
export async function loadRenderer(clientDir: string): Promise<Renderer | null> {
  const file = path.join(clientDir, '../ssr/entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The client build's manifest (Vite, manifest: true); empty when the build has none (tests). */
export function readManifest(clientDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * The page modules a render used, as the files the browser needs beside the app's chunk: each
 * chunk and its static imports, minus the entry's own, so they are fetched together with the app
 * instead of after it has run (client/public/boot.js), and the page's stylesheets.
 */
export function pageAssets(manifest: Manifest, sources: string[]): { scripts: string[]; styles: string[] } {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const page = new Set<string>();
  for (const source of sources) walk(source, page);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of page) {
    if (entry.has(key)) continue;
    scripts.push(`/${manifest[key]!.file}`);
    for (const css of manifest[key]!.css ?? []) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/**
 * index.html's app script, started after the first paint instead (common/boot.ts): the page carries
 * the starter itself, its tag naming the app's chunk in data-app, and the manifest is linked by it
 * once the page has painted, so that nothing but the page is asked for before its first paint.
 */
export function deferAppScript(html: string): string {
  return html
    .replace(/\s*<link rel="manifest" href="[^"]*" \/>/, '')
    .replace(/<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/, (_tag, src: string) => `<script type="module" data-app="${src}">${BOOT_SCRIPT}</script>`);
}

/** The deferred app script of `html` with the page's own chunks (data-page), fetched beside the app. */
export function withPageScripts(html: string, scripts: string[]): string {
  if (!scripts.length) return html;
  return html.replace(/ data-app="([^"]*)"/, (_m, app: string) => ` data-app="${app}" data-page="${escapeHtml(scripts.join(' '))}"`);
}

/** The state to hydrate with, as JSON the HTML parser cannot end early (`<` is escaped). */
export function stateScript(state: RenderedApp['state']): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="kerbside-state" type="application/json">${json}</script>`;
}
