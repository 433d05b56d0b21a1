// `npm run restore -- FILE [--force] [--prune-photos]`: loads a backup into the database (DATABASE_URL,
// else the embedded one in DATA_DIR), then its photos into $DATA_DIR/uploads. Refuses a database with
// data in it unless --force; photos the backup does not hold are kept unless --prune-photos.
import { parseArgs } from 'node:util';
import { photosRestored, printCounts, runCommand, withoutPassword } from '../server/backup/cli.ts';
import { BackupError, restoreCommand } from '../server/backup/index.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false }, 'prune-photos': { type: 'boolean', default: false } },
  allowPositionals: true,
});

runCommand('Stop it first, then restore.', async (config) => {
  if (positionals.length !== 1) throw new BackupError('Usage: npm run restore -- FILE [--force] [--prune-photos]   (FILE: a backup, e.g. from $DATA_DIR/backups)');
  const started = performance.now();
  const result = await restoreCommand({
    file: positionals[0],
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force: values.force,
    prunePhotos: values['prune-photos'],
    s3: config.s3,
    log: (line) => console.log(line),
  });
  const target = config.databaseUrl ? withoutPassword(config.databaseUrl) : `the embedded database in ${config.dataDir}`;
  console.log(`Restored ${positionals[0]} (${result.format}) into ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  printCounts(result.rows);
  for (const line of photosRestored(result.photos, config.dataDir)) console.log(line);
  console.log('Start the site with npm start.');
});
