import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** How a backup holds the database (a backup file of its own before issue 29, now inside a bundle). */
export type BackupFormat = 'pglite' | 'logical' | 'pg_dump';

export const EXTENSIONS: Record<BackupFormat, string> = {
  pglite: 'tar.gz', // PGlite's own dump of its data directory
  logical: 'jsonl.gz', // every table's rows as JSON lines (any PostgreSQL, no tools needed)
  pg_dump: 'pgdump', // pg_dump's custom format (compressed), for pg_restore
};

/** A backup since issue 29: a plain tar holding the database in one of the formats above and the photos (bundle.ts). */
export const BUNDLE_EXTENSION = 'tar';

/** How a logical backup's first line starts (logical.ts writes it). */
export const LOGICAL_MAGIC = '["kerbside-backup"';

export type BackupFile = { file: string; bytes: number; at: Date };

/** Where a database backup sits inside a bundle: `size` bytes from byte `start`. */
export type FilePart = { start: number; size: number };

/** A stream of `file`, or of its `part` only. */
export const readPart = (file: string, part?: FilePart) =>
  part ? fs.createReadStream(file, { start: part.start, end: part.start + part.size - 1 }) : fs.createReadStream(file);

// kerbside-YYYYMMDD-HHMMSS[-N].<ext>, in UTC: names sort by time; -N only when two land in one second.
const NAME = /^kerbside-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.(tar|tar\.gz|jsonl\.gz|pgdump)$/;

/** YYYYMMDD-HHMMSS in UTC. */
export const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

export function formatOf(file: string): BackupFormat | undefined {
  const name = path.basename(file);
  return (Object.keys(EXTENSIONS) as BackupFormat[]).find((f) => name.endsWith(`.${EXTENSIONS[f]}`));
}

/** A new file name in `dir` for a backup taken at `at`, ending in `extension`; never one that exists. */
export function newBackupPath(dir: string, at: Date, extension: string): string {
  for (let n = 1; ; n++) {
    const file = path.join(dir, `kerbside-${stamp(at)}${n > 1 ? `-${n}` : ''}.${extension}`);
    if (!fs.existsSync(file)) return file;
  }
}

/** The backups in `$DATA_DIR/backups`, newest first. Other files there are left alone. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const found: Array<BackupFile & { n: number }> = [];
  for (const name of fs.readdirSync(dir)) {
    const m = NAME.exec(name);
    if (!m) continue;
    const [, y, mo, d, h, mi, s, n] = m;
    const file = path.join(dir, name);
    found.push({ file, bytes: fs.statSync(file).size, at: new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s)), n: Number(n ?? 1) });
  }
  found.sort((a, b) => b.at.getTime() - a.at.getTime() || b.n - a.n);
  return found.map(({ file, bytes, at }) => ({ file, bytes, at }));
}

/** Deletes all but the `keep` newest backups; returns what it deleted. */
export function pruneBackups(dataDir: string, keep: number): string[] {
  const old = listBackups(dataDir).slice(keep).map((b) => b.file);
  for (const file of old) fs.rmSync(file, { force: true });
  return old;
}

/** What a database backup file (one made before issue 29) holds, from its first bytes (its name may have been changed). */
export async function detectFormat(file: string): Promise<BackupFormat | undefined> {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] !== 0x1f || head[1] !== 0x8b) return undefined;
  // Both other formats are gzip: a logical backup's first line names itself; a tar header has "ustar" at 257.
  const start = await new Promise<string>((resolve) => {
    let text = '';
    const source = fs.createReadStream(file);
    const input = source.pipe(zlib.createGunzip());
    input.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.length < 262) return;
      source.destroy();
      input.destroy();
      resolve(text);
    });
    input.on('error', () => resolve(text));
    input.on('end', () => resolve(text));
  });
  if (start.startsWith(LOGICAL_MAGIC)) return 'logical';
  return start.slice(257, 262) === 'ustar' ? 'pglite' : undefined;
}
