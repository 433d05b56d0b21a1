import path from 'node:path';
import type { TBackupPhotos } from '../../common/contracts/backups.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirLockedError, shownDir } from '../db/data-dir-lock.ts';
import type { PhotosRestored } from './bundle.ts';
import { DatabaseOpenError } from '../db/open-failure.ts';
import { BackupError } from './errors.ts';

/**
 * Runs a backup command: the configuration from the environment, then `main`. What the operator can act
 * on (bad config, a refusal, DATA_DIR in use) is printed as one line and exits 1; anything else is a
 * bug and keeps its stack. `busy` finishes the line shown when a server holds DATA_DIR.
 */
export function runCommand(busy: string, main: (config: Config) => Promise<void>) {
  const run = async () => main(loadConfig());
  run().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof BackupError) console.error(err.message);
    // The lock's own advice is for a second start ("set DATA_DIR to another folder"): keep only who holds it.
    else if (err instanceof DataDirLockedError) console.error(`${err.message.split('. ')[0]}. ${busy}`);
    else if (err instanceof DatabaseOpenError) console.error(`${err.message}: ${firstLine(err.cause)}`);
    else throw err;
    process.exitCode = 1;
  });
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 1)} MB`;

/** A database URL fit to print: without its password. */
export function withoutPassword(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Rows per table, one line each, aligned. */
export function printCounts(rows: Record<string, number>) {
  const width = Math.max(...Object.keys(rows).map((t) => t.length));
  for (const [table, n] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${table.padEnd(width)} ${String(n).padStart(8)}`);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const photosAndFiles = (c: { photos: number; files: number }) => `${plural(c.photos, 'photo')} (${plural(c.files, 'file')})`;
const uploadsOf = (dataDir: string) => shownDir(path.join(dataDir, 'uploads'));

/** `npm run backup`'s line on the photos: copied in, or (S3) listed only. */
export function photosBackedUp(photos: TBackupPhotos, dataDir: string): string {
  if (photos.kind === 's3') {
    return `Photos are in the S3 bucket ${photos.bucket}: recorded its listing of ${photosAndFiles(photos)}, ${megabytes(photos.bytes)}, not the files (the bucket keeps them: back it up with its own versioning or replication).`;
  }
  if (photos.kind === 'none' || photos.files === 0) return `No photos to copy: ${uploadsOf(dataDir)} holds none.`;
  return `With ${plural(photos.photos, 'photo')} (${plural(photos.files, 'file')}, ${megabytes(photos.bytes)}) from ${uploadsOf(dataDir)}.`;
}

/** `npm run restore`'s lines on the photos: what came back, what was kept or deleted, what is missing. */
export function photosRestored(photos: PhotosRestored, dataDir: string): string[] {
  const uploads = uploadsOf(dataDir);
  if (photos.kind === 'none') {
    return [`This backup holds the database only, no photos (it was made before backups included them): the files in ${uploads} were left as they are.`];
  }
  const others = (where: string, c: { kept: { photos: number; files: number }; deleted: { photos: number; files: number } }) => [
    ...(c.kept.files ? [`Kept ${photosAndFiles(c.kept)} in ${where} that the backup does not hold (uploaded after it; nothing restored uses them): --prune-photos deletes them.`] : []),
    ...(c.deleted.files ? [`Deleted ${photosAndFiles(c.deleted)} from ${where} that the backup does not hold (--prune-photos).`] : []),
  ];
  if (photos.kind === 'files') {
    return [
      `Restored ${plural(photos.photos, 'photo')} (${plural(photos.files, 'file')}, ${megabytes(photos.bytes)}) into ${uploads}.`,
      ...others(uploads, photos),
      ...(photos.bucket ? [`S3_BUCKET is set: the site reads photos from the bucket ${photos.bucket}, not from ${uploads}. Copy them there (docs/DEPLOY.md, "Photos").`] : []),
    ];
  }
  const listed = `This backup's ${photosAndFiles(photos)} are in the S3 bucket ${photos.bucket}: it holds their listing, not the files.`;
  const { checked } = photos;
  if (!checked) return [`${listed} Set S3_BUCKET and the other S3_ settings for the site to serve them.`];
  const found = checked.missing
    ? `${checked.missing} of its ${plural(photos.files, 'file')} ${checked.missing === 1 ? 'is' : 'are'} missing from the bucket ${checked.bucket} (${checked.examples.join(', ')}${checked.missing > checked.examples.length ? ', …' : ''}): a listing cannot bring them back; restore them from the bucket's versioning or its own backup.`
    : `All ${plural(photos.files, 'file')} are in the bucket ${checked.bucket}.`;
  return [`${listed} ${found}`, ...others(`the bucket ${checked.bucket}`, checked)];
}
