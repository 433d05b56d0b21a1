// Vitest's global setup: the new-database template (server/db/template.ts) made once before any test
// file opens a database, so each embedded test database is a copy (~0.5 s) rather than a new cluster
// and every migration (~3 s).
import { buildTemplate, MIGRATIONS_FOLDER } from '../db/client.ts';
import { readTemplate } from '../db/template.ts';

export default async function setup() {
  if (!readTemplate(MIGRATIONS_FOLDER)) await buildTemplate(MIGRATIONS_FOLDER);
}
