import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
 * Preload hints for the page modules a render used: each chunk and its static imports, minus the
 * entry's own (index.html already names those), so the browser fetches the page's code beside the
 * entry instead of after it has run.
 */
export function pageHints(manifest: Manifest, sources: string[]): string {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const page = new Set<string>();
  for (const source of sources) walk(source, page);
  const links: string[] = [];
  for (const key of page) {
    if (entry.has(key)) continue;
    const chunk = manifest[key]!;
    links.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk.file)}" />`);
    for (const css of chunk.css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}" />`);
  }
  return links.join('\n    ');
}

/** The state to hydrate with, as JSON the HTML parser cannot end early (`<` is escaped). */
export function stateScript(state: RenderedApp['state']): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="kerbside-state" type="application/json">${json}</script>`;
}
