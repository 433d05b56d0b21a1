// `npm run migrate-to-postgres -- postgres://…`: copies the embedded forum in DATA_DIR into an empty
// PostgreSQL database, the way up from PGlite (docs/DEPLOY.md). The embedded database is left as it is.
import { parseArgs } from 'node:util';
import { printCounts, runCommand, withoutPassword } from '../server/backup/cli.ts';
import { BackupError, migrateToPostgres } from '../server/backup/index.ts';

const { values, positionals } = parseArgs({ options: { batch: { type: 'string', default: '1000' } }, allowPositionals: true });

runCommand('Stop it first: the copy must see the forum as it is when it stops.', async (config) => {
  const url = positionals[0] ?? '';
  if (positionals.length !== 1 || !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupError('Usage: npm run migrate-to-postgres -- postgres://user:password@host:5432/database   (an empty database)');
  }
  const batch = Number(values.batch);
  if (!Number.isInteger(batch) || batch < 1) throw new BackupError('--batch must be a whole number of rows, e.g. 1000');
  const started = performance.now();
  const rows = await migrateToPostgres({ dataDir: config.dataDir, url, batch });
  console.log(`Copied ${config.dataDir} into ${withoutPassword(url)} in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  printCounts(rows);
  console.log(`Now start the site on it: DATABASE_URL=${withoutPassword(url)} npm start`);
});
