import fs from 'node:fs';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BackupError } from './errors.ts';
import { readPart, type FilePart } from './files.ts';
import type { Sql } from './sql.ts';
import { insertRows, migrationLevel, readRows, readSequences, setSequences, type SequenceValue, type TableInfo } from './tables.ts';

// The logical backup: gzip'd JSON lines. Control lines are arrays, rows are objects (one per line,
// under the last "table" line), so a row can never be mistaken for a control line:
//   ["kerbside-backup", { version, createdAt, migration }]
//   ["table", { name, columns }]   then its rows: {"id":1,...}
//   ["sequences", SequenceValue[]]
//   ["end", { rows: { table: count } }]   (a file without it was cut short and is refused)
const VERSION = 1;
const BATCH = 1000;

type Header = { version: number; createdAt: string; migration: number };

/** Writes every table (dependency order) and sequence to `file`; `sql` must be in a snapshot transaction. */
export async function writeLogical(sql: Sql, tables: TableInfo[], file: string, at: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const migration = await migrationLevel(sql);
  async function* lines() {
    yield `${JSON.stringify(['kerbside-backup', { version: VERSION, createdAt: at.toISOString(), migration } satisfies Header])}\n`;
    for (const t of tables) {
      yield `${JSON.stringify(['table', { name: t.name, columns: t.columns }])}\n`;
      counts[t.name] = 0;
      for await (const rows of readRows(sql, t, BATCH)) {
        counts[t.name] += rows.length;
        yield `${rows.join('\n')}\n`;
      }
    }
    yield `${JSON.stringify(['sequences', await readSequences(sql, tables)])}\n`;
    yield `${JSON.stringify(['end', { rows: counts }])}\n`;
  }
  await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(file));
  return counts;
}

/**
 * Loads a logical backup into `tables` (the target's, already migrated and empty) inside the caller's
 * transaction, then sets the sequences. Columns the target no longer has are dropped; tables it no
 * longer has are skipped (a later migration removed them). Returns rows loaded per table. `part`: where
 * in `file` the backup is (inside a bundle), else the whole file.
 */
export async function readLogical(sql: Sql, tables: TableInfo[], file: string, part?: FilePart): Promise<Record<string, number>> {
  const targetLevel = await migrationLevel(sql);
  const loaded: Record<string, number> = {};
  let header: Header | undefined;
  let table: { name: string; columns: string[] } | undefined;
  let batch: string[] = [];
  let sequences: SequenceValue[] = [];
  let end: { rows: Record<string, number> } | undefined;

  const flush = async () => {
    if (table && batch.length) await insertRows(sql, table.name, table.columns, batch);
    if (table) loaded[table.name] = (loaded[table.name] ?? 0) + batch.length;
    batch = [];
  };

  const input = readline.createInterface({ input: readPart(file, part).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  try {
    for await (const line of input) {
      if (!line) continue;
      if (line.startsWith('{')) {
        if (!header) throw new BackupError(`${file} is not a Kerbside logical backup.`);
        if (!table) continue; // a table this version no longer has
        batch.push(line);
        if (batch.length >= BATCH) await flush();
        continue;
      }
      const [kind, value] = JSON.parse(line) as [string, unknown];
      if (kind === 'kerbside-backup') {
        header = value as Header;
        if (header.version !== VERSION) throw new BackupError(`${file} is a version ${header.version} backup; this Kerbside reads version ${VERSION}.`);
        if (header.migration > targetLevel) {
          throw new BackupError(`${file} was made by a newer Kerbside (its database has migrations this one lacks): update Kerbside, then restore.`);
        }
      } else if (!header) {
        throw new BackupError(`${file} is not a Kerbside logical backup.`);
      } else if (kind === 'table') {
        await flush();
        const { name, columns } = value as { name: string; columns: string[] };
        const target = tables.find((t) => t.name === name);
        table = target ? { name, columns: columns.filter((c) => target.columns.includes(c)) } : undefined;
      } else if (kind === 'sequences') {
        await flush();
        table = undefined;
        sequences = value as SequenceValue[];
      } else if (kind === 'end') {
        end = value as typeof end;
      }
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} could not be read (${(err as Error).message}); it is damaged or not a Kerbside backup.`);
  }
  await flush();
  if (!end) throw new BackupError(`${file} is incomplete (it ends before its last line): it was cut short, so nothing was restored.`);
  await setSequences(sql, tables, sequences);
  return loaded;
}
