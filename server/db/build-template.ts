// Makes the new-database template (server/db/template.ts) when it is missing: `npm run build`, and
// `npm start` once the server is compiled, when the migrations or packages are newer than the
// template's folder (scripts/start.mjs). Reads only a hash of the migrations when the template is
// already there.
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER, PACKAGE_ROOT } from '../lib/package-root.ts';
import { templateFile } from './template.ts';

const current = templateFile(MIGRATIONS_FOLDER);
if (!fs.existsSync(current)) {
  const started = performance.now();
  const { buildTemplate } = await import('./client.ts');
  const file = await buildTemplate(MIGRATIONS_FOLDER);
  console.log(`Made the new-database template ${path.relative(PACKAGE_ROOT, file)} (${Math.round(performance.now() - started)} ms)`);
} else {
  // Found current: the folder is touched, so that `npm start` asks again only when the migrations or
  // the packages change (scripts/start.mjs, buildTemplate).
  const now = new Date();
  fs.utimesSync(path.dirname(current), now, now);
}
