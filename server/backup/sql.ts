import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The one thing backups need from a connection: a query with positional parameters. PGlite and
 * node-postgres both answer `{ rows }`; working at this level (not Drizzle's) lets the same copy code
 * read and write whatever tables the catalog lists, in either database.
 */
export type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

export const pgliteSql = (client: PGlite | Transaction): Sql => ({
  query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
});

export const pgSql = (client: pg.ClientBase): Sql => ({
  query: async <T>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as T[] }),
});

/** `fn` inside one PGlite transaction (PGlite has a single connection: nothing else runs meanwhile). */
export async function inPgliteTransaction<T>(client: PGlite, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return client.transaction((tx) => fn(pgliteSql(tx)));
}

/**
 * `fn` inside one transaction on one pooled connection. `snapshot` makes it a read-only, repeatable-read
 * one: every table is read as of the same instant while the site keeps writing (a consistent backup).
 */
export async function inPgTransaction<T>(pool: pg.Pool, fn: (sql: Sql) => Promise<T>, opts: { snapshot?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(opts.snapshot ? 'begin isolation level repeatable read read only' : 'begin');
    const result = await fn(pgSql(client));
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A quoted identifier; names come from the catalog, but a table called `order` must still work. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
