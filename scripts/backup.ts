// `npm run backup [-- --out FILE] [--logical]`: a backup of the database and the photos (one tar file;
// with S3 the bucket's listing instead of the photos) in $DATA_DIR/backups (the BACKUP_KEEP newest
// are kept), or in FILE. The last line is the file's path.
import { parseArgs } from 'node:util';
import { backupCommand } from '../server/backup/index.ts';
import { megabytes, photosBackedUp, runCommand } from '../server/backup/cli.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, logical: { type: 'boolean', default: false } } });

runCommand('The running server makes its own daily backup: stop it to take one now, or download one from the admin dashboard.', async (config) => {
  const started = performance.now();
  const backup = await backupCommand({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    out: values.out,
    keep: config.backupKeep,
    logical: values.logical,
    s3: config.s3,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database (${backup.format}) in ${seconds} s: ${megabytes(backup.bytes)} in all.`);
  console.log(photosBackedUp(backup.photos, config.dataDir));
  if (backup.pruned.length) console.log(`Removed ${backup.pruned.length} older backup(s) (BACKUP_KEEP=${config.backupKeep}).`);
  console.log(backup.file);
});
