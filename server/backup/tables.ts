import { BackupError } from './errors.ts';
import { ident, type Sql } from './sql.ts';

/** A table as the copy sees it, read from the catalog (so a new migration needs no change here). */
export type TableInfo = {
  name: string;
  /** Columns a copy writes: all but generated ones (e.g. posts.search), which the target computes. */
  columns: string[];
  generated: string[];
  /** ORDER BY for reading: the primary key, so rows come back in insertion-friendly order. */
  orderBy: string;
  /** Columns fed by a sequence (identity or serial) and that sequence's qualified name. */
  sequences: Array<{ column: string; sequence: string }>;
};

/** A sequence's last handed-out value (null if never used), carried over so ids are never reused. */
export type SequenceValue = { table: string; column: string; value: string | null };

// The seed adds the forum categories to any empty database at start-up, and the migrations the starting
// tags (issue 32); a database holding nothing else has never been used, and a restore replaces them with
// the backup's.
const FILLED_AT_START = new Set(['categories', 'tags']);

/** Every table of the public schema, parents before the tables that reference them. */
export async function listTables(sql: Sql): Promise<TableInfo[]> {
  const { rows: columns } = await sql.query<{ table: string; column: string; generated: boolean; sequence: string | null }>(
    `select c.relname as "table", a.attname as "column", a.attgenerated <> '' as generated,
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const { rows: keys } = await sql.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const { rows: references } = await sql.query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f' and c.oid <> p.oid`,
  );

  const tables = new Map<string, TableInfo>();
  for (const col of columns) {
    const t = tables.get(col.table) ?? { name: col.table, columns: [], generated: [], orderBy: 'ctid', sequences: [] };
    tables.set(col.table, t);
    (col.generated ? t.generated : t.columns).push(col.column);
    if (col.sequence) t.sequences.push({ column: col.column, sequence: col.sequence });
  }
  for (const t of tables.values()) {
    const pk = keys.filter((k) => k.table === t.name).map((k) => ident(k.column));
    if (pk.length) t.orderBy = pk.join(', ');
  }
  return dependencyOrder([...tables.values()], references);
}

function dependencyOrder(tables: TableInfo[], references: Array<{ child: string; parent: string }>): TableInfo[] {
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  let left = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (left.length) {
    const ready = left.filter((t) => references.every((r) => r.child !== t.name || done.has(r.parent)));
    if (!ready.length) throw new BackupError(`These tables reference each other, so no copy order exists: ${left.map((t) => t.name).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      done.add(t.name);
    }
    left = left.filter((t) => !done.has(t.name));
  }
  return ordered;
}

/**
 * The table's rows in primary-key order, as JSON text (exact: no number or date goes through
 * JavaScript), `batch` at a time. A cursor keeps each fetch cheap however large the table; it needs the
 * caller's transaction.
 */
export async function* readRows(sql: Sql, table: TableInfo, batch = 1000): AsyncGenerator<string[]> {
  const drop = table.generated.map((c) => ` - '${c.replaceAll("'", "''")}'`).join('');
  const cursor = ident(`kerbside_copy_${table.name}`);
  await sql.query(`declare ${cursor} no scroll cursor for select (to_jsonb(t)${drop})::text as r from ${ident(table.name)} t order by ${table.orderBy}`);
  try {
    for (;;) {
      const { rows } = await sql.query<{ r: string }>(`fetch ${batch} from ${cursor}`);
      if (!rows.length) return;
      yield rows.map((row) => row.r);
    }
  } finally {
    await sql.query(`close ${cursor}`);
  }
}

/**
 * Inserts rows given as JSON objects (text), keeping their ids (OVERRIDING SYSTEM VALUE). Only `columns`
 * are written: those both sides have, so a column added since the backup gets its default.
 */
export async function insertRows(sql: Sql, table: string, columns: string[], rows: string[]) {
  if (!rows.length) return;
  const list = columns.map(ident).join(', ');
  await sql.query(
    `insert into ${ident(table)} (${list}) overriding system value
     select ${list} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`,
    [`[${rows.join(',')}]`],
  );
}

export async function readSequences(sql: Sql, tables: TableInfo[]): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const t of tables) {
    for (const s of t.sequences) {
      const { rows } = await sql.query<{ value: string | null }>(
        `select case when is_called then last_value::text end as value from ${s.sequence}`,
      );
      values.push({ table: t.name, column: s.column, value: rows[0].value });
    }
  }
  return values;
}

/**
 * Every sequence continues after both the highest id in its table and the value it had at the source
 * (`carried`), so a new row never takes an id that was used before.
 */
export async function setSequences(sql: Sql, tables: TableInfo[], carried: SequenceValue[] = []) {
  for (const t of tables) {
    for (const s of t.sequences) {
      const from = carried.find((c) => c.table === t.name && c.column === s.column)?.value ?? null;
      await sql.query(
        `select setval($1, greatest(m, c, 1), m is not null or c is not null)
           from (select max(${ident(s.column)})::bigint as m, $2::bigint as c from ${ident(t.name)}) s`,
        [s.sequence, from],
      );
    }
  }
}

export async function rowCounts(sql: Sql, tables: TableInfo[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await sql.query<{ n: string }>(`select count(*)::text as n from ${ident(t.name)}`);
    counts[t.name] = Number(rows[0].n);
  }
  return counts;
}

/** The tables that make a database "in use": anything but what start-up itself fills. */
export function tablesWithData(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .filter(([name, n]) => n > 0 && !FILLED_AT_START.has(name))
    .map(([name, n]) => `${name} (${n})`);
}

/** Empties every table (and restarts their sequences), inside the caller's transaction. */
export async function truncateAll(sql: Sql, tables: TableInfo[]) {
  if (tables.length) await sql.query(`truncate table ${tables.map((t) => ident(t.name)).join(', ')} restart identity cascade`);
}

/** The newest migration applied (drizzle's folderMillis), so a backup is never loaded by older code. */
export async function migrationLevel(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ at: string | null }>(
    'select max(created_at)::text as at from drizzle.__drizzle_migrations',
  );
  return Number(rows[0].at ?? 0);
}
