import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../lib/package-root.ts';

// Issue 31 item 6: a new embedded database is a copy of a template (a cluster already created and
// migrated, dumped by PGlite) instead of PostgreSQL's initdb and every migration: ~3 s of a first start
// on this machine, and of each test's database, against ~0.5 s to load the copy. The template is made
// by the build (`npm run build`, `npm start`, the image; server/db/build-template.ts) and by the test
// run's global setup, into dist/; the server only reads it, and opens a database without it as before.

const TEMPLATE_DIR = path.join(PACKAGE_ROOT, 'dist', 'db-template');

/** Every file under `dir`, as paths relative to it, sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)]))
    .sort();
}

/**
 * The template's file for these migrations and this PGlite: named by a hash of both, so a new
 * migration or another PGlite never loads an old one (it is simply not there until built).
 */
export function templateFile(migrationsFolder: string): string {
  const hash = crypto.createHash('sha256');
  const pglite = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(migrationsFolder, file)));
  }
  return path.join(TEMPLATE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The template for these migrations, when it was built; otherwise undefined (a database is then made from nothing). */
export function readTemplate(migrationsFolder: string): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(templateFile(migrationsFolder))]);
  } catch {
    return undefined;
  }
}

/** Writes a dump as the template (whole or not at all), and removes templates of other migrations. */
export function saveTemplate(migrationsFolder: string, dump: Uint8Array): string {
  const file = templateFile(migrationsFolder);
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  for (const other of fs.readdirSync(TEMPLATE_DIR)) {
    if (path.join(TEMPLATE_DIR, other) !== file && !other.endsWith('.partial')) fs.rmSync(path.join(TEMPLATE_DIR, other), { force: true });
  }
  return file;
}
