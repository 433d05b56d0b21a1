import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.ts';

// Where photos' files live (issue 17): under $DATA_DIR/uploads on this machine, or in an S3-compatible
// bucket when S3_BUCKET is set, so several machines share them. Keys are `uploads/<id>/<file>` in
// both; files are written once and never change (a new photo is a new id), so they are cached forever.

export type StoredObject = { body: Readable | Buffer; contentType: string; length: number };

export interface UploadStorage {
  /** Writes one file whole (a reader never sees half of it). Throws when it could not. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes these files; one that is already gone is no error. */
  delete(keys: string[]): Promise<void>;
  /** Where browsers fetch it: the bucket's public address (S3_PUBLIC_URL), else this app's `/uploads/…`. */
  publicUrl(key: string): string;
  /**
   * Every file under `prefix` (a folder: `uploads/`) with its size, in key order (as S3 lists them),
   * a folder or a page at a time: what backups copy or record (server/backup/bundle.ts).
   */
  list(prefix: string): AsyncIterable<StoredKey>;
}

export type StoredKey = { key: string; size: number };

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const typeOf = (key: string) => (key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');

/** The files under `$DATA_DIR/uploads`: keys are paths below DATA_DIR (the routes check their shape). */
export function localStorage(dataDir: string): UploadStorage {
  const fileOf = (key: string) => path.join(dataDir, key);
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // A temporary name then a rename: the file appears complete or not at all.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temp, body);
        await fs.promises.rename(temp, file);
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: fs.createReadStream(file), contentType: typeOf(key), length: stat.size };
    },
    async delete(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        await fs.promises.rm(fileOf(key), { force: true });
        dirs.add(path.dirname(fileOf(key)));
      }
      // An upload's folder goes with its last file (rmdir refuses a folder that still holds one).
      for (const dir of dirs) await fs.promises.rmdir(dir).catch(() => undefined);
    },
    publicUrl: (key) => `/${key}`,
    list: (prefix) => walk(fileOf(prefix), prefix),
  };
}

/** The files below `dir` in key order; half-written ones (`*.tmp`) and ones gone meanwhile are left out. */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredKey> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  // A folder's keys all start with `name/`: sorting by that gives the keys' own order.
  const named = entries.map((e) => ({ e, sortKey: e.isDirectory() ? `${e.name}/` : e.name })).sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  for (const { e } of named) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(file, `${prefix}${e.name}/`);
    else if (e.isFile() && !e.name.endsWith('.tmp')) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat) yield { key: `${prefix}${e.name}`, size: stat.size };
    }
  }
}

/** An S3-compatible bucket through signed requests (path-style: `${endpoint}/${bucket}/${key}`). */
export function s3Storage(s3: NonNullable<Config['s3']>): UploadStorage {
  // A few quick retries of a 5xx or a dropped connection (aws4fetch's default is ten, over minutes).
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: 's3', retries: 2 });
  const urlOf = (key: string) => `${s3.endpoint}/${s3.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const failed = async (what: string, key: string, res: Response) =>
    new Error(`S3 ${what} ${key}: ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
  return {
    async put(key, body, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        // A view of the same bytes (Node's Buffers sit on a plain ArrayBuffer), not a copy.
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
        headers: { 'Content-Type': contentType, 'Cache-Control': IMMUTABLE },
      });
      if (!res.ok) throw await failed('PUT', key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await failed('GET', key, res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        contentType: res.headers.get('content-type') ?? typeOf(key),
        length: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const res = await client.fetch(urlOf(key), { method: 'DELETE' });
          // S3 answers 204 whether or not the key was there; some compatible servers 404.
          if (!res.ok && res.status !== 404) throw await failed('DELETE', key, res);
          await res.body?.cancel();
        }),
      );
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key}` : `/${key}`),
    async *list(prefix) {
      // ListObjects (version 1, which every S3-compatible server answers): 1000 keys a page, the next
      // page after the last key seen. Needs s3:ListBucket on the bucket.
      let marker = '';
      for (let after = marker; ; after = marker) {
        const query = new URLSearchParams({ prefix, ...(after ? { marker: after } : {}) });
        const res = await client.fetch(`${s3.endpoint}/${s3.bucket}?${query}`);
        if (!res.ok) throw await failed('LIST', prefix, res);
        const xml = await res.text();
        for (const [, object] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          marker = xmlValue(object, 'Key') ?? '';
          yield { key: marker, size: Number(xmlValue(object, 'Size') ?? 0) };
        }
        if (xmlValue(xml, 'IsTruncated') !== 'true' || marker === after) return; // the last page, or one that moved nothing on
      }
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<tag>` in a ListObjects answer (flat elements only), entities decoded. */
function xmlValue(xml: string, tag: string): string | undefined {
  const text = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return text?.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#' ? String.fromCodePoint(Number(name[1].toLowerCase() === 'x' ? `0${name.slice(1)}` : name.slice(1))) : (XML_ENTITIES[name] ?? whole),
  );
}

/** The storage the configuration names: the bucket with S3_BUCKET, else $DATA_DIR/uploads. */
export function storageFor(config: Pick<Config, 's3' | 'dataDir'>): UploadStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.dataDir);
}
