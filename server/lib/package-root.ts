import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding Kerbside's package.json, where drizzle/ (the migrations) and dist/client (the
 * built client) are. Found by walking up from this file rather than by a fixed number of `..`, because
 * the server runs from two depths: its sources (server/lib, through tsx: `npm start`) and their
 * compiled copy (dist/server/server/lib, in the container image: ADR 0005).
 */
export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);

/** drizzle-kit's output: one .sql file per migration, listed in meta/_journal.json. */
export const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, 'drizzle');

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: the server must run from inside its package.`);
  }
}
