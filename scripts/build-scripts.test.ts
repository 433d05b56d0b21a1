import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

const run = (script: string, dir: string) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, script), dir], { encoding: 'utf8' });

let dir: string;
function fakeBuild(files: Record<string, string>, manifest?: object) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-build-'));
  for (const [name, content] of Object.entries({ 'index.html': '<!doctype html><title>k</title>', ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  if (manifest) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  }
}
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('scripts/compress.mjs', () => {
  it('writes .br and .gz beside text assets above 1 kB only', () => {
    const big = `export const x = ${JSON.stringify('kerbside '.repeat(400))};`;
    fakeBuild({ 'assets/app-1.js': big, 'assets/tiny-2.js': 'export {}', 'assets/logo-3.png': big });
    const res = run('compress.mjs', dir);
    expect(res.status, res.stderr).toBe(0);
    const a = path.join(dir, 'assets/app-1.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${a}.br`)).toString()).toBe(big);
    expect(zlib.gunzipSync(fs.readFileSync(`${a}.gz`)).toString()).toBe(big);
    expect(fs.existsSync(path.join(dir, 'assets/tiny-2.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/logo-3.png.gz'))).toBe(false);
  });
});

describe('scripts/check-budget.mjs', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['_vendor-b.js'], dynamicImports: ['src/features/landing/pages/landing-page.tsx', 'src/features/forum/pages/forum-page.tsx', 'src/features/forum/pages/post-detail-page.tsx'] },
    '_vendor-b.js': { file: 'assets/vendor-b.js' },
    '_shared-c.js': { file: 'assets/shared-c.js', imports: ['_vendor-b.js'] },
    'src/features/landing/pages/landing-page.tsx': { file: 'assets/landing-page-d.js', src: 'src/features/landing/pages/landing-page.tsx', isDynamicEntry: true, imports: ['_shared-c.js'], css: ['assets/landing-e.css'] },
    'src/features/forum/pages/forum-page.tsx': { file: 'assets/forum-page-f.js', src: 'src/features/forum/pages/forum-page.tsx', isDynamicEntry: true, imports: ['_shared-c.js'] },
    'src/features/forum/pages/post-detail-page.tsx': { file: 'assets/post-detail-page-g.js', src: 'src/features/forum/pages/post-detail-page.tsx', isDynamicEntry: true, imports: ['_shared-c.js'] },
  };
  const js = (n: number) => `export const d = "${randomBytes(n).toString('base64')}";`;

  it('adds up entry, page and their static imports and passes under the budget', () => {
    fakeBuild(
      { 'assets/index-a.js': js(1000), 'assets/vendor-b.js': js(1000), 'assets/shared-c.js': js(1000), 'assets/landing-page-d.js': js(1000), 'assets/forum-page-f.js': js(1000), 'assets/post-detail-page-g.js': js(1000), 'assets/landing-e.css': 'a{}' },
      manifest,
    );
    const res = run('check-budget.mjs', dir);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('src/features/landing/pages/landing-page.tsx');
    expect(res.stdout).toMatch(/│\s+'\/'\s+│.*│\s+4\s+│/); // index, vendor, shared, landing page
  });

  it('fails over the budget', () => {
    fakeBuild(
      { 'assets/index-a.js': js(100), 'assets/vendor-b.js': js(300_000), 'assets/shared-c.js': js(100), 'assets/landing-page-d.js': js(100), 'assets/forum-page-f.js': js(100), 'assets/post-detail-page-g.js': js(100) },
      manifest,
    );
    const res = run('check-budget.mjs', dir);
    expect(res.status).toBe(1);
    expect(res.stdout).toContain('OVER');
    expect(res.stderr).toContain('over the JavaScript budget');
  });

  it('fails when it cannot find a page instead of skipping it', () => {
    const { 'src/features/landing/pages/landing-page.tsx': _landing, ...withoutLanding } = manifest;
    fakeBuild({ 'assets/index-a.js': js(10), 'assets/vendor-b.js': js(10), 'assets/shared-c.js': js(10), 'assets/forum-page-f.js': js(10), 'assets/post-detail-page-g.js': js(10) }, withoutLanding);
    const res = run('check-budget.mjs', dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/cannot find the lazily loaded landing page/);
  });
});
