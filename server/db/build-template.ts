// Makes the new-database template (server/db/template.ts) when it is missing: `npm run build`, and
// `npm start` once the server is compiled (scripts/start.mjs). Reads only a hash of the migrations
// when the template is already there.
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { templateFile } from './template.ts';

const migrations = path.join(PACKAGE_ROOT, 'drizzle');
if (!fs.existsSync(templateFile(migrations))) {
  const started = performance.now();
  const { buildTemplate } = await import('./client.ts');
  const file = await buildTemplate(migrations);
  console.log(`Made the new-database template ${path.relative(PACKAGE_ROOT, file)} (${Math.round(performance.now() - started)} ms)`);
}
