import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precacheEntries } from './build-sw.mjs';

// The service worker's precache list (scripts/build-sw.mjs): every file of the build a page may need,
// hashed chunks by name and other files with a revision that changes with their bytes.

describe('precacheEntries', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-sw-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
  };

  it('lists the chunks, icons, manifest and worker pages; never compressed copies, index.html, the worker or Vite’s manifest', async () => {
    for (const rel of ['assets/index-DxYz9876.js', 'assets/index-UuWDuC4U.css', 'boot.js', 'icon-192.png', 'manifest.webmanifest', 'offline.html', 'app-shell.html', 'index.html', 'sw.js', 'assets/index-DxYz9876.js.br', 'assets/index-DxYz9876.js.gz', '.vite/manifest.json']) {
      write(rel, `bytes of ${rel}`);
    }
    const entries = await precacheEntries(dir);
    expect(entries.map((e) => e.url)).toEqual(['/app-shell.html', '/assets/index-DxYz9876.js', '/assets/index-UuWDuC4U.css', '/boot.js', '/icon-192.png', '/manifest.webmanifest', '/offline.html']);
    const byUrl = new Map(entries.map((e) => [e.url, e.revision]));
    expect(byUrl.get('/assets/index-DxYz9876.js')).toBeNull();
    expect(byUrl.get('/boot.js')).toMatch(/^[0-9a-f]{16}$/);

    write('boot.js', 'changed bytes');
    const again = new Map((await precacheEntries(dir)).map((e) => [e.url, e.revision]));
    expect(again.get('/boot.js')).not.toBe(byUrl.get('/boot.js'));
    expect(again.get('/offline.html')).toBe(byUrl.get('/offline.html'));
  });
});
