import type { PluginOption } from 'vite';

export type PrecacheEntry = { url: string; revision: string | null };

/** scripts/build-sw.mjs: writes offline.html, app-shell.html and sw.js into the client build. */
export function buildServiceWorker(opts?: { outDir?: string; plugins?: PluginOption[]; alias?: Record<string, string> }): Promise<{ entries: PrecacheEntry[]; buildId: string }>;
export function precacheEntries(outDir: string): Promise<PrecacheEntry[]>;
