import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import type { TBackupPhotos } from '../../common/contracts/backups.ts';
import { UPLOAD_FILE_PATTERN, UPLOAD_ID_PATTERN } from '../../common/rules/uploads.ts';
import type { Config } from '../config.ts';
import { localStorage, s3Storage, type StoredKey, type UploadStorage } from '../modules/uploads/index.ts';
import { BackupError } from './errors.ts';
import { EXTENSIONS, readPart, type BackupFormat, type FilePart } from './files.ts';
import { copyEntry, findTailEntry, readEntry, TarWriter, tarEntries, type TarEntry } from './tar.ts';

// A backup since issue 29 is one plain tar file (`tar tf` lists it), in this order:
//   kerbside-backup.json       the manifest: { kerbside: 'backup', version, createdAt, database, photos, bucket? }
//   database.<tar.gz|pgdump|jsonl.gz>   the database, exactly the file a backup was before (files.ts)
//   uploads/<id>/<file>        every photo file of $DATA_DIR/uploads, in key order; or, with S3,
//   photos-s3.jsonl            the bucket's listing, {"key","size"} a line, in key order (not the files)
//   kerbside-backup-end.json   the summary: { database: { format, bytes }, photos } (the dashboard reads it)
// The database is taken first, then the photos: a photo uploaded meanwhile is one file too many (no
// row uses it), never a row without its file.

const VERSION = 1;
const MANIFEST = 'kerbside-backup.json';
const SUMMARY = 'kerbside-backup-end.json';
const S3_LISTING = 'photos-s3.jsonl';
/** Where photos live, locally (under DATA_DIR) and in a bucket alike. */
const PREFIX = 'uploads/';
/** Bucket objects deleted per round by --prune-photos. */
const DELETE_BATCH = 100;

const databaseEntry = (format: BackupFormat) => `database.${EXTENSIONS[format]}`;

type Manifest = { kerbside: 'backup'; version: number; createdAt: string; database: BackupFormat; photos: 'files' | 's3'; bucket?: string };
type Summary = { database: { format: BackupFormat; bytes: number }; photos: TBackupPhotos };

/** Where a backup's photos come from: the files under DATA_DIR, or (S3_BUCKET) the bucket, listed only. */
export type PhotoSource = { kind: 'files'; dataDir: string; storage: UploadStorage } | { kind: 's3'; bucket: string; storage: UploadStorage };

export function photoSource(dataDir: string, s3?: Config['s3']): PhotoSource {
  return s3 ? { kind: 's3', bucket: s3.bucket, storage: s3Storage(s3) } : { kind: 'files', dataDir, storage: localStorage(dataDir) };
}

/** The upload id of a photo's key (`uploads/<id>/<file>` as the app names them), else undefined. */
function photoIdOf(key: string): string | undefined {
  const [top, id, file, ...rest] = key.split('/');
  return top === 'uploads' && rest.length === 0 && UPLOAD_ID_PATTERN.test(id ?? '') && UPLOAD_FILE_PATTERN.test(file ?? '') ? id : undefined;
}

/** Counts photos (distinct ids; keys come in order, so an id's files are together) and files. */
function tally() {
  let last: string | undefined;
  const count = { photos: 0, files: 0, bytes: 0 };
  return {
    count,
    add(key: string, size = 0) {
      const id = photoIdOf(key);
      if (id !== last) count.photos++;
      last = id;
      count.files++;
      count.bytes += size;
    },
  };
}

/**
 * Writes the bundle `out`: the manifest, the database file `database` (a finished backup in `format`),
 * the photos, the summary; flushed to disk. Returns what it holds of the photos.
 */
export async function writeBundle(out: string, opts: { database: string; format: BackupFormat; photos: PhotoSource; at: Date }): Promise<TBackupPhotos> {
  const { database, format, photos, at } = opts;
  const fh = await fs.promises.open(out, 'w');
  try {
    const tar = new TarWriter(fh, at);
    const manifest: Manifest = { kerbside: 'backup', version: VERSION, createdAt: at.toISOString(), database: format, photos: photos.kind };
    if (photos.kind === 's3') manifest.bucket = photos.bucket;
    await tar.addJson(MANIFEST, manifest);
    const db = await fs.promises.open(database, 'r');
    let bytes: number;
    try {
      bytes = (await db.stat()).size;
      await tar.addFile(databaseEntry(format), db, bytes);
    } finally {
      await db.close();
    }
    const summary: Summary = { database: { format, bytes }, photos: photos.kind === 'files' ? await addFiles(tar, photos) : await addListing(tar, photos) };
    await tar.addJson(SUMMARY, summary);
    await tar.end();
    await fh.sync();
    return summary.photos;
  } finally {
    await fh.close();
  }
}

/** Each photo file, read through an open descriptor (its size from that: a file deleted meanwhile is skipped whole). */
async function addFiles(tar: TarWriter, source: Extract<PhotoSource, { kind: 'files' }>): Promise<TBackupPhotos> {
  const { count, add } = tally();
  for await (const { key } of source.storage.list(PREFIX)) {
    if (!photoIdOf(key)) continue;
    let from: FileHandle;
    try {
      from = await fs.promises.open(path.join(source.dataDir, key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed
      throw err;
    }
    try {
      const { size } = await from.stat();
      await tar.addFile(key, from, size);
      add(key, size);
    } finally {
      await from.close();
    }
  }
  return { kind: 'files', ...count };
}

async function addListing(tar: TarWriter, source: Extract<PhotoSource, { kind: 's3' }>): Promise<TBackupPhotos> {
  const { count, add } = tally();
  const listing = tar.addLines(
    S3_LISTING,
    (async function* () {
      for await (const object of source.storage.list(PREFIX)) {
        if (!photoIdOf(object.key)) continue;
        add(object.key, object.size);
        yield JSON.stringify({ key: object.key, size: object.size });
      }
    })(),
  );
  await listing.catch((err: unknown) => {
    throw new BackupError(`The S3 bucket ${source.bucket} could not be listed for the backup (${s3Reason(err)}): check S3_BUCKET and S3_ENDPOINT, and that the key has s3:ListBucket.`);
  });
  return { kind: 's3', bucket: source.bucket, ...count };
}

/** An S3 failure in a line: the request and status, and the error code (and message) of S3's XML answer. */
function s3Reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const head = message.split('\n')[0].replace(/\s*<\?xml.*$/, '');
  const code = /<Code>([^<]*)</.exec(message)?.[1];
  const text = /<Message>([^<]*)</.exec(message)?.[1];
  return code ? `${head} ${code}${text ? `: ${text}` : ''}` : head;
}

/** A bundle, checked whole: where its database is, and what it holds of the photos. */
export type Bundle = {
  file: string;
  database: { format: BackupFormat } & FilePart;
  photos: TBackupPhotos;
  /** Where an S3 backup's listing is. */
  listing?: FilePart;
};

/** Whether `file` is a bundle: its first entry is the manifest. */
export function isBundle(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const block = Buffer.alloc(512);
    fs.readSync(fd, block, 0, 512, 0);
    return block.toString('latin1', 0, MANIFEST.length + 1) === `${MANIFEST}\0` && block.toString('latin1', 257, 262) === 'ustar';
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads every entry's header of the bundle `file` (contents skipped) and checks it before anything is
 * restored: the manifest's version, the database entry, photo names the app would give (nothing that
 * could land outside the uploads folder) in strict key order (a restore's comparison relies on it), in
 * the files or in an S3 listing, and a summary that agrees with them.
 */
export async function openBundle(file: string): Promise<Bundle> {
  const fh = await fs.promises.open(file, 'r');
  const damaged = (why: string) => new BackupError(`${file} is damaged (${why}): nothing was restored.`);
  try {
    let manifest: Manifest | undefined;
    let database: TarEntry | undefined;
    let summary: Summary | undefined;
    let listing: FilePart | undefined;
    const seen = tally();
    let previous = '';
    const photo = (key: string, size: number) => {
      if (!photoIdOf(key)) throw damaged(`an entry that is no photo: ${key}`);
      if (key <= previous) throw damaged(`photos out of order at ${key}`);
      previous = key;
      seen.add(key, size);
    };
    for await (const entry of tarEntries(fh, file)) {
      if (!manifest) {
        if (entry.name !== MANIFEST) throw damaged('it does not start with its manifest');
        manifest = JSON.parse((await readEntry(fh, entry)).toString()) as Manifest;
        if (manifest.version > VERSION) throw new BackupError(`${file} was made by a newer Kerbside (backup version ${manifest.version}): update Kerbside, then restore.`);
      } else if (entry.name === databaseEntry(manifest.database)) database = entry;
      else if (entry.name === SUMMARY) summary = JSON.parse((await readEntry(fh, entry)).toString()) as Summary;
      else if (entry.name === S3_LISTING) listing = { start: entry.offset, size: entry.size };
      else if (entry.name.startsWith(PREFIX)) photo(entry.name, entry.size);
    }
    if (listing) for await (const object of listingLines(file, listing)) photo(object.key, object.size);
    if (!manifest || !database) throw damaged('it holds no database');
    if (!summary) throw new BackupError(`${file} is incomplete (it ends before its summary): it was cut short, so nothing was restored.`);
    const { photos } = summary;
    if (photos.kind !== 'none' && (photos.files !== seen.count.files || photos.bytes !== seen.count.bytes)) {
      throw damaged(`its summary counts ${photos.files} photo files and it holds ${seen.count.files}`);
    }
    return { file, database: { format: manifest.database, start: database.offset, size: database.size }, photos, listing };
  } catch (err) {
    if (err instanceof SyntaxError) throw damaged(err.message);
    throw err;
  } finally {
    await fh.close();
  }
}

/** What the newest backup holds of the photos (the dashboard's line), from the bundle's last blocks; `none` for an older backup. */
export function backupPhotos(file: string): TBackupPhotos {
  try {
    const summary = findTailEntry(file, SUMMARY);
    return summary ? (JSON.parse(summary.toString()) as Summary).photos : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}

type Count = { photos: number; files: number };

/** What a restore did with the photos; `none` for a backup that holds none (one made before issue 29). */
export type PhotosRestored =
  | { kind: 'none' }
  | {
      kind: 'files';
      photos: number;
      files: number;
      bytes: number;
      /** Photo files there that the backup does not hold (uploaded after it): kept, or deleted with prunePhotos. */
      kept: Count;
      deleted: Count;
      /** S3_BUCKET is set: the site reads photos from this bucket, not from the restored folder. */
      bucket?: string;
    }
  | {
      kind: 's3';
      bucket: string;
      photos: number;
      files: number;
      /** Set when S3 is configured here: the bucket compared with the backup's listing. */
      checked?: { bucket: string; missing: number; examples: string[]; kept: Count; deleted: Count };
    };

export type PhotoRestoreOptions = { dataDir: string; s3?: Config['s3']; prune?: boolean };

/**
 * Brings a bundle's photos back. Files: first the folder is compared with the backup (photos it does
 * not hold are kept, or deleted with `prune`), then every photo file is written in place (a temporary
 * name, then a rename: the served file is whole or absent). S3: the bucket is compared with the
 * listing (missing files are named: a listing cannot bring them back).
 */
export async function restorePhotos(bundle: Bundle, opts: PhotoRestoreOptions): Promise<PhotosRestored> {
  const { photos } = bundle;
  const prune = opts.prune ?? false;
  if (photos.kind === 'none') return photos;
  if (photos.kind === 's3') {
    const listed = { kind: 's3' as const, bucket: photos.bucket, photos: photos.photos, files: photos.files };
    if (!opts.s3) return listed;
    let missing = 0;
    const examples: string[] = [];
    const extra = await compare(listingKeys(bundle), s3Storage(opts.s3), prune, (key) => {
      if (++missing <= 3) examples.push(key);
    });
    return { ...listed, checked: { bucket: opts.s3.bucket, missing, examples, ...extra } };
  }
  const fh = await fs.promises.open(bundle.file, 'r');
  try {
    const extra = await compare(photoKeys(fh, bundle.file), localStorage(opts.dataDir), prune);
    for await (const entry of tarEntries(fh, bundle.file)) {
      if (photoIdOf(entry.name)) await writePhoto(fh, entry, path.join(opts.dataDir, entry.name));
    }
    return { kind: 'files', photos: photos.photos, files: photos.files, bytes: photos.bytes, ...extra, ...(opts.s3 ? { bucket: opts.s3.bucket } : {}) };
  } finally {
    await fh.close();
  }
}

async function* photoKeys(fh: FileHandle, file: string): AsyncGenerator<string> {
  for await (const entry of tarEntries(fh, file)) if (photoIdOf(entry.name)) yield entry.name;
}

/** An S3 bundle's listing, read line by line from its entry. */
async function* listingLines(file: string, listing: FilePart): AsyncGenerator<StoredKey> {
  if (!listing.size) return;
  for await (const line of readline.createInterface({ input: readPart(file, listing), crlfDelay: Infinity })) {
    if (line) yield JSON.parse(line) as StoredKey;
  }
}

async function* listingKeys(bundle: Bundle): AsyncGenerator<string> {
  if (bundle.listing) for await (const { key } of listingLines(bundle.file, bundle.listing)) yield key;
}

/**
 * Walks the backup's photo keys and the storage's side by side (both in key order, so nothing is held
 * in memory): files only the storage has are counted as kept, or deleted when `prune`; `onMissing`
 * hears of each one only the backup has.
 */
async function compare(backup: AsyncIterable<string>, storage: UploadStorage, prune: boolean, onMissing?: (key: string) => void) {
  const kept = tally();
  const deleted = tally();
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length) await storage.delete(batch);
    batch = [];
  };
  const ours = backup[Symbol.asyncIterator]();
  const theirs = photosIn(storage)[Symbol.asyncIterator]();
  let a = await ours.next();
  let b = await theirs.next();
  while (!a.done || !b.done) {
    if (b.done || (!a.done && a.value < b.value)) {
      onMissing?.(a.value);
      a = await ours.next();
    } else if (a.done || b.value < a.value) {
      if (prune) {
        deleted.add(b.value);
        batch.push(b.value);
        if (batch.length >= DELETE_BATCH) await flush();
      } else kept.add(b.value);
      b = await theirs.next();
    } else {
      a = await ours.next();
      b = await theirs.next();
    }
  }
  await flush();
  const count = ({ count: c }: ReturnType<typeof tally>): Count => ({ photos: c.photos, files: c.files });
  return { kept: count(kept), deleted: count(deleted) };
}

/** The storage's photo keys, checked to come in strict key order (the comparison above relies on it to delete nothing wrongly). */
async function* photosIn(storage: UploadStorage): AsyncGenerator<string> {
  let previous = '';
  for await (const { key } of storage.list(PREFIX)) {
    if (!photoIdOf(key)) continue;
    // Checked before the key is used: whatever was deleted until then was compared rightly.
    if (key <= previous) throw new BackupError(`The photos there are not listed in key order (${previous}, then ${key}): the restore stopped comparing them.`);
    previous = key;
    yield key;
  }
}

async function writePhoto(fh: FileHandle, entry: TarEntry, target: string) {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const to = await fs.promises.open(temp, 'w');
    try {
      await copyEntry(fh, entry, to);
    } finally {
      await to.close();
    }
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}
